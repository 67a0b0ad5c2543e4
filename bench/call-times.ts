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
export function callPercentiles(times: CallTimes): { p50: number; p90: number; p99: number; max: number; mean: number; cpuP50: number; cpuP99: number } {
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
