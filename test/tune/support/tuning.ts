import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadBotFactory, parseEntrants } from '../../../src/harness/entrants.js';
import { prepareRun } from '../../../src/harness/prepare.js';
import { RunLock } from '../../../src/harness/run-lock.js';
import { FISHTEST_GAINS } from '../../../src/tune/gains.js';
import { parseTunedParams } from '../../../src/tune/params.js';
import { probePlayer } from '../../../src/tune/probes.js';
import { gamesPerIteration, opponentNames, readTuneFile, tune, TUNE_FILE, writeTuneFile, type TuneFile, type TuneSetup } from '../../../src/tune/tuning.js';
import { verify } from '../../../src/tune/verify.js';
import { guessGame } from './guess.js';

/** The module workers import the guess game from, and the bot tuned on it. */
export const GUESS_MODULE = new URL('./guess.ts', import.meta.url).href;
export const GUESSER = './test/tune/support/guesser.ts';

export interface GuessTuning {
  readonly out: string;
  readonly seed: string;
  readonly games: number;
  readonly workers: number;
  readonly against?: readonly string[];
  readonly params?: string;
  /** Stop after this many iterations, as if interrupted. */
  readonly stopAt?: number;
  readonly verifyGames?: number;
}

/** What `parlor tune` does for a registered game, for the guess game (which only tests know). */
export async function tuneGuesser(o: GuessTuning): Promise<TuneFile> {
  const [bot] = parseEntrants(GUESSER, guessGame.id);
  const against = o.against === undefined ? [] : parseEntrants(o.against.join(','), guessGame.id);
  const players = against.length === 0 ? 2 : against.length + 1;
  const params = parseTunedParams(o.params ?? 'x=30:0:100,y=0.7:0:1', await loadBotFactory(guessGame.id, bot!.source), 'guesser');
  const setup: TuneSetup = {
    game: guessGame.id,
    variant: '',
    config: {},
    seed: o.seed,
    bot: bot!.label,
    against: opponentNames(against),
    players,
    games: o.games,
    deals: 8,
    iterations: Math.ceil(o.games / gamesPerIteration(against.length, players, 8)),
    gains: FISHTEST_GAINS,
    params,
  };
  const entrants = [bot!, ...(against.length === 0 ? [bot!] : against)];
  const template = await prepareRun({ game: guessGame, variant: '', config: {}, seed: o.seed, entrants, players, seating: 'duplicate', games: 1, record: 'none', moveTimeMs: 0 });
  const lock = RunLock.acquire(o.out);
  try {
    let file = await tune({ setup, template, player: probePlayer(o.workers, GUESS_MODULE), out: o.out, lock, earlier: readTuneFile(o.out), ...(o.stopAt !== undefined ? { stopAt: o.stopAt } : {}) });
    if ((o.verifyGames ?? 0) > 0 && file.iterations.length === setup.iterations) {
      file = { ...file, verification: await verify(file, template, { out: o.out, games: o.verifyGames!, workers: o.workers, gamesModule: GUESS_MODULE }) };
      writeTuneFile(o.out, file);
    }
    return file;
  } finally {
    lock.release();
  }
}

/** tune.json without `timing`, the one part allowed to differ between runs of one tuning. */
export function tuneJsonWithoutTiming(dir: string): string {
  const file = JSON.parse(readFileSync(join(dir, TUNE_FILE), 'utf8')) as Record<string, unknown>;
  delete file['timing'];
  return JSON.stringify(file);
}
