import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { Client, MAX_BUFFERED_BYTES } from '../../src/server/client.js';
import { RateLimit } from '../../src/server/rate-limit.js';

function fakeSocket(bufferedAmount: number) {
  return { readyState: 1, OPEN: 1, bufferedAmount, send: vi.fn(), terminate: vi.fn(), close: vi.fn() };
}

describe('a connection', () => {
  it('is cut off when it reads too far behind, instead of queueing its updates without end', () => {
    const traffic = { sent: 0, received: 0 };
    const reading = fakeSocket(MAX_BUFFERED_BYTES);
    new Client(reading as unknown as WebSocket, new RateLimit(20, 40, 100, 10_000, 0), traffic).send({ type: 'pong', time: 1 });
    expect(reading.send).toHaveBeenCalledWith('{"type":"pong","time":1}');
    expect(reading.terminate).not.toHaveBeenCalled();
    const stalled = fakeSocket(MAX_BUFFERED_BYTES + 1);
    new Client(stalled as unknown as WebSocket, new RateLimit(20, 40, 100, 10_000, 0), traffic).send({ type: 'pong', time: 2 });
    expect(stalled.send).not.toHaveBeenCalled();
    expect(stalled.terminate).toHaveBeenCalledOnce();
    expect(traffic.sent).toBe(1);
  });
});

describe('the rate limit', () => {
  it('lets a burst through, refuses the excess, refills with time, and tells a flood from a burst', () => {
    const limit = new RateLimit(10, 20, 5, 1000, 0);
    for (let i = 0; i < 20; i++) expect(limit.take(0)).toBe(true);
    expect(limit.take(0)).toBe(false);
    expect(limit.flooding()).toBe(false);
    expect(limit.take(100)).toBe(true);
    expect(limit.take(100)).toBe(false);
    for (let i = 0; i < 3; i++) limit.take(100);
    expect(limit.flooding()).toBe(true);
    // Refusals older than the window no longer count.
    expect(limit.take(5000)).toBe(true);
    limit.take(5000);
    expect(limit.flooding()).toBe(false);
  });
});
