import { readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { compareRuns } from '../../src/tournament/compare.js';
import { play, raceSpec } from './support/run.js';

/** Every file of a folder and its bytes, to show a refused command changed nothing. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).sort().map((name) => [name, readFileSync(join(dir, name), 'latin1')]));
}

describe('a refused --resume leaves the run folder exactly as it was', () => {
  test('another run, a damaged checkpoint or a cut outcomes file: refused, every file kept, the run still comparable', async () => {
    const spec = raceSpec({ games: 60 });
    const { out } = await play(spec, { batchGames: 6 });
    const finished = snapshot(out);
    expect(Object.keys(finished)).toEqual(expect.arrayContaining(['summary.json', 'tally.json', 'report.md', 'report.html']));

    await expect(play({ ...spec, seed: 'another' }, { out, resume: true })).rejects.toThrow(/holds another run: seed differs/);
    expect(snapshot(out)).toEqual(finished);

    const checkpoint = join(out, 'checkpoint.jsonl');
    const lines = finished['checkpoint.jsonl']!.split('\n');
    for (const damage of ['not json', 'null']) {
      writeFileSync(checkpoint, [lines[0], damage, ...lines.slice(2)].join('\n'), 'latin1');
      const damaged = snapshot(out);
      await expect(play(spec, { out, resume: true })).rejects.toThrow(InputError);
      expect(snapshot(out)).toEqual(damaged);
    }
    writeFileSync(checkpoint, finished['checkpoint.jsonl']!, 'latin1');

    truncateSync(join(out, 'outcomes.jsonl'), 10);
    const cut = snapshot(out);
    await expect(play(spec, { out, resume: true })).rejects.toThrow(/shorter than its checkpoint says/);
    expect(snapshot(out)).toEqual(cut);

    writeFileSync(join(out, 'outcomes.jsonl'), finished['outcomes.jsonl']!, 'latin1');
    const again = await play(spec);
    expect(compareRuns(out, again.out)).toMatchObject({ compared: 60, changed: 0 });
  });
});
