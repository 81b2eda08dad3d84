import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftOutlined } from '@ant-design/icons';
import './page-header.css';
import { useTranslation } from '@/i18n/use-translation';

export interface PageHeaderProps {
  /** The page's heading (an h1). */
  title: ReactNode;
  /** One line under the title. */
  subtitle?: ReactNode;
  /** Actions on the right (buttons); they wrap below the title on narrow screens. */
  extra?: ReactNode;
  /** A small label above the title, e.g. the section ("Transactions"). */
  eyebrow?: ReactNode;
  /** A "back" link above the title, e.g. from a detail page to its list. */
  back?: { to: string; label?: ReactNode };
  /** Anything below the title row (status tags, meta, tabs). */
  children?: ReactNode;
}

/** The header every page inside the layout starts with. */
export default function PageHeader({ title, subtitle, eyebrow, extra, back, children }: PageHeaderProps) {
  const { t } = useTranslation('kit', { keyPrefix: 'detail' });
  return (
    <header className="mbo-page-header">
      <div className="mbo-page-header__main">
        {back ? (
          <Link className="mbo-page-header__back" to={back.to}>
            <ArrowLeftOutlined aria-hidden="true" />
            {back.label ?? t('back')}
          </Link>
        ) : null}
        {eyebrow ? <div className="mbo-page-header__eyebrow">{eyebrow}</div> : null}
        <h1 className="mbo-page-header__title">{title}</h1>
        {subtitle ? <p className="mbo-page-header__subtitle">{subtitle}</p> : null}
      </div>
      {extra ? <div className="mbo-page-header__extra">{extra}</div> : null}
      {children ? <div className="mbo-page-header__content">{children}</div> : null}
    </header>
  );
}
