import type { TFunction } from 'i18next';
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
export function memberConfirmCall(
  t: TFunction,
  roleName: string,
  action: ConfirmedAction,
  m: MemberRecord,
  onDone: () => void,
): ConfirmCall {
  const w = (key: string, values?: Record<string, unknown>) => t(`confirm.${key}`, { ns: 'team', ...values });
  const who = memberLabel(m);
  const failure = w('failure');
  switch (action) {
    case 'disable':
      return {
        title: w('disableTitle', { who }),
        body: w('disableBody'),
        okText: w('disableOk'),
        danger: true,
        run: () => updateMemberStatus(m.userId, 'DISABLED'),
        onDone,
        failure,
      };
    case 'enable':
      return {
        title: w('enableTitle', { who }),
        body: w('enableBody', { role: roleName }),
        okText: w('enableOk'),
        run: () => updateMemberStatus(m.userId, 'ACTIVE'),
        onDone,
        failure,
      };
    case 'resend':
      return {
        title: w('resendTitle', { email: m.email }),
        body: w('resendBody'),
        okText: w('resendOk'),
        run: () => resendInvite(m.userId),
        onDone,
        failure: w('resendFailure'),
      };
    case 'revoke':
      return {
        title: w('revokeTitle', { email: m.email }),
        body: w('revokeBody'),
        okText: w('revokeOk'),
        danger: true,
        run: () => revokeInvite(m.userId),
        onDone,
        failure: w('revokeFailure'),
      };
  }
}
