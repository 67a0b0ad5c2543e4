import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBuiltinBot } from '../../bots/registry.js';
import type { BotFactory } from '../../src/core/bot.js';
import { InputError } from '../../src/core/errors.js';
import { resolveOptions } from '../../src/core/options.js';
import { GameStreams, seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import type { ClueAction } from '../../src/games/clue/actions.js';
import { VARIANT_IDS } from '../../src/games/clue/cards.js';
import { clueGame } from '../../src/games/clue/game.js';
import { rulesChanged, ruleWords } from '../../src/games/clue/rule-words.js';
import { RULE_NAMES, RULE_VALUES, VARIANTS, type ClueRules } from '../../src/games/clue/rules.js';
import type { ClueView } from '../../src/games/clue/view.js';
import { solveNotebook } from '../../src/notebook/solve-notebook.js';
import { specOfFile, type RunSpec } from '../../src/harness/spec.js';
import { optionsSet } from '../../src/report/notes.js';
import { playGame } from '../../src/referee/match.js';
import { seatObservations } from '../../src/server/notebook-grid.js';
import { parlor } from '../support/cli.js';
import { CLUE_RULE_CASES } from '../support/clue-rule-cases.js';
import { watching } from '../support/watching-bot.js';

const game = clueGame;
const seats = (players: number) => generatedSeatNames(players).map((name) => ({ name }));

/** The one line `resolveOptions` throws for `options` in `variant`, as the command line prints it. */
function refusal(variant: string, options: Record<string, unknown>): string {
  try {
    resolveOptions(game, variant, options);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error(`${JSON.stringify(options)} was accepted in ${variant}`);
}

describe('the rules as options', () => {
  it('are every field of the rules, each defaulting to the variant’s own: a config without them resolves to the variant’s rules', () => {
    for (const variant of VARIANT_IDS) {
      const resolved = resolveOptions(game, variant, {}) as Record<string, unknown>;
      expect(resolved).toEqual({ maxTurns: 1000, ...VARIANTS[variant].rules });
      // Resolving twice changes nothing, and a resolved config sets the same game up as an unresolved one.
      expect(resolveOptions(game, variant, resolved)).toEqual(resolved);
      const plain = game.setup({ variant, config: game.configSchema.parse({}), seats: seats(4), rng: new GameStreams(seedKey('same'), 0) });
      const full = game.setup({ variant, config: game.configSchema.parse(resolved), seats: seats(4), rng: new GameStreams(seedKey('same'), 0) });
      expect(full).toEqual(plain);
      expect(plain.rules).toBe(VARIANTS[variant].rules);
    }
    expect(Object.keys(resolveOptions(game, 'classic', {}) as object)).toEqual(['maxTurns', ...RULE_NAMES]);
  });

  it('puts what is set in the config, in the state and in every seat’s view, frozen, the rest as the variant has it', () => {
    const config = resolveOptions(game, 'clueless', { suggestionEndsTurn: true, refutation: 'counterclockwise' });
    expect(config).toEqual({ maxTurns: 1000, ...VARIANTS.clueless.rules, suggestionEndsTurn: true, refutation: 'counterclockwise' });
    const state = game.setup({ variant: 'clueless', config, seats: seats(3), rng: new GameStreams(seedKey('view'), 0) });
    for (let seat = 0; seat < 3; seat++) {
      const view = game.view(state, seat);
      expect(view.rules).toEqual({ ...VARIANTS.clueless.rules, suggestionEndsTurn: true, refutation: 'counterclockwise' });
      expect(Object.isFrozen(view.rules)).toBe(true);
    }
    // The variant's own rules stay as they were.
    expect(VARIANTS.clueless.rules.suggestionEndsTurn).toBe(false);
    expect(Object.isFrozen(VARIANTS.clueless.rules)).toBe(true);
  });

  it('refuses a value outside a rule’s in one line that lists the rule’s values', () => {
    for (const name of RULE_NAMES) {
      const values = RULE_VALUES[name];
      const message = refusal('classic', { [name]: 'sideways' });
      expect(message).not.toContain('\n');
      const expected = typeof values[0] === 'boolean' ? 'expected true or false' : `expected one of ${values.join(', ')}`;
      expect(message).toBe(`invalid options for clue: ${name}: Invalid ${typeof values[0] === 'boolean' ? 'input' : 'option'} "sideways": ${expected}`);
    }
    expect(refusal('classic', { movment: 'exact' })).toBe('invalid options for clue: Unrecognized key: "movment"');
  });

  it('refuses a movement or passage the variant’s board cannot play, in one line saying why and what it allows', () => {
    const refused: [string, Record<string, string>, RegExp][] = [
      ['classic', { movement: 'step' }, /^invalid options for clue: movement=step cannot be played in classic: the classic board is squares walked by a roll of the dice.*\(classic allows movement=exact or upTo\)$/],
      ['cluedo', { passage: 'step' }, /^invalid options for clue: passage=step cannot be played in cluedo: on the classic board a passage replaces the roll or is one step of a dice move.*\(cluedo allows passage=insteadOfRoll or slot\)$/],
      ['clueless', { movement: 'exact' }, /^invalid options for clue: movement=exact cannot be played in clueless: the Clue-Less grid .* \(clueless allows movement=step\)$/],
      ['clueless', { movement: 'upTo' }, /\(clueless allows movement=step\)$/],
      ['clueless', { passage: 'insteadOfRoll' }, /^invalid options for clue: passage=insteadOfRoll cannot be played in clueless: on the Clue-Less grid nobody rolls.*\(clueless allows passage=step\)$/],
      ['clueless', { passage: 'slot' }, /\(clueless allows passage=step\)$/],
    ];
    for (const [variant, options, message] of refused) {
      expect(refusal(variant, options)).toMatch(message);
      // A config that reached setup unresolved (a record, a fixture) is refused there in the same words.
      expect(() => game.setup({ variant, config: game.configSchema.parse(options), seats: seats(3), rng: new GameStreams(seedKey('x'), 0) })).toThrow(InputError);
    }
    // Every other combination of movement and passage on each board plays.
    for (const variant of VARIANT_IDS) {
      const board = VARIANTS[variant].board;
      for (const movement of RULE_VALUES.movement) {
        for (const passage of RULE_VALUES.passage) {
          const plays = board === 'classic' ? movement !== 'step' && passage !== 'step' : movement === 'step' && passage === 'step';
          if (plays) expect(resolveOptions(game, variant, { movement, passage })).toMatchObject({ movement, passage });
          else expect(() => resolveOptions(game, variant, { movement, passage })).toThrow(InputError);
        }
      }
    }
  });

  it('are listed in docs/games.md with their values and each variant’s default, as the code has them', () => {
    const page = readFileSync(join(import.meta.dirname, '../../docs/games.md'), 'utf8');
    const rows = page.split('\n').filter((line) => /^\| `\w+` \| /.test(line)).map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim().replaceAll('`', '')));
    expect(rows).toEqual(RULE_NAMES.map((name) => [name, RULE_VALUES[name].join(', '), ...VARIANT_IDS.map((variant) => String(VARIANTS[variant].rules[name]))]));
  });

  it('word every value of every rule for a player, and name the house rules that differ from a variant’s', () => {
    for (const name of RULE_NAMES) {
      const sentences = (RULE_VALUES[name] as readonly unknown[]).map((value) => ruleWords(name, { ...VARIANTS.classic.rules, [name]: value } as ClueRules));
      for (const sentence of sentences) expect(sentence).toMatch(/^[A-Z].*\.$/);
      expect(new Set(sentences).size).toBe(sentences.length);
    }
    expect(rulesChanged(VARIANTS.clueless.rules, VARIANTS.clueless.rules)).toEqual([]);
    expect(rulesChanged({ ...VARIANTS.clueless.rules, suggestionEndsTurn: true, wrongAccuser: 'leaves' }, VARIANTS.clueless.rules)).toEqual([
      'A suggestion ends your turn.',
      'A wrong accuser leaves the game, its cards kept secret.',
    ]);
  });

  it('reach the notebook input: the refutation order says who passed, and where wrong accusers leave, who passed must be given', () => {
    const base = { variant: 'classic', players: ['Ann', 'Bob', 'Cid', 'Dan'], me: 'Ann', myCards: ['Knife', 'Hall', 'Mrs. White', 'Rope', 'Lounge'], handSizes: { Ann: 5, Bob: 5, Cid: 4, Dan: 4 } };
    const suggestion = { by: 'Ann', suspect: 'Colonel Mustard', weapon: 'Candlestick', room: 'Kitchen', refutedBy: 'Cid' };
    const owners = (rules: Partial<ClueRules>) => {
      const result = solveNotebook({ ...base, rules, suggestions: [suggestion] });
      if (!result.consistent) throw new Error(result.message);
      return result.cards['Colonel Mustard']!;
    };
    // Clockwise, Bob passed before Cid refuted; counterclockwise, Dan did.
    expect(owners({})['Bob']!.status).toBe('no');
    expect(owners({})['Dan']!.status).toBe('maybe');
    expect(owners({ refutation: 'counterclockwise' })['Dan']!.status).toBe('no');
    expect(owners({ refutation: 'counterclockwise' })['Bob']!.status).toBe('maybe');
    expect(() => solveNotebook({ ...base, rules: { wrongAccuser: 'leaves' }, suggestions: [suggestion] })).toThrow(/^suggestions\[0\]\.passed: required in cluedo and wherever wrongAccuser=leaves/);
    expect(() => solveNotebook({ ...base, rules: { movement: 'step' }, suggestions: [] })).toThrow(/^rules: movement=step cannot be played in classic/);
    expect(() => solveNotebook({ ...base, rules: { refutation: 'left' }, suggestions: [] })).toThrow(/^invalid notebook input: rules\.refutation: Invalid option "left": expected one of clockwise, counterclockwise$/);
  });
});

