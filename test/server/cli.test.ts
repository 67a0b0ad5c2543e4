import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { replayRecord } from '../../src/referee/replay.js';
import { parlor } from '../support/cli.js';
import { savedRecords, ScriptedClient, until } from './helpers.js';

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

describe('parlor serve: the command', () => {
  it.each([
    [['--port', '70000'], '--port 70000: expected an integer 0-65535'],
    [['--fill-with', 'nobody'], '--fill-with nobody: not a Clue System Player; expected one of random, checklist, deduction, notebook'],
    [['--fill-to', '9'], '--fill-to 9: expected 3-6'],
    [['--countdown', '-1'], '--countdown -1: expected seconds >= 0'],
    [['--rate', '0'], '--rate 0: expected messages a second >= 1'],
    [['--max-per-ip', '0'], '--max-per-ip 0: expected an integer >= 1'],
    [['--allow-origin', 'example.com'], '--allow-origin example.com: expected an origin such as https://example.com (scheme, host and port if any; no path)'],
    [['--allow-origin', 'https://example.com', '--allow-origin', 'https://example.com/game'], '--allow-origin https://example.com/game: expected an origin'],
  ])('refuses %j in one line', async (flags, message) => {
    await expect(parlor('serve', ...flags)).rejects.toThrow(message);
  });

  it('refuses a port in use in one line (the WebSocket server passes the error on, and it is handled)', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const records = join(mkdtempSync(join(tmpdir(), 'parlor-serve-')), 'records');
      await expect(parlor('serve', '--port', String(port), '--records', records)).rejects.toThrow(`cannot listen on 127.0.0.1:${port} (EADDRINUSE): choose another --port or --host`);
      // The records folder is made for the first record, not by a server that never started.
      expect(existsSync(records)).toBe(false);
    } finally {
      taken.close();
    }
  });

  it('listens, plays, and on SIGTERM tells the clients, saves the unfinished game and exits 0', async () => {
    const records = mkdtempSync(join(tmpdir(), 'parlor-serve-cli-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve', '--port', '0', '--countdown', '0', '--fill-with', 'random', '--records', records, '--seed', 'cli', '--max-per-ip', '2', '--allow-origin', 'https://friend.example'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (chunk) => (out += String(chunk)));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      await until(() => /listening on http:\/\/127\.0\.0\.1:\d+/.test(out), 20_000, 'the listening line');
      expect(out).toContain('seed cli');
      const url = /listening on (http:\/\/\S+)/.exec(out)![1]!;
      const status = (await (await fetch(`${url}/status`)).json()) as { games: number };
      expect(status.games).toBe(0);
      const ws = `${url.replace(/^http/, 'ws')}/ws`;
      const ann = await ScriptedClient.connect(ws, { origin: 'https://friend.example' });
      // Without --turn-time a person has 120 s to act: a silent player does not stall the table for ever.
      expect((await ann.next('hello')).turnSeconds).toBe(120);
      ann.send({ type: 'join', name: 'Ann' });
      await ann.next('yourTurn');
      // The flags reach the server: a second connection from this address is let in, a third is not.
      await (await ScriptedClient.connect(ws)).next('hello');
      expect((await (await ScriptedClient.connect(ws)).next('error')).code).toBe('too-many-connections');
      child.kill('SIGTERM');
      expect((await ann.next('error')).code).toBe('closing');
      expect(await exited).toBe(0);
      const [record] = savedRecords(records);
      expect(record!.outcome).toBeNull();
      expect(record!.seats.map((s) => s.bot)).toEqual(['person', 'random', 'random']);
      expect(replayRecord(record!).mismatch).toBeNull();
    } finally {
      rmSync(records, { recursive: true, force: true });
    }
  }, 40_000);
});
