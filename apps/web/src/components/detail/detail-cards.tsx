import { createContext, Fragment, useContext, type ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { formatDateTime, formatZonedDateTime, timeZoneLabel } from '@/lib/format-time';
import { useGlobalState } from '@/lib/global-state';
import './detail.css';
import { useTranslation } from '@/i18n/use-translation';

/** The signed-in user's time zone: every time on a detail page is shown in it. */
export function useTimeZone(): string | undefined {
  return useGlobalState().user?.timeZone;
}

/** The zone times are shown in ("Europe/Amsterdam (GMT+02:00)"), for a card's corner. */
export function TimeZoneNote() {
  return (
    <Typography.Text type="secondary" className="mbo-detail-zone">
      {timeZoneLabel(useTimeZone())}
    </Typography.Text>
  );
}

const DASH = <Typography.Text type="secondary">—</Typography.Text>;

/** True inside a card whose corner names the zone (DetailCard `zone`): its times need not name it again. */
const ZoneNamed = createContext(false);

/**
 * A time in the user's zone, or a dash when there is none: "2026-05-02 11:04:05" in a card that names the
 * zone in its corner, "2026-05-02 11:04:05 GMT+08:00" anywhere else, so no time is shown without its zone.
 */
export function DetailTime({ iso }: { iso: string | null | undefined }) {
  const timeZone = useTimeZone();
  const zoneNamed = useContext(ZoneNamed);
  if (!iso) return DASH;
  if (zoneNamed) return <span className="mbo-detail-time">{formatDateTime(iso, timeZone)}</span>;
  // The zone may go to the next line in a narrow card; the date and time never break apart.
  const text = formatZonedDateTime(iso, timeZone);
  const cut = text.lastIndexOf(' ');
  return (
    <span>
      <span className="mbo-detail-time">{text.slice(0, cut)}</span>{' '}
      <span className="mbo-detail-time">{text.slice(cut + 1)}</span>
    </span>
  );
}

export interface CopyableTextProps {
  /** What is copied. */
  text: string;
  /** What it is, in lower case: names the copy button ("Copy refund ID"). */
  label: string;
  /** Set in a monospace font (ids). */
  mono?: boolean;
  /** Shown instead of the text (e.g. a link to the record). */
  children?: ReactNode;
}

/** A value with a copy button named after what it copies. */
export function CopyableText({ text, label, mono, children }: CopyableTextProps) {
  const { t } = useTranslation('kit', { keyPrefix: 'detail' });
  return (
    <Typography.Text
      className={mono ? 'mbo-detail-mono' : undefined}
      copyable={{ text, tooltips: [t('copy', { label }), t('copied')] }}
    >
      {children ?? text}
    </Typography.Text>
  );
}

/** A label and its value; a falsy entry is left out, an empty value reads "—". */
export type DetailFact = readonly [label: string, value: ReactNode];

function isShown(fact: DetailFact | false | null | undefined): fact is DetailFact {
  return !!fact;
}

/**
 * Label/value rows (global.css `.mbo-facts`): the labels take one width in every card, so the values of
 * all the cards of a page start on one line; on a phone each label stands over its value.
 */
export function DetailFacts({ facts }: { facts: readonly (DetailFact | false | null | undefined)[] }) {
  return (
    <dl className="mbo-facts">
      {facts.filter(isShown).map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? DASH : value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

export interface DetailFigure {
  label: string;
  value: ReactNode;
  /** A line under the value (e.g. the fee rule under the fee). */
  note?: ReactNode;
}

/** Headline figures side by side (amounts, totals), as many per row as fit; two per row on a phone. */
export function DetailFigures({ figures }: { figures: readonly DetailFigure[] }) {
  return (
    <dl className="mbo-detail-figures">
      {figures.map((f) => (
        <div className="mbo-detail-figure" key={f.label}>
          <dt>{f.label}</dt>
          <dd className="mbo-detail-figure__value">{f.value}</dd>
          {f.note ? <dd className="mbo-detail-figure__note">{f.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

export interface DetailCardProps {
  title: string;
  /** Top right of the card (a link, a count). */
  extra?: ReactNode;
  /**
   * The card shows times: name their zone top right (when there is no `extra`), and its DetailTimes leave it
   * out. Without it each DetailTime names its zone itself.
   */
  zone?: boolean;
  /** Label/value rows: the card's whole content, before any children. */
  facts?: readonly (DetailFact | false | null | undefined)[];
  children?: ReactNode;
}

/** One summary card of a detail page. */
export function DetailCard({ title, extra, zone, facts, children }: DetailCardProps) {
  const zoneNamed = !!zone && !extra;
  return (
    <Card title={title} extra={extra ?? (zone ? <TimeZoneNote /> : undefined)} className="mbo-detail-card">
      <ZoneNamed.Provider value={zoneNamed}>
        {facts ? <DetailFacts facts={facts} /> : null}
        {children}
      </ZoneNamed.Provider>
    </Card>
  );
}
