import { ROOM_COUNT } from '../../src/games/clue/board.js';
import type { ClueVariantId } from '../../src/games/clue/cards.js';
import { VARIANTS, type ClueRules } from '../../src/games/clue/rules.js';
import { boardOf } from '../../src/games/clue/state.js';

/**
 * How far each place on a variant's board is from each room, in turns, on the empty board: walking
 * steps over the squares the dice give on average (7 for two dice, 1 for a one-step move), a
 * secret passage costing one step (a step of its own, or a slot of a dice move) or a whole turn
 * (where it replaces the roll), as the game's rules say.
 */
export interface Distances {
  /** turns[node * 9 + room], room in the board's order. */
  readonly turns: Float64Array;
  readonly index: ReadonlyMap<string, number>;
  /** The board's rooms, in its order. */
  readonly rooms: readonly string[];
  /** Room -> the room its secret passage leads to. */
  readonly passage: ReadonlyMap<string, string>;
}

/** By variant, movement and passage: the only rules the distances depend on. */
const made = new Map<string, Distances>();

/** The distances under `rules` (a game's, from its view): made once per variant and rules, looked up once per game. */
export function distancesOf(variant: ClueVariantId, rules: ClueRules): Distances {
  const key = `${variant}/${rules.movement}/${rules.passage}`;
  let distances = made.get(key);
  if (distances !== undefined) return distances;
  const board = boardOf(VARIANTS[variant]);
  const nodes = board.names.length;
  const speed = rules.movement === 'step' ? 1 : 7;
  const passageCost = rules.passage === 'insteadOfRoll' ? speed : 1;
  // Edges reversed (node -> its predecessors), to search from each room outwards.
  const into: { from: number; cost: number }[][] = Array.from({ length: nodes }, () => []);
  for (let a = 0; a < nodes; a++) {
    for (let i = board.adjStart[a]!; i < board.adjStart[a + 1]!; i++) into[board.adj[i]!]!.push({ from: a, cost: 1 });
    if (a < ROOM_COUNT && board.passage[a]! >= 0) into[board.passage[a]!]!.push({ from: a, cost: passageCost });
  }
  const turns = new Float64Array(nodes * ROOM_COUNT);
  for (let room = 0; room < ROOM_COUNT; room++) {
    const dist = new Float64Array(nodes).fill(Infinity);
    const done = new Uint8Array(nodes);
    dist[room] = 0;
    for (;;) {
      let u = -1;
      for (let v = 0; v < nodes; v++) if (done[v] === 0 && dist[v]! < Infinity && (u < 0 || dist[v]! < dist[u]!)) u = v;
      if (u < 0) break;
      done[u] = 1;
      for (const { from, cost } of into[u]!) if (dist[u]! + cost < dist[from]!) dist[from] = dist[u]! + cost;
    }
    for (let v = 0; v < nodes; v++) turns[v * ROOM_COUNT + room] = dist[v]! / speed;
  }
  const passage = new Map<string, string>();
  for (let room = 0; room < ROOM_COUNT; room++) if (board.passage[room]! >= 0) passage.set(board.names[room]!, board.names[board.passage[room]!]!);
  distances = { turns, index: board.index, rooms: board.rooms, passage };
  made.set(key, distances);
  return distances;
}
