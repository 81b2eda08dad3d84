/**
 * What the HTTP client learns about the user's access from an answer, for the shell to act on:
 *
 * - `permission-denied`: a call answered HTTP 430 (the role lost a grant while the tab was open).
 *   The shell reloads the current user, the menus and the permission map, so the menus follow and a
 *   page that is no longer granted shows the 403 page.
 * - `two-factor-setup-required`: a call answered 002001B040 (the merchant now requires two-factor
 *   sign-in and the user has not set it up). The shell reloads the current user, whose
 *   `twoFactorSetupRequired` then puts the setup panel in place of the app.
 *
 * The client only tells; it holds no state of the app. Nothing listens before the signed-in area mounts.
 */
export type AccessSignal = 'permission-denied' | 'two-factor-setup-required';

type Listener = (signal: AccessSignal) => void;

const listeners = new Set<Listener>();

/** Listens to the signals; returns the function that stops listening. */
export function onAccessSignal(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells every listener (a listener that throws does not stop the others). */
export function emitAccessSignal(signal: AccessSignal): void {
  for (const listener of [...listeners]) {
    try {
      listener(signal);
    } catch (err) {
      console.error(err);
    }
  }
}
