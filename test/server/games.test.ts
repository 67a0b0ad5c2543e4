import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clueGame } from '../../src/games/clue/game.js';
import { replayRecord } from '../../src/referee/replay.js';
import type { RandomClient } from '../../src/server/random-client.js';
import { parlor } from '../support/cli.js';
import { clueBot, randomClient, replayedState, savedRecords, ScriptedClient, testServer, until } from './helpers.js';

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
    // S.9: a player holding any of the suggested cards is asked to choose one to show, with one card
    // as with several (answering a single card at once would tell the table how many it holds).
    const asked = clients.flatMap((c) => c.log.flatMap((m, i) => (m.type === 'disprove' ? [{ m, prompt: c.log[i - 1] }] : [])));
    expect(asked.some(({ m }) => m.mayShow.length === 1)).toBe(true);
    expect(asked.some(({ m }) => m.mayShow.length > 1)).toBe(true);
    for (const { m, prompt } of asked) {
      expect(m.mayShow.length).toBeGreaterThan(0);
      expect(prompt).toMatchObject({ type: 'yourTurn', phase: 'refute', show: m.mayShow, moves: [], suggest: null, accuse: null, pass: false });
    }
    await until(() => savedRecords(records).length === 6, 5000, 'the records');
    expect(server.status().finished).toBe(6);
    const replayed = await parlor('replay', join(records, 'test-1.json'));
    expect(replayed.stdout).toMatch(/^ok: \d+ steps replayed, same outcome as recorded$/m);
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

describe('parlor serve: the notebook grid', () => {
  it('answers a seated player with its exact notebook, from its own observations', async () => {
    const { ws } = await testServer({ fillWith: clueBot('random'), countdownSeconds: 0.05, fillTo: 4 });
    const ann = await ScriptedClient.connect(ws);
    ann.send({ type: 'notebook' });
    expect((await ann.next('error')).code).toBe('not-seated');
    ann.send({ type: 'join', name: 'Ann' });
    const start = await ann.next('start');
    // Play Ann's turns (the first move each time, suggesting the first names) until a card was shown to her.
    let shown: { seat: number; card: string } | null = null;
    for (let turns = 0; shown === null && turns < 200; turns++) {
      const turn = await ann.next('yourTurn');
      const action =
        turn.show.length > 0
          ? { type: 'show', card: turn.show[0] }
          : turn.suggest !== null
            ? { type: 'suggest', suspect: turn.suggest.suspects[turns % 6], weapon: turn.suggest.weapons[(turns * 5) % 6] }
            : turn.moves.length > 0
              ? turn.moves[turns % turn.moves.length]!.action
              : { type: 'pass' };
      ann.send({ type: 'action', token: start.token, action });
      const update = await ann.next('update');
      const refuted = update.events.map((e) => e.event).find((e) => e.type === 'refuted' && e.suggester === 0 && e.card !== undefined);
      if (refuted?.type === 'refuted') shown = { seat: refuted.seat, card: refuted.card! };
    }
    expect(shown).not.toBeNull();
    ann.send({ type: 'notebook' });
    const notebook = await ann.next('notebook');
    const view = ann.all('update').at(-1)!.view;
    expect(notebook.consistent).toBe(true);
    expect(notebook.owners).toEqual([...view.order.map((seat) => start.seats[seat]!.name), 'caseFile']);
    for (const card of view.hand) expect(notebook.cards![card]!['Ann']!.status).toBe('yes');
    expect(notebook.cards![shown!.card]![start.seats[shown!.seat]!.name]!.status).toBe('yes');
    for (const owners of Object.values(notebook.cards!)) {
      expect(Object.values(owners).reduce((sum, o) => sum + o.p, 0)).toBeCloseTo(1, 9);
    }
    expect(BigInt(notebook.worlds) > 0n).toBe(true);
  }, 30_000);
});
