import { describe, expect, it } from 'vitest';
import { replayRecord } from '../../src/referee/replay.js';
import { randomClient, refusedUpgrade, savedRecords, ScriptedClient, testServer, until } from './helpers.js';

/** Three people seated in one game (seats 0, 1, 2 in join order), their tokens, and the first prompt. */
async function tableOfThree(ws: string) {
  const people = [await ScriptedClient.connect(ws), await ScriptedClient.connect(ws), await ScriptedClient.connect(ws)];
  people.forEach((p, i) => p.send({ type: 'join', name: ['Ann', 'Bob', 'Cid'][i] }));
  const starts = await Promise.all(people.map((p) => p.next('start')));
  const turn = await people[0]!.next('yourTurn');
  return { people, tokens: starts.map((s) => s.token), turn };
}

describe('parlor serve: security', () => {
  it('refuses acting for another seat, forged tokens, acting out of turn and rule-breaking moves, and the game goes on unharmed', async () => {
    const { ws } = await testServer();
    const { people, tokens, turn } = await tableOfThree(ws);
    const [ann, bob, cid] = people as [ScriptedClient, ScriptedClient, ScriptedClient];
    const move = turn.moves[0]!.action;

    bob.send({ type: 'action', token: tokens[0], action: move });
    expect(await bob.next('error')).toMatchObject({ code: 'bad-token', action: move });
    cid.send({ type: 'action', token: 'forged-token-forged-token', action: move });
    expect((await cid.next('error')).code).toBe('bad-token');
    bob.send({ type: 'action', token: tokens[1], action: move });
    const outOfTurn = await bob.next('error');
    expect(outOfTurn.code).toBe('not-your-turn');
    expect(outOfTurn.message).toContain('Ann is to act');

    // G.14: the first move goes to the hallway next to the home square; the engine's sentence comes back.
    ann.send({ type: 'action', token: tokens[0], action: { type: 'move', to: 'Kitchen' } });
    const rule = await ann.next('error');
    expect(rule.code).toBe('rule');
    expect(rule.message.length).toBeGreaterThan(10);

    // Nothing changed: no one was sent an update since the start, and Ann's own move is taken.
    for (const p of people) expect(p.all('update')).toHaveLength(1);
    ann.send({ type: 'action', token: tokens[0], action: move });
    const after = await bob.next('update', (u) => u.events.some((e) => e.event.type === 'moved'));
    expect(after.view.pawns['Miss Scarlet']).toBe(move.to);
    expect(after.events.map((e) => e.line)).toContain(`Ann moved Miss Scarlet from Miss Scarlet's home to the ${move.to} hallway.`);
  });

  it('never seats anyone in a running game without its token: a join queues for the next game, a made-up token is refused', async () => {
    const { ws } = await testServer();
    const { tokens } = await tableOfThree(ws);
    const stranger = await ScriptedClient.connect(ws);
    stranger.send({ type: 'action', token: tokens[0], action: { type: 'pass' } });
    expect((await stranger.next('error')).code).toBe('not-seated');
    stranger.send({ type: 'reconnect', token: 'x'.repeat(24) });
    const refused = await stranger.next('error');
    expect(refused.code).toBe('bad-token');
    expect(refused.message).toContain('join');
    stranger.send({ type: 'join', name: 'Dee' });
    expect(await stranger.next('queued')).toMatchObject({ position: 1, waiting: 1, needed: 2 });
    stranger.send({ type: 'join' });
    expect((await stranger.next('error')).code).toBe('already-joined');
    stranger.send({ type: 'ping' });
    await stranger.next('pong');
    expect(stranger.all('start')).toEqual([]);
    expect(stranger.all('update')).toEqual([]);
  });

  it('tells a connection past --max-connections that the server is full, and closes it', async () => {
    const { server, ws } = await testServer({ maxConnections: 3 });
    const held = [await ScriptedClient.connect(ws), await ScriptedClient.connect(ws), await ScriptedClient.connect(ws)];
    for (const client of held) await client.next('hello');
    const extra = await ScriptedClient.connect(ws);
    expect(await extra.next('error')).toMatchObject({ code: 'server-full', message: 'the server holds its most connections (3): try again later' });
    expect((await extra.closedNow()).code).toBe(1013);
    held[0]!.socket.close();
    await held[0]!.closedNow();
    await until(() => server.status().connections === 2, 2000, 'the server to let the connection go');
    const later = await ScriptedClient.connect(ws);
    await later.next('hello');
  });

  it('holds at most --max-per-ip connections from one address; other addresses are counted apart, and a closed one frees its place', async () => {
    const { server, ws } = await testServer({ maxPerIp: 2 });
    const held = [await ScriptedClient.connect(ws), await ScriptedClient.connect(ws)];
    for (const client of held) await client.next('hello');
    const extra = await ScriptedClient.connect(ws);
    expect(await extra.next('error')).toMatchObject({ code: 'too-many-connections', message: 'your address holds the most connections the server allows one address (2): close one, or try again later' });
    expect((await extra.closedNow()).code).toBe(1013);
    expect(extra.all('hello')).toEqual([]);
    // Another address (127.0.0.2 is loopback too) has places of its own.
    const elsewhere = await ScriptedClient.connect(ws, { localAddress: '127.0.0.2' });
    await elsewhere.next('hello');
    held[0]!.socket.close();
    await held[0]!.closedNow();
    await until(() => server.status().connections === 2, 2000, 'the server to let the connection go');
    const later = await ScriptedClient.connect(ws);
    await later.next('hello');
    // The refused connection never counted: after it, still one place per closed connection.
    const over = await ScriptedClient.connect(ws);
    expect((await over.next('error')).code).toBe('too-many-connections');
  });

  it('refuses a WebSocket upgrade from a page of another origin (403, one line), and lets in its own pages, programs without an Origin and --allow-origin ones', async () => {
    const { server, ws } = await testServer({ allowOrigins: ['https://friend.example'] });
    const own = new URL(server.url).origin;
    const evil = await refusedUpgrade(ws, { origin: 'https://evil.example' });
    expect(evil).toEqual({
      status: 403,
      body: `origin-not-allowed: the page's origin https://evil.example is not this server's (${new URL(server.url).host}): pages of other sites may not connect; start the server with --allow-origin https://evil.example to let its pages connect\n`,
    });
    // The same host on another port is another origin; so is a sandboxed page's "null".
    expect((await refusedUpgrade(ws, { origin: 'http://127.0.0.1:1' })).status).toBe(403);
    expect((await refusedUpgrade(ws, { origin: 'null' })).status).toBe(403);
    // A page of another site whose name was pointed at 127.0.0.1 (DNS rebinding) looks same-origin: its host is not a loopback name.
    const port = new URL(server.url).port;
    const rebound = await refusedUpgrade(ws, { origin: `http://evil.example:${port}`, headers: { host: `evil.example:${port}` } });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('is not a loopback name, but this server listens on loopback only');
    for (const options of [{ origin: own }, {}, { origin: 'https://friend.example' }, { origin: `http://localhost:${port}`, headers: { host: `localhost:${port}` } }]) {
      const client = await ScriptedClient.connect(ws, options);
      await client.next('hello');
    }
    expect(server.status().connections).toBe(4);
  });

  it('refuses oversized and malformed messages with one clear line and keeps the connection', async () => {
    const { ws } = await testServer({ maxMessageBytes: 1024 });
    const client = await ScriptedClient.connect(ws);
    const hello = await client.next('hello');
    expect(hello.limits.maxMessageBytes).toBe(1024);
    client.send({ type: 'join', name: 'x'.repeat(2000) });
    const large = await client.next('error');
    expect(large.code).toBe('too-large');
    expect(large.message).toMatch(/at most 1024 bytes; this one has \d+/);
    client.send('not json at all');
    expect(await client.next('error')).toMatchObject({ code: 'bad-message', message: expect.stringContaining('not JSON') });
    client.send({ type: 'fly' });
    expect(await client.next('error')).toMatchObject({ code: 'bad-message', message: expect.stringContaining('(expected a type of join, reconnect, action, leave, notebook, ping)') });
    client.send({ type: 'join', name: 'Ann', seat: 2 });
    expect((await client.next('error')).message).toContain('seat');
    client.send({ type: 'ping' });
    await client.next('pong');
    expect(client.closed).toBeNull();
  });

  it('rate-limits a flooding seat, then disconnects it; a System Player takes the seat and the game ends unharmed', async () => {
    const { ws, records } = await testServer({ rate: 20, graceSeconds: 0.2 });
    const flooder = await ScriptedClient.connect(ws);
    flooder.send({ type: 'join', name: 'Flo' });
    await flooder.next('queued');
    const others = [await randomClient(ws, 11), await randomClient(ws, 12)];
    for (const other of others) other.join();
    await flooder.next('start');
    for (let i = 0; i < 200; i++) flooder.send({ type: 'ping' });
    const closed = await flooder.closedNow();
    expect(closed).toEqual({ code: 4008, reason: 'flooding' });
    const limited = flooder.all('error').filter((e) => e.code === 'rate-limited');
    expect(limited.length).toBeGreaterThan(50);
    expect(limited[0]!.message).toContain('more than 20 messages a second');
    const overs = await Promise.all(others.map((o) => o.finished));
    expect(overs.every((o) => o !== null)).toBe(true);
    await until(() => savedRecords(records).length === 1, 5000, 'the record');
    const [record] = savedRecords(records);
    expect(record!.seats[0]).toEqual({ name: 'Flo', bot: 'person then random' });
    expect(replayRecord(record!).mismatch).toBeNull();
    expect(overs[0]!.outcome).toEqual(record!.outcome);
  }, 30_000);
});
