import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { findBuiltinBot } from '../../bots/registry.js';
import type { GameDefinition } from '../../src/core/game.js';
import type { GameRecord } from '../../src/core/record.js';
import { seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import { findGame, playerRange } from '../../src/games/registry.js';
import { playGame } from '../../src/referee/match.js';
import { replayRecord } from '../../src/referee/replay.js';
import { GOLDEN_CASES, type GoldenCase } from './golden-cases.js';

/**
 * Golden playthroughs: a few whole games per game, variant and table size (golden-cases.ts), played
 * by the built-in bots and committed under scenarios/golden/ (one record per line, .jsonl so that
 * `parlor scenarios` does not take them for fixtures), each with the events every step made.
 * Replaying the actions must make the same events and end as recorded (the rules did not change):
 * a failure names the file, the game, the step, its action and the first event that differs, field
 * by field, as `parlor replay <file> --game-index <game>` does. And the bots, given the same seed,
 * must choose the same actions (nor did the bots). A difference is a bug or a deliberate change:
 * the failure shows the steps around the first difference, recorded against now; after a
 * deliberate change re-record with
 *   npm run golden:record
 * (PARLOR_GOLDEN=record npx vitest run test/harness/golden.test.ts; add -t <file> for one file) and
 * commit the diff with the change that caused it.
 */
const FOLDER = join(import.meta.dirname, '../../scenarios/golden');
const SEED = 'golden';
const recording = process.env['PARLOR_GOLDEN'] === 'record';
const RECORD_COMMAND = 'npm run golden:record';

function playthroughs(c: GoldenCase): GameRecord[] {
  const game = findGame(c.game);
  const factories = c.bots.map((name) => {
    const bot = findBuiltinBot(c.game, name);
    return bot;
  });
  const names = generatedSeatNames(c.bots.length);
  const config = game.configSchema.parse({});
  return Array.from({ length: c.games }, (_, index) =>
    playGame({
      game,
      variant: c.variant,
      config,
      seed: SEED,
      key: seedKey(SEED),
      index,
      seats: names.map((name, seat) => ({ name, label: c.bots[seat]!, bot: factories[seat]! })),
    }).record(),
  );
}

/** A playthrough's record with the events each step made, as a replay makes them. */
function withEvents(record: GameRecord): GameRecord {
  const events: unknown[][] = [];
  replayRecord(record, { onStep: (_state, step, made) => void (step !== null && events.push(JSON.parse(JSON.stringify(made)) as unknown[])) });
  return { ...record, events };
}

/** The record as a playthrough makes it: without the events the golden file adds. */
function withoutEvents(record: GameRecord): GameRecord {
  const { events: _events, ...played } = record;
  return played;
}

function goldenRecords(file: string): GameRecord[] {
  return readFileSync(join(FOLDER, file), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as GameRecord);
}

/**
 * What is wrong with game `game` of a golden file now, named by file and game, or null: its replay
 * under the rules as they are (`definition`, when a test changes one) against the record's events
 * and outcome.
 */
function goldenMismatch(file: string, game: number, record: GameRecord, definition?: GameDefinition): string | null {
  const { mismatch } = replayRecord(record, definition !== undefined ? { game: definition } : {});
  return mismatch === null ? null : `${file} game ${game}: ${mismatch}`;
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const CONTEXT = 3;

/** Where two records part: the steps around the first difference, "-" as recorded, "+" as played now, and the outcomes. */
function recordDiff(expected: GameRecord, actual: GameRecord): string {
  const steps = Math.max(expected.steps.length, actual.steps.length);
  let first = 0;
  while (first < steps && JSON.stringify(expected.steps[first]) === JSON.stringify(actual.steps[first])) first++;
  const lines: string[] = [];
  if (first < steps) {
    lines.push(`first difference at step ${first + 1} of ${expected.steps.length} recorded, ${actual.steps.length} now:`);
    for (let i = Math.max(0, first - CONTEXT); i < first; i++) lines.push(`  ${i + 1}: ${JSON.stringify(expected.steps[i])}`);
    for (let i = first; i < Math.min(steps, first + CONTEXT); i++) {
      if (i < expected.steps.length) lines.push(`- ${i + 1}: ${JSON.stringify(expected.steps[i])}`);
      if (i < actual.steps.length) lines.push(`+ ${i + 1}: ${JSON.stringify(actual.steps[i])}`);
    }
  }
  if (JSON.stringify(expected.outcome) !== JSON.stringify(actual.outcome)) lines.push(`- outcome: ${JSON.stringify(expected.outcome)}`, `+ outcome: ${JSON.stringify(actual.outcome)}`);
  if (lines.length === 0) lines.push(`the records differ outside steps and outcome: - ${JSON.stringify({ ...withoutEvents(expected), steps: [] })} + ${JSON.stringify({ ...withoutEvents(actual), steps: [] })}`);
  return lines.join('\n');
}

test('the golden cases name registered games, variants, table sizes and bots, and every golden file is one of them', () => {
  for (const c of GOLDEN_CASES) {
    const [min, max] = playerRange(findGame(c.game), c.variant);
    expect(c.bots.length, c.file).toBeGreaterThanOrEqual(min);
    expect(c.bots.length, c.file).toBeLessThanOrEqual(max);
    expect(c.variant === '' ? findGame(c.game).variants : findGame(c.game).variants.map((v) => v.id)).toEqual(c.variant === '' ? [] : expect.arrayContaining([c.variant]));
  }
  const files = existsSync(FOLDER) ? readdirSync(FOLDER) : [];
  expect(files.filter((f) => !GOLDEN_CASES.some((c) => c.file === f))).toEqual([]);
  expect(new Set(GOLDEN_CASES.map((c) => c.file)).size).toBe(GOLDEN_CASES.length);
});

test('a failure shows the steps around the first difference and the outcomes, recorded against now', () => {
  const [recorded] = goldenRecords('deadwood.2p.jsonl');
  const steps = [...recorded!.steps];
  steps[5] = { seat: 0, action: { type: 'end' } };
  const now = { ...recorded!, steps: steps.slice(0, 7), outcome: { winners: [0], rank: [1, 2] } };
  const diff = recordDiff(recorded!, now).split('\n');
  expect(diff[0]).toBe(`first difference at step 6 of ${recorded!.steps.length} recorded, 7 now:`);
  expect(diff.slice(1, 4)).toEqual([3, 4, 5].map((i) => `  ${i}: ${JSON.stringify(recorded!.steps[i - 1])}`));
  expect(diff.slice(4, 9)).toEqual([
    `- 6: ${JSON.stringify(recorded!.steps[5])}`,
    `+ 6: {"seat":0,"action":{"type":"end"}}`,
    `- 7: ${JSON.stringify(recorded!.steps[6])}`,
    `+ 7: ${JSON.stringify(recorded!.steps[6])}`,
    `- 8: ${JSON.stringify(recorded!.steps[7])}`,
  ]);
  expect(diff.slice(-2)).toEqual([`- outcome: ${JSON.stringify(recorded!.outcome)}`, '+ outcome: {"winners":[0],"rank":[1,2]}']);
});

describe('a golden game that no longer replays names the file, the game, the step, its action and the first field that differs', () => {
  const FILE = 'clue.classic.3p.jsonl';
  const [recorded] = goldenRecords(FILE);
  // The game's first suggestion: Ann's, at step 12, refuted by Bob (seat 1) on her left.
  const at = recorded!.steps.findIndex((step) => 'action' in step && (step.action as { type: string }).type === 'suggest');
  const suggestion = `step ${at + 1} (seat 0, ${JSON.stringify((recorded!.steps[at] as { action: unknown }).action)})`;

  test('a rule changed: classic Clue refuted counterclockwise, from the suggester\'s right', () => {
    expect(goldenMismatch(FILE, 0, recorded!)).toBeNull();
    // The record replayed under the option, as a rules maintainer's change to the variant's refutation would play it.
    const mismatch = goldenMismatch(FILE, 0, { ...recorded!, config: { ...(recorded!.config as Record<string, unknown>), refutation: 'counterclockwise' } });
    // Asked first now, Cid (seat 2, on Ann's right) cannot refute and passes: the event says so where the record has no one.
    // Then Bob's recorded answer no longer fits the game: six steps on, Cid is to act with nothing to choose.
    expect(mismatch).toBe(
      `${FILE} game 0: ${suggestion}: event 1 differs: .passed: expected 0 items, got 1 item: [] against [2]; then step 18 (seat 2 to decide: its view and legal actions): the engine failed: Error: seat 2 is to act but has no legal action`,
    );
    expect(recorded!.events![at]![0]).toMatchObject({ type: 'suggested', seat: 0, passed: [], refuter: 1 });
  });

  test('a record changed: its suggestion refuted by another player', () => {
    const events = recorded!.events!.map((made, i) => (i === at ? [{ ...(made[0] as object), refuter: 2 }, ...made.slice(1)] : made));
    expect(goldenMismatch(FILE, 0, { ...recorded!, events })).toBe(`${FILE} game 0: ${suggestion}: event 1 differs: .refuter: expected 2, got 1`);
    // A field the record's event does not have differs too: events are compared whole, not as a fixture's subset.
    const without = recorded!.events!.map((made, i) => (i === at ? [{ ...(made[0] as object), refuter: undefined }, ...made.slice(1)] : made));
    expect(goldenMismatch(FILE, 0, { ...recorded!, events: JSON.parse(JSON.stringify(without)) as unknown[][] })).toBe(`${FILE} game 0: ${suggestion}: event 1 differs: .refuter: expected nothing, got 1`);
    const fewer = recorded!.events!.map((made, i) => (i === at ? made.slice(1) : made));
    expect(goldenMismatch(FILE, 0, { ...recorded!, events: fewer })).toMatch(new RegExp(`^${escaped(`${FILE} game 0: ${suggestion}: 1 event now, the record holds 0: event 1 is new: {"type":"suggested",`)}`));
  });
});

describe.each(GOLDEN_CASES)('golden playthroughs $file', (c) => {
  const file = join(FOLDER, c.file);

  test(recording ? 're-record' : 'replay as recorded, and the bots still choose the same actions', () => {
    if (recording) {
      mkdirSync(FOLDER, { recursive: true });
      writeFileSync(file, playthroughs(c).map((r) => `${JSON.stringify(withEvents(r))}\n`).join(''));
      return;
    }
    expect(existsSync(file), `${c.file} is not recorded yet: ${RECORD_COMMAND}`).toBe(true);
    const golden = goldenRecords(c.file);
    expect(golden).toHaveLength(c.games);
    golden.forEach((record, i) => {
      const mismatch = goldenMismatch(c.file, i, record);
      if (mismatch !== null) expect.fail(`${mismatch}\n(the rules changed: a bug, or a deliberate change to re-record with ${RECORD_COMMAND})`);
    });
    playthroughs(c).forEach((now, i) => {
      const recorded = withoutEvents(golden[i]!);
      if (JSON.stringify(now) !== JSON.stringify(recorded)) {
        expect.fail(`${c.file} game ${i} plays differently now: a bug, or a deliberate change to re-record with ${RECORD_COMMAND}\n${recordDiff(recorded, now)}`);
      }
    });
  });
});
