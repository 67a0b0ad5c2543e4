import { z } from 'zod';
import { BOARD, SCENES, UPGRADES } from './data.js';
import type { RolePlace } from './state.js';

/** How an upgrade is paid: wholly in dollars or wholly in credits. */
export type Payment = 'dollars' | 'credits';

export type UpgradeAction = { readonly type: 'upgrade'; readonly rank: number; readonly pay: Payment };
export type MoveAction = { readonly type: 'move'; readonly to: string };
export type TakeAction = { readonly type: 'take'; readonly role: string; readonly on: RolePlace };
export type DeadwoodAction =
  | UpgradeAction
  | MoveAction
  | TakeAction
  | { readonly type: 'act' }
  | { readonly type: 'rehearse' }
  | { readonly type: 'end' };

/**
 * Field values are checked loosely here and exactly by the rules, so a person's unknown room, rank,
 * payment or role gets the game's own message (a RuleError) rather than a schema error.
 */
export const actionSchema: z.ZodType<DeadwoodAction> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('upgrade'), rank: z.number().int(), pay: z.string() }).strict(),
  z.object({ type: z.literal('move'), to: z.string() }).strict(),
  z.object({ type: z.literal('take'), role: z.string(), on: z.string() }).strict(),
  z.object({ type: z.literal('act') }).strict(),
  z.object({ type: z.literal('rehearse') }).strict(),
  z.object({ type: z.literal('end') }).strict(),
]) as z.ZodType<DeadwoodAction>;

export const ACT = Object.freeze({ type: 'act' as const });
export const REHEARSE = Object.freeze({ type: 'rehearse' as const });
export const END = Object.freeze({ type: 'end' as const });

/** UPGRADE[rank][pay]: the shared action objects legalActions hands out. */
export const UPGRADE: Readonly<Record<number, Readonly<Record<Payment, UpgradeAction>>>> = Object.fromEntries(
  UPGRADES.map((p) => [
    p.rank,
    { dollars: Object.freeze({ type: 'upgrade' as const, rank: p.rank, pay: 'dollars' as const }), credits: Object.freeze({ type: 'upgrade' as const, rank: p.rank, pay: 'credits' as const }) },
  ]),
);

export const MOVE: ReadonlyMap<string, MoveAction> = new Map(BOARD.rooms.map((r) => [r.id, Object.freeze({ type: 'move' as const, to: r.id })]));

/** Taking each extra of a set, by room id, in the set's order. */
export const TAKE_EXTRA: ReadonlyMap<string, readonly TakeAction[]> = new Map(
  BOARD.sets.map((r) => [r.id, r.extras.map((e) => Object.freeze({ type: 'take' as const, role: e.name, on: 'set' as const }))]),
);

/** Taking each starring role of a card, by card id, in the card's order. */
export const TAKE_STARRING: ReadonlyMap<number, readonly TakeAction[]> = new Map(
  SCENES.map((c) => [c.id, c.roles.map((r) => Object.freeze({ type: 'take' as const, role: r.name, on: 'card' as const }))]),
);
