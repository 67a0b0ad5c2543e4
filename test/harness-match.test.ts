import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RuleError } from '../src/core/errors.js';
import type { GameDefinition } from '../src/core/game.js';
import { outcomeFromScores, withForfeits } from '../src/core/outcome.js';
import { seedKey } from '../src/core/rng.js';
import type { BotFactory } from '../src/core/bot.js';
import { playGame } from '../src/referee/match.js';

/** A two-seat race to 10: each turn a seat adds 1 or 2. Enough to exercise the match runner. */
interface RaceState {
  totals: number[];
  turn: number;
  gone: boolean[];
}
const ADD = [{ type: 'add', n: 1 }, { type: 'add', n: 2 }] as const;
const race: GameDefinition<RaceState, { type: string; n?: number }> = {
  id: 'race',
  title: 'Race',
  summary: 'test game',
  players: [2, 2],
  variants: [],
  configSchema: z.object({}),
  actionSchema: z.object({ type: z.string(), n: z.number().optional() }),
  setup: ({ seats }) => ({ totals: seats.map(() => 0), turn: 0, gone: seats.map(() => false) }),
  toAct: (s) => (s.totals.some((t) => t >= 10) || s.gone.every((g) => g) ? null : s.turn),
  legalActions: (s, seat) => (seat === s.turn && !s.totals.some((t) => t >= 10) ? ADD : []),
  apply: (s, seat, action) => {
    if (seat !== s.turn) throw new RuleError('not your turn');
    if (action.type !== 'add' || (action.n !== 1 && action.n !== 2)) throw new RuleError('add 1 or 2');
    s.totals[seat]! += action.n;
    const next = 1 - seat;
    if (!s.gone[next]) s.turn = next;
    return [{ type: 'added', seat, n: action.n }];
  },
  view: (s, seat) => ({ mine: s.totals[seat] }),
  outcome: (s) => (s.totals.some((t) => t >= 10) || s.gone.every((g) => g) ? withForfeits(outcomeFromScores(s.totals), s.gone.flatMap((g, seat) => (g ? [seat] : []))) : null),
  forfeit: (s, seat) => {
    s.gone[seat] = true;
    s.turn = 1 - seat;
    s.totals[1 - seat] = 10;
    return [{ type: 'left', seat }];
  },
  describe: (e) => e.type,
  describeAction: (a) => a.type,
};

const bot = (act: BotFactory['create']): BotFactory => ({ name: 'b', description: '', create: act });
const twos = bot(() => ({ act: (_v, legal) => legal[1] }));
const setup = (b0: BotFactory, extra: Partial<Parameters<typeof playGame>[0]> = {}) => ({
  game: race,
  variant: '',
  config: {},
  seed: 's',
  key: seedKey('s'),
  index: 0,
  seats: [
    { name: 'Ann', label: 'x', bot: b0 },
    { name: 'Bob', label: 'twos', bot: twos },
  ],
  ...extra,
});

describe('playGame', () => {
  it('plays to the end and records every step', () => {
    const result = playGame(setup(twos));
    expect(result.outcome).toEqual({ winners: [0], rank: [1, 2], score: [10, 8] });
    expect(result.steps).toBe(9);
    expect(result.record().steps).toHaveLength(9);
  });

  it.each([
    ['an illegal action', bot(() => ({ act: () => ({ type: 'add', n: 3 }) })), 'illegal'],
    ['a throw', bot(() => ({ act: () => { throw new Error('boom'); } })), 'threw'],
    ['a slow decision', bot(() => ({ act: (_v, legal) => { const t = performance.now(); while (performance.now() - t < 150); return legal[0]; } })), 'timeout'],
  ])('makes a seat forfeit and rank last on %s', (_label, faulty, kind) => {
    const result = playGame(setup(faulty, { moveTimeMs: 50 }));
    expect(result.faults).toEqual([expect.objectContaining({ seat: 0, kind })]);
    expect(result.outcome?.rank).toEqual([2, 1]);
    expect(result.outcome?.winners).toEqual([1]);
    expect(result.record().steps[0]).toMatchObject({ seat: 0, forfeit: kind });
  });

  it('accepts an equal copy of a legal action', () => {
    const copying = bot(() => ({ act: () => ({ type: 'add', n: 2 }) }));
    expect(playGame(setup(copying)).faults).toEqual([]);
  });

  it('turns an engine failure into an engineError, not a crash', () => {
    const broken = { ...race, apply: () => { throw new TypeError('bug'); } };
    const result = playGame({ ...setup(twos), game: broken });
    expect(result.outcome).toBeNull();
    expect(result.engineError).toBe('TypeError: bug');
  });
});

describe('withForfeits', () => {
  it('ranks departed seats last, the first to leave lowest, and lets the best remaining seats win', () => {
    const outcome = outcomeFromScores([50, 40, 30, 20]);
    expect(withForfeits(outcome, [0, 2])).toEqual({ winners: [1], rank: [4, 1, 3, 2], score: [50, 40, 30, 20] });
  });

  it('keeps a draw a draw', () => {
    expect(withForfeits({ winners: [], rank: [1, 1, 1] }, [1]).winners).toEqual([]);
  });
});
