/** The sections of `npm run bench`, in the order they run and print (a new domain: one file, one line here). */
import { balanceTransactions } from './balance-transactions';
import { detailRefundExport } from './detail-refund-export';
import { disputes } from './disputes';
import { integration } from './integration';
import { login } from './login';
import { moneyOut } from './money-out';
import { paymentsList } from './payments-list';
import { search } from './search';
import type { BenchSection } from './section';
import { settlements } from './settlements';
import { subscriptions } from './subscriptions';
import { teamAudit } from './team-audit';

export const SECTIONS: readonly BenchSection[] = [
  paymentsList,
  search,
  balanceTransactions,
  settlements,
  disputes,
  moneyOut,
  subscriptions,
  teamAudit,
  integration,
  detailRefundExport,
  login,
];
