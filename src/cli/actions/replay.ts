import type { GameRecord } from '../../core/record.js';
import { findGame } from '../../games/registry.js';
import { botOfLabel } from '../../harness/entrants.js';
import { describeFailurePlace, replayRecord, type Replay, type ReplayVerdict } from '../../referee/replay.js';
import { chooseRecord } from '../../viewer/record-choice.js';
import { logLine, outcomeLines } from '../../core/game-log.js';
import { gameIndexArg, printJson } from '../shared.js';

export interface ReplayArgs {
  record: string;
  'game-index'?: number;
  log: boolean;
  verbose: boolean;
  json: boolean;
}

/**
 * The exit code of each verdict: 0 when nothing is wrong now (the game ends as recorded, or a
 * recorded engine error no longer happens and the game ends), 1 when the replay differs from the
 * record without an engine error, 3 when the engine fails (the record's error again, or another).
 * 2 stays the user's mistake (a bad file or flag), as in every command.
 */
const EXIT_CODES: Readonly<Record<ReplayVerdict, number>> = { same: 0, fixed: 0, differs: 1, unfinished: 1, 'engine-error': 3 };

/** The stack's lines, indented under the line that names them. */
function stackLines(title: string, stack: string | undefined): string[] {
  return stack === undefined ? [] : [title, ...stack.split('\n').map((line) => `  ${line.trim()}`)];
}

/** What the replay says under the outcome (if any): its verdict in a line or two, and with --verbose the stacks. */
function verdictLines(record: GameRecord, replay: Replay, verbose: boolean): string[] {
  const failure = replay.engineError;
  if (replay.verdict === 'same') return [`ok: ${record.steps.length} steps replayed, same outcome as recorded`];
  if (replay.verdict === 'fixed') {
    const on = replay.playedOn > 0 ? `, and the seats' bots played ${replay.playedOn} more to the outcome above` : ', and the game ends with the outcome above';
    return [`the record's engine error (${record.engineError}) does not happen now: its ${record.steps.length} steps play${on}`];
  }
  if (failure === null) return [`MISMATCH: ${replay.mismatch}`];
  const lines = [`ENGINE ERROR at ${describeFailurePlace(failure)}: ${failure.message}`];
  if (record.engineError === undefined) lines.push(`  the record has no engine error: it ended with ${JSON.stringify(record.outcome)}`);
  else if (!failure.same) lines.push(`  another error than the record's: ${record.engineError}`);
  else if (replay.mismatch === null) lines.push(`  the same error as the record's, where its game stopped (after ${record.steps.length} steps)`);
  else lines.push(`  the same error as the record's, but its game stopped after ${record.steps.length} steps`);
  if (replay.mismatch !== null && failure.same) lines.push(`  ${replay.mismatch}`);
  if (verbose) lines.push(...stackLines('stack now:', failure.stack), ...stackLines('stack as recorded:', record.engineStack));
  else if (failure.stack !== undefined) lines.push('  (--verbose prints the stack)');
  return lines;
}

/** `parlor replay`: the verdict printed, its exit code set. */
export async function replayAction(args: ReplayArgs): Promise<void> {
  const record = chooseRecord(args.record, gameIndexArg(args['game-index']));
  const game = findGame(record.game);
  // Only a record of an engine error is played on, should the error no longer happen: by its seats' own bots.
  const playOn = record.engineError === undefined ? undefined : await Promise.all(record.seats.map((seat) => botOfLabel(record.game, seat.bot)));
  const replay = replayRecord(record, playOn === undefined ? {} : { playOn });
  const code = EXIT_CODES[replay.verdict];
  const names = record.seats.map((s) => s.name);
  if (args.json) {
    const { verdict, outcome, replayed, playedOn, mismatch, engineError } = replay;
    printJson({ ok: code === 0, verdict, outcome, steps: record.steps.length, replayed, playedOn, ...(mismatch !== null ? { mismatch } : {}), ...(engineError !== null ? { engineError } : {}) });
  } else {
    if (args.log) {
      for (const event of replay.events) console.log(logLine(game, record.variant, event, null, names));
      console.log('');
    }
    if (replay.outcome !== null) for (const line of outcomeLines(game, replay.outcome, names, record.seats.map((s) => s.bot), null)) console.log(line);
    for (const line of verdictLines(record, replay, args.verbose)) console.log(line);
  }
  if (code !== 0) process.exitCode = code;
}
