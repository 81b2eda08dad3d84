import { USERCENTER_PATHS, type SaveThemeRequest } from '@mbo/contracts/usercenter';
import { post } from '@/lib/http/request';

/** Keeps the signed-in user's theme choice on the server (the current user answers it from then on). */
export async function saveTheme(body: SaveThemeRequest): Promise<void> {
  await post<unknown>(USERCENTER_PATHS.saveTheme, body);
}
