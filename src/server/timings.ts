/** The `q` quantile of ascending `sorted` (the value at rank floor(q * n)); NaN when there is none. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/**
 * The last `size` durations (ms) in a ring, and their quantiles: the server's own time per action,
 * which the machine's load inflates less than a client's round trip.
 */
export class Timings {
  private readonly ring: Float64Array;
  private count = 0;

  constructor(size: number) {
    this.ring = new Float64Array(size);
  }

  add(ms: number): void {
    this.ring[this.count % this.ring.length] = ms;
    this.count++;
  }

  /** p50, p99 and the maximum of the durations kept, in ms; zeros before the first. */
  summary(): { readonly p50: number; readonly p99: number; readonly max: number } {
    const kept = this.ring.slice(0, Math.min(this.count, this.ring.length)).sort();
    if (kept.length === 0) return { p50: 0, p99: 0, max: 0 };
    const at = (q: number): number => Number(quantile(kept, q).toFixed(3));
    return { p50: at(0.5), p99: at(0.99), max: Number(kept[kept.length - 1]!.toFixed(3)) };
  }
}
