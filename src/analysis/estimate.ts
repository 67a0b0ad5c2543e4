import { tQuantile975 } from '../stats/moments.js';

/** A mean over games with its 95% interval (Student's t; null with fewer than two games). */
export interface Estimate {
  readonly games: number;
  readonly mean: number;
  readonly sd: number;
  readonly ci95: readonly [number, number] | null;
}

/** A running mean and spread of real numbers (Welford's: no sum of squares to cancel). */
export class Moments {
  count = 0;
  private mean = 0;
  private m2 = 0;

  add(x: number): void {
    this.count++;
    const delta = x - this.mean;
    this.mean += delta / this.count;
    this.m2 += delta * (x - this.mean);
  }

  estimate(): Estimate {
    const sd = this.count < 2 ? 0 : Math.sqrt(this.m2 / (this.count - 1));
    const half = this.count < 2 ? 0 : (tQuantile975(this.count - 1) * sd) / Math.sqrt(this.count);
    return { games: this.count, mean: this.mean, sd, ci95: this.count < 2 ? null : [this.mean - half, this.mean + half] };
  }
}
