import type { ReactNode } from 'react';
import { PRODUCT } from '@mbo/contracts/product';
import { useTranslation } from '@/i18n/use-translation';
import LanguageSwitch from './language-switch';
import ProductLogo from './product-logo';
import './auth-card.css';

export interface AuthCardProps {
  /** Heading of the card, e.g. "Sign in". */
  title: ReactNode;
  /** One line under the heading. */
  subtitle?: ReactNode;
  /** The form. */
  children: ReactNode;
  /** Below a divider at the bottom of the card, e.g. "Back to sign in". */
  footer?: ReactNode;
}

/**
 * The shell of every auth page (/auth/*): a centred card on a soft background, with the product
 * mark and name above it and the language switch. No app layout around it.
 */
export default function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  const { t } = useTranslation();
  return (
    <main className="mbo-auth">
      <div className="mbo-auth__brand">
        <ProductLogo size={36} />
      </div>
      <LanguageSwitch />
      <section className="mbo-auth__card" aria-labelledby="mbo-auth-title">
        <h1 id="mbo-auth-title" className="mbo-auth__title">
          {title}
        </h1>
        {subtitle ? <p className="mbo-auth__subtitle">{subtitle}</p> : <div style={{ height: 16 }} />}
        <div className="mbo-auth__body">{children}</div>
        {footer ? <div className="mbo-auth__footer">{footer}</div> : null}
      </section>
      <p className="mbo-auth__legal">
        {t('authCard.legal', { year: new Date().getFullYear(), product: PRODUCT.name })}
      </p>
    </main>
  );
}
