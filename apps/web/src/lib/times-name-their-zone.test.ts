/**
 * Every time the web shows names its zone (in itself, its column header, its card or its page). The
 * shared formatter has two forms: formatZonedDateTime names the zone in the text; formatDateTime does
 * not, and may only be used in a file that names the zone beside it (timeZoneLabel, TimeZoneNote,
 * TimeColumnTitle, or a DetailCard whose corner names it). Times are formatted nowhere else.
 */
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** The formatters themselves, and the few files whose bare times are named elsewhere, with where. */
const NAMED_ELSEWHERE: Readonly<Record<string, string>> = {
  '/src/lib/format-time.ts': 'the formatters',
  '/src/lib/zone-formatters.ts': 'the Intl formatters the time formatters use',
  '/src/features/payment-links/components/payment-links-table.tsx':
    'the payment links page says "Times in <zone>" above the table (payment-links-page.tsx)',
  '/src/features/integration/utils/replay-range.ts':
    "the replay dialog's picker value: the dialog names the zone the times are picked in",
  '/src/features/search/components/search-result-row.tsx':
    'the search dialog\'s footer says "Times in <zone>" under the results (search-dialog.tsx)',
  '/src/features/subscriptions/components/agreement-detail-cards.tsx':
    'bare times only in the Plan card, a DetailCard `zone` that names it in its corner',
};

const ZONE_NAMED = /timeZoneLabel\(|<TimeZoneNote|<TimeColumnTitle|<ZoneSubLabel/;

describe('times on screen', () => {
  it('name their zone wherever formatDateTime (the bare form) is used', () => {
    const bare = Object.entries(sources)
      .filter(([path, text]) => /\bformatDateTime\(/.test(text) && !ZONE_NAMED.test(text) && !(path in NAMED_ELSEWHERE))
      .map(([path]) => path);
    expect(
      bare,
      'use formatZonedDateTime, or name the zone beside the times (TimeColumnTitle, a DetailCard zone)',
    ).toEqual([]);
  });

  it('are formatted only by lib/format-time.ts, never by Intl or toLocale… of their own', () => {
    const own = Object.entries(sources)
      .filter(([path]) => !path.startsWith('/src/lib/'))
      .filter(([, text]) => /Intl\.DateTimeFormat|toLocale(Date|Time)String|toLocaleString\((?!'en-US'\))/.test(text))
      .map(([path]) => path);
    expect(own).toEqual([]);
  });

  it('lists no file here that needs no entry any more', () => {
    const stale = Object.keys(NAMED_ELSEWHERE).filter(
      (path) => !(path in sources) || !/\bformatDateTime\(|Intl\.DateTimeFormat/.test(sources[path]),
    );
    expect(stale).toEqual([]);
  });
});
