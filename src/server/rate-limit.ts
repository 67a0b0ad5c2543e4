/**
 * A token bucket per connection: `perSecond` messages a second on average, bursts up to `burst`.
 * Refusals are counted in a sliding window, so a client that keeps flooding can be told apart from
 * one that bursted once.
 */
export class RateLimit {
  private tokens: number;
  private last: number;
  private readonly refusals: number[] = [];

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly floodLimit: number,
    private readonly floodWindowMs: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Whether a message arriving at `now` (ms) is within the rate; a refused one is counted. */
  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    while (this.refusals.length > 0 && this.refusals[0]! <= now - this.floodWindowMs) this.refusals.shift();
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    this.refusals.push(now);
    return false;
  }

  /** The client has been refused `floodLimit` times within the window up to its last message: it floods. */
  flooding(): boolean {
    return this.refusals.length >= this.floodLimit;
  }
}
