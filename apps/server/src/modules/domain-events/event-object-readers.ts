/**
 * How an event's object is read, per kind of object. The objects are the merchant API's
 * (modules/merchant-api/api-objects), which sits above the domains that emit events: it registers
 * its readers here when the app starts (merchant-api-plugin.ts), so this module imports none of it.
 */
import type { WebhookEventType } from '@mbo/contracts/integration';
import type { DbOrTx } from '../../db/client';

/** The object an event is about: the part of its type before the dot ('payment' of 'payment.succeeded'). */
export type ObjectKind = WebhookEventType extends `${infer Kind}.${string}` ? Kind : never;
/** One object of the merchant as `db` sees it, or null. */
export type ObjectLoader = (db: DbOrTx, merchantId: string, id: string) => Promise<unknown>;

/** The kinds many of whose objects change at once (a payout batch, a chunk of subscription renewals). */
export type BulkKind = 'payment' | 'payout';
/** Many objects of one merchant, by id (a missing one is absent from the map). */
export type BulkReader = (db: DbOrTx, merchantId: string, ids: string[]) => Promise<Map<string, unknown>>;

export interface EventObjectReaders {
  one: Record<ObjectKind, ObjectLoader>;
  bulk: Record<BulkKind, BulkReader>;
}

/** Module-level: the readers are plain functions, the same for every app of the process (tests build many). */
let registered: EventObjectReaders | null = null;

export function registerEventObjectReaders(readers: EventObjectReaders): void {
  registered = readers;
}

export function eventObjectReaders(): EventObjectReaders {
  if (!registered) throw new Error('No event object readers: the merchant API registers them when the app starts');
  return registered;
}
