import { RuleError } from '../../core/errors.js';
import { adjacent, isRoom, ROOM_COUNT, squareToward, type Board } from './board.js';
import { normalizeName } from './cards.js';
import { MESSAGES, unknownPlace } from './messages.js';

/** One dice move about to be made on the classic board (classic and Cluedo). */
export interface DiceMove {
  readonly board: Board;
  readonly from: number;
  /** The dice total. */
  readonly steps: number;
  /** Classic: exactly `steps` squares, or fewer by entering a room. Cluedo: up to `steps`. */
  readonly exact: boolean;
  /** Cluedo: from a corner room the passage slot leads to the opposite room in one step. */
  readonly passageStep: boolean;
  /** The room left this turn, which may not be re-entered (-1 for none). */
  readonly leftRoom: number;
  /** 1 on every square a pawn stands on. */
  readonly occupied: Uint8Array;
}

export interface Destination {
  readonly node: number;
  /** Every node entered, in order, the last being `node`. */
  readonly path: readonly number[];
}

// Scratch space reused by every search: the engine is single-threaded and searches do not nest.
let dist = new Int16Array(256);
let parent = new Int32Array(256);
let seen = new Uint32Array(256);
let stamp = 0;
const queue: number[] = [];
const stack: number[] = [];

function ensure(size: number): void {
  if (dist.length >= size) return;
  dist = new Int16Array(size);
  parent = new Int32Array(size);
  seen = new Uint32Array(size);
}

function nextStamp(): number {
  stamp = (stamp + 1) >>> 0;
  if (stamp === 0) {
    seen.fill(0);
    stamp = 1;
  }
  return stamp;
}

/** The first steps out of `from`: its door squares from a room (unless blocked), its neighbours from a square. */
function exits(move: DiceMove, visit: (node: number) => void): void {
  const { board, from, occupied } = move;
  for (let i = board.adjStart[from]!; i < board.adjStart[from + 1]!; i++) {
    const next = board.adj[i]!;
    if (isRoom(next) || occupied[next] === 0) visit(next);
  }
}

/**
 * Every destination of a dice move with one legal path each: each room reachable (a shortest path,
 * entering ends the move) and each square reachable in exactly `steps` (classic, a search over
 * paths that never enter a square twice) or in 1..`steps` (Cluedo, a breadth-first search).
 */
export function diceDestinations(move: DiceMove): Destination[] {
  const { board, from, steps, occupied } = move;
  ensure(board.names.length);
  const mark = nextStamp();
  const found: Destination[] = [];
  /** Bit r: room r is already listed. */
  let roomsFound = 0;
  /** The nodes from `from` (excluded) to `last`, along the search's parents, then `final`. */
  const pathTo = (last: number, final: number): number[] => {
    const path = final >= 0 ? [final] : [];
    for (let node = last; node !== from; node = parent[node]!) path.push(node);
    return path.reverse();
  };
  // Breadth-first over the squares: rooms end a move, so none is passed through. Leaving a room,
  // its neighbours are its door squares, and an occupied one is a blocked door.
  queue.length = 0;
  seen[from] = mark;
  dist[from] = 0;
  queue.push(from);
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    const d = dist[node]!;
    if (d >= steps) continue;
    for (let i = board.adjStart[node]!; i < board.adjStart[node + 1]!; i++) {
      const next = board.adj[i]!;
      if (isRoom(next)) {
        if (next === from || next === move.leftRoom || (roomsFound & (1 << next)) !== 0) continue;
        roomsFound |= 1 << next;
        found.push({ node: next, path: pathTo(node, next) });
        continue;
      }
      if (occupied[next] === 1 || seen[next] === mark) continue;
      seen[next] = mark;
      dist[next] = d + 1;
      parent[next] = node;
      queue.push(next);
      if (!move.exact) found.push({ node: next, path: pathTo(next, -1) });
    }
  }
  if (move.passageStep && isRoom(from) && steps >= 1) {
    const other = board.passage[from]!;
    if (other >= 0 && other !== move.leftRoom) found.push({ node: other, path: [other] });
  }
  if (move.exact) exactSquares(move, found);
  return found;
}

