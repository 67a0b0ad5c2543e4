import { z } from 'zod';
import { describeIssues } from '../../core/errors.js';
import boardFile from './data/board.json' with { type: 'json' };
import scenesFile from './data/scenes.json' with { type: 'json' };
import upgradesFile from './data/upgrades.json' with { type: 'json' };

/** A part to play: an extra printed on the board or a starring role printed on a scene card. */
export interface Role {
  readonly name: string;
  readonly rank: number;
}

export interface Room {
  readonly id: string;
  readonly name: string;
  readonly neighbours: readonly string[];
  /** Shot counters of a set; 0 for the Trailers and the Casting Office. */
  readonly shots: number;
  /** Extras, lowest rank first; none outside the sets. */
  readonly extras: readonly Role[];
}

export interface SceneCard {
  readonly id: number;
  readonly title: string;
  readonly scene: number;
  readonly budget: number;
  /** Starring roles, lowest rank first, as printed on the card. */
  readonly roles: readonly Role[];
}

export interface UpgradePrice {
  readonly rank: number;
  readonly dollars: number;
  readonly credits: number;
}

export interface Board {
  readonly rooms: readonly Room[];
  /** The rooms that hold a scene, in board order: the order scenes are dealt in. */
  readonly sets: readonly Room[];
  readonly start: Room;
  readonly office: Room;
  readonly byId: ReadonlyMap<string, Room>;
}

export const MIN_RANK = 1;
export const MAX_RANK = 6;
export const DECK_SIZE = 40;
const MIN_BUDGET = 2;
const MAX_BUDGET = 6;

/** A data file that breaks the game's invariants: the engine refuses to start on it. */
export class DataError extends Error {
  override readonly name = 'DataError';
}

const rank = z.number().int().min(MIN_RANK).max(MAX_RANK);
const roleSchema = z.object({ name: z.string().min(1), rank }).strict();

const boardSchema = z
  .object({
    source: z.string(),
    start: z.string(),
    office: z.string(),
    rooms: z.array(
      z
        .object({
          id: z.string().regex(/^[a-z-]+$/),
          name: z.string().min(1),
          neighbours: z.array(z.string()).min(1),
          shots: z.number().int().min(1).optional(),
          extras: z.array(roleSchema).min(1).optional(),
        })
        .strict(),
    ),
  })
  .strict();

const scenesSchema = z
  .object({
    source: z.string(),
    cards: z.array(
      z
        .object({
          id: z.number().int().positive(),
          title: z.string().min(1),
          scene: z.number().int().positive(),
          budget: z.number().int().min(MIN_BUDGET).max(MAX_BUDGET),
          roles: z.array(roleSchema).min(1).max(3),
        })
        .strict(),
    ),
  })
  .strict();

const upgradesSchema = z
  .object({
    source: z.string(),
    prices: z.array(z.object({ rank, dollars: z.number().int().positive(), credits: z.number().int().positive() }).strict()),
  })
  .strict();

