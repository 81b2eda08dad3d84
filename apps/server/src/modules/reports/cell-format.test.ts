import { describe, expect, it } from 'vitest';
import { csvRecord, formatInZone, neutraliseFormula } from './cell-format';

describe('export cell formatting', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx']) expect(neutraliseFormula(text)).toBe(`'${text}`);
    for (const text of ['hello', 'a=b', '', ' =1', "'quoted"]) expect(neutraliseFormula(text)).toBe(text);
  });

  it('writes instants as wall-clock time of the chosen zone', () => {
    const at = new Date('2026-03-29T00:30:00Z');
    expect(formatInZone(at, 'UTC')).toBe('2026-03-29 00:30:00');
    expect(formatInZone(at, 'Europe/Amsterdam')).toBe('2026-03-29 01:30:00');
    expect(formatInZone('2026-03-29T01:30:00Z', 'Europe/Amsterdam')).toBe('2026-03-29 03:30:00'); // after the DST switch
    expect(formatInZone(at, 'Asia/Kolkata')).toBe('2026-03-29 06:00:00');
    expect(formatInZone(null, 'UTC')).toBe('');
    expect(formatInZone(new Date('2026-01-01T00:00:00Z'), 'America/New_York')).toBe('2025-12-31 19:00:00');
  });

  it('agrees with Intl for any instant and zone, DST changes included', () => {
    const intl = (ms: number, timeZone: string) => new Intl.DateTimeFormat('sv-SE', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    }).format(new Date(ms));
    const zones = ['Europe/Amsterdam', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/Sao_Paulo', 'UTC'];
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 600; i++) {
      const ms = Date.UTC(2000, 0, 1) + Math.floor(random() * 30 * 365 * 86_400_000);
      for (const zone of zones) expect(formatInZone(new Date(ms), zone)).toBe(intl(ms, zone));
    }
    // Either side of real transitions (a second before and at the change).
    const changes: [string, string][] = [
      ['Europe/Amsterdam', '2026-03-29T01:00:00Z'], ['Europe/Amsterdam', '2026-10-25T01:00:00Z'],
      ['America/New_York', '2026-03-08T07:00:00Z'], ['America/New_York', '2026-11-01T06:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'], ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
      ['Pacific/Chatham', '2026-04-04T14:00:00Z'],
    ];
    for (const [zone, at] of changes) {
      for (const delta of [-1000, 0, 1000]) expect(formatInZone(new Date(Date.parse(at) + delta), zone)).toBe(intl(Date.parse(at) + delta, zone));
    }
  });

  it('quotes CSV fields per RFC 4180', () => {
    expect(csvRecord(['a', 'b,c', 'say "hi"', 'line\nbreak', ''])).toBe('a,"b,c","say ""hi""","line\nbreak",\r\n');
  });
});
