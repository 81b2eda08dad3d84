import type { MouseEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';

/** The id of the page's main content, where the skip link lands. */
export const MAIN_CONTENT_ID = 'main-content';

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  // Focus, not a "#main-content" in the URL: the router owns the URL and its filters.
  event.preventDefault();
  main.focus();
}

/** The first Tab stop of every signed-in page: jumps over the menu and header to the page itself. */
export default function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <a className="mbo-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={focusMain}>
      {t('nav.skipToContent')}
    </a>
  );
}
