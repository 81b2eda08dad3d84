import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installChunkErrorListener } from '@/lib/chunk-errors';
import { installIconNameHiding } from '@/lib/a11y/icon-names';
import { AppProviders } from '@/app/providers';
import { applyThemeToDocument } from '@/app/theme-preference';
import { queryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { hasSessionHint } from '@/app/routing/session-hint';
import { initErrorReporting } from '@/lib/error-reporting';
import { initI18n, SHELL_NAMESPACES } from '@/i18n/i18n';
import { prefetchHttp } from '@/lib/http/request';
import '@/app/global.css';

void initErrorReporting();
installChunkErrorListener();
installIconNameHiding();
// theme-boot.js painted the stored look; from here the app keeps <html> in step with the choice and the system.
applyThemeToDocument();

// The language's first strings load beside the first page's code (the login page's for a new
// visitor, the shell's with a likely session); the app renders once they are in.
const strings = initI18n(hasSessionHint() ? SHELL_NAMESPACES : ['auth']);
const router = createAppRouter(queryClient);

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </AppProviders>
    </StrictMode>,
  );
// A chunk that fails to load still renders: the page shows the keys rather than nothing.
strings.then(render, render);

// The HTTP client's library is a chunk of its own, not needed to paint the login page: with a likely
// session it loads now (the signed-in area's calls follow at once), else with the first call or as
// soon as the user starts interacting (typing the login form).
const prefetchEvents = ['pointerdown', 'keydown'] as const;
const prefetchOnce = () => {
  for (const e of prefetchEvents) window.removeEventListener(e, prefetchOnce, true);
  prefetchHttp();
};
if (hasSessionHint()) prefetchHttp();
else for (const e of prefetchEvents) window.addEventListener(e, prefetchOnce, { capture: true, passive: true });
