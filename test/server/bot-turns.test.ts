import { describe, expect, it } from 'vitest';
import { BotTurns } from '../../src/server/bot-turns.js';

function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('bot turns on the event loop', () => {
  it('runs the games round robin, each to its end, and lets other callbacks in between ticks', async () => {
    const turns = new BotTurns(5);
    const order: string[] = [];
    const game = (name: string, slices: number) => {
      let left = slices;
      return (): boolean => {
        order.push(name);
        busy(3);
        return --left > 0;
      };
    };
    let between = 0;
    const timer = setInterval(() => between++, 0);
    turns.add(game('a', 3));
    turns.add(game('b', 1));
    turns.add(game('c', 2));
    turns.add(() => {
      order.push('end');
      return false;
    });
    // Every slice played: 3 + 1 + 2 + 1.
    while (order.length < 7) await new Promise((resolve) => setTimeout(resolve, 5));
    clearInterval(timer);
    expect(order.slice(0, 4)).toEqual(['a', 'b', 'c', 'end']);
    expect(order.slice(4)).toEqual(['a', 'c', 'a']);
    // 5 ms a tick, 3 ms a slice: two slices a tick at most, so timers ran between the ticks.
    expect(between).toBeGreaterThan(1);
  });
});
