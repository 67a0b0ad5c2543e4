import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { randomBot } from '../../bots/generic/random.js';
import { seenEvent } from '../../src/core/events.js';
import type { Action } from '../../src/core/game.js';
import { GameStreams, seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import { processBotFactory } from '../../src/protocol/process-bot.js';
import { processLimitsSchema } from '../../src/protocol/process-limits.js';
import { playGame } from '../../src/referee/match.js';
import { ONE_CASE_PER_VARIANT } from '../support/game-cases.js';

const RECORDER = fileURLToPath(new URL('./fixtures/recorder.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'parlor-seat-messages-'));
const factories: ReturnType<typeof processBotFactory>[] = [];
afterAll(() => factories.forEach((f) => f.close()));

/** One case per game and variant, at its fewest players. */
const cases = ONE_CASE_PER_VARIANT;

/**
 * A process bot is told exactly what its seat may know: `hello` its seat and the table, each
 * `event` line the next event as its seat sees it (`seenEvent`) and nothing else, each `act` the
 * seat's view and legal actions at that moment. The reference is the game replayed from its record
 * with the engine alone.
 */
describe.each(cases)('the protocol hands a seat its own view and events: $game.id $variant', ({ game, variant, players }) => {
  it('hello, event and act lines carry exactly the seat\'s setup, seen events, views and legal actions', async () => {
    const file = join(dir, `${game.id}-${variant}.jsonl`);
    const seat = players - 1;
    const factory = processBotFactory(`node ${RECORDER} ${file}`, processLimitsSchema.parse({}));
    factories.push(factory);
    const config = game.configSchema.parse({});
    const names = generatedSeatNames(players);
    const seats = names.map((name, s) => ({ name, label: s === seat ? 'recorder' : 'random', bot: s === seat ? factory : randomBot }));
    const result = playGame({ game, variant, config, seed: 'seat-messages', key: seedKey('seat-messages'), index: 0, seats });
    expect(result.faults).toEqual([]);
    factory.close();
    const record = result.record();

    // The engine alone, from the record: what the seat saw, and what it was shown at each of its decisions.
    const rng = new GameStreams(seedKey(record.seed), record.index);
    const state = game.setup({ variant, config, seats: names.map((name) => ({ name })), rng });
    const expected: unknown[] = [];
    for (const step of record.steps) {
      // Copied at once: views may share the state's objects or be refreshed in place.
      if (step.seat === seat && 'action' in step) expected.push(JSON.parse(JSON.stringify({ type: 'act', view: game.view(state, seat), legal: game.legalActions(state, seat) })));
      const events = 'forfeit' in step ? game.forfeit(state, step.seat) : game.apply(state, step.seat, step.action as Action, rng);
      for (const event of events) {
        const seen = seenEvent(event, seat);
        if (seen !== null) expected.push(JSON.parse(JSON.stringify({ type: 'event', event: seen })));
      }
    }
    // The last events go out with the result, which the process may write down after the game is over here.
    const deadline = Date.now() + 20_000;
    while (!readFileSync(file, 'utf8').includes('"type":"result"') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ type: 'hello', game: game.id, variant, config, seat, seats: players, seed: 'seat-messages', index: 0 });
    const told = lines.slice(1).filter((m) => m['type'] === 'event' || m['type'] === 'act').map((m) => (m['type'] === 'act' ? { type: 'act', view: m['view'], legal: m['legal'] } : m));
    expect(told).toEqual(expected);
    expect(told.filter((m) => (m as { type: string }).type === 'act').length).toBeGreaterThan(0);
  });
});
