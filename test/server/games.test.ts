import { describe, expect, it } from 'vitest';
import { clueGame } from '../../src/games/clue/game.js';
import { replayRecord } from '../../src/harness/replay.js';
import type { RandomClient } from '../../src/server/random-client.js';
import { randomClient, replayedState, savedRecords, testServer, until } from './helpers.js';

/** Everything a client was sent must be exactly what its seat may see: checked against the replayed game. */
function checkPrivacy(client: RandomClient, record: Parameters<typeof replayedState>[0]): void {
  const seat = client.seat;
  const state = replayedState(record);
  const where = `seed test game ${record.index} seat ${seat}`;
  const events = client.log.flatMap((m) => (m.type === 'update' ? m.events : []));
  expect(events.map((e) => e.n), where).toEqual(events.map((_, i) => i));
  // The notebook the client was sent is the engine's notebook of its seat, event for event.
  expect(JSON.parse(JSON.stringify(events.map((e) => e.event))), where).toEqual(JSON.parse(JSON.stringify(clueGame.view(state, seat).notebook)));
  let accused = false;
  for (const message of client.log) {
    if (message.type === 'update') {
      expect(message.view.seat, where).toBe(seat);
      expect(message.view.hand, where).toEqual(state.hands[seat]);
      if (message.events.some(({ event }) => event.type === 'accused' && event['seat'] === seat)) accused = true;
      if (message.view.phase !== 'over' && !accused) expect(message.view.caseFile, where).toBeNull();
    }
    if (message.type === 'accusation') {
      expect(message.caseFile !== undefined, where).toBe(message.seat === seat);
    }
    if (message.type === 'disprove') expect(message.mayShow.every((card) => state.hands[seat]!.includes(card)), where).toBe(true);
  }
}

describe('parlor serve: whole games between random clients', () => {
  it('plays 6 concurrent games to the end; every record replays to the outcome the clients were told; each client saw only its seat', async () => {
    const { server, ws, records } = await testServer();
    const clients: RandomClient[] = [];
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
      expect(replayRecord(record).mismatch).toBeNull();
      expect(record.seats.map((s) => s.bot)).toEqual(['person', 'person', 'person']);
      const players = clients.filter((c) => c.gameId === `g${record.index}`);
      expect(players).toHaveLength(3);
      for (const player of players) {
        expect(player.gameOver!.outcome).toEqual(record.outcome);
        expect(player.gameOver!.record).toBe(`test-${record.index}.json`);
        checkPrivacy(player, record);
      }
    }
  }, 60_000);
});
