/**
 * Latency and throughput per phase of the run (steady, each fault): every request is counted in the phase its answer
 * came in (so the calls cut off by a kill -9 count in that fault's phase, and throughput is answers per second). A
 * failed request is one that got no answer, or a 5xx, or a 429 from a limit the workload should not reach.
 */

/** p50 and p95 of the samples (nearest rank, as bench/measure.ts computes them). */
export function percentiles(samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

interface PhaseRecord {
  name: string;
  startedMs: number;
  endedMs: number | undefined;
  samples: number[];
  failed: number;
  failures: Map<string, number>;
}

export interface PhaseFigures {
  name: string;
  seconds: number;
  requests: number;
  failed: number;
  failures: string;
  p50: number;
  p95: number;
  perSecond: number;
}

export class PhaseStats {
  private readonly phases: PhaseRecord[] = [];

  constructor(first: string) {
    this.begin(first);
  }

  /** Ends the current phase and starts the next. */
  begin(name: string): void {
    const now = performance.now();
    const last = this.phases[this.phases.length - 1];
    if (last) last.endedMs = now;
    this.phases.push({ name, startedMs: now, endedMs: undefined, samples: [], failed: 0, failures: new Map() });
  }

  end(): void {
    const last = this.phases[this.phases.length - 1];
    last.endedMs ??= performance.now();
  }

  /** A request answered now (or failed now), after `ms`. */
  record(ms: number, failure: string | undefined): void {
    const record = this.phases[this.phases.length - 1];
    record.samples.push(ms);
    if (failure) {
      record.failed++;
      record.failures.set(failure, (record.failures.get(failure) ?? 0) + 1);
    }
  }

  figures(): PhaseFigures[] {
    return this.phases
      .filter((p) => p.samples.length > 0)
      .map((p) => {
        const seconds = ((p.endedMs ?? performance.now()) - p.startedMs) / 1000;
        const { p50, p95 } = percentiles(p.samples);
        return {
          name: p.name,
          seconds,
          requests: p.samples.length,
          failed: p.failed,
          failures: [...p.failures].map(([what, n]) => `${what} ×${n}`).join(', '),
          p50,
          p95,
          perSecond: p.samples.length / seconds,
        };
      });
  }
}

/** A markdown table, columns padded. */
export function table(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => (cell ?? '').padEnd(widths[c])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
