/**
 * Subscriptions (issue 12): the agreements list at --agreements agreements, and the subscription charge job over
 * 10,000 due agreements (each charge a real payment, captured in the ledger and its clearing batch).
 */
import type { Timing } from '../measure';
import {
  ensureAgreements,
  measureAgreementList,
  measureChargeJob,
  type ChargeJobFigures,
} from '../measure-subscriptions';
import { count, defineSection, figureRow, MERCHANT, postgresBudgetRow } from './section';

/**
 * Agreements due at once for the charge job row, and their merchant (a card service for EUR Visa; not the list's
 * merchant, whose list stays at its size).
 */
const DUE_AGREEMENTS = 10_000;
const CHARGE_MERCHANT = 'M1000003';

interface SubscriptionFigures {
  agreements: number;
  list: Timing;
  chargeJob: ChargeJobFigures;
}

export const subscriptions = defineSection<number, SubscriptionFigures>({
  name: 'subscriptions',
  prepare({ database, options, log }) {
    log(
      `${count(options.agreements)} agreements, the agreements list; the charge job over ${count(DUE_AGREEMENTS)} due agreements`,
    );
    return ensureAgreements(database.db, MERCHANT, options.agreements);
  },
  async measure({ app, database, options, now, session }, agreements) {
    const list = await measureAgreementList(app, database.db, await session(), MERCHANT, options.runs, now);
    const chargeJob = await measureChargeJob(database.db, CHARGE_MERCHANT, DUE_AGREEMENTS);
    return { agreements, list, chargeJob };
  },
  rows: ({ agreements, list, chargeJob }, { kind }) => [
    postgresBudgetRow(`Agreement list, API (${count(agreements)} agreements, filters)`, list, kind),
    figureRow(
      `Charge job: ${count(chargeJob.agreements)} due agreements (${count(chargeJob.charged)} charged, ${((chargeJob.seconds * 1000) / chargeJob.agreements).toFixed(2)} ms each)`,
      `${chargeJob.seconds.toFixed(1)} s`,
      '< 30 s on PostgreSQL',
      kind === 'postgres' ? chargeJob.seconds < 30 && chargeJob.charged === chargeJob.agreements : null,
    ),
  ],
});
