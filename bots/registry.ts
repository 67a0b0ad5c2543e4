import { declareReadOnly, type BotFactory } from '../src/core/bot.js';
import { InputError } from '../src/core/errors.js';
import type { GameDefinition } from '../src/core/game.js';
import { GAMES } from '../src/games/registry.js';
import { clueBots } from './clue/index.js';
import { deadwoodBots } from './deadwood/index.js';
import type { GameBots } from './game-bots.js';
import { GENERIC_SEARCH, ismctsBot } from './generic/ismcts.js';
import { randomBot } from './generic/random.js';
import { yahtzeeBots } from './yahtzee/index.js';

/** The games with System Players of their own, one line a game; every other game has the generic ones alone. */
const PACKAGES: readonly GameBots[] = [
  clueBots,
  deadwoodBots,
  yahtzeeBots,
];

/** A game, or the id of one that `GAMES` lists. */
export type GameOrId = GameDefinition | string;

interface Lineup {
  /** Weakest first, `ismcts` before the strongest, which stays last. */
  readonly bots: readonly BotFactory[];
  readonly takeover: BotFactory;
}

/** Built once a game, so that a game's bots are the same objects wherever they are asked for. */
const lineups = new WeakMap<GameDefinition, Lineup>();
const searchPlayers = new WeakSet<BotFactory>();

/**
 * A game's System Players: its package's (bots/<game>/index.ts), the generic `random` first unless
 * the package has its own, and `ismcts` wherever the game can be searched, at the package's defaults
 * or else the contract's. They only read what they are handed (test/bots-read-only.test.ts), so the
 * referee need not copy it.
 */
function lineupOf(game: GameDefinition): Lineup {
  const known = lineups.get(game);
  if (known !== undefined) return known;
  const own = PACKAGES.find((p) => p.game === game.id);
  const bots = own?.bots ?? [];
  const players = bots.some((b) => b.name === randomBot.name) ? bots : [randomBot, ...bots];
  const search = ismctsBot(game, players, own?.search ?? GENERIC_SEARCH);
  if (search !== null) searchPlayers.add(search);
  const ordered = search === null ? players : players.length === 1 ? [...players, search] : [...players.slice(0, -1), search, players.at(-1)!];
  const takeoverName = own?.takeover ?? randomBot.name;
  const takeover = ordered.find((b) => b.name === takeoverName);
  if (takeover === undefined) throw new Error(`${game.id}'s takeover bot "${takeoverName}" is not one of its bots`);
  const lineup = { bots: ordered.map(declareReadOnly), takeover };
  lineups.set(game, lineup);
  return lineup;
}

/** An id that `GAMES` does not list has no bots; a departing person's seat still goes to `random`. */
const NO_GAME: Lineup = { bots: [], takeover: randomBot };

function lineupOfAny(game: GameOrId): Lineup {
  const definition = typeof game === 'string' ? GAMES.find((g) => g.id === game) : game;
  return definition === undefined ? NO_GAME : lineupOf(definition);
}

/**
 * Whether `factory` is a search player: it simulates the game itself, tens of milliseconds a
 * decision at its defaults, so hosts that decide on their event loop or in a page refuse it.
 */
export function isSearchPlayer(factory: BotFactory): boolean {
  return searchPlayers.has(factory);
}

/** The built-in System Players of a game, registered or not, weakest first: the strongest last is the terminal's default. */
export function builtinBots(game: GameOrId): readonly BotFactory[] {
  return lineupOfAny(game).bots;
}

/** The built-in bot `name` of a game; one line naming the game's bots when there is none (plus `otherwise`). */
export function findBuiltinBot(game: GameOrId, name: string, otherwise = ''): BotFactory {
  const bots = builtinBots(game);
  const bot = bots.find((b) => b.name === name);
  if (bot === undefined) {
    throw new InputError(`unknown bot "${name}" for ${typeof game === 'string' ? game : game.id}: expected one of ${bots.map((b) => b.name).join(', ')}${otherwise}`);
  }
  return bot;
}

/** The System Player that takes a departing person's seat: the one the game's package names, else `random`. */
export function takeoverBuiltin(game: GameOrId): BotFactory {
  return lineupOfAny(game).takeover;
}
