import type { LinkType } from '@mbo/contracts/usercenter';

/** Query keys of emailed links (reset and invitation). */
export const linkKeys = {
  all: ['auth-link'] as const,
  check: (type: LinkType, token: string) => [...linkKeys.all, 'check', type, token] as const,
};
