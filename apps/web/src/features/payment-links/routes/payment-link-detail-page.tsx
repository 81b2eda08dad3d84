import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import type { PaymentLinkDetail } from '@mbo/contracts/payment-links';
import DetailPage from '@/components/detail/detail-page';
import { useDetailId } from '@/components/detail/use-detail-id';
import { displayMoney } from '@/lib/display-money';
import { paymentLinkDetailQueryOptions } from '../api/get-payment-link-detail';
import {
  LinkFactsCard,
  LinkHoldNotice,
  LinkShareCard,
  LinkTags,
  LinkTotalsCard,
} from '../components/link-detail-cards';
import { LinkPaymentsTable } from '../components/link-payments-table';
import { PAYMENT_LINKS_URL } from '../utils/link-paths';

/** /transactions/payment_link/detail?linkId=: the link (URL, QR code), its totals and its payments. */
export default function PaymentLinkDetailPage() {
  const { t } = useTranslation('payment-links', { keyPrefix: 'detail' });
  const id = useDetailId('linkId');
  const query = useQuery({ ...paymentLinkDetailQueryOptions(id.value), enabled: id.valid });
  return (
    <DetailPage<PaymentLinkDetail>
      noun={t('noun')}
      list={{ to: PAYMENT_LINKS_URL, label: t('list') }}
      id={id}
      query={query}
      header={(link) => ({
        title: displayMoney(link.amount, link.currency),
        subtitle: link.description,
        status: <LinkTags link={link} />,
        notice: <LinkHoldNotice link={link} />,
      })}
      main={(link) => (
        <>
          <LinkFactsCard link={link} />
          <LinkPaymentsTable linkId={link.linkId} />
        </>
      )}
      side={(link) => (
        <>
          <LinkTotalsCard link={link} />
          <LinkShareCard link={link} />
        </>
      )}
    />
  );
}
