/**
 * What the HTTP client shows and where it sends the user, filled in by the app shell from
 * `App.useApp()` (themed toasts) and the router. Until the shell registers, errors go to the console
 * and the login redirect is a full page load.
 */
import { PRODUCT } from '@mbo/contracts/product';
import { loginPath } from '@/lib/login-redirect';

export interface HttpUi {
  /** A success toast. */
  success(message: string): void;
  /** An error toast. */
  error(message: string): void;
  /** Go to the login page; `redirect` is the in-app path (without the /app base) to come back to. */
  toLogin(redirect?: string): void;
}

const fallbackUi: HttpUi = {
  success() {},
  error(message) {
    console.error(message);
  },
  toLogin(redirect) {
    window.location.assign(PRODUCT.basePath.replace(/\/$/, '') + loginPath(redirect));
  },
};

let current: HttpUi = fallbackUi;

/** Registers the toast and navigation functions; returns a function that restores the previous ones. */
export function setHttpUi(ui: Partial<HttpUi>): () => void {
  const previous = current;
  current = { ...current, ...ui };
  return () => {
    current = previous;
  };
}

/** The functions currently registered. */
export function getHttpUi(): HttpUi {
  return current;
}
