import { RuleError } from '../../core/errors.js';
import type { GameEvent } from '../../core/events.js';
import { adjacent, isRoom, type Board } from './board.js';
import { MESSAGES } from './messages.js';
import { checkDicePath, diceDestinations, resolveStep, type DiceMove, type Destination } from './movement.js';
import { boardOf, roomOf, suspectOf, variantOf, type ClueState } from './state.js';
import { emit } from './turn.js';

let occupied = new Uint8Array(256);

/** The squares other pawns stand on (rooms hold any number), in a reused array. */
function occupancy(state: ClueState, board: Board, mover: string): Uint8Array {
  if (occupied.length < board.names.length) occupied = new Uint8Array(board.names.length);
  else occupied.fill(0);
  for (const suspect in state.pawns) {
    if (suspect === mover) continue;
    const node = board.index.get(state.pawns[suspect]!)!;
    if (!isRoom(node)) occupied[node] = 1;
  }
  return occupied;
}

/** The dice move of the player to move, as the movement code needs it. */
export function diceMove(state: ClueState): DiceMove {
  const { rules } = state;
  const board = boardOf(variantOf(state));
  const suspect = suspectOf(state, state.turn!);
  const from = board.index.get(state.pawns[suspect]!)!;
  const left = state.leftRoom === null ? -1 : board.index.get(state.leftRoom)!;
  return {
    board,
    from,
    steps: state.dice![0] + state.dice![1],
    exact: rules.movement === 'exact',
    passageStep: rules.passage === 'slot',
    leftRoom: isRoom(from) ? from : left,
    occupied: occupancy(state, board, suspect),
  };
}

/** G.14, G.15.2: the one-step moves of a Clue-Less player: home to its hallway, room to a free hallway or through a passage, hallway to a room. */
export function stepDestinations(state: ClueState): Destination[] {
  const board = boardOf(variantOf(state));
  const suspect = suspectOf(state, state.turn!);
  const from = board.index.get(state.pawns[suspect]!)!;
  const taken = occupancy(state, board, suspect);
  const found: Destination[] = [];
  for (let i = board.adjStart[from]!; i < board.adjStart[from + 1]!; i++) {
    const next = board.adj[i]!;
    if (isRoom(next) || taken[next] === 0) found.push({ node: next, path: [next] });
  }
  if (isRoom(from) && board.passage[from]! >= 0) found.push({ node: board.passage[from]!, path: [board.passage[from]!] });
  return found;
}

/** Checks a Clue-Less step to `to` (G.13-G.15) and returns the node. */
export function checkStep(state: ClueState, to: string, path: readonly string[] | undefined): number {
  const board = boardOf(variantOf(state));
  const suspect = suspectOf(state, state.turn!);
  const from = board.index.get(state.pawns[suspect]!)!;
  if (path !== undefined && path.length > 1) throw new RuleError(MESSAGES.cluelessStep, { action: path });
  const node = resolveStep(board, from, to);
  if (path?.length === 1 && resolveStep(board, from, path[0]!) !== node) throw new RuleError(MESSAGES.pathEnd, { action: path });
  const home = board.starts.includes(from);
  if (home && !adjacent(board, from, node)) throw new RuleError(MESSAGES.firstMove, { action: to });
  if (isRoom(from) && board.passage[from] === node) return node;
  if (!adjacent(board, from, node)) throw new RuleError(MESSAGES.cluelessStep, { action: to });
  if (!isRoom(node) && occupancy(state, board, suspect)[node] === 1) throw new RuleError(MESSAGES.hallFull, { action: to });
  return node;
}

/** Checks a dice move to `to` along `path` (or along any legal path) and returns the nodes entered. */
export function checkDiceMove(state: ClueState, to: string, path: readonly string[] | undefined, destinations: readonly Destination[]): readonly number[] {
  const move = diceMove(state);
  if (path !== undefined) {
    const nodes = checkDicePath(move, path);
    if (resolveStep(move.board, nodes[nodes.length - 2] ?? move.from, to) !== nodes[nodes.length - 1]) throw new RuleError(MESSAGES.pathEnd, { action: to });
    return nodes;
  }
  const target = resolveStep(move.board, move.from, to);
  const destination = destinations.find((d) => d.node === target);
  if (destination === undefined) throw new RuleError(MESSAGES.noPath, { action: to });
  return destination.path;
}

/** Moves the player's pawn along `path` (already checked) and records it. */
export function movePawn(state: ClueState, out: GameEvent[], path: readonly number[], by: 'dice' | 'passage' | 'step'): void {
  const board = boardOf(variantOf(state));
  const seat = state.turn!;
  const suspect = suspectOf(state, seat);
  const from = state.pawns[suspect]!;
  const names = path.map((node) => board.names[node]!);
  const to = names[names.length - 1]!;
  const leaving = roomOf(state, seat);
  state.pawns[suspect] = to;
  if (leaving !== null && leaving !== to) state.leftRoom = leaving;
  emit(state, out, { type: 'moved', seat, suspect, from, destination: to, path: names, by });
}
