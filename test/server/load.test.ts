import { describe, expect, it } from 'vitest';
import { replayRecord } from '../../src/referee/replay.js';
import { runLoad } from '../../src/server/load.js';
import { savedRecords, testServer, until } from './helpers.js';

describe('parlor serve: load (the small version of bench/serve-load.ts)', () => {
  it('plays 20 concurrent games of random WebSocket clients to the end without an error; every record replays', async () => {
    const { server, ws, records } = await testServer({ rate: 20 });
    const load = await runLoad({ url: ws, games: 20, seats: 3, seconds: 40, accuseChance: 0.05, seed: 3 });
    expect(load).toMatchObject({ clients: 60, gamesStarted: 20, gamesFinished: 20, errors: 0 });
    expect(load.actions).toBeGreaterThan(20 * 10);
    expect(load.received).toBeGreaterThan(load.actions * 3);
    expect(load.latencyMs.p99).toBeGreaterThan(0);
    await until(() => savedRecords(records).length === 20, 5000, 'the records');
    const status = server.status();
    expect(status).toMatchObject({ games: 0, finished: 20 });
    expect(status.actionMs.p50).toBeGreaterThan(0);
    expect(status.actionMs.p99).toBeGreaterThanOrEqual(status.actionMs.p50);
    expect(status.actionMs.max).toBeGreaterThanOrEqual(status.actionMs.p99);
    for (const record of savedRecords(records)) expect(replayRecord(record).mismatch, `seed test game ${record.index}`).toBeNull();
  }, 60_000);
});
