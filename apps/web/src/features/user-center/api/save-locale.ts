import { USERCENTER_PATHS, type SaveLocaleRequest } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';

/** Keeps the signed-in user's language on the server (the current user, server messages and mail follow it). */
export async function saveLocale(body: SaveLocaleRequest): Promise<void> {
  await post<unknown>(USERCENTER_PATHS.saveLocale, body);
}
