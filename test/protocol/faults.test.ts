import { describe, expect, test } from 'vitest';
import { randomBot } from '../../bots/generic/random.js';
import type { BotFactory } from '../../src/core/bot.js';
import { seedKey } from '../../src/core/rng.js';
import { findGame } from '../../src/games/registry.js';
import { playGame, type MatchResult } from '../../src/referee/match.js';
import { processBotFactory } from '../../src/protocol/process-bot.js';
import { processLimitsSchema } from '../../src/protocol/process-limits.js';
import { misbehaving, PYTHON_BOT } from './support.js';

const yahtzee = findGame('yahtzee');

/** One 2-player single game of Yahtzee: the process in seat 0, random in seat 1. */
function playAgainstRandom(bot: BotFactory, index = 0): MatchResult {
  return playGame({
    game: yahtzee,
    variant: '',
    config: yahtzee.configSchema.parse({ series: 1 }),
    seed: 'faults',
    key: seedKey('faults'),
    index,
    seats: [
      { name: 'Ann', label: 'process', bot },
      { name: 'Bob', label: 'random', bot: randomBot },
    ],
  });
}

const limits = (o: Record<string, unknown>) => processLimitsSchema.parse(o);

describe('process bot faults at the edges', () => {
  test('no ready within the handshake time is a timeout, reported at the seat’s first decision', () => {
    const result = playAgainstRandom(processBotFactory('sleep 5', limits({ handshakeMs: 300 })));
    expect(result.faults).toEqual([{ seat: 0, kind: 'timeout', detail: 'no ready within 300 ms' }]);
    expect(result.outcome!.rank).toEqual([2, 1]);
  });

  test('time over the move time is drawn from the bank until it runs out', () => {
    // 0.1 s a decision against 30 ms a move: each decision draws ~70 ms of a 600 ms bank.
    const result = playAgainstRandom(processBotFactory(misbehaving('slow'), limits({ moveMs: 30, bankMs: 600 })));
    expect(result.faults).toHaveLength(1);
    const [, act, within] = /^no action for act (\d+) within (\d+) ms$/.exec(result.faults[0]!.detail) ?? [];
    expect(result.faults[0]!.kind).toBe('timeout');
    // The first decisions lived on the bank; the one that timed out had less than the bank left.
    expect(Number(act)).toBeGreaterThanOrEqual(3);
    expect(Number(act)).toBeLessThanOrEqual(10);
    expect(Number(within)).toBeLessThan(30 + 600 - 70);
  });

  test('a crash names the exit code and the end of the bot’s stderr', () => {
    const result = playAgainstRandom(processBotFactory(`echo 'Traceback: something broke' >&2; exit 4`, limits({})));
    expect(result.faults).toHaveLength(1);
    expect(result.faults[0]!.kind).toBe('crash');
    expect(result.faults[0]!.detail).toBe('the process exited with code 4; stderr ends: Traceback: something broke');
  });

  test('a command that does not exist is a crash with the shell’s word for it', () => {
    const result = playAgainstRandom(processBotFactory('/nonexistent/bot-binary', limits({})));
    expect(result.faults[0]!.kind).toBe('crash');
    expect(result.faults[0]!.detail).toMatch(/exited with code 127; stderr ends: .*not found/);
  });

  test('a bot that floods stderr (5 MB) still plays: stderr is drained, only its tail kept', () => {
    const bot = processBotFactory(`head -c 5000000 /dev/zero | tr '\\0' x >&2; exec ${PYTHON_BOT}`, limits({ stderrBytes: 1000 }));
    const result = playAgainstRandom(bot);
    expect(result.faults).toEqual([]);
    expect(result.outcome).not.toBeNull();
  });

  test('a process is kept across games and started again after it dies', () => {
    // The bot counts the hellos it has seen and exits at its third decision of the second game.
    const script = `python3 -c "
import json, sys
hellos = acts = 0
for line in sys.stdin:
    m = json.loads(line)
    if m['type'] == 'hello':
        hellos += 1; acts = 0
        print(json.dumps({'type': 'ready', 'name': str(hellos)}), flush=True)
    elif m['type'] == 'act':
        acts += 1
        if hellos == 2 and acts == 3: sys.exit(9)
        print(json.dumps({'type': 'action', 'id': m['id'], 'action': m['legal'][0]}), flush=True)
"`;
    const bot = processBotFactory(script, limits({}));
    expect(playAgainstRandom(bot, 0).faults).toEqual([]);
    expect(playAgainstRandom(bot, 1).faults.map((f) => f.detail)).toEqual(['the process exited with code 9']);
    // A fresh process: its count of hellos starts again, so it does not exit at game 2's third decision.
    expect(playAgainstRandom(bot, 2).faults).toEqual([]);
    bot.close();
  });
});
