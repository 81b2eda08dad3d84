/** Where toasts show and how many at once: the same for the root shell's and the signed-in area's. */
export const TOAST_CONFIG = { maxCount: 3, top: 72 } as const;

/** A toast the HTTP client asks for (its success message, or why a call failed). */
export interface Toast {
  kind: 'success' | 'error';
  content: string;
}
