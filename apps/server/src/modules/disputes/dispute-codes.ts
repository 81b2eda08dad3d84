/**
 * The code columns of disputes read as their contracts types. The tables' CHECKs keep each one of its codes
 * (migration 0016); a value outside them is an error, never passed on as a code.
 */
import { DISPUTE_STATUSES } from '@mbo/contracts/acquiring';
import { EVIDENCE_CONTENT_TYPES } from '@mbo/contracts/disputes';

function codeOf<T extends string>(codes: readonly T[], column: string): (value: unknown) => T {
  return (value) => {
    const code = codes.find((c) => c === value);
    if (code === undefined) throw new Error(`${column}: ${String(value)} is not one of ${codes.join(', ')}`);
    return code;
  };
}

/** disputes.status (CHECK disputes_status). */
export const disputeStatusOf = codeOf(DISPUTE_STATUSES, 'disputes.status');
/** dispute_files.content_type (CHECK dispute_files_type). */
export const evidenceContentTypeOf = codeOf(EVIDENCE_CONTENT_TYPES, 'dispute_files.content_type');
