import { z } from 'zod';

/**
 * What a Clue player may do. Card names in actions may be typed in any case and in the specs' short
 * forms ("Col. Mustard", "Lead pipe"); the engine turns them into the canonical names. Positions
 * are board node names: a room ("Kitchen"), a square of the classic board as "x,y" ("7,23", x the
 * column 0..23 from the left, y the row 0..24 from the top, as in the board reference), a Clue-Less
 * hallway ("Hall-Lounge") or home square ("Miss Scarlet's home").
 */
export type ClueAction =
  /** UC04: place one weapon in a room at setup (only when the `placeWeapons` option is on). */
  | { readonly type: 'place'; readonly weapon: string; readonly room: string }
  /** UC11: roll the two dice; `dice` lets a person type in a physical roll. */
  | { readonly type: 'roll'; readonly dice?: readonly [number, number] }
  /** UC13: take the secret passage from a corner room instead of rolling (classic, Clue-Less). */
  | { readonly type: 'passage' }
  /**
   * Move the pawn to `to`. `path` lists every step after the current position, the last being
   * `to`; a step is a node name or a direction N, E, S, W (N = up). Without a path the engine
   * finds a legal one. legalActions always gives the path.
   */
  | { readonly type: 'move'; readonly to: string; readonly path?: readonly string[] }
  /** Suggest (spec 002: formulate a hypothesis); the room is always the one the pawn is in. */
  | { readonly type: 'suggest'; readonly suspect: string; readonly weapon: string; readonly room?: string }
  /** The refuter shows one of the named cards it holds, to the suggester only. */
  | { readonly type: 'show'; readonly card: string }
  /** "I accuse <suspect> of committing the crime in the <room> with the <weapon>." */
  | { readonly type: 'accuse'; readonly suspect: string; readonly weapon: string; readonly room: string }
  /** Pass: end the turn (without moving, without suggesting, or after the move). */
  | { readonly type: 'pass' };

export type ClueActionType = ClueAction['type'];

const name = z.string().min(1);

export const clueActionSchema: z.ZodType<ClueAction> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('place'), weapon: name, room: name }).strict(),
  z.object({ type: z.literal('roll'), dice: z.tuple([z.number().int(), z.number().int()]).optional() }).strict(),
  z.object({ type: z.literal('passage') }).strict(),
  z.object({ type: z.literal('move'), to: name, path: z.array(name).optional() }).strict(),
  z.object({ type: z.literal('suggest'), suspect: name, weapon: name, room: name.optional() }).strict(),
  z.object({ type: z.literal('show'), card: name }).strict(),
  z.object({ type: z.literal('accuse'), suspect: name, weapon: name, room: name }).strict(),
  z.object({ type: z.literal('pass') }).strict(),
]) as z.ZodType<ClueAction>;
