/**
 * What `parlor run` does not report about the Clue System Players: per entrant, its wins, its wrong
 * accusations, and the mean number of its own turns to a correct accusation (the turn it solved
 * the case, counting every turn it played). It plays exactly the games `parlor run` plays with the
 * same flags (duplicate seating: each block one deal under every rotation of a lineup drawn for the
 * block; game seeds from --seed and the block), so its
 * wins equal the run's and the two read together.
 * Run: node dist/bench/clue-strength.js --variant classic --bots notebook,deduction,checklist,random [--players 3] [--games 400] [--seed parlor] [--json]
 */
import { findBuiltinBot } from '../bots/registry.js';
import type { BotFactory } from '../src/core/bot.js';
import { seedKey } from '../src/core/rng.js';
import { generatedSeatNames } from '../src/core/seat.js';
import type { ClueVariantId } from '../src/games/clue/cards.js';
import { findGame } from '../src/games/registry.js';
import { parseEntrants } from '../src/harness/entrants.js';
import { playGame } from '../src/referee/match.js';
import { blockLineup, makeSchedule, rotateLineup } from '../src/harness/schedule.js';
import { aroundDecisions } from './clue-games.js';
import { hasFlag, numberOption, textOption } from './args.js';

const variant = textOption('variant', 'classic') as ClueVariantId;
const entrants = parseEntrants(textOption('bots', 'notebook,deduction,checklist,random'));
const players = numberOption('players', entrants.length);
const seed = textOption('seed', 'parlor');
const game = findGame('clue');
const config = game.configSchema.parse({});
const schedule = makeSchedule(entrants.length, players, 'duplicate', numberOption('games', 400));
const key = seedKey(seed);
const names = generatedSeatNames(players);

const factories = entrants.map((e) => {
  if (e.source.kind !== 'builtin') throw new Error(`${e.label}: only built-in Clue bots are measured here`);
  return findBuiltinBot('clue', e.source.name);
});

interface Tally {
  games: number;
  wins: number;
  wrong: number;
  turnsToWin: number;
}
const tally: Tally[] = entrants.map(() => ({ games: 0, wins: 0, wrong: 0, turnsToWin: 0 }));

/** A bot that counts the turns its seat plays into `turns`. */
function counting(base: BotFactory, seat: number, turns: number[]): BotFactory {
  let lastTurn = -1;
  return aroundDecisions(base, (view, decide) => {
    if (view.turn === seat && view.turnNumber !== lastTurn) {
      lastTurn = view.turnNumber;
      turns[seat]!++;
    }
    return decide();
  });
}

const lineup: number[] = [];
const seated: number[] = [];
for (let block = 0; block < schedule.blocks; block++) {
  blockLineup(schedule, key, block, lineup);
  for (let rotation = 0; rotation < schedule.blockSize; rotation++) {
    rotateLineup(lineup, rotation, seated);
    const turns = seated.map(() => 0);
    const seats = seated.map((e, seat) => ({ name: names[seat]!, label: entrants[e]!.label, bot: counting(factories[e]!, seat, turns) }));
    let winner: number | null = null;
    const result = playGame({
      game,
      variant,
      config,
      seed,
      key,
      index: block,
      seats,
      onEvent: (event) => {
        if (event.type === 'accused' && event.correct === false) tally[seated[event.seat as number]!]!.wrong++;
        if (event.type === 'gameOver') winner = event.winner as number | null;
      },
    });
    if (result.outcome === null) throw new Error(`game ${block * schedule.blockSize + rotation} failed: ${result.engineError}`);
    for (const e of seated) tally[e]!.games++;
    if (winner !== null) {
      const t = tally[seated[winner]!]!;
      t.wins++;
      t.turnsToWin += turns[winner]!;
    }
  }
}

const rows = entrants.map((e, i) => {
  const t = tally[i]!;
  return {
    bot: e.label,
    games: t.games,
    wins: t.wins,
    winRate: +(t.wins / t.games).toFixed(4),
    wrongAccusations: t.wrong,
    meanTurnsToCorrectAccusation: t.wins > 0 ? +(t.turnsToWin / t.wins).toFixed(2) : null,
  };
});
if (hasFlag('json')) process.stdout.write(`${JSON.stringify({ variant, players, seed, games: schedule.games, rows })}\n`);
else {
  process.stdout.write(`${variant}, ${schedule.games} games of ${players} players (${entrants.map((e) => e.label).join(', ')}), seed ${seed}\n`);
  for (const r of rows) {
    process.stdout.write(
      `${r.bot.padEnd(12)} wins ${r.wins}/${r.games} (${(100 * r.winRate).toFixed(1)}%)  wrong accusations ${r.wrongAccusations}  mean own turns to a correct accusation ${r.meanTurnsToCorrectAccusation ?? '-'}\n`,
    );
  }
}
