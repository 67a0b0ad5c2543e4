import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { RECORDS_FILE } from '../harness/run-files.js';

/** The run folder's subfolder of viewer files (`parlor run --viewers`), one per recorded game. */
export const VIEWERS_DIR = 'viewers';

export function viewerFile(gameIndex: number): string {
  return `game-${gameIndex}.html`;
}

/** At most this many recorded games are listed in a report (the faulted ones first). */
export const LISTED_GAMES = 100;

/** One recorded game as a report lists it. */
export interface RecordedGame {
  readonly gameIndex: number;
  /** The entrants by seat. */
  readonly entrants: readonly string[];
  readonly winners: readonly string[] | null;
  /** "illegal by seat 2", "engine error": why the game was kept whatever the record policy; empty for a sampled one. */
  readonly faults: readonly string[];
}

export interface RecordedGames {
  /** The run folder's records.jsonl as a report names it (the folder as the run was given it). */
  readonly file: string;
  readonly total: number;
  readonly listed: readonly RecordedGame[];
  /** The games whose viewer file is in the run folder (`parlor run --viewers`). */
  readonly viewers: ReadonlySet<number>;
}

/** Every line of a file, read in chunks so that a records file of any size costs little memory. */
export function* lines(file: string): Generator<string> {
  const fd = openSync(file, 'r');
  const chunk = Buffer.alloc(1 << 20);
  let rest = '';
  try {
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) {
      const parts = (rest + chunk.toString('utf8', 0, read)).split('\n');
      rest = parts.pop()!;
      yield* parts.filter((line) => line !== '');
    }
    if (rest !== '') yield rest;
  } finally {
    closeSync(fd);
  }
}

function recordedGame(line: string): RecordedGame {
  const record = JSON.parse(line) as {
    gameIndex: number;
    seats: { bot: string }[];
    steps: ({ seat: number; forfeit?: string } | { seat: number; action: unknown })[];
    outcome: { winners: number[] } | null;
    engineError?: string;
  };
  const faults = record.steps.flatMap((step) => ('forfeit' in step && step.forfeit !== undefined ? [`${step.forfeit} by seat ${step.seat}`] : []));
  return {
    gameIndex: record.gameIndex,
    entrants: record.seats.map((seat) => seat.bot),
    winners: record.outcome === null ? null : record.outcome.winners.map((w) => record.seats[w]!.bot),
    faults: record.engineError !== undefined ? [...faults, 'engine error'] : faults,
  };
}

/**
 * The games a run recorded (records.jsonl in `dir`), for its report: those with a fault first,
 * then the others, at most LISTED_GAMES; null when the run recorded none. Only the listed lines
 * are parsed: a line with a fault names a `forfeit` or an `engineError`.
 */
export function recordedGames(dir: string): RecordedGames | null {
  const file = join(dir, RECORDS_FILE);
  if (!existsSync(file)) return null;
  const faulted: string[] = [];
  const others: string[] = [];
  let total = 0;
  for (const line of lines(file)) {
    total++;
    const faultedLine = line.includes('"forfeit"') || line.includes('"engineError"');
    if (faultedLine && faulted.length < LISTED_GAMES) faulted.push(line);
    else if (!faultedLine && others.length < LISTED_GAMES) others.push(line);
  }
  if (total === 0) return null;
  const listed = [...faulted, ...others].slice(0, LISTED_GAMES).map(recordedGame).sort((a, b) => a.gameIndex - b.gameIndex);
  const viewers = new Set(listed.filter((game) => existsSync(join(dir, VIEWERS_DIR, viewerFile(game.gameIndex)))).map((game) => game.gameIndex));
  return { file, total, listed, viewers };
}
