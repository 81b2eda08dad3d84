import type { MemberRecord } from '@mbo/contracts/team';
import type { ConfirmCall } from '@/components/confirm-call-modal';
import { resendInvite, revokeInvite, updateMemberStatus } from '../api/members-api';
import { memberLabel } from '../utils/member-status';

/** The member actions that are one confirmation and one call. */
export type ConfirmedAction = 'disable' | 'enable' | 'resend' | 'revoke';

/**
 * The confirmation of disable, re-enable, resend and revoke, and its call (shown by ConfirmCallModal).
 * A refusal (the last active Owner, an invitation accepted meanwhile) stays in the dialog.
 */
export function memberConfirmCall(action: ConfirmedAction, m: MemberRecord, onDone: () => void): ConfirmCall {
  const who = memberLabel(m);
  const failure = 'The change was not made. Try again.';
  switch (action) {
    case 'disable':
      return {
        title: `Disable ${who}?`,
        body: 'All their sessions end at once: they are signed out everywhere and cannot sign in until re-enabled. What they did stays in the history.',
        okText: 'Disable',
        danger: true,
        run: () => updateMemberStatus(m.userId, 'DISABLED'),
        onDone,
        failure,
      };
    case 'enable':
      return {
        title: `Re-enable ${who}?`,
        body: `They can sign in again with their password, as ${m.roleName}.`,
        okText: 'Re-enable',
        run: () => updateMemberStatus(m.userId, 'ACTIVE'),
        onDone,
        failure,
      };
    case 'resend':
      return {
        title: `Send a new invitation to ${m.email}?`,
        body: 'A new link, valid for 7 days, goes out by email. The earlier link stops working at once.',
        okText: 'Send new invitation',
        run: () => resendInvite(m.userId),
        onDone,
        failure: 'The invitation was not sent. Try again.',
      };
    case 'revoke':
      return {
        title: `Revoke the invitation to ${m.email}?`,
        body: 'The invitation link stops working and they leave the list. You can invite them again later.',
        okText: 'Revoke invitation',
        danger: true,
        run: () => revokeInvite(m.userId),
        onDone,
        failure: 'The invitation was not revoked. Try again.',
      };
  }
}
