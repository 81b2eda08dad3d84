import type { DbOrTx } from '../../db/client';

/**
 * Mails a dispute's owners and finance users, through the outbox, in the caller's transaction.
 * (Stub: the helper building the dispute mails fills it in.)
 */
export async function queueDisputeMail(_tx: DbOrTx, _disputeId: string, _kind: 'OPENED' | 'DUE_SOON'): Promise<void> {
  // filled in by the dispute mails work
}
