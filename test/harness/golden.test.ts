import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { randomBot } from '../../bots/generic/random.js';
import { builtinBots } from '../../bots/registry.js';
import type { GameDefinition } from '../../src/core/game.js';
import type { GameRecord } from '../../src/core/record.js';
import { seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import { GAMES } from '../../src/games/registry.js';
import { playGame } from '../../src/harness/match.js';
import { replayRecord } from '../../src/harness/replay.js';

/**
 * Golden playthroughs: a few whole games per game and variant, played by the built-in bots (the
 * generic random bot for a game that has none yet) and
 * committed under scenarios/golden/ (one record per line, .jsonl so that `parlor scenarios` does not
 * take them for fixtures). Replaying the actions must end as recorded (the rules did not change),
 * and the bots, given the same seed, must choose the same actions (nor did the bots). A difference
 * is a bug or a deliberate change: then re-record with
 *   PARLOR_GOLDEN=record npx vitest run test/harness/golden.test.ts
 * and commit the diff with the change that caused it.
 */
const FOLDER = join(import.meta.dirname, '../../scenarios/golden');
const SEED = 'golden';
const GAMES_PER_VARIANT = 3;
const recording = process.env['PARLOR_GOLDEN'] === 'record';

function playthroughs(game: GameDefinition, variant: string): GameRecord[] {
  const registered = builtinBots(game.id);
  const bots = registered.length > 0 ? registered : [randomBot];
  const range = game.variants.find((v) => v.id === variant)?.players ?? game.players;
  const players = Math.min(Math.max(bots.length, range[0], 2), range[1]);
  const names = generatedSeatNames(players);
  const config = game.configSchema.parse({});
  return Array.from({ length: GAMES_PER_VARIANT }, (_, index) =>
    playGame({
      game,
      variant,
      config,
      seed: SEED,
      key: seedKey(SEED),
      index,
      seats: names.map((name, seat) => ({ name, label: bots[seat % bots.length]!.name, bot: bots[seat % bots.length]! })),
    }).record(),
  );
}

/** Where two records first part, in words. */
function firstDifference(expected: GameRecord, actual: GameRecord): string {
  const steps = Math.max(expected.steps.length, actual.steps.length);
  for (let i = 0; i < steps; i++) {
    const e = JSON.stringify(expected.steps[i]);
    const a = JSON.stringify(actual.steps[i]);
    if (e !== a) return `step ${i + 1}: recorded ${e ?? '(none)'}, now ${a ?? '(none)'}`;
  }
  return `outcome: recorded ${JSON.stringify(expected.outcome)}, now ${JSON.stringify(actual.outcome)}`;
}

const allCases = GAMES.flatMap((game) => (game.variants.length === 0 ? [''] : game.variants.map((v) => v.id)).map((variant) => ({ game, variant })));
const fileOf = (game: GameDefinition, variant: string): string => join(FOLDER, `${game.id}${variant ? `.${variant}` : ''}.jsonl`);
/**
 * Recording writes every game and variant; checking covers those recorded (a game still being
 * written gets its playthroughs once its rules and bots settle).
 */
const cases = recording ? allCases : allCases.filter(({ game, variant }) => existsSync(fileOf(game, variant)));

test('every golden file belongs to a registered game and variant', () => {
  const known = new Set(allCases.map(({ game, variant }) => fileOf(game, variant)));
  const files = existsSync(FOLDER) ? readdirSync(FOLDER).map((f) => join(FOLDER, f)) : [];
  expect(files.filter((f) => !known.has(f))).toEqual([]);
  expect(cases.length).toBeGreaterThan(0);
});

describe.each(cases)('golden playthroughs of $game.id $variant', ({ game, variant }) => {
  const file = fileOf(game, variant);

  test(recording ? 're-record' : 'replay as recorded, and the bots still choose the same actions', () => {
    if (recording) {
      mkdirSync(FOLDER, { recursive: true });
      writeFileSync(file, playthroughs(game, variant).map((r) => `${JSON.stringify(r)}\n`).join(''));
      return;
    }
    const golden = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as GameRecord);
    expect(golden).toHaveLength(GAMES_PER_VARIANT);
    for (const record of golden) {
      const replay = replayRecord(record);
      expect(replay.mismatch, `${file} game ${record.index}: the rules changed`).toBeNull();
    }
    playthroughs(game, variant).forEach((now, i) => {
      const recorded = golden[i]!;
      if (JSON.stringify(now) !== JSON.stringify(recorded)) {
        expect.fail(`${file} game ${i} plays differently now (${firstDifference(recorded, now)}): a bug, or a deliberate change to re-record with PARLOR_GOLDEN=record npx vitest run test/harness/golden.test.ts`);
      }
    });
  });
});
