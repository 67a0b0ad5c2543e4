import { execFileSync } from 'node:child_process';
import { closeSync, lstatSync, mkdtempSync, openSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { greedyBot } from '../../bots/yahtzee/greedy.js';
import { randomBot } from '../../bots/generic/random.js';
import { seedKey } from '../../src/core/rng.js';
import { findGame } from '../../src/games/registry.js';
import { playGame } from '../../src/referee/match.js';
import { FIXTURES, parlorChild, type Finished } from '../protocol/hostile-support.js';
import { parlor } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'parlor-hostile-files-'));

/** A finished game's record as a run's records.jsonl line holds it (its gameIndex last), without the newline. */
function recordLine(gameIndex: number): string {
  const yahtzee = findGame('yahtzee');
  const seats = [
    { name: 'Ann', label: 'greedy', bot: greedyBot },
    { name: 'Bob', label: 'random', bot: randomBot },
  ];
  const played = playGame({ game: yahtzee, variant: '', config: yahtzee.configSchema.parse({ series: 1 }), seed: 'files', key: seedKey('files'), index: 0, seats });
  return JSON.stringify({ ...played.record(), gameIndex });
}

// Processes of their own, started together before any test (each is seconds of a process starting)
// and looked at by the last tests, their memory measured.
let runs: Promise<{ slow: Finished; endless: Finished; big: Finished }>;
beforeAll(() => {
  const line = recordLine(0);
  const record = join(dir, 'slow.json');
  writeFileSync(record, `${line}\n`);
  // 100 MB of games (read whole, as before, they took over 300 MB), the one asked for last.
  const games = Math.ceil(100e6 / line.length);
  const file = join(dir, 'records.jsonl');
  const fd = openSync(file, 'w');
  for (let from = 0; from < games; from += 1000) {
    const block: string[] = [];
    for (let i = from; i < Math.min(games, from + 1000); i++) block.push(line.replace(/"gameIndex":0\}$/, `"gameIndex":${i}}`));
    writeFileSync(fd, `${block.join('\n')}\n`);
  }
  closeSync(fd);
  const zero = openSync('/dev/zero', 'r');
  runs = Promise.all([
    // Half the record at once, the rest after a pause, on a non-blocking pipe (where reading it whole gave EAGAIN).
    parlorChild(['replay', '-'], { through: ['python3', join(FIXTURES, 'slow-stdin.py'), record] }),
    parlorChild(['replay', '-'], { stdin: zero }),
    parlorChild(['replay', file, '--game-index', String(games - 1)]),
  ]).then(([slow, endless, big]) => {
    closeSync(zero);
    return { slow, endless, big };
  });
});

describe('what is not a file where a file is expected', () => {
  const zero = join(dir, 'z.json');
  symlinkSync('/dev/zero', zero);
  const fifo = join(dir, 'fifo.json');
  execFileSync('mkfifo', [fifo]);
  const bots = join(dir, 'devices.json');
  symlinkSync('/dev/zero', bots);

  test.each([
    [['replay', zero], `cannot read ${zero}: it is a device, not a file`],
    [['view', zero], `cannot read ${zero}: it is a device, not a file`],
    [['replay', fifo], `cannot read ${fifo}: it is a FIFO (named pipe), not a file`],
    [['scenarios', zero], `${zero}: cannot be read: it is a device, not a file`],
    [['play', '--game', 'yahtzee', '--bots', bots], `cannot read the bots file ${bots}: it is a device, not a file`],
    [['play', '--game', 'yahtzee', '--bots', 'greedy', '--record', '/dev/null'], 'cannot write /dev/null: it is not a regular file (a device, FIFO or socket); expected a file path'],
  ])('%j is refused at once, in one line', async (args, message) => {
    await expect(parlor(...args)).rejects.toThrow(message);
  });
});

test('a file over the limit is refused in one line, and a .jsonl line over it too', async () => {
  // Sparse: the sizes cost no disk.
  const whole = join(dir, 'huge.json');
  const lines = join(dir, 'huge.jsonl');
  for (const file of [whole, lines]) closeSync(openSync(file, 'w'));
  truncateSync(whole, 65 * 1024 * 1024);
  truncateSync(lines, 65 * 1024 * 1024);
  await expect(parlor('replay', whole)).rejects.toThrow(`cannot read ${whole}: it is over 64 MiB, the most parlor reads`);
  await expect(parlor('view', lines)).rejects.toThrow(`cannot read ${lines}: line 1 is over 64 MiB, the most parlor reads`);
});

test('a symlink where parlor writes a whole file is replaced, never written through', async () => {
  const victim = join(dir, 'victim.txt');
  writeFileSync(victim, 'untouched\n');
  const record = join(dir, 'linked-record.json');
  const page = join(dir, 'linked-page.html');
  symlinkSync(victim, record);
  symlinkSync(victim, page);
  await parlor('play', '--game', 'yahtzee', '--set', 'series=1', '--bots', 'greedy,random', '--seed', 'links', '--record', record);
  await parlor('view', record, '--out', page);
  expect(readFileSync(victim, 'utf8')).toBe('untouched\n');
  for (const file of [record, page]) expect(lstatSync(file).isFile(), file).toBe(true);
  expect(JSON.parse(readFileSync(record, 'utf8'))).toMatchObject({ game: 'yahtzee', seed: 'links' });
});

describe('what parlor reads in a process of its own', () => {
  test('standard input is read to its end however slowly it comes', async () => {
    const { slow } = await runs;
    expect(slow.stderr).toBe('');
    expect(slow.status).toBe(0);
    expect(slow.stdout).toMatch(/^ok: \d+ steps replayed, same outcome as recorded$/m);
  });

  test('standard input is read no further than the limit, in little memory', async () => {
    const { endless } = await runs;
    expect(endless.status).toBe(2);
    expect(endless.stderr).toBe('parlor: cannot read -: standard input is over 64 MiB, the most parlor reads\n');
    expect(endless.maxRssMb).toBeLessThan(300);
  });

  test('a records.jsonl is read a line at a time: one game of a file of any size, in the memory of one game', async () => {
    const { big } = await runs;
    expect(big.stderr).toBe('');
    expect(big.stdout).toMatch(/^ok: \d+ steps replayed, same outcome as recorded$/m);
    expect(big.maxRssMb).toBeLessThan(300);
  });
});
