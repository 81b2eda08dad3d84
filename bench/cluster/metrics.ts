/**
 * Each instance's Prometheus endpoint (METRICS_PORT), scraped during the run: which `mbo_` series it exposes. An
 * instance without the endpoint (a build without metrics) answers nothing, and the check says so.
 */
import type { Cluster } from './cluster';

/** Series the instances are expected to expose, each named by a fragment of its name. */
export const EXPECTED_SERIES = ['http', 'pool', 'queue', 'webhook', 'export', 'login'] as const;

export interface Scrape {
  instance: string;
  /** null when the endpoint did not answer. */
  series: Set<string> | null;
}

export async function scrapeMetrics(cluster: Cluster): Promise<Scrape[]> {
  return Promise.all(
    cluster.slots.map(async (slot) => {
      try {
        const res = await fetch(`http://127.0.0.1:${slot.metricsPort}/metrics`, { signal: AbortSignal.timeout(5000) });
        if (res.status !== 200) return { instance: slot.name, series: null };
        // A series is there once declared (`# TYPE mbo_…`), even before its first sample.
        const names = (await res.text())
          .split('\n')
          .map((line) => /^(?:# TYPE )?(mbo_[a-z0-9_]+)/.exec(line)?.[1])
          .filter((name): name is string => name !== undefined);
        return { instance: slot.name, series: new Set(names) };
      } catch {
        return { instance: slot.name, series: null };
      }
    }),
  );
}

/** The expected fragments an instance's series lack (`replica` too when the cluster has one). */
export function missingSeries(series: Set<string>, withReplica: boolean): string[] {
  const expected: string[] = [...EXPECTED_SERIES, ...(withReplica ? ['replica'] : [])];
  return expected.filter((fragment) => ![...series].some((name) => name.includes(fragment)));
}