describe('the rules in a run’s files', () => {
  it('are resolved in every record and in summary.json: each rule in effect, set or not', async () => {
    const out = mkdtempSync(join(tmpdir(), 'parlor-rules-'));
    try {
      await parlor('run', '--game', 'clue', '--variant', 'clueless', '--set', 'suggestionEndsTurn=true', '--set', 'refutation=counterclockwise', '--bots', 'random,random,random', '--games', '3', '--workers', '1', '--record', 'all', '--quiet', '--out', out);
      const expected = { maxTurns: 1000, ...VARIANTS.clueless.rules, suggestionEndsTurn: true, refutation: 'counterclockwise' };
      const records = readFileSync(join(out, 'records.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { config: unknown });
      expect(records).toHaveLength(3);
      for (const record of records) expect(record.config).toEqual(expected);
      expect((JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { config: unknown }).config).toEqual(expected);
      // The reports name what was set otherwise than the variant plays by default, and only that.
      expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain('\n- options: suggestionEndsTurn=true, refutation=counterclockwise (the rest as the game and variant play by default)\n');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('that differ from the defaults are what the reports name as the options set', () => {
    expect(optionsSet({ game: 'clue', variant: 'cluedo', config: resolveOptions(game, 'cluedo', {}) })).toEqual([]);
    expect(optionsSet({ game: 'clue', variant: 'cluedo', config: resolveOptions(game, 'cluedo', { maxTurns: 50, mayStay: false, passage: 'insteadOfRoll' }) })).toEqual(['maxTurns=50', 'passage=insteadOfRoll', 'mayStay=false']);
    // A run made before the rules were options: only what it set is there, and it is the default.
    expect(optionsSet({ game: 'clue', variant: 'classic', config: { maxTurns: 1000 } })).toEqual([]);
    expect(optionsSet({ game: 'yahtzee', variant: '', config: { series: 1 } })).toEqual(['series=1']);
  });

  it('of a run made before the rules were options read resolved, so it resumes, merges and compares with runs made since', () => {
    const older = { game: 'clue', variant: 'cluedo', config: { maxTurns: 1000 } } as unknown as RunSpec;
    expect(specOfFile(older, 2).config).toEqual({ maxTurns: 1000, ...VARIANTS.cluedo.rules });
    const resolved = { ...older, config: resolveOptions(game, 'cluedo', { mayStay: false }) };
    expect(specOfFile(resolved, 2)).toBe(resolved);
    const yahtzee = { game: 'yahtzee', variant: '', config: { series: 5 } } as unknown as RunSpec;
    expect(specOfFile(yahtzee, 2)).toBe(yahtzee);
  });
});

/** An accusation a bot made, with a copy of the view it decided from (views are refreshed in place). */
interface Accusation {
  readonly bot: string;
  readonly view: ClueView;
  readonly action: Extract<ClueAction, { type: 'accuse' }>;
}

function noting(base: BotFactory<ClueView, ClueAction>, accusations: Accusation[]): BotFactory<ClueView, ClueAction> {
  return watching(base, (view, action) => {
    if (action.type === 'accuse') accusations.push({ bot: base.name, view: structuredClone(view), action });
  });
}

const LINEUP = ['notebook', 'deduction', 'notebook', 'checklist'];

/**
 * The Clue bots under each rule their variant does not play by itself: whole games without a fault,
 * `deduction` never accusing wrongly, and `notebook` never naming a case file its observations rule
 * out. The observations are the seat's own notebook read afresh, as a person would type them, with
 * the view's rules (`seatObservations`): the accusation, taken as correct, must leave some deal that
 * fits them. A bot reasoning by the variant's rules instead of the game's (who was asked, who still
 * refutes) would sooner or later accuse what it saw ruled out.
 */
describe.each(CLUE_RULE_CASES)('the Clue bots in $label players', ({ variant, players, options }) => {
  it('play whole games without a fault; deduction never accuses wrongly, notebook never names a case file its observations rule out', () => {
    const games = process.env['PARLOR_LONG'] ? 20 : 1;
    for (let index = 0; index < games; index++) {
      const accusations: Accusation[] = [];
      const wrong: number[] = [];
      const lineup = LINEUP.slice(0, players);
      const result = playGame({
        game,
        variant,
        config: resolveOptions(game, variant, { maxTurns: 400, ...options }),
        seed: 'clue-rule-bots',
        key: seedKey('clue-rule-bots'),
        index,
        seats: generatedSeatNames(players).map((name, seat) => ({ name, label: lineup[seat]!, bot: noting(findBuiltinBot('clue', lineup[seat]!), accusations) })),
        onEvent: (event) => {
          if (event.type === 'accused' && event['correct'] === false) wrong.push(event['seat'] as number);
        },
      });
      const label = `${variant} ${JSON.stringify(options)} game ${index}`;
      expect(result.faults, label).toEqual([]);
      expect(result.outcome, label).not.toBeNull();
      for (const seat of wrong) expect(lineup[seat], `${label}: seat ${seat} accused wrongly`).toBe('notebook');
      for (const { bot, view, action } of accusations) {
        expect(view.rules, label).toEqual({ ...VARIANTS[variant].rules, ...options });
        const observed = seatObservations(view, view.players.map((p) => p.name));
        expect(solveNotebook(observed).consistent, `${label}: ${bot}'s own observations contradict each other`).toBe(true);
        const { suspect, weapon, room } = action;
        const asCorrect = solveNotebook({ ...observed, accusations: [...(observed.accusations ?? []), { by: observed.me, suspect, weapon, room, correct: true }] });
        expect(asCorrect.consistent, `${label}: ${bot} accused ${suspect}, ${weapon}, ${room}, which its observations rule out`).toBe(true);
      }
      expect(accusations.length, `${label}: nobody accused`).toBeGreaterThan(0);
    }
  });
});
describe('the Clue bots where staying in a room is allowed but suggests nothing', () => {
  // Clue-Less with mayStay: a pawn may end its turn in its room, but suggests only on entering one.
  // Bots that stayed for the room's worth all passed until the cap (game 2 of this seed did, found
  // by the long tier).
  it('move on rather than pass, and the games end with a correct accusation', () => {
    for (let index = 0; index < 3; index++) {
      const stays: string[] = [];
      const lineup = LINEUP.slice(0, 3);
      const result = playGame({
        game,
        variant: 'clueless',
        config: resolveOptions(game, 'clueless', { maxTurns: 400, mayStay: true }),
        seed: 'clue-rule-bots',
        key: seedKey('clue-rule-bots'),
        index,
        seats: generatedSeatNames(3).map((name, seat) => {
          const base = findBuiltinBot('clue', lineup[seat]!) as BotFactory<ClueView, ClueAction>;
          const bot = watching(base, (view, action, legal) => {
            if (action.type === 'pass' && legal.some((a) => a.type === 'move')) stays.push(`${base.name} in ${String(view.room)}`);
          });
          return { name, label: lineup[seat]!, bot };
        }),
      });
      expect(stays, `game ${index}`).toEqual([]);
      expect(result.outcome?.capped, `game ${index}`).not.toBe(true);
      expect(result.outcome?.winners.length, `game ${index}`).toBe(1);
    }
  });
});

