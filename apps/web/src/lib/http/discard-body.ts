/**
 * Every fetch answer is read or cancelled: an answer whose body is left alone stays open in the
 * browser (the request never completes in its network log, and the connection is held). For the
 * answers whose body the caller does not need (a 431 "no session", an error status).
 */
export async function discardBody(response: Response): Promise<void> {
  if (response.bodyUsed || !response.body) return;
  try {
    await response.body.cancel();
  } catch {
    // Already closed or errored: nothing left to release.
  }
}
