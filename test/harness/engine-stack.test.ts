import { describe, expect, test } from 'vitest';
import { engineStackOf, locate } from '../../src/referee/engine-stack.js';

/**
 * How an engine error's stack is cut to the game's own frames, on stacks written by hand as V8
 * writes them, for a parlor checked out at /home/ann/my games/parlor.
 */
const HERE = 'file:///home/ann/my%20games/parlor/src/referee/engine-stack.ts';
const located = locate(HERE);

/** An error whose stack is `lines`. */
function thrown(...lines: string[]): Error {
  const error = new Error('landed on 5');
  error.stack = lines.join('\n');
  return error;
}

const GAME = '    at Object.apply (file:///home/ann/my%20games/parlor/src/games/race.ts:10:5)';
const REFEREE = '    at Referee.act (file:///home/ann/my%20games/parlor/src/referee/referee.ts:257:22)';
const DRIVER = '    at runWorker (file:///home/ann/my%20games/parlor/src/tournament/worker.ts:40:3)';

describe('the referee\'s folder and parlor\'s, from a module of the referee', () => {
  test('from the sources or the build: the folder, decoded as frames name it, and the one holding src/', () => {
    expect(located).toEqual({
      refereeUrl: 'file:///home/ann/my%20games/parlor/src/referee/',
      refereePath: '/home/ann/my games/parlor/src/referee/',
      rootPath: '/home/ann/my games/parlor/',
      rootUrl: 'file:///home/ann/my%20games/parlor/',
    });
    expect(locate('file:///srv/parlor/dist/src/referee/engine-stack.js')).toMatchObject({ rootPath: '/srv/parlor/', rootUrl: 'file:///srv/parlor/' });
  });

  test('only the last src/referee/ of the path is the referee\'s', () => {
    expect(locate('file:///srv/src/referee/parlor/src/referee/engine-stack.ts')).toMatchObject({ rootPath: '/srv/src/referee/parlor/' });
  });

  test('a module with no URL to resolve from (a browser\'s bundle): none, stacks are kept whole', () => {
    expect(locate('')).toBeNull();
    const error = thrown('Error: landed on 5', GAME, REFEREE, DRIVER);
    expect(engineStackOf(error, null)).toBe(error.stack);
  });
});

describe('an engine error\'s stack', () => {
  test('from the throw down to the referee\'s first frame, paths from parlor\'s folder', () => {
    expect(engineStackOf(thrown('Error: landed on 5', GAME, REFEREE, DRIVER), located)).toBe(
      ['Error: landed on 5', '    at Object.apply (src/games/race.ts:10:5)', '    at Referee.act (src/referee/referee.ts:257:22)'].join('\n'),
    );
    // As the test runner names frames: by path.
    expect(engineStackOf(thrown('Error: landed on 5', '    at apply (/home/ann/my games/parlor/src/games/race.ts:10:5)', '    at act (/home/ann/my games/parlor/src/referee/referee.ts:257:22)', '    at run (/home/ann/my games/parlor/test/x.ts:1:1)'), located)).toBe(
      ['Error: landed on 5', '    at apply (src/games/race.ts:10:5)', '    at act (src/referee/referee.ts:257:22)'].join('\n'),
    );
  });

  test('no referee frame (a game driven by other code): every frame kept', () => {
    // With Error.stackTraceLimit = 0, only the message: kept, since no frame is the referee's.
    expect(engineStackOf(thrown('Error: landed on 5'), located)).toBe('Error: landed on 5');
    expect(engineStackOf(thrown('Error: landed on 5', GAME, DRIVER), located)).toBe(['Error: landed on 5', '    at Object.apply (src/games/race.ts:10:5)', '    at runWorker (src/tournament/worker.ts:40:3)'].join('\n'));
  });

  test('raised by the referee itself, its first frame the referee\'s: no stack, even under a message of many lines', () => {
    expect(engineStackOf(thrown('Error: seat 0 is to act but has no legal action', REFEREE, DRIVER), located)).toBeUndefined();
    expect(engineStackOf(thrown('Error: the game stopped', 'the players met at noon', REFEREE, DRIVER), located)).toBeUndefined();
  });

  test('a message naming a referee file is not a frame', () => {
    const error = thrown('Error: no view at /home/ann/my games/parlor/src/referee/view.ts', GAME, REFEREE, DRIVER);
    expect(engineStackOf(error, located)).toBe(['Error: no view at src/referee/view.ts', '    at Object.apply (src/games/race.ts:10:5)', '    at Referee.act (src/referee/referee.ts:257:22)'].join('\n'));
  });

  test('none for a thrown value that is not an Error, nor for an Error without a stack', () => {
    expect(engineStackOf('landed on 5', located)).toBeUndefined();
    expect(engineStackOf({ stack: ['Error: landed on 5', GAME, REFEREE].join('\n') }, located)).toBeUndefined();
    const bare = new Error('landed on 5');
    Object.defineProperty(bare, 'stack', { value: undefined });
    expect(engineStackOf(bare, located)).toBeUndefined();
  });
});
