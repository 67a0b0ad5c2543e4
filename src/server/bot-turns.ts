/**
 * Shares the event loop among the games whose System Players have turns to play: each game plays
 * a slice, round robin, and at most `tickMs` of bot work runs between two polls for messages, so
 * a crowd of bot-heavy games delays no client by more than a tick (and one decision).
 */
export class BotTurns {
  /** Each plays one slice of its game's bot turns and says whether more remain. */
  private readonly queue: (() => boolean)[] = [];
  private pending = false;

  constructor(private readonly tickMs: number) {}

  add(slice: () => boolean): void {
    this.queue.push(slice);
    this.wake();
  }

  private wake(): void {
    if (this.pending || this.queue.length === 0) return;
    this.pending = true;
    setImmediate(() => this.tick());
  }

  private tick(): void {
    this.pending = false;
    const until = performance.now() + this.tickMs;
    for (let n = this.queue.length; n > 0 && performance.now() < until; n--) {
      const slice = this.queue.shift()!;
      if (slice()) this.queue.push(slice);
    }
    this.wake();
  }
}
