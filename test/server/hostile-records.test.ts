import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { refusedOrigin } from '../../src/server/origin-check.js';
import { clueBot, testServer } from './helpers.js';

describe('the origin of a page is compared exactly: scheme, host and port', () => {
  const loopback = { allowed: new Set<string>(), loopbackOnly: true };

  test('a page of another scheme, or an origin with a user name, is not the server’s', () => {
    expect(refusedOrigin('http://127.0.0.1:8080', '127.0.0.1:8080', loopback)).toBeNull();
    expect(refusedOrigin('https://127.0.0.1:8080', '127.0.0.1:8080', loopback)).toMatch(/^the page's origin https:\/\/127\.0\.0\.1:8080 is not this server's \(127\.0\.0\.1:8080\)/);
    expect(refusedOrigin('http://evil@127.0.0.1:8080', '127.0.0.1:8080', loopback)).toMatch(/^the page's origin http:\/\/evil@127\.0\.0\.1:8080 is not this server's/);
    // Not even an allowed origin gets in with a user name before it.
    expect(refusedOrigin('https://evil@friend.example', '127.0.0.1:8080', { ...loopback, allowed: new Set(['https://friend.example']) })).not.toBeNull();
    // Behind a TLS proxy that says so, the page is https.
    expect(refusedOrigin('https://game.example', 'game.example', { allowed: new Set(), loopbackOnly: false }, 'https')).toBeNull();
  });
});

/** A server that fills a table with System Players as soon as one person joins, closed with the game unfinished. */
async function oneUnfinishedGame(records: string): Promise<void> {
  const { server, ws } = await testServer({ recordsDir: records, seed: 'fixed', fillWith: clueBot('random') });
  const socket = new WebSocket(ws);
  const seated = new Promise<void>((resolve) => socket.on('message', (data) => String(data).includes('"type":"start"') && resolve()));
  await new Promise((resolve) => socket.on('open', resolve));
  socket.send(JSON.stringify({ type: 'join', name: 'Ann' }));
  await seated;
  socket.close();
  await server.close();
}

test('a server started again with the same seed keeps the records of the earlier one', async () => {
  const records = mkdtempSync(join(tmpdir(), 'parlor-serve-again-'));
  await oneUnfinishedGame(records);
  const first = readFileSync(join(records, 'fixed-1.json'), 'utf8');
  await oneUnfinishedGame(records);
  expect(readdirSync(records).sort()).toEqual(['fixed-1-2.json', 'fixed-1.json']);
  expect(readFileSync(join(records, 'fixed-1.json'), 'utf8')).toBe(first);
  expect(JSON.parse(readFileSync(join(records, 'fixed-1-2.json'), 'utf8'))).toMatchObject({ seed: 'fixed', index: 1, outcome: null });
});
