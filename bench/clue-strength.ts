/**
 * What `parlor run` does not report about the Clue System Players: per bot, its wins, its wrong
 * accusations, and the mean number of its own turns to a correct accusation (the turn it solved
 * the case, counting every turn it played). Each block deals one game under every rotation of the
 * lineup (duplicate seating), as `parlor run` does.
 * Run: node dist/bench/clue-strength.js --variant classic --bots notebook,deduction,checklist,random [--blocks 100] [--json]
 */
import { builtinBots } from '../bots/registry.js';
import type { BotFactory } from '../src/core/bot.js';
import { seedKey } from '../src/core/rng.js';
import { generatedSeatNames } from '../src/core/seat.js';
import type { ClueAction } from '../src/games/clue/actions.js';
import type { ClueVariantId } from '../src/games/clue/cards.js';
import type { ClueView } from '../src/games/clue/view.js';
import { findGame } from '../src/games/registry.js';
import { playGame } from '../src/harness/match.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1]! : fallback;
};
const variant = option('variant', 'classic') as ClueVariantId;
const lineup = option('bots', 'notebook,deduction,checklist,random').split(',');
const blocks = Number(option('blocks', '100'));
const game = findGame('clue');

interface Tally {
  games: number;
  wins: number;
  wrong: number;
  turnsToWin: number;
}
const tally = new Map<string, Tally>();
for (const name of lineup) tally.set(name, { games: 0, wins: 0, wrong: 0, turnsToWin: 0 });

for (let block = 0; block < blocks; block++) {
  for (let rotation = 0; rotation < lineup.length; rotation++) {
    const seated = lineup.map((_, seat) => lineup[(seat + rotation) % lineup.length]!);
    const turns = seated.map(() => 0);
    const lastTurn = seated.map(() => -1);
    const seats = generatedSeatNames(seated.length).map((name, seat) => {
      const base = builtinBots('clue').find((b) => b.name === seated[seat])!;
      const counting: BotFactory<ClueView, ClueAction> = {
        ...base,
        create: (ctx) => {
          const inner = base.create(ctx);
          return {
            act: (view, legal) => {
              if (view.turn === seat && view.turnNumber !== lastTurn[seat]) {
                lastTurn[seat] = view.turnNumber;
                turns[seat]!++;
              }
              return inner.act(view, legal);
            },
          };
        },
      };
      return { name, label: seated[seat]!, bot: counting };
    });
    let winner: number | null = null;
    const result = playGame({
      game,
      variant,
      config: game.configSchema.parse({}),
      seed: 'clue-strength',
      key: seedKey('clue-strength'),
      index: block,
      seats,
      onEvent: (event) => {
        if (event.type === 'accused' && event.correct === false) tally.get(seated[event.seat as number]!)!.wrong++;
        if (event.type === 'gameOver') winner = event.winner as number | null;
      },
    });
    if (result.outcome === null) throw new Error(`game failed: ${result.engineError}`);
    seated.forEach((name) => tally.get(name)!.games++);
    if (winner !== null) {
      const t = tally.get(seated[winner]!)!;
      t.wins++;
      t.turnsToWin += turns[winner]!;
    }
  }
}

const rows = lineup.map((name) => {
  const t = tally.get(name)!;
  return { bot: name, games: t.games, wins: t.wins, winRate: +(t.wins / t.games).toFixed(3), wrongAccusations: t.wrong, meanTurnsToCorrectAccusation: t.wins > 0 ? +(t.turnsToWin / t.wins).toFixed(2) : null };
});
if (args.includes('--json')) process.stdout.write(`${JSON.stringify({ variant, lineup, blocks, rows })}\n`);
else {
  process.stdout.write(`${variant}, ${blocks} blocks of ${lineup.length} games (${lineup.join(', ')})\n`);
  for (const r of rows) process.stdout.write(`${r.bot.padEnd(10)} wins ${r.wins}/${r.games} (${(100 * r.winRate).toFixed(1)}%)  wrong accusations ${r.wrongAccusations}  mean own turns to a correct accusation ${r.meanTurnsToCorrectAccusation ?? '-'}\n`);
}
