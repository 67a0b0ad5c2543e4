import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clueBot, ScriptedClient, testServer } from './helpers.js';

async function joined(ws: string, names: readonly string[]): Promise<ScriptedClient[]> {
  const clients: ScriptedClient[] = [];
  for (const name of names) {
    const client = await ScriptedClient.connect(ws);
    client.send({ type: 'join', name });
    await client.next('queued');
    clients.push(client);
  }
  return clients;
}

describe('parlor serve: queue and countdown (S.2-S.5)', () => {
  it('answers a connection at once, counts down from the third person, seats a fourth who comes in time', async () => {
    const { ws } = await testServer({ countdownSeconds: 2 });
    const connected = Date.now();
    const first = await ScriptedClient.connect(ws);
    const hello = await first.next('hello');
    expect(Date.now() - connected).toBeLessThan(7000);
    expect(hello).toMatchObject({ protocol: 1, variant: 'clueless', players: [3, 6], countdownSeconds: 2 });
    first.send({ type: 'join', name: 'Ann' });
    expect(await first.next('queued')).toMatchObject({ name: 'Ann', position: 1, waiting: 1, needed: 2 });
    const others = await joined(ws, ['Bob', 'Cid']);
    const countdown = await first.next('countdown');
    expect(countdown.names).toEqual(['Ann', 'Bob', 'Cid']);
    expect(countdown.seconds).toBeLessThanOrEqual(2);
    const [dee] = await joined(ws, ['Dee']);
    const start = await dee!.next('start');
    expect(Date.now()).toBeGreaterThanOrEqual(countdown.startsAt - 5);
    expect(start.seats.map((s) => [s.name, s.suspect, s.kind])).toEqual([
      ['Ann', 'Miss Scarlet', 'person'],
      ['Bob', 'Colonel Mustard', 'person'],
      ['Cid', 'Mrs. White', 'person'],
      ['Dee', 'Mr. Green', 'person'],
    ]);
    for (const client of [first, ...others]) expect((await client.next('start')).gameId).toBe(start.gameId);
    expect(start.board.rooms[1]).toEqual(['Library', 'Billiard Room', 'Dining Room']);
    expect(start.board.hallways).toHaveLength(12);
    expect(start.board.homes.find((h) => h.suspect === 'Miss Scarlet')!.hallway).toBe('Hall-Lounge');
  });

  it('starts at once with six, keeps the seventh for the next game, and stops the countdown when too few are left', async () => {
    const { ws } = await testServer({ countdownSeconds: 60 });
    const six = await joined(ws, ['A', 'B', 'C', 'D', 'E', 'F']);
    for (const client of six) expect((await client.next('start')).seats).toHaveLength(6);
    const [g, h, i] = await joined(ws, ['G', 'H', 'I']);
    await g!.next('countdown');
    i!.send({ type: 'leave' });
    await i!.next('status', (s) => s.text === 'You left the queue.');
    expect(await g!.next('queued', (q) => q.waiting === 2)).toMatchObject({ position: 1, needed: 1 });
    expect(await h!.next('queued', (q) => q.waiting === 2)).toMatchObject({ position: 2, needed: 1 });
    expect(g!.all('start')).toEqual([]);
  });

  it('fills the table with System Players when the countdown ends short, and gives taken or empty names generated ones', async () => {
    const { ws } = await testServer({ countdownSeconds: 1.5, fillWith: clueBot('random'), fillTo: 4 });
    const [a, b, c] = await joined(ws, ['Ann', 'ann', '']);
    const start = await a!.next('start');
    expect(start.seats.map((s) => s.kind)).toEqual(['person', 'person', 'person', 'system']);
    const names = start.seats.map((s) => s.name);
    expect(names[0]).toBe('Ann');
    expect(names.every((name) => name !== '')).toBe(true);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(4);
    expect((await b!.next('start')).name).toBe(names[1]);
    expect((await c!.next('start')).name).toBe(names[2]);
  });
});

describe('parlor serve: names', () => {
  it('refuses, in one line, a name that reads as the case file, a System Player or a card, in any case or short form', async () => {
    const { ws } = await testServer({ countdownSeconds: 60 });
    const client = await ScriptedClient.connect(ws);
    const refusals = [
      ['Case file', 'the case file'],
      ['CASEFILE', 'the case file'],
      ['system player', 'a System Player'],
      ['Col. Mustard', 'the card Colonel Mustard'],
      ['mrs white', 'the card Mrs. White'],
      ['Lead pipe', 'the card Lead Pipe'],
      ['billiard', 'the card Billiard Room'],
    ] as const;
    for (const [name, reason] of refusals) {
      client.send({ type: 'join', name });
      const error = await client.next('error', (e) => e.message.includes(`"${name}"`));
      expect(error.code).toBe('bad-name');
      expect(error.message).toContain(reason);
      expect(error.message).not.toContain('\n');
    }
    expect(client.all('queued')).toEqual([]);
    client.send({ type: 'join', name: 'Mustard Fan' });
    expect(await client.next('queued')).toMatchObject({ name: 'Mustard Fan', position: 1 });
  });

  it('cuts a long name at 24 UTF-16 units between whole grapheme clusters, never inside an emoji', async () => {
    const { ws } = await testServer({ countdownSeconds: 60 });
    const client = await ScriptedClient.connect(ws);
    // 23 letters, then a family emoji of 11 units (joined by zero-width joiners): it does not fit, and is left out whole.
    client.send({ type: 'join', name: `${'a'.repeat(23)}👩‍👩‍👧‍👦 and more` });
    expect((await client.next('queued')).name).toBe('a'.repeat(23));
    const other = await ScriptedClient.connect(ws);
    other.send({ type: 'join', name: `${'b'.repeat(22)}é😀` });
    expect((await other.next('queued')).name).toBe(`${'b'.repeat(22)}é`);
  });

  it('tells a queued person their place once per change: the countdown starting sends no second identical queued', async () => {
    const { ws } = await testServer({ countdownSeconds: 60 });
    const [ann, bob, cid] = await joined(ws, ['Ann', 'Bob', 'Cid']);
    await cid!.next('countdown');
    await ann!.next('countdown');
    for (const client of [ann!, bob!, cid!]) {
      const types = client.messages.map((m) => JSON.stringify(m));
      for (let i = 1; i < types.length; i++) expect(types[i], `message ${i} repeats the one before`).not.toBe(types[i - 1]);
    }
    expect(cid!.all('queued')).toHaveLength(1);
  });
});

describe('parlor serve: HTTP', () => {
  it('serves the client folder, never a file outside it, and /status', async () => {
    const { server, records } = await testServer();
    mkdirSync(join(records, 'client'), { recursive: true });
    writeFileSync(join(records, 'client', 'index.html'), '<!doctype html><title>Clue-Less</title>');
    const { server: withClient } = await testServer({ clientDir: join(records, 'client') });
    const page = await fetch(`${withClient.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('content-security-policy')).toContain("style-src 'self';");
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Clue-Less');
    expect((await fetch(`${withClient.url}/missing.js`)).status).toBe(404);
    const outside = await fetch(`${withClient.url}/..%2f..%2f..%2fetc%2fpasswd`);
    expect([403, 404]).toContain(outside.status);
    expect(await outside.text()).not.toContain('root:');
    const status = (await (await fetch(`${server.url}/status`)).json()) as Record<string, unknown>;
    expect(status).toMatchObject({ queued: 0, games: 0, finished: 0, connections: 0 });
    expect((status['memory'] as { rssMB: number }).rssMB).toBeGreaterThan(0);
  });
});
