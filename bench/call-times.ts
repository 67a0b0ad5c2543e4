import { quantile } from '../src/server/timings.js';

/** The µs of a bench's calls, wall clock and process CPU, one entry per call. */
export interface CallTimes {
  readonly wall: number[];
  readonly cpu: number[];
}

/** Runs `call` and adds its wall-clock and process CPU µs to `times` (none when null: a warm-up). */
export function timeCall(times: CallTimes | null, call: () => void): void {
  const cpu = process.cpuUsage();
  const started = performance.now();
  call();
  const wall = (performance.now() - started) * 1000;
  const used = process.cpuUsage(cpu);
  times?.wall.push(wall);
  times?.cpu.push(used.user + used.system);
}

/** The percentiles the Clue benches print: wall-clock p50, p90, p99, max and mean, CPU p50 and p99. */
export interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  cpuP50: number;
  cpuP99: number;
}

/** The percentiles of one run's calls. */
export function callPercentiles(times: CallTimes): Percentiles {
  const wall = [...times.wall].sort((a, b) => a - b);
  const cpu = [...times.cpu].sort((a, b) => a - b);
  return {
    p50: +quantile(wall, 0.5).toFixed(1),
    p90: +quantile(wall, 0.9).toFixed(1),
    p99: +quantile(wall, 0.99).toFixed(1),
    max: +wall[wall.length - 1]!.toFixed(1),
    mean: +(wall.reduce((a, b) => a + b, 0) / wall.length).toFixed(1),
    cpuP50: quantile(cpu, 0.5),
    cpuP99: quantile(cpu, 0.99),
  };
}

/**
 * The percentiles of several timed passes over the same calls: each one the median of the passes'
 * (a moment of load on a shared machine moves one pass, not the median), with the range of p50
 * and p99 over the passes.
 */
export function passPercentiles(passes: readonly CallTimes[]): Percentiles & { passes: number; p50Range: [number, number]; p99Range: [number, number] } {
  const each = passes.map(callPercentiles);
  const median = (key: keyof Percentiles): number => quantile(each.map((p) => p[key]).sort((a, b) => a - b), 0.5);
  const range = (key: keyof Percentiles): [number, number] => [Math.min(...each.map((p) => p[key])), Math.max(...each.map((p) => p[key]))];
  return {
    passes: passes.length,
    p50: median('p50'),
    p90: median('p90'),
    p99: median('p99'),
    max: median('max'),
    mean: median('mean'),
    cpuP50: median('cpuP50'),
    cpuP99: median('cpuP99'),
    p50Range: range('p50'),
    p99Range: range('p99'),
  };
}

/** A bench line's percentiles: `p50 15.7 (15.2-16.4)  p90 ...  p99 190.6 (185.1-199.0)  ...`. */
export function percentilesLine(r: ReturnType<typeof passPercentiles>): string {
  const spread = (range: [number, number]): string => `(${range[0]}-${range[1]})`;
  return `p50 ${r.p50} ${spread(r.p50Range)}  p90 ${r.p90}  p99 ${r.p99} ${spread(r.p99Range)}  max ${r.max}  mean ${r.mean}  (CPU p50 ${r.cpuP50} p99 ${r.cpuP99})`;
}
