import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { replayRecord } from '../../src/referee/replay.js';
import type { StartMessage } from '../../src/server/messages.js';
import type { RandomClient } from '../../src/server/random-client.js';
import { clueBot, randomClient, savedRecords, ScriptedClient, testServer, until } from './helpers.js';

/** Ann and Bob join a server that fills the third seat with a System Player; Ann's start message. */
async function annAndBob(ws: string): Promise<{ ann: ScriptedClient; bob: ScriptedClient; start: StartMessage }> {
  const ann = await ScriptedClient.connect(ws);
  const bob = await ScriptedClient.connect(ws);
  ann.send({ type: 'join', name: 'Ann' });
  bob.send({ type: 'join', name: 'Bob' });
  const start = await ann.next('start');
  expect(start.seats.map((s) => s.kind)).toEqual(['person', 'person', 'system']);
  return { ann, bob, start };
}

describe('parlor serve: faults', () => {
  it('finishes every game when clients die mid-game (System Players take over after the grace period) and loses nothing', async () => {
    const { server, ws, records } = await testServer({ graceSeconds: 0.2 });
    // Four games; in the first three one person's connection dies, in the last all three die.
    const plan = [
      [undefined, 6, undefined],
      [9, undefined, undefined],
      [undefined, undefined, 4],
      [3, 5, 7],
    ];
    const clients: RandomClient[] = [];
    for (const [g, drops] of plan.entries()) {
      for (const [s, drop] of drops.entries()) {
        const client = await randomClient(ws, 100 + g * 3 + s, 0.02, drop);
        client.join();
        clients.push(client);
      }
      await until(() => clients.slice(-3).every((c) => c.gameId !== null), 5000, `game ${g + 1} to start`);
    }
    await Promise.all(clients.map((c) => c.finished));
    await until(() => savedRecords(records).length === 4, 20_000, 'four records');
    expect(server.status()).toMatchObject({ games: 0, finished: 4 });
    for (const record of savedRecords(records)) {
      const where = `seed test game ${record.index}`;
      expect(record.outcome, where).not.toBeNull();
      expect(replayRecord(record).mismatch, where).toBeNull();
      const drops = plan[record.index - 1]!;
      expect(
        record.seats.map((s) => s.bot),
        where,
      ).toEqual(drops.map((d) => (d === undefined ? 'person' : 'person then random')));
      // The survivors were told the outcome the record holds.
      for (const client of clients.filter((c) => c.gameId === `g${record.index}` && c.gameOver !== null)) expect(client.gameOver!.outcome, where).toEqual(record.outcome);
      expect(clients.filter((c) => c.gameId === `g${record.index}` && c.gameOver !== null)).toHaveLength(drops.filter((d) => d === undefined).length);
    }
  }, 60_000);

  it('gives the seat back on reconnect within the grace period, with the whole notebook; a System Player takes it on leave', async () => {
    const { ws, records } = await testServer({ fillWith: clueBot('random'), graceSeconds: 10, countdownSeconds: 0.5 });
    // Bob never acts: the game waits for him until he leaves.
    const { ann, bob, start } = await annAndBob(ws);
    const firstTurn = await ann.next('yourTurn');
    const before = ann.all('update').flatMap((u) => u.events);
    ann.socket.terminate();
    expect((await bob.next('status', (s) => s.text.includes('dropped'))).text).toBe("Ann's connection dropped: the seat is held for 10 s.");

    const again = await ScriptedClient.connect(ws);
    again.send({ type: 'reconnect', token: start.token });
    expect(await again.next('start')).toMatchObject({ gameId: start.gameId, seat: 0, token: start.token, name: 'Ann' });
    const full = await again.next('update');
    expect(full.events.map((e) => e.event)).toEqual(before.map((e) => e.event));
    expect(full.status).toBe('Your turn.');
    expect((await again.next('yourTurn')).moves).toEqual(firstTurn.moves);
    expect((await bob.next('status', (s) => s.text.includes('back'))).text).toBe('Ann is back.');

    // The token is the seat: a third connection reconnecting with it replaces the second.
    const third = await ScriptedClient.connect(ws);
    third.send({ type: 'reconnect', token: start.token });
    await third.next('yourTurn');
    expect((await again.next('error')).code).toBe('replaced');
    expect((await again.closedNow()).code).toBe(4001);

    third.send({ type: 'action', token: start.token, action: firstTurn.moves[0]!.action });
    await third.next('update', (u) => u.events.some((e) => e.event.type === 'moved'));
    third.send({ type: 'leave' });
    expect((await third.next('status', (s) => s.text.includes('left'))).text).toBe('You left the game.');
    await bob.next('yourTurn');
    const late = await ScriptedClient.connect(ws);
    late.send({ type: 'reconnect', token: start.token });
    expect((await late.next('error')).code).toBe('seat-taken-over');

    bob.send({ type: 'leave' });
    await until(() => savedRecords(records).length === 1, 20_000, 'the record');
    const [record] = savedRecords(records);
    expect(record!.seats.map((s) => s.bot)).toEqual(['person then random', 'person then random', 'random']);
    expect(record!.outcome).not.toBeNull();
    expect(replayRecord(record!).mismatch).toBeNull();
    // Once the game is over its tokens are forgotten.
    late.send({ type: 'reconnect', token: start.token });
    expect((await late.next('error')).code).toBe('bad-token');
  }, 30_000);

  it('the default System Player (notebook) takes over a seat, having read what the seat saw, and finishes the game', async () => {
    const { ws, records } = await testServer({ fillWith: clueBot('random'), takeover: clueBot('notebook'), graceSeconds: 0 });
    const ann = await randomClient(ws, 7, 0.02, 10);
    ann.join();
    await until(() => savedRecords(records).length === 1, 30_000, 'the record');
    const [record] = savedRecords(records);
    expect(record!.seats[0]!.bot).toBe('person then notebook');
    expect(record!.outcome).not.toBeNull();
    expect(replayRecord(record!).mismatch).toBeNull();
  }, 40_000);
});