function parse<T>(schema: z.ZodType<T>, raw: unknown, file: string): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new DataError(`${file}: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}

function distinct(values: readonly (string | number)[], what: string, file: string): void {
  const seen = new Set<string | number>();
  for (const value of values) {
    if (seen.has(value)) throw new DataError(`${file}: ${what} ${JSON.stringify(value)} appears twice`);
    seen.add(value);
  }
}

function ascendingRanks(roles: readonly Role[], where: string, file: string): void {
  for (let i = 1; i < roles.length; i++) {
    if (roles[i]!.rank < roles[i - 1]!.rank) throw new DataError(`${file}: ${where}: roles must be listed lowest rank first`);
  }
}

/** The board, checked: distinct ids, known and symmetric neighbours, sets with shots and extras. */
export function loadBoard(raw: unknown, file = 'board.json'): Board {
  const data = parse(boardSchema, raw, file);
  distinct(data.rooms.map((r) => r.id), 'room id', file);
  const byId = new Map<string, Room>();
  for (const r of data.rooms) {
    if ((r.shots === undefined) !== (r.extras === undefined)) {
      throw new DataError(`${file}: ${r.id}: a set needs both shots and extras, other rooms neither`);
    }
    if (r.extras !== undefined) {
      ascendingRanks(r.extras, r.id, file);
      distinct(r.extras.map((e) => e.name), `extra in ${r.id}`, file);
    }
    byId.set(r.id, { id: r.id, name: r.name, neighbours: r.neighbours, shots: r.shots ?? 0, extras: r.extras ?? [] });
  }
  for (const r of data.rooms) {
    distinct(r.neighbours, `neighbour of ${r.id}`, file);
    for (const n of r.neighbours) {
      const other = byId.get(n);
      if (other === undefined) throw new DataError(`${file}: ${r.id} lists an unknown neighbour ${JSON.stringify(n)}`);
      if (n === r.id) throw new DataError(`${file}: ${r.id} lists itself as a neighbour`);
      if (!other.neighbours.includes(r.id)) {
        throw new DataError(`${file}: adjacency is not symmetric: ${r.id} lists ${n} but ${n} does not list ${r.id}`);
      }
    }
  }
  const start = byId.get(data.start);
  const office = byId.get(data.office);
  if (start === undefined || start.shots > 0) throw new DataError(`${file}: start ${JSON.stringify(data.start)} must be a room without a scene`);
  if (office === undefined || office.shots > 0) throw new DataError(`${file}: office ${JSON.stringify(data.office)} must be a room without a scene`);
  const rooms = [...byId.values()];
  const sets = rooms.filter((r) => r.shots > 0);
  if (sets.length < 2) throw new DataError(`${file}: a day needs at least two sets, found ${sets.length}`);
  return { rooms, sets, start, office, byId };
}

/** The scene deck, checked: 40 cards, distinct ids, budgets 2-6, role ranks 1-6 listed lowest first. */
export function loadScenes(raw: unknown, file = 'scenes.json'): readonly SceneCard[] {
  const data = parse(scenesSchema, raw, file);
  if (data.cards.length !== DECK_SIZE) throw new DataError(`${file}: the deck must hold ${DECK_SIZE} cards, found ${data.cards.length}`);
  distinct(data.cards.map((c) => c.id), 'card id', file);
  for (const card of data.cards) {
    ascendingRanks(card.roles, `card ${card.id}`, file);
    distinct(card.roles.map((r) => r.name), `role on card ${card.id}`, file);
  }
  return data.cards;
}

/** The Casting Office prices, checked: one price for each rank 2-6, rising with the rank. */
export function loadUpgrades(raw: unknown, file = 'upgrades.json'): readonly UpgradePrice[] {
  const data = parse(upgradesSchema, raw, file);
  const prices = [...data.prices].sort((a, b) => a.rank - b.rank);
  const ranks = prices.map((p) => p.rank).join(',');
  if (ranks !== '2,3,4,5,6') throw new DataError(`${file}: expected one price for each rank 2 to 6, found ranks ${ranks}`);
  for (let i = 1; i < prices.length; i++) {
    if (prices[i]!.dollars <= prices[i - 1]!.dollars || prices[i]!.credits <= prices[i - 1]!.credits) {
      throw new DataError(`${file}: prices must rise with the rank (rank ${prices[i]!.rank})`);
    }
  }
  return prices;
}

export const BOARD: Board = loadBoard(boardFile);
export const SCENES: readonly SceneCard[] = loadScenes(scenesFile);
export const UPGRADES: readonly UpgradePrice[] = loadUpgrades(upgradesFile);

const sceneById = new Map(SCENES.map((card) => [card.id, card]));

export function sceneCard(id: number): SceneCard {
  const card = sceneById.get(id);
  if (card === undefined) throw new DataError(`no scene card ${id}`);
  return card;
}

/** The price of `rank` at the Casting Office, or undefined outside 2-6. */
export function upgradePrice(rank: number): UpgradePrice | undefined {
  return UPGRADES[rank - 2];
}

export function roomName(id: string): string {
  return BOARD.byId.get(id)?.name ?? id;
}
