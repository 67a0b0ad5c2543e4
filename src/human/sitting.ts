import { builtinBots } from '../../bots/registry.js';
import type { BotFactory } from '../core/bot.js';
import { InputError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import { validateConfig } from '../core/options.js';
import type { GameRecord } from '../core/record.js';
import { findGame, playerRange, resolveVariant } from '../games/registry.js';
import { loadBotFactory, parseEntrants, type EntrantSpec } from '../harness/entrants.js';
import { screenOf } from './games/index.js';
import { optionLines } from './menu.js';
import { nthRecordFile, readRecord } from './records.js';
import { entrantOfLabel } from './seats.js';
import { Session, type SessionEnd } from './session.js';
import { TerminalGame, type Sitter, type TerminalGameSetup } from './terminal-game.js';
import { InputClosed, type Terminal } from './terminal.js';

/** A sitting: one or more games in a row with the same people at the terminal. */
export interface Sitting {
  readonly terminal: Terminal;
  readonly game: GameDefinition;
  readonly variant: string;
  readonly config: unknown;
  readonly seed: string;
  readonly sitters: readonly Sitter[];
  /** The moves of a saved game being resumed. */
  readonly resume?: GameRecord;
  readonly takeover: { readonly label: string; readonly bot: BotFactory };
  /** The record file of the first game; the n-th game's is nthRecordFile(recordFile, n). */
  readonly recordFile: string;
  /** A System Player's decision slower than this is a timeout fault; 0 or absent: no limit. */
  readonly moveTimeMs?: number;
}

/** The seats of a saved game: people by their recorded names, System Players loaded again. */
export async function sittersOfRecord(record: GameRecord): Promise<Sitter[]> {
  const sitters: Sitter[] = [];
  for (const seat of record.seats) {
    const entrant = entrantOfLabel(seat.bot);
    if (entrant.source.kind === 'human') sitters.push({ name: seat.name, label: `human:${seat.name}`, bot: null });
    else sitters.push({ name: seat.name, label: seat.bot, bot: await loadBotFactory(record.game, entrant.source) });
  }
  return sitters;
}

/**
 * A saved game, ready to be played on from where it stopped: a game of `playing` when given (the
 * game at the table, registered or not), else of the registry's game the record names.
 */
export async function openRecord(file: string, playing?: GameDefinition): Promise<{ setup: TerminalGameSetup; record: GameRecord }> {
  const record = readRecord(file);
  if (playing !== undefined && record.game !== playing.id) throw new InputError(`${file} is a game of ${record.game}: parlor play --load ${file} resumes it`);
  const game = playing ?? findGame(record.game);
  const variant = resolveVariant(game, record.variant);
  const config = validateConfig(game.configSchema, record.config, game.id);
  const sitters = await sittersOfRecord(record);
  if (!sitters.some((s) => s.bot === null)) throw new InputError(`no seat of ${file} is a person: parlor replay ${file} replays it`);
  return { setup: { game, variant, config, seed: record.seed, sitters }, record };
}

function tableOf(setup: TerminalGameSetup, record: GameRecord | undefined, file: string): TerminalGame {
  try {
    return new TerminalGame(setup, record?.steps ?? []);
  } catch (error) {
    throw new InputError(`${file} does not replay: ${(error as Error).message}`);
  }
}

/** The seed of the n-th game of a sitting: the given seed, then seed-2, seed-3... */
export function nthSeed(seed: string, n: number): string {
  return n === 1 ? seed : `${seed}-${n}`;
}

/**
 * Plays games at the terminal until the people stop: after each game played out they may play
 * another with the same seats (spec 003 UC-01, "Play a Game"); a seat a person left stays with
 * the System Player that took it.
 */
export async function playSitting(sitting: Sitting): Promise<SessionEnd[]> {
  const { terminal, game, variant, config, moveTimeMs } = sitting;
  const screen = screenOf(game);
  const ends: SessionEnd[] = [];
  let sitters = sitting.sitters;
  let resume = sitting.resume;
  for (let n = 1; ; n++) {
    const seed = resume?.seed ?? nthSeed(sitting.seed, n);
    const recordFile = nthRecordFile(sitting.recordFile, n);
    const table = tableOf({ game, variant, config, seed, sitters, ...(moveTimeMs !== undefined ? { moveTimeMs } : {}) }, resume, recordFile);
    resume = undefined;
    const session = new Session({
      terminal,
      screen,
      table,
      takeover: sitting.takeover,
      recordFile,
      open: async (file) => {
        const opened = await openRecord(file, game);
        return tableOf({ ...opened.setup, ...(moveTimeMs !== undefined ? { moveTimeMs } : {}) }, opened.record, file);
      },
    });
    const end = await session.run();
    ends.push(end);
    if (end.kind !== 'over' || !(await anotherGame(terminal))) return ends;
    sitters = end.table.names.map((name, seat) => {
      const s = end.table.sitter(seat);
      return { name, label: s.label.split(' then ').at(-1)!, bot: s.bot };
    });
  }
}

/** Whether the people want another game; input closed after a finished game (a pipe run dry) is a no. */
async function anotherGame(terminal: Terminal): Promise<boolean> {
  try {
    return await terminal.confirm('Play another game with the same players?', false);
  } catch (error) {
    if (error instanceof InputClosed) return false;
    throw error;
  }
}

async function askCount(terminal: Terminal, question: string, min: number, max: number, defaultAnswer?: number): Promise<number> {
  for (;;) {
    const answer = (await terminal.ask(`${question} (${min}-${max})`, defaultAnswer === undefined ? undefined : String(defaultAnswer))).trim();
    const n = Number(answer);
    if (/^\d+$/.test(answer) && n >= min && n <= max) return n;
    terminal.print(`"${answer}" is not a number from ${min} to ${max}. Please enter a number from ${min} to ${max}.`);
  }
}

/**
 * No `--bots`: the table is set up by asking, as the specs' players do (spec 000 UC02, spec 003
 * UC-01, spec 004 3.7): how many players, how many of them people here, and which System Player
 * takes the other seats. The people's names are asked next, by seatTable.
 */
export async function askEntrants(terminal: Terminal, game: GameDefinition, variant: string): Promise<EntrantSpec[]> {
  const [min, max] = playerRange(game, variant);
  const players = await askCount(terminal, 'How many players?', min, max);
  const people = await askCount(terminal, 'How many of them are people at this terminal?', 1, players, 1);
  const entrants = Array.from({ length: people }, () => 'human');
  if (players > people) {
    const bots = builtinBots(game);
    if (bots.length === 0) throw new InputError(`${game.id} has no System Players yet: every seat needs a person`);
    terminal.print('System Players:');
    for (const line of optionLines(bots.map((b) => `${b.name}: ${b.description}`))) terminal.print(line);
    let bot: BotFactory | undefined;
    while (bot === undefined) {
      const answer = (await terminal.ask('Which System Player takes the other seats? (number or name)', String(bots.length))).trim();
      bot = /^\d+$/.test(answer) ? bots[Number(answer) - 1] : bots.find((b) => b.name === answer);
      if (bot === undefined) terminal.print(`"${answer}" is not one of the System Players: choose a number from 1 to ${bots.length}.`);
    }
    for (let i = people; i < players; i++) entrants.push(bot.name);
  }
  return parseEntrants(entrants.join(','), game.id);
}

