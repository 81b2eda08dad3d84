/**
 * The permission code of every webhook change: endpoints, secrets, test events, replays and retries.
 * Why a user without it cannot: the `integration` namespace's `webhooks.noPermission`.
 */
export const WEBHOOK_PERMISSION = 'API_INTEGRATION_UPDATE';
