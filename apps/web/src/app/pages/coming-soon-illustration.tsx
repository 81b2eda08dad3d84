import { useTranslation } from '@/i18n/use-translation';

/** A light dashboard drawing for pages that are not built yet. */
export default function ComingSoonIllustration() {
  const { t } = useTranslation('shell');
  return (
    <svg width="220" height="150" viewBox="0 0 220 150" role="img" aria-label={t('comingSoon.illustration')}>
      <defs>
        <linearGradient id="cs-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--mbo-primary-bg)" />
          <stop offset="1" stopColor="var(--mbo-success-bg)" />
        </linearGradient>
      </defs>
      <ellipse cx="110" cy="138" rx="86" ry="8" fill="var(--mbo-fill-strong)" />
      <rect x="22" y="14" width="176" height="116" rx="12" fill="url(#cs-bg)" stroke="var(--mbo-border)" />
      <rect x="22" y="14" width="176" height="22" rx="12" fill="var(--mbo-bg-container)" stroke="var(--mbo-border)" />
      <circle cx="36" cy="25" r="3.5" fill="#f52f3e" opacity="0.55" />
      <circle cx="47" cy="25" r="3.5" fill="#ffbf00" opacity="0.65" />
      <circle cx="58" cy="25" r="3.5" fill="#38c793" opacity="0.65" />
      <rect x="36" y="48" width="60" height="8" rx="4" fill="var(--mbo-chart-bar-muted)" />
      <rect x="36" y="62" width="40" height="6" rx="3" fill="var(--mbo-border)" />
      <rect x="36" y="98" width="12" height="20" rx="3" fill="var(--mbo-primary)" opacity="0.25" />
      <rect x="54" y="88" width="12" height="30" rx="3" fill="var(--mbo-primary)" opacity="0.4" />
      <rect x="72" y="78" width="12" height="40" rx="3" fill="var(--mbo-primary)" opacity="0.6" />
      <rect x="90" y="92" width="12" height="26" rx="3" fill="var(--mbo-primary)" opacity="0.35" />
      <rect x="118" y="48" width="66" height="30" rx="6" fill="var(--mbo-bg-container)" stroke="var(--mbo-border)" />
      <rect x="126" y="56" width="30" height="5" rx="2.5" fill="var(--mbo-border)" />
      <rect x="126" y="65" width="44" height="6" rx="3" fill="#38c793" opacity="0.6" />
      <rect x="118" y="86" width="66" height="32" rx="6" fill="var(--mbo-bg-container)" stroke="var(--mbo-border)" />
      <rect x="126" y="94" width="26" height="5" rx="2.5" fill="var(--mbo-border)" />
      <rect x="126" y="104" width="38" height="6" rx="3" fill="var(--mbo-primary)" opacity="0.5" />
      <circle cx="186" cy="26" r="18" fill="var(--mbo-primary)" />
      <path d="M186 16v10l7 4" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