describe('parlor serve: a connection that stops answering', () => {
  it('is cut by the heartbeat, and its seat follows the grace rule', async () => {
    const { ws, records } = await testServer({ fillWith: clueBot('random'), graceSeconds: 0.1, heartbeatMs: 100 });
    const silent = new WebSocket(ws, { autoPong: false });
    const closed = new Promise<number>((resolve) => silent.once('close', resolve));
    await new Promise((resolve) => silent.once('open', resolve));
    silent.send(JSON.stringify({ type: 'join', name: 'Ann' }));
    expect(await closed).toBe(1006);
    await until(() => savedRecords(records).length === 1, 10_000, 'the record');
    expect(savedRecords(records)[0]!.seats[0]!.bot).toBe('person then random');
  });
});

describe('parlor serve: a person who does not act', () => {
  it('is replaced by the System Player after --turn-time, keeps watching, and can no longer act', async () => {
    // Seed "b": the System Player that takes Ann's seat goes on to win, which her last status line must not call her win.
    const { ws, records } = await testServer({ fillWith: clueBot('random'), turnSeconds: 2, countdownSeconds: 0.5, seed: 'b' });
    const { ann, bob, start } = await annAndBob(ws);
    const turn = await ann.next('yourTurn');
    const status = await ann.next('status', (s) => s.text.includes('did not act'), 5000);
    expect(status.text).toBe("Ann did not act within 2 s: a System Player (random) takes Ann's seat.");
    // Ann still watches: her seat is the System Player's, and her status line says so.
    const watched = await ann.next('update', (u) => u.seats[0]!.kind === 'system');
    expect(watched.status).toBe('A System Player plays your seat now; it is to act.');
    // Bob, prompted now, has not acted yet either: the game is still on.
    ann.send({ type: 'action', token: start.token, action: turn.moves[0]!.action });
    expect((await ann.next('error')).code).toBe('seat-taken-over');
    bob.send({ type: 'leave' });
    const over = await ann.next('gameOver', () => true, 20_000);
    await until(() => savedRecords(records).length === 1, 5000, 'the record');
    const [record] = savedRecords(records);
    expect(record!.seats.map((s) => s.bot)).toEqual(['person then random', 'person then random', 'random']);
    expect(over.outcome).toEqual(record!.outcome);
    expect(replayRecord(record!).mismatch).toBeNull();
    // Ann's last status line: a win by the System Player in her seat is not read to her as her own.
    expect(over.winner).toBe(0);
    expect(ann.all('update').at(-1)!.status).toBe('Game over: the System Player that took your seat solved the case.');
  }, 30_000);
});
