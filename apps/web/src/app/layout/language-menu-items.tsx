import { useEffect } from 'react';
import type { MenuProps } from 'antd';
import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@mbo/contracts/locale';
import type { CurrentUser } from '@mbo/contracts/usercenter';
import { saveLocale } from '@/features/user-center/api/save-locale';
import { changeLocale, currentLocale, hasStoredLocale } from '@/i18n/i18n';
import { globalStateKeys } from '@/lib/query-keys';

const KEY_PREFIX = 'locale:';

/** True for the key of a language entry (the user menu leaves those to their own onClick). */
export const isLanguageMenuKey = (key: string): boolean => key.startsWith(KEY_PREFIX);

/**
 * The user menu's "Language" submenu (English, 简体中文; each named in itself, the current one
 * ticked). A pick takes effect at once, is kept on this browser (the next login page speaks it) and
 * on the server with the user (server messages and mail follow it); if the server refuses it, the
 * previous language comes back. The signed-in user's stored language replaces this browser's when
 * it loads or changes; a user who has none yet keeps the one chosen on the login page, and the
 * server learns it.
 */
export function useLanguageMenuItems(user: CurrentUser | null): NonNullable<MenuProps['items']>[number] {
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation('shell');
  const current = isLocale(i18n.language) ? i18n.language : currentLocale();
  const serverLocale = user?.locale;
  const signedIn = Boolean(user);

  const keep = (next: Locale) =>
    queryClient.setQueryData<CurrentUser>(globalStateKeys.currentUser(), (u) => (u ? { ...u, locale: next } : u));

  useEffect(() => {
    if (serverLocale) {
      void changeLocale(serverLocale);
    } else if (signedIn && serverLocale === null && hasStoredLocale()) {
      // Chosen on the login page before the user had a language of their own: the server keeps it now.
      const chosen = currentLocale();
      void saveLocale({ locale: chosen }).then(
        () => keep(chosen),
        () => undefined,
      );
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per stored value
  }, [serverLocale, signedIn]);

  const pick = async (next: Locale) => {
    const before = currentLocale();
    if (next === before) return;
    await changeLocale(next);
    keep(next);
    try {
      await saveLocale({ locale: next });
    } catch {
      await changeLocale(before);
      keep(before);
    }
  };

  return {
    key: 'language',
    icon: <GlobalOutlined />,
    label: t('userMenu.language'),
    children: LOCALES.map((option) => ({
      key: `${KEY_PREFIX}${option}`,
      icon: <CheckOutlined aria-hidden style={{ visibility: option === current ? 'visible' : 'hidden' }} />,
      label: (
        <>
          <span lang={option}>{LOCALE_NAMES[option]}</span>
          {option === current ? <span className="mbo-visually-hidden">{t('userMenu.current')}</span> : null}
        </>
      ),
      onClick: () => void pick(option),
    })),
  };
}
