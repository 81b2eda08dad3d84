import { Button } from 'antd';
import { useTranslation } from '@/i18n/use-translation';
import { isLocale, LOCALE_NAMES, LOCALES } from '@mbo/contracts/locale';
import { changeLocale, currentLocale } from '@/i18n/i18n';

/**
 * The language switch of the pages before sign-in (the auth card): each language named in itself,
 * the current one pressed. The choice holds on this browser (localStorage) until sign-in, when the
 * user's own language, if they have one, takes over; one who has none keeps this one (the user
 * menu's language items save it).
 */
export default function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = isLocale(i18n.language) ? i18n.language : currentLocale();
  return (
    <nav className="mbo-language-switch" aria-label={t('language.switch')}>
      {LOCALES.map((lng) => (
        <Button
          key={lng}
          type="link"
          size="small"
          lang={lng}
          aria-pressed={lng === current}
          className={lng === current ? 'mbo-language-switch__current' : undefined}
          onClick={() => void changeLocale(lng)}
        >
          {LOCALE_NAMES[lng]}
        </Button>
      ))}
    </nav>
  );
}
