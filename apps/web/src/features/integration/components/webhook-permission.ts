/** The permission code of every webhook change: endpoints, secrets, test events, replays and retries. */
export const WEBHOOK_PERMISSION = 'API_INTEGRATION_UPDATE';
export const NO_WEBHOOK_PERMISSION =
  'Your role cannot change webhooks (API_INTEGRATION_UPDATE). Ask an owner, admin or developer.';
