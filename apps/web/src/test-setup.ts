import { vi } from 'vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { installAntdVisibilityRules } from '@/testing/antd-visibility-rules';

// jsdom lacks matchMedia, which antd's responsive hooks read.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no ResizeObserver, which antd's Table, Drawer and Segmented use.
if (!('ResizeObserver' in globalThis)) {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// On a busy machine an antd page can take more than a second to show: a findBy or waitFor gives
// up after 5 s, as many files already asked, not Testing Library's 1 s.
configure({ asyncUtilTimeout: 5000 });

/*
 * A fresh start for each test file. The web project runs with `isolate: false` (vitest.config.ts):
 * a worker runs file after file in one jsdom window and keeps what it loaded from node_modules
 * (react, antd, jsdom...), which is most of the time a file takes. vitest runs this file again
 * before every test file, so here each file gets what a worker of its own would give it: no
 * leftover DOM, storage, cookies, URL, stubs, fake timers or Testing Library settings of the file
 * before, and the app's own modules (src) loaded anew, so that each file's vi.mock applies to them.
 */
declare const jsdom: { reconfigure(options: { url: string }): void; cookieJar: { removeAllCookiesSync(): void } };

interface Pristine {
  url: string;
  matchMedia: typeof window.matchMedia;
  testingLibrary: ReturnType<typeof getConfig>;
  /** Properties test files redefine for their own use (a layout stub, a clipboard). */
  descriptors: Array<[object, PropertyKey, PropertyDescriptor | undefined]>;
}

const PRISTINE = Symbol.for('mbo.test-setup.pristine');
const store = globalThis as { [PRISTINE]?: Pristine };
const pristine = store[PRISTINE];
if (!pristine) {
  // The first file of this worker: what antd's CSS hides (see src/testing/test-antd.tsx), kept
  // in the head for every file; then how the window starts.
  installAntdVisibilityRules();
  const described: Array<[object, PropertyKey]> = [
    [HTMLElement.prototype, 'getClientRects'],
    [navigator, 'clipboard'],
  ];
  store[PRISTINE] = {
    url: window.location.href,
    matchMedia: window.matchMedia,
    testingLibrary: { ...getConfig() },
    descriptors: described.map(([target, key]) => [target, key, Object.getOwnPropertyDescriptor(target, key)]),
  };
} else {
  // A later file: undo what the files before it left behind.
  cleanup();
  document.body.innerHTML = '';
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  document.title = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
  jsdom.cookieJar.removeAllCookiesSync();
  if (window.location.href !== pristine.url) jsdom.reconfigure({ url: pristine.url });
  window.matchMedia = pristine.matchMedia;
  for (const [target, key, descriptor] of pristine.descriptors) {
    if (descriptor) Reflect.defineProperty(target, key, descriptor);
    else Reflect.deleteProperty(target, key);
  }
  configure(pristine.testingLibrary);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetModules();
}

// Every file starts in English with all the strings loaded (a missing key fails the test); imported
// here, after the reset above, so the file's modules and this share one i18n instance.
const { initTestI18n } = await import('@/i18n/testing');
initTestI18n();
document.documentElement.lang = 'en';