const hopTables = new WeakMap<Board, Uint8Array>();

/**
 * Walking distances between squares on the empty board, rooms never passed through: a lower bound
 * on every distance with pawns in the way, so a path search can give up on what it cannot reach.
 */
function hops(board: Board): Uint8Array {
  let table = hopTables.get(board);
  if (table !== undefined) return table;
  const n = board.names.length;
  table = new Uint8Array(n * n).fill(255);
  const frontier: number[] = [];
  for (let source = ROOM_COUNT; source < n; source++) {
    const row = source * n;
    table[row + source] = 0;
    frontier.length = 0;
    frontier.push(source);
    for (let head = 0; head < frontier.length; head++) {
      const node = frontier[head]!;
      for (let i = board.adjStart[node]!; i < board.adjStart[node + 1]!; i++) {
        const next = board.adj[i]!;
        if (isRoom(next) || table[row + next] !== 255) continue;
        table[row + next] = table[row + node]! + 1;
        frontier.push(next);
      }
    }
  }
  hopTables.set(board, table);
  return table;
}

let onPath = new Uint8Array(256);

/**
 * A path of exactly `steps` squares from the move's start to the square `target`, entering none
 * twice nor any occupied, or null: a depth-first search cut wherever the target is farther than
 * the steps left (the distance table is a lower bound).
 */
function pathOfExactly(move: DiceMove, target: number): number[] | null {
  const { board, from, steps, occupied } = move;
  const n = board.names.length;
  const table = hops(board);
  if (onPath.length < n) onPath = new Uint8Array(n);
  const enter = (node: number, left: number): boolean => {
    if (node === target) return left === 0;
    if (left === 0 || table[node * n + target]! > left) return false;
    onPath[node] = 1;
    stack.push(node);
    for (let i = board.adjStart[node]!; i < board.adjStart[node + 1]!; i++) {
      const next = board.adj[i]!;
      if (isRoom(next) || occupied[next] === 1 || onPath[next] === 1) continue;
      if (enter(next, left - 1)) {
        onPath[node] = 0;
        return true;
      }
    }
    onPath[node] = 0;
    stack.pop();
    return false;
  };
  stack.length = 0;
  onPath[from] = 1;
  let ok = false;
  exits(move, (first) => {
    if (!ok && !isRoom(first)) ok = enter(first, steps - 1);
  });
  onPath[from] = 0;
  if (!ok) return null;
  stack.push(target);
  return stack.slice();
}

const emptyBoardCache = new WeakMap<Board, Map<number, readonly Destination[]>>();
let nobody = new Uint8Array(256);

/**
 * Every square a path of exactly `steps` reaches from `from` on a board without other pawns, one
 * path each, made once per (start, roll). The squares form a grid, so every path between two
 * squares has the parity of their colours (x + y): only squares within reach and of a fitting
 * colour are searched.
 */
function emptyBoardSquares(board: Board, from: number, steps: number): readonly Destination[] {
  let byStart = emptyBoardCache.get(board);
  if (byStart === undefined) {
    byStart = new Map();
    emptyBoardCache.set(board, byStart);
  }
  const key = from * 64 + steps;
  const cached = byStart.get(key);
  if (cached !== undefined) return cached;
  const n = board.names.length;
  if (nobody.length < n) nobody = new Uint8Array(n);
  const table = hops(board);
  const move: DiceMove = { board, from, steps, exact: true, passageStep: false, leftRoom: -1, occupied: nobody };
  const starts: number[] = [];
  exits(move, (first) => {
    if (!isRoom(first)) starts.push(first);
  });
  const found: Destination[] = [];
  for (let target = ROOM_COUNT; target < n; target++) {
    if (target === from) continue;
    const colour = (board.x[target]! + board.y[target]!) & 1;
    const reachable = isRoom(from)
      ? starts.some((door) => table[door * n + target]! + 1 <= steps && ((board.x[door]! + board.y[door]! + steps - 1) & 1) === colour)
      : table[from * n + target]! <= steps && ((board.x[from]! + board.y[from]! + steps) & 1) === colour;
    if (!reachable) continue;
    const path = pathOfExactly(move, target);
    if (path !== null) found.push({ node: target, path });
  }
  byStart.set(key, found);
  return found;
}

