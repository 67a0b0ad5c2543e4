import { describe, expect, it } from 'vitest';
import { builtinBots, findBuiltinBot } from '../../bots/registry.js';
import { seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import type { ClueAction } from '../../src/games/clue/actions.js';
import type { ClueVariantId } from '../../src/games/clue/cards.js';
import { VARIANTS as CLUE_VARIANTS } from '../../src/games/clue/rules.js';
import type { ClueView } from '../../src/games/clue/view.js';
import { findGame } from '../../src/games/registry.js';
import { playGame } from '../../src/referee/match.js';
import { watching } from '../support/watching-bot.js';

const LONG = process.env.PARLOR_LONG !== undefined;
const game = findGame('clue');
const VARIANTS: readonly ClueVariantId[] = ['classic', 'clueless', 'cluedo'];

interface Accusation {
  readonly bot: string;
  readonly correct: boolean;
}

/** Plays one game and returns every accusation with the bot that made it, and the result. */
function play(variant: ClueVariantId, lineup: readonly string[], index: number) {
  const accusations: Accusation[] = [];
  let caseFile = '';
  const seats = generatedSeatNames(lineup.length).map((name, seat) => {
    const base = findBuiltinBot('clue', lineup[seat]!);
    const bot = watching(base, (_view, action) => {
      if (action.type === 'accuse') accusations.push({ bot: base.name, correct: false });
    });
    return { name, label: `${lineup[seat]}#${seat}`, bot };
  });
  const result = playGame({
    game,
    variant,
    config: game.configSchema.parse({ maxTurns: 400 }),
    seed: 'clue-bots',
    key: seedKey('clue-bots'),
    index,
    seats,
    onEvent: (event) => {
      if (event.type === 'accused' && event.correct === true) accusations[accusations.length - 1] = { ...accusations[accusations.length - 1]!, correct: true };
      if (event.type === 'gameOver') caseFile = JSON.stringify(event.caseFile);
    },
  });
  return { result, accusations, caseFile };
}

describe('the Clue System Players', () => {
  it('are registered weakest first, the search player before the strongest', () => {
    expect(builtinBots('clue').map((b) => b.name)).toEqual(['random', 'checklist', 'deduction', 'ismcts', 'notebook']);
  });

  it('play whole games of every variant at 3 to 6 players without a fault; only the notebook ever accuses wrongly', () => {
    const games = LONG ? 40 : 2;
    for (const variant of VARIANTS) {
      for (let players = 3; players <= 6; players++) {
        const lineup = ['notebook', 'deduction', 'checklist', 'random', 'deduction', 'checklist'].slice(0, players);
        for (let g = 0; g < games; g++) {
          const { result, accusations } = play(variant, lineup, players * 1000 + g);
          const label = `${variant}, ${players} players, game ${g}: ${JSON.stringify(result.faults)} ${result.engineError ?? ''}`;
          expect(result.outcome, label).not.toBeNull();
          expect(result.faults, label).toEqual([]);
          for (const a of accusations) if (a.bot !== 'notebook') expect(a.correct, `${label}: ${a.bot} accused wrongly`).toBe(true);
        }
      }
    }
  });

  it('deduction never accuses wrongly, and solves most games among its kind', () => {
    const games = LONG ? 200 : 12;
    let solved = 0;
    for (let g = 0; g < games; g++) {
      const variant = VARIANTS[g % 3]!;
      const { result, accusations } = play(variant, ['deduction', 'deduction', 'deduction', 'deduction'], 50_000 + g);
      for (const a of accusations) expect(a.correct, `${variant} game ${g}`).toBe(true);
      if (result.outcome!.winners.length === 1) solved++;
    }
    expect(solved).toBeGreaterThanOrEqual(games - 1);
  });

  it('one deduction among checklists wins at least 1.8 times its fair share at 4, 5 and 6 players', () => {
    const rounds = LONG ? 10 : 1;
    for (let players = 4; players <= 6; players++) {
      let wins = 0;
      let games = 0;
      for (const variant of VARIANTS) {
        for (let g = 0; g < rounds * players; g++) {
          // Duplicate seating: the deduction player takes every seat of a deal in turn.
          const lineup = Array.from({ length: players }, (_, seat) => (seat === g % players ? 'deduction' : 'checklist'));
          const { result } = play(variant, lineup, 60_000 + players * 100 + Math.floor(g / players));
          const winners = result.outcome!.winners;
          if (winners.length === 1 && lineup[winners[0]!] === 'deduction') wins++;
          games++;
        }
      }
      expect(wins / games, `${players} players: deduction won ${wins} of ${games}`).toBeGreaterThanOrEqual(1.8 / players);
    }
  });

  it('notebook wins more games than deduction at 4 players', () => {
    const blocks = LONG ? 60 : 12;
    const wins = { notebook: 0, deduction: 0 };
    const four = ['notebook', 'deduction', 'checklist', 'random'];
    for (let block = 0; block < blocks; block++) {
      for (let rotation = 0; rotation < 4; rotation++) {
        const lineup = four.map((_, seat) => four[(seat + rotation) % 4]!);
        const { result } = play('classic', lineup, 70_000 + block);
        const winner = result.outcome!.winners.length === 1 ? lineup[result.outcome!.winners[0]!]! : '';
        if (winner === 'notebook' || winner === 'deduction') wins[winner]++;
      }
    }
    expect(wins.notebook, JSON.stringify(wins)).toBeGreaterThan(wins.deduction);
  });

  it('replay the same game from the same seed', () => {
    const a = play('classic', ['notebook', 'deduction', 'checklist', 'random'], 7);
    const b = play('classic', ['notebook', 'deduction', 'checklist', 'random'], 7);
    expect(a.result.record().steps).toEqual(b.result.record().steps);
  });
});

describe('the notebook player', () => {
  it('shows a suggester a card it has already seen from it rather than a new one', () => {
    const notebook = findBuiltinBot('clue', 'notebook');
    const players = ['Ann', 'Bob', 'Cid'].map((name, seat) => ({ seat, name, suspect: '', handSize: 6, accusedWrongly: false, departed: false, inTurnOrder: true, refutes: true }));
    const hand = ['Rope', 'Knife', 'Hall', 'Study', 'Lounge', 'Plum'].map((c) => (c === 'Plum' ? 'Professor Plum' : c));
    const first = { type: 'suggested', seat: 0, suspect: 'Miss Scarlet', weapon: 'Rope', room: 'Kitchen', suspectFrom: null, weaponFrom: null, passed: [], refuter: 1 } as const;
    const shown = { type: 'refuted', seat: 1, suggester: 0, card: 'Rope' } as const;
    const second = { type: 'suggested', seat: 0, suspect: 'Professor Plum', weapon: 'Rope', room: 'Hall', suspectFrom: null, weaponFrom: null, passed: [], refuter: 1 } as const;
    const view = {
      variant: 'classic',
      rules: CLUE_VARIANTS.classic.rules,
      seat: 1,
      hand,
      players,
      order: [0, 1, 2],
      phase: 'refute',
      suggestion: { seat: 0, suspect: 'Professor Plum', weapon: 'Rope', room: 'Hall', passed: [], refuter: 1 },
      notebook: [{ type: 'dealt', seat: 1, cards: hand }, first, shown, second],
    } as unknown as ClueView;
    const legal: ClueAction[] = [
      { type: 'show', card: 'Professor Plum' },
      { type: 'show', card: 'Rope' },
      { type: 'show', card: 'Hall' },
    ];
    for (let seed = 0; seed < 5; seed++) {
      const bot = notebook.create({ game: 'clue', variant: 'classic', config: {}, seat: 1, seats: 3, rng: { next: () => seed / 5, int: (n) => seed % n, die: () => 1 } });
      expect(bot.act(view, legal)).toEqual({ type: 'show', card: 'Rope' });
    }
  });
});
