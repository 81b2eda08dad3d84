import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adoptServerTheme,
  applyThemeToDocument,
  currentThemeChoice,
  currentThemeMode,
  isThemeChoice,
  resetThemeStateForTests,
  resolveTheme,
  setThemeChoice,
  THEME_STORAGE_KEY,
} from './theme-preference';

/** A browser whose system setting is dark or light, and can change while the page is open. */
function systemIs(dark: boolean) {
  const listeners = new Set<(e: { matches: boolean }) => void>();
  const mql = {
    matches: dark,
    addEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.add(l),
    removeEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.delete(l),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      expect(query).toBe('(prefers-color-scheme: dark)');
      return mql;
    }),
  );
  return {
    change(nowDark: boolean) {
      mql.matches = nowDark;
      for (const l of listeners) l({ matches: nowDark });
    },
  };
}

beforeEach(() => {
  window.localStorage.clear();
  resetThemeStateForTests();
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('data-theme');
});

describe('resolveTheme', () => {
  it('follows the system for "system" and keeps a fixed choice whatever the system says', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('knows the three choices only', () => {
    expect(['system', 'light', 'dark'].every(isThemeChoice)).toBe(true);
    expect(['', 'DARK', 'sepia', null, 1].some(isThemeChoice)).toBe(false);
  });
});

describe('theme preference', () => {
  it('starts from the stored copy, and from the system without one or with a bad one', () => {
    systemIs(true);
    expect(currentThemeChoice()).toBe('system');
    expect(currentThemeMode()).toBe('dark');

    resetThemeStateForTests();
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(currentThemeChoice()).toBe('light');
    expect(currentThemeMode()).toBe('light');

    resetThemeStateForTests();
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(currentThemeChoice()).toBe('system');
  });

  it('follows the system while the choice is "system", and puts the look on <html>', () => {
    const system = systemIs(false);
    applyThemeToDocument();
    expect(document.documentElement.dataset.theme).toBe('light');
    system.change(true);
    expect(currentThemeMode()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');

    setThemeChoice('light');
    system.change(true);
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('keeps a copy of a fixed choice for the next first paint, and none for "system"', () => {
    systemIs(false);
    setThemeChoice('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    setThemeChoice('system');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it("takes the server's choice over this browser's copy", () => {
    systemIs(false);
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    adoptServerTheme('dark');
    expect(currentThemeChoice()).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    // No user yet (undefined): the copy stays.
    adoptServerTheme(undefined);
    expect(currentThemeChoice()).toBe('dark');
  });
});