/**
 * Classic: every square at the end of a path of exactly `steps` squares that enters none twice nor
 * an occupied one. Other pawns only take paths away, so these are the empty board's destinations
 * (cached) that are free: each keeps its path when the path is clear, or gets another from a search.
 */
function exactSquares(move: DiceMove, found: Destination[]): void {
  const { occupied } = move;
  for (const destination of emptyBoardSquares(move.board, move.from, move.steps)) {
    if (occupied[destination.node] === 1) continue;
    if (destination.path.every((node) => occupied[node] === 0)) {
      found.push(destination);
      continue;
    }
    const path = pathOfExactly(move, destination.node);
    if (path !== null) found.push({ node: destination.node, path });
  }
}

const DIRECTIONS: Readonly<Record<string, string>> = { n: 'N', up: 'N', north: 'N', s: 'S', down: 'S', south: 'S', e: 'E', right: 'E', east: 'E', w: 'W', left: 'W', west: 'W' };

/** The node a person's step names: a node name (any case), "x,y" or "(x, y)", or a direction from a square. */
export function resolveStep(board: Board, current: number, step: string): number {
  const exact = board.index.get(step);
  if (exact !== undefined) return exact;
  const direction = DIRECTIONS[step.trim().toLowerCase()];
  if (direction !== undefined) {
    if (isRoom(current)) throw new RuleError(MESSAGES.doorOnly, { action: step, allowed: 'from a room, name the square in front of the door you leave by' });
    const node = squareToward(board, current, direction);
    if (node < 0) throw new RuleError(MESSAGES.notAdjacent, { action: step });
    return node;
  }
  const square = /^\(?\s*(\d+)\s*,\s*(\d+)\s*\)?$/.exec(step.trim());
  if (square !== null) {
    const node = board.index.get(`${square[1]},${square[2]}`);
    if (node !== undefined) return node;
  }
  const wanted = normalizeName(step);
  const named = board.names.findIndex((name) => normalizeName(name) === wanted);
  if (named >= 0) return named;
  throw new RuleError(unknownPlace(step, board.id));
}

function refuse(message: string, step: string): never {
  throw new RuleError(message, { action: step });
}

/**
 * Checks a dice move given square by square, in order, with the spec's message for the first bad
 * step; returns the nodes entered. Nothing is changed either way.
 */
export function checkDicePath(move: DiceMove, steps: readonly string[]): number[] {
  const { board, from, occupied } = move;
  if (steps.length === 0) throw new RuleError(MESSAGES.emptyMove);
  ensure(board.names.length);
  const mark = nextStamp();
  seen[from] = mark;
  const nodes: number[] = [];
  let current = from;
  steps.forEach((step, i) => {
    if (i >= move.steps) refuse(MESSAGES.exceeded, step);
    if (isRoom(current) && current !== from) refuse(MESSAGES.roomEndsMove, step);
    const next = resolveStep(board, current, step);
    if (isRoom(next)) {
      const viaPassage = move.passageStep && current === from && board.passage[from] === next;
      if (next === from || next === move.leftRoom) refuse(MESSAGES.reenter, step);
      if (!viaPassage && !adjacent(board, current, next)) refuse(MESSAGES.doorOnly, step);
    } else {
      if (!adjacent(board, current, next)) {
        if (isRoom(current)) refuse(MESSAGES.doorOnly, step);
        const diagonal = Math.abs(board.x[next]! - board.x[current]!) === 1 && Math.abs(board.y[next]! - board.y[current]!) === 1;
        refuse(diagonal ? MESSAGES.diagonal : MESSAGES.notAdjacent, step);
      }
      if (seen[next] === mark) refuse(MESSAGES.twice, step);
      if (occupied[next] === 1) refuse(isRoom(current) ? MESSAGES.blockedDoor : MESSAGES.occupied, step);
      seen[next] = mark;
    }
    nodes.push(next);
    current = next;
  });
  if (move.exact && !isRoom(current) && nodes.length !== move.steps) throw new RuleError(MESSAGES.exactCount);
  return nodes;
}
