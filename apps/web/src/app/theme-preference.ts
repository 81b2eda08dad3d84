import { useSyncExternalStore } from 'react';
import { THEME_CHOICES, type ThemeChoice } from '@mbo/contracts/usercenter';
import type { ThemeMode } from './theme';

/**
 * The user's theme: their choice (system, light or dark) is kept on the server with the user (the
 * current user answers it) and copied here in localStorage, so that public/theme-boot.js paints the
 * first frame in the right look before any call; the server's value wins once the user is loaded
 * (adoptServerTheme). 'system' follows the browser's prefers-color-scheme, and its changes.
 * The look applies to <html> as data-theme (global.css's variables) and color-scheme (scroll bars,
 * form controls); antd follows useThemeMode (providers.tsx).
 */
export const THEME_STORAGE_KEY = 'mbo-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

/** The look a choice gives: light or dark as chosen, else the system's. */
export function resolveTheme(choice: ThemeChoice, systemDark: boolean): ThemeMode {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

function readStoredChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function storeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode, quota): the server keeps the choice; only the first paint may differ.
  }
}

const darkQuery = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;

const listeners = new Set<() => void>();
let choice: ThemeChoice | undefined;
let systemDark: boolean | undefined;
let watching = false;

function state(): { choice: ThemeChoice; systemDark: boolean } {
  choice ??= typeof window === 'undefined' ? 'system' : readStoredChoice();
  if (systemDark === undefined) {
    const mql = darkQuery();
    systemDark = mql?.matches ?? false;
    if (mql && !watching) {
      watching = true;
      mql.addEventListener('change', (e) => {
        systemDark = e.matches;
        changed();
      });
    }
  }
  return { choice, systemDark };
}

/** Puts the look on <html>: global.css's variables and the browser's own controls follow it. */
export function applyThemeToDocument(): void {
  if (typeof document === 'undefined') return;
  const mode = currentThemeMode();
  document.documentElement.dataset.theme = mode;
  document.documentElement.style.colorScheme = mode;
}

function changed(): void {
  applyThemeToDocument();
  for (const listener of listeners) listener();
}

export const currentThemeChoice = (): ThemeChoice => state().choice;

export function currentThemeMode(): ThemeMode {
  const s = state();
  return resolveTheme(s.choice, s.systemDark);
}

/** Takes a choice at once (the user menu): the look changes and the copy for the next first paint is kept. */
export function setThemeChoice(next: ThemeChoice): void {
  if (next === state().choice) return;
  choice = next;
  storeChoice(next);
  changed();
}

/** The signed-in user's choice as the server keeps it: it replaces this browser's copy when they differ. */
export function adoptServerTheme(serverChoice: ThemeChoice | undefined): void {
  if (isThemeChoice(serverChoice)) setThemeChoice(serverChoice);
}

function subscribe(listener: () => void): () => void {
  state();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user's choice (system, light, dark), following its changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, currentThemeChoice, () => 'system');
}

/** The look in force (light or dark): the choice, or the system's while the choice is 'system'. */
export function useThemeMode(): ThemeMode {
  return useSyncExternalStore(subscribe, currentThemeMode, () => 'light');
}

/** Forgets what was read (tests: another stored choice or system setting). */
export function resetThemeStateForTests(): void {
  choice = undefined;
  systemDark = undefined;
  watching = false;
}
