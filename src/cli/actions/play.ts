import { InputError } from '../../core/errors.js';
import { STDIO } from '../../core/user-files.js';
import { seedKey } from '../../core/rng.js';
import { generatedSeatNames } from '../../core/seat.js';
import { playerCountProblem } from '../../games/registry.js';
import { loadBotFactory, parseEntrants } from '../../harness/entrants.js';
import { playGame, type MatchSeat } from '../../referee/match.js';
import { checkMoveTime, checkSetup } from '../../harness/prepare.js';
import { lineTerminal } from '../../human/line-terminal.js';
import { defaultRecordFile } from '../../human/records.js';
import { playWithPeople, seatsPeople } from '../../human/start.js';
import { ttyTerminal } from '../../human/tty-terminal.js';
import { logLine, outcomeLines } from '../../core/game-log.js';
import { checkOutputPath, writeOutputFile } from '../paths.js';
import { printJson, resolveGameArgs, type GameArgs } from '../shared.js';

export interface PlayArgs extends GameArgs {
  bots?: string;
  load?: string;
  takeover?: string;
  seed?: string;
  as?: string;
  reveal: boolean;
  record?: string;
  'move-time-ms': number;
  json: boolean;
}

/** `parlor play`: one game at the terminal (people seated) or between System Players, its record saved. */
export async function playAction(args: PlayArgs): Promise<void> {
  const moveTimeMs = args['move-time-ms'];
  checkMoveTime(moveTimeMs);
  if (args.load !== undefined || args.bots === undefined || seatsPeople(args.bots)) {
    if (args.json || args.reveal || args.as !== undefined) {
      throw new InputError('--json, --reveal and --as are for games between System Players: people at the terminal each see their own seat');
    }
    if (args.load !== undefined && (args.bots !== undefined || args.game !== '' || args.variant !== undefined || (args.set ?? []).length > 0)) {
      throw new InputError('--load takes the game, its options and its seats from the record: leave out --game, --variant, --set and --bots');
    }
    if (args.load === STDIO) throw new InputError('--load -: standard input belongs to the people at the table; give the saved game as a file');
    if (args.record !== undefined) checkOutputPath(args.record, 'file');
    const terminal = process.stdin.isTTY ? ttyTerminal() : lineTerminal();
    try {
      const ends = await playWithPeople(terminal, {
        ...(args.load !== undefined ? { load: args.load } : { game: resolveGameArgs(args) }),
        ...(args.bots !== undefined ? { bots: args.bots } : {}),
        ...(args.takeover !== undefined ? { takeover: args.takeover } : {}),
        ...(args.record !== undefined ? { record: args.record } : {}),
        seed: args.seed ?? String(Date.now()),
        moveTimeMs,
      });
      // Ctrl+C saved the game, and still ends the command as an interrupt does (128 + SIGINT).
      if (ends.some((end) => end.kind === 'closed' && end.interrupted)) process.exitCode = 130;
      // As a game between System Players that stops on an engine error (below).
      else if (ends.some((end) => end.kind === 'stopped')) process.exitCode = 1;
    } finally {
      terminal.close?.();
    }
    return;
  }
  const { game, variant, config } = resolveGameArgs(args);
  const entrants = parseEntrants(args.bots, game.id);
  const problem = playerCountProblem(game, variant, entrants.length);
  if (problem !== null) throw new InputError(`${problem}: --bots names ${entrants.length}`);
  checkSetup(game, variant, config, entrants.length);
  const names = generatedSeatNames(entrants.length);
  const seats: MatchSeat[] = [];
  for (let i = 0; i < entrants.length; i++) {
    seats.push({ name: names[i]!, label: entrants[i]!.label, bot: await loadBotFactory(game.id, entrants[i]!.source) });
  }
  let viewer: number | null = 0;
  if (args.reveal) viewer = null;
  else if (args.as !== undefined) {
    viewer = /^\d+$/.test(args.as) ? Number(args.as) : names.indexOf(args.as);
    if (viewer < 0 || viewer >= names.length) throw new InputError(`--as ${args.as}: expected a seat 0-${names.length - 1} or one of ${names.join(', ')}`);
  }
  const seed = args.seed ?? String(Date.now());
  const file = args.record ?? defaultRecordFile(game.id, variant, seed);
  checkOutputPath(file, 'file');
  const lines: string[] = [];
  const board = (when: string) => (state: unknown) => {
    if (game.render === undefined || args.json) return;
    console.log(`${when}:\n${game.render(state)}\n`);
  };
  const result = playGame({
    game,
    variant,
    config,
    seed,
    key: seedKey(seed),
    index: 0,
    seats,
    moveTimeMs,
    onStart: board('The board at the start'),
    onEnd: board('The board at the end'),
    onEvent: (event) => {
      const line = logLine(game, variant, event, viewer, names);
      if (line === null) return;
      lines.push(line);
      if (!args.json) console.log(line);
    },
  });
  for (const factory of new Set(seats.map((s) => s.bot))) factory.close?.();
  writeOutputFile(file, `${JSON.stringify(result.record())}\n`);
  if (args.json) {
    printJson({ seed, record: file, outcome: result.outcome, faults: result.faults, engineError: result.engineError ?? null, log: lines });
  } else {
    console.log('');
    for (const fault of result.faults) console.log(`${names[fault.seat]} [${seats[fault.seat]!.label}] forfeited: ${fault.kind}: ${fault.detail}`);
    if (result.engineError !== undefined) console.log(`The engine failed: ${result.engineError}`);
    if (result.outcome !== null) for (const line of outcomeLines(game, result.outcome, names, seats.map((s) => s.label), viewer)) console.log(line);
    console.log(`\nseed ${seed}; record saved to ${file} (parlor replay ${file})`);
  }
  if (result.engineError !== undefined) process.exitCode = 1;
}
