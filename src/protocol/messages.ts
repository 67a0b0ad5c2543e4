import { z } from 'zod';
import { describeIssues } from '../core/errors.js';
import type { Action } from '../core/game.js';
import { outcomeSchema } from '../core/record.js';

/** The protocol's version: `hello.protocol`. A change that an existing bot could misread bumps it. */
export const PROTOCOL_VERSION = 2;

/** Harness -> bot: a new game for one seat. A hello always starts a new game, abandoning any other. */
export const helloSchema = z.object({
  type: z.literal('hello'),
  protocol: z.literal(PROTOCOL_VERSION),
  game: z.string(),
  variant: z.string(),
  config: z.unknown(),
  seat: z.number().int().nonnegative(),
  seats: z.number().int().positive(),
  /** The bot's randomness: parlor's bots draw from stream `bot:<seat>` of (seed, index). */
  seed: z.string(),
  index: z.number().int().nonnegative(),
  time: z.object({ moveMs: z.number(), bankMs: z.number(), handshakeMs: z.number() }),
});

export const eventSchema = z.object({ type: z.literal('event'), event: z.looseObject({ type: z.string() }) });

export const actSchema = z.object({
  type: z.literal('act'),
  id: z.number().int().positive(),
  view: z.unknown(),
  legal: z.array(z.looseObject({ type: z.string() })).min(1),
  /** The most this decision may take: the move time plus what is left of the bank. */
  deadlineMs: z.number(),
});

export const resultSchema = z.object({ type: z.literal('result'), outcome: outcomeSchema.nullable() });
export const byeSchema = z.object({ type: z.literal('bye') });

export const harnessMessageSchema = z.discriminatedUnion('type', [helloSchema, eventSchema, actSchema, resultSchema, byeSchema]);
export type HarnessMessage = z.infer<typeof harnessMessageSchema>;
export type Hello = z.infer<typeof helloSchema>;

/** The `hello` line for one seat of one game; its clock is the process's limits. */
export function helloLine(seat: Omit<Hello, 'type' | 'protocol' | 'time'>, limits: Hello['time']): string {
  const { moveMs, bankMs, handshakeMs } = limits;
  const hello: Hello = { type: 'hello', protocol: PROTOCOL_VERSION, ...seat, time: { moveMs, bankMs, handshakeMs } };
  return `${JSON.stringify(hello)}\n`;
}

export const BYE_LINE = `${JSON.stringify({ type: 'bye' })}\n`;

/** A game a bot plays: its id (every variant), or the id and the variants it plays (protocol 2). */
const claimSchema = z.union([z.string(), z.object({ game: z.string(), variants: z.array(z.string()).min(1) })]);

/** Bot -> harness: the answer to every hello. `games` lists the games it plays, when not all. */
export const readySchema = z.object({ type: z.literal('ready'), name: z.string().optional(), games: z.array(claimSchema).optional() });
export type Ready = z.infer<typeof readySchema>;

/** Whether a bot's ready claims this game and variant: no list claims everything, a bare game id every variant. */
export function claims(ready: Ready, game: string, variant: string): boolean {
  return ready.games === undefined || ready.games.some((c) => (typeof c === 'string' ? c === game : c.game === game && c.variants.includes(variant)));
}

/** A ready's claims in words: "clue (clueless), yahtzee". */
export function claimedGames(ready: Ready): string {
  if (ready.games === undefined) return 'every game';
  return ready.games.map((c) => (typeof c === 'string' ? c : `${c.game} (${c.variants.join(', ')})`)).join(', ') || 'no game';
}

/** Bot -> harness: the answer to `act` number `id`; `action` is checked with the game's own action schema. */
const actionMessageSchema = z.object({ type: z.literal('action'), id: z.number().int().positive(), action: z.unknown() });

export type BotMessage = Ready | { readonly type: 'action'; readonly id: number; readonly action: Action };

export const botMessageSchema = z.discriminatedUnion('type', [readySchema, actionMessageSchema]);

/** One line from a bot, or what is wrong with it, in words fit for a fault's detail. */
export function parseBotLine(line: string, actionSchema: z.ZodType<Action>): BotMessage | string {
  const raw = parseJson(line);
  if (raw === NOT_JSON) return `not JSON: ${clip(line)}`;
  const message = botMessageSchema.safeParse(raw);
  if (!message.success) return `not a protocol message (expected {"type":"ready"} or {"type":"action","id","action"}): ${describeIssues(message.error.issues)}: ${clip(line)}`;
  if (message.data.type === 'ready') return message.data;
  const action = actionSchema.safeParse(message.data.action);
  if (!action.success) return `action ${clip(JSON.stringify(message.data.action) ?? 'missing')} is not an action of this game: ${describeIssues(action.error.issues)}`;
  return { type: 'action', id: message.data.id, action: action.data };
}

/** A line as one message for the harness to parse, or what is wrong with it. */
export function parseHarnessLine(line: string): HarnessMessage | string {
  const raw = parseJson(line);
  if (raw === NOT_JSON) return `not JSON: ${clip(line)}`;
  const message = harnessMessageSchema.safeParse(raw);
  return message.success ? message.data : `not a protocol message: ${describeIssues(message.error.issues)}: ${clip(line)}`;
}

const NOT_JSON = Symbol('not JSON');

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return NOT_JSON;
  }
}

/** A long line shortened for a one-line message. */
export function clip(text: string, max = 200): string {
  return text.length <= max ? text : `${text.slice(0, max)}... (${text.length} characters)`;
}
