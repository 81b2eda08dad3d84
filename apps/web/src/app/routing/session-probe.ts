/**
 * "Has this visitor a session?", asked before any code of the signed-in area loads. A plain fetch
 * of the current user (with the extra headers of spec section 7), not the HTTP client: the client's
 * library is a chunk of its own that a visitor without a session does not need before the login
 * page. The probe shows nothing and sends nobody anywhere; the gate decides (session-gate.ts), and
 * every other call, the current user's included when the probe could not tell, goes through the
 * client with all its rules.
 */
import { SUCCESS_CODE, type Envelope } from '@mbo/contracts/envelope';
import { HTTP_STATUS } from '@mbo/contracts/client-codes';
import { USERCENTER_PATHS, type CurrentUser } from '@mbo/contracts/usercenter';
import { readCookieHeaders } from '@/lib/http/cookie-headers';
import { discardBody } from '@/lib/http/discard-body';

/** The signed-in user; `null`: no session (431) or not allowed (430); `undefined`: could not tell. */
export type ProbeResult = CurrentUser | null | undefined;

export async function probeSession(fetchImpl: typeof fetch = fetch): Promise<ProbeResult> {
  let res: Response;
  try {
    res = await fetchImpl(USERCENTER_PATHS.currentUser, {
      credentials: 'same-origin',
      headers: { ...readCookieHeaders(), Accept: 'application/json' },
    });
  } catch {
    return undefined;
  }
  // The answer's body is read or cancelled in every case, so the request completes in the browser.
  if (res.status === HTTP_STATUS.NO_SESSION || res.status === HTTP_STATUS.NO_PERMISSION) {
    await discardBody(res);
    return null;
  }
  if (!res.ok) {
    await discardBody(res);
    return undefined;
  }
  try {
    const body = (await res.json()) as Envelope<CurrentUser>;
    return body.code === SUCCESS_CODE && body.data ? body.data : undefined;
  } catch {
    return undefined;
  }
}
