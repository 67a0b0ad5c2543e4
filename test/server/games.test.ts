import { describe, expect, it } from 'vitest';
import { replayRecord } from '../../src/harness/replay.js';
import { randomClient, savedRecords, testServer, until } from './helpers.js';

describe('parlor serve: whole games between random clients', () => {
  it('plays 6 concurrent games to the end; every record replays to the outcome the clients were told', async () => {
    const { server, ws, records } = await testServer();
    const clients = [];
    for (let i = 0; i < 18; i++) {
      const client = await randomClient(ws, i + 1);
      client.join();
      clients.push(client);
    }
    const overs = await Promise.all(clients.map((c) => c.finished));
    for (const client of clients) {
      expect(client.invalid, `seat ${client.seat} of ${client.gameId}`).toEqual([]);
      expect(client.errors).toEqual([]);
    }
    expect(overs.every((over) => over !== null)).toBe(true);
    await until(() => savedRecords(records).length === 6, 5000, 'the records');
    expect(server.status().finished).toBe(6);
    for (const record of savedRecords(records)) {
      const replay = replayRecord(record);
      expect(replay.mismatch).toBeNull();
      const told = overs.find((over) => over!.record === `test-${record.index}.json`)!;
      expect(told.outcome).toEqual(record.outcome);
      expect(record.seats.map((s) => s.bot)).toEqual(['person', 'person', 'person']);
    }
  }, 60_000);
});
