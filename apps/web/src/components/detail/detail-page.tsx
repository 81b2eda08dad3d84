import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Result, Skeleton, Typography } from 'antd';
import PageHeader from '@/components/page-header';
import { CopyableText } from './detail-cards';
import { isNotFoundError } from './detail-not-found';
import type { DetailId } from './use-detail-id';
import './detail.css';
import { useTranslation } from '@/i18n/use-translation';

/** What the frame reads of the page's query (a TanStack `useQuery` result fits as it is). */
export interface DetailQuery<T> {
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

/** The header of a loaded record. Its id (copyable) always follows the status. */
export interface DetailHeader {
  /** The heading: the record's headline figure, usually its amount. */
  title: ReactNode;
  /** One line under the heading. */
  subtitle?: ReactNode;
  /** Status tags, first in the row under the heading. */
  status?: ReactNode;
  /** More of that row, after the id ("refund of payment PAY…"). */
  meta?: ReactNode;
  /** Buttons on the right (and the dialogs they open). */
  actions?: ReactNode;
  /** A message between the header and the cards ("This refund failed"). */
  notice?: ReactNode;
}

export interface DetailPageProps<T> {
  /** The record's name in lower case ("refund", "payment link"): the eyebrow, the id's label, the states' texts. */
  noun: string;
  /** The list the page opens from: the back link, and the way out of "not found". */
  list: { to: string; label: string };
  /** From `useDetailId`: no id, or one no record can have, is "not found" without a call. */
  id: DetailId;
  query: DetailQuery<T>;
  /** Tells "no such record" from other failures (default: 002001B023 and 003001B022). */
  isNotFound?: (error: unknown) => boolean;
  header: (record: T) => DetailHeader;
  /** The wide column of cards. */
  main: (record: T) => ReactNode;
  /** The narrow column beside it (below it on narrow screens); without it `main` takes the width. */
  side?: (record: T) => ReactNode;
  /** Cards across the whole width under both columns (a wide table: a settlement's payments). */
  below?: (record: T) => ReactNode;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The two columns of a detail page; one column, main first, under 960 px. */
function DetailColumns({ main, side }: { main: ReactNode; side?: ReactNode }) {
  return (
    <div className={side ? 'mbo-detail-grid' : 'mbo-detail-grid mbo-detail-grid--single'}>
      <div className="mbo-detail-column">{main}</div>
      {side ? <div className="mbo-detail-column">{side}</div> : null}
    </div>
  );
}

function NotFound({
  noun,
  list,
  id,
  error,
}: {
  noun: string;
  list: DetailPageProps<unknown>['list'];
  id: string;
  error: unknown;
}) {
  // The server's own words first ("Order not found."), then what the merchant can do about it.
  const answer = error instanceof Error ? `${error.message} ` : '';
  const { t, i18n } = useTranslation('kit', { keyPrefix: 'detail' });
  // A list's name inside a sentence: lower case in English ("Back to payments").
  const listName = i18n.language === 'en' ? list.label.toLowerCase() : list.label;
  return (
    <Card>
      <Result
        status="404"
        title={t('notFound', { Noun: capitalize(noun), noun })}
        subTitle={id ? t('notFoundId', { answer, noun, id }) : t('notGiven', { noun, list: listName })}
        extra={
          <Link to={list.to}>
            <Button type="primary">{t('backTo', { list: listName })}</Button>
          </Link>
        }
      />
    </Card>
  );
}

function Loading({ noun }: { noun: string }) {
  const { t } = useTranslation('kit', { keyPrefix: 'detail' });
  return (
    <div role="status" aria-label={t('loading', { noun })}>
      <DetailColumns
        main={
          <Card>
            <Skeleton active paragraph={{ rows: 6 }} />
          </Card>
        }
        side={
          <Card>
            <Skeleton active paragraph={{ rows: 4 }} />
          </Card>
        }
      />
    </div>
  );
}

/**
 * A detail page's frame: the record's id from the URL, then loading (skeleton), "not found" (shown on
 * the page, no toast), an error with "Try again", or the record: back link to its list, a header with
 * the headline figure, status and copyable id, and its cards in two columns. The page says what the
 * record looks like; nothing else.
 */
export default function DetailPage<T>({
  noun,
  list,
  id,
  query,
  isNotFound = isNotFoundError,
  header,
  main,
  side,
  below,
}: DetailPageProps<T>) {
  const Noun = capitalize(noun);
  const record = query.data;
  const { t } = useTranslation('kit', { keyPrefix: 'detail' });
  const title = t('title', { Noun, noun });

  if (!id.valid || isNotFound(query.error)) {
    return (
      <>
        <PageHeader back={list} eyebrow={Noun} title={title} />
        <NotFound noun={noun} list={list} id={id.value} error={query.error} />
      </>
    );
  }
  if (record === undefined) {
    return query.error ? (
      <>
        <PageHeader back={list} eyebrow={Noun} title={title} />
        <Alert
          type="error"
          showIcon
          title={t('loadFailed', { noun })}
          description={query.error instanceof Error ? query.error.message : undefined}
          action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
        />
      </>
    ) : (
      <>
        <PageHeader
          back={list}
          eyebrow={Noun}
          title={
            <>
              <span className="mbo-visually-hidden">{title}</span>
              <Skeleton.Input active size="small" style={{ width: 180 }} />
            </>
          }
        />
        <Loading noun={noun} />
      </>
    );
  }

  const h = header(record);
  return (
    <>
      <PageHeader
        back={list}
        eyebrow={Noun}
        title={<span className="mbo-detail-hero">{h.title}</span>}
        subtitle={h.subtitle}
        extra={h.actions}
      >
        <div className="mbo-detail-meta">
          {h.status}
          <Typography.Text type="secondary">
            {t('id', { Noun, noun })} <CopyableText text={id.value} label={t('idLower', { noun })} mono />
          </Typography.Text>
          {h.meta}
        </div>
      </PageHeader>
      {h.notice ? <div className="mbo-detail-notice">{h.notice}</div> : null}
      <DetailColumns main={main(record)} side={side?.(record)} />
      {below ? <div className="mbo-detail-below">{below(record)}</div> : null}
    </>
  );
}
