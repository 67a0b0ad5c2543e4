import { describe, expect, it } from 'vitest';
import type { BotContext } from '../../src/core/bot.js';
import { InputError } from '../../src/core/errors.js';
import { VARIANTS } from '../../src/games/clue/rules.js';
import { servedConfig } from '../../src/server/served-game.js';
import { replayRecord } from '../../src/referee/replay.js';
import { slowly } from '../support/slow-bot.js';
import { clueBot, randomClient, savedRecords, ScriptedClient, testServer, until } from './helpers.js';

/** One random client joins a server that fills the other two seats; the game's saved record once it ends. */
async function oneGame(options: Parameters<typeof testServer>[0]) {
  const { ws, records } = await testServer(options);
  const client = await randomClient(ws, 5);
  client.join();
  await until(() => savedRecords(records).length === 1, 20_000, 'the record');
  return savedRecords(records)[0]!;
}

describe('parlor serve: the referee’s options, as in a tournament', () => {
  it("hands System Players the server's seed and the game's index, and holds them to the move time: a slow decision is a timeout fault", async () => {
    const contexts: BotContext[] = [];
    const record = await oneGame({ fillWith: slowly(clueBot('random'), 150, contexts), moveTimeMs: 50 });
    expect(contexts.map(({ seed, index, seat }) => ({ seed, index, seat }))).toEqual([
      { seed: 'test', index: 1, seat: 1 },
      { seed: 'test', index: 1, seat: 2 },
    ]);
    const forfeits = record.steps.filter((step) => 'forfeit' in step);
    expect(forfeits.map((step) => step.seat).sort()).toEqual([1, 2]);
    for (const step of forfeits) expect(step).toMatchObject({ forfeit: 'timeout', detail: expect.stringMatching(/^took \d+\.\d ms, limit 50 ms$/) });
    expect(replayRecord(record).mismatch).toBeNull();
  }, 30_000);

  it('stops a game past its step limit on an engine error, saved in its record', async () => {
    const record = await oneGame({ fillWith: clueBot('random'), maxSteps: 4 });
    // As a tournament's record says an engine error: the error as describeError writes it.
    expect(record.engineError).toBe('Error: the game did not end within 4 steps');
    expect(record.outcome).toBeNull();
    expect(record.steps).toHaveLength(4);
  }, 30_000);
});

describe('parlor serve --set: the rules of the served games', () => {
  it('are told in hello and in every view, and are the rules the games are played and recorded by', async () => {
    const config = servedConfig({ suggestionEndsTurn: true, wrongAccuser: 'leaves' });
    const rules = { ...VARIANTS.clueless.rules, suggestionEndsTurn: true, wrongAccuser: 'leaves' };
    const { ws, records } = await testServer({ fillWith: clueBot('random'), config });
    const watcher = await ScriptedClient.connect(ws);
    expect((await watcher.next('hello')).rules).toEqual(rules);
    const client = await randomClient(ws, 7);
    client.join();
    await until(() => savedRecords(records).length === 1, 20_000, 'the record');
    const record = savedRecords(records)[0]!;
    expect(record.config).toEqual({ maxTurns: 1000, ...rules });
    expect(replayRecord(record).mismatch).toBeNull();
    // Without --set, Clue-Less's own rules.
    const plain = await ScriptedClient.connect((await testServer()).ws);
    expect((await plain.next('hello')).rules).toEqual(VARIANTS.clueless.rules);
  }, 30_000);

  it('takes the rules and maxTurns only, each checked as the command line checks it', () => {
    expect(servedConfig({ maxTurns: 50 })).toMatchObject({ maxTurns: 50, ...VARIANTS.clueless.rules });
    expect(() => servedConfig({ placings: true })).toThrow(/^--set placings: the server's games take the rules and maxTurns only \(expected one of maxTurns, movement, passage, /);
    expect(() => servedConfig({ movement: 'exact' })).toThrow(InputError);
    expect(() => servedConfig({ movement: 'exact' })).toThrow(/^invalid options for clue: movement=exact cannot be played in clueless/);
  });
});
