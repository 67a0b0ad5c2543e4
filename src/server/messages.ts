import { z } from 'zod';
import type { Outcome } from '../core/outcome.js';
import { clueActionSchema, type ClueAction } from '../games/clue/actions.js';
import { rulesSchema as ruleOptionsSchema } from '../games/clue/config.js';
import type { AccusedEvent, ClueEvent, GameOverEvent } from '../games/clue/events.js';
import type { ClueRules } from '../games/clue/rules.js';
import type { CluePhase, CluePlayer, ClueView, SuggestionInView } from '../games/clue/view.js';
import { PROTOCOL_VERSION } from './protocol-version.js';

/**
 * The Clue-Less client-server protocol (spec 001 G.1, S.1-S.12, C.1-C.7): JSON text frames over one
 * WebSocket, each an object with a `type`. docs/clueless-server.md is the reader's guide; these
 * schemas are the contract. The server validates every client message against `clientMessageSchema`
 * and answers a bad one with an `error`; clients may validate server messages with
 * `serverMessageSchema`.
 */
export { PROTOCOL_VERSION } from './protocol-version.js';

/**
 * Read-only and every key required, all the way down, so that the engine's types and the schemas'
 * outputs compare alike and an optional field present on one side only is a difference.
 */
type ReadOnly<T> = T extends object ? { readonly [K in keyof T]-?: ReadOnly<T[K]> } : T;
/** `unknown` when A and B are the same type, read-only or not; else `never`. */
type Same<A, B> = [ReadOnly<A>] extends [ReadOnly<B>] ? ([ReadOnly<B>] extends [ReadOnly<A>] ? unknown : never) : never;

/**
 * `schema`, held at compile time to describe exactly the engine's type T: a field added to, dropped
 * from or retyped in the engine's actions, view or events breaks the server's build here until the
 * wire says what the server now sends. Curried, since TypeScript cannot infer S once T is given.
 */
function engineType<T>() {
  return <S extends z.ZodType>(schema: S & Same<z.output<S>, T>): S => schema;
}

const token = z.string().min(1).max(64);
const seat = z.number().int().nonnegative();
const card = z.string();
const triple = engineType<NonNullable<ClueView['caseFile']>>()(z.object({ suspect: card, weapon: card, room: card }));

/** The rules the server's games are played by, every one of them (the engine's ClueRules, src/games/clue/rules.ts). */
export const rulesSchema = engineType<ClueRules>()(z.object(ruleOptionsSchema.shape).required());

// ---------------------------------------------------------------- client -> server

/**
 * Queue for the next game. `name` is the player's name at the table (default: a generated one); a
 * longer one is cut to 24 UTF-16 units between whole characters (src/server/names.ts), not refused.
 */
export const joinMessageSchema = z.object({ type: z.literal('join'), name: z.string().max(256).optional() }).strict();

/** Take back a seat (after a dropped connection) with the token the server issued on join. */
export const reconnectMessageSchema = z.object({ type: z.literal('reconnect'), token }).strict();

/**
 * One action of the seat bound to this connection, in the engine's action shape (see
 * `clueActionSchema`: move, suggest, show, accuse, pass). `token` must be this connection's own.
 */
export const actionMessageSchema = z.object({ type: z.literal('action'), token, action: clueActionSchema }).strict();

/** Leave the queue, or the game: a System Player takes the seat at once. */
export const leaveMessageSchema = z.object({ type: z.literal('leave') }).strict();

/** Ask for my exact notebook grid (the deduction library's, from my seat's observations); answered by `notebook`. */
export const notebookRequestSchema = z.object({ type: z.literal('notebook') }).strict();

/** Keep-alive; answered by `pong`. */
export const pingMessageSchema = z.object({ type: z.literal('ping') }).strict();

export const clientMessageSchema = z.discriminatedUnion('type', [
  joinMessageSchema,
  reconnectMessageSchema,
  actionMessageSchema,
  leaveMessageSchema,
  notebookRequestSchema,
  pingMessageSchema,
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

// ---------------------------------------------------------------- server -> client

/** Sent at once on connection (S.2: the answer to a connect attempt). */
export const helloMessageSchema = z.object({
  type: z.literal('hello'),
  protocol: z.literal(PROTOCOL_VERSION),
  game: z.literal('clue'),
  variant: z.literal('clueless'),
  players: z.tuple([z.number().int(), z.number().int()]),
  /** The rules every game of this server is played by; each view repeats them. */
  rules: rulesSchema,
  /** Seconds a countdown lasts, and a dropped player's seat is held. */
  countdownSeconds: z.number(),
  graceSeconds: z.number(),
  /** Seconds a prompted person has to act before a System Player takes the seat (`--turn-time`); 0: no limit. */
  turnSeconds: z.number(),
  limits: z.object({ maxMessageBytes: z.number().int(), messagesPerSecond: z.number(), burst: z.number().int() }),
});

/**
 * The answer to `join` (S.3), sent again whenever the queue changes. `token` binds this connection
 * to its place in the queue and then to its seat: keep it to act and to reconnect.
 */
export const queuedMessageSchema = z.object({
  type: z.literal('queued'),
  token,
  name: z.string(),
  /** 1-based place in the queue. */
  position: z.number().int().positive(),
  /** How many are waiting, this player included. */
  waiting: z.number().int().nonnegative(),
  /** How many people the next game needs before its countdown starts. */
  needed: z.number().int().nonnegative(),
});

/** The countdown to the next game runs (S.5); `startsAt` is the server's clock, epoch ms. */
export const countdownMessageSchema = z.object({
  type: z.literal('countdown'),
  seconds: z.number(),
  startsAt: z.number(),
  waiting: z.number().int(),
  names: z.array(z.string()),
});

export const seatInfoSchema = z.object({
  seat,
  name: z.string(),
  suspect: z.string(),
  /** A person at a client, or a System Player (from the start, or since it took over). */
  kind: z.enum(['person', 'system']),
  /** A person's connection is up (false while the seat is held for a reconnect). */
  connected: z.boolean(),
});

/** The Clue-Less board, for drawing (C.7): the 3x3 rooms, hallways, home squares and passages. */
export const boardSchema = z.object({
  /** Rows top to bottom, rooms left to right. */
  rooms: z.array(z.array(z.string())),
  /** Each hallway's node name ("Study-Hall") and the two rooms it joins. */
  hallways: z.array(z.object({ name: z.string(), rooms: z.tuple([z.string(), z.string()]) })),
  /** Each suspect's home square and the hallway it opens onto. */
  homes: z.array(z.object({ name: z.string(), suspect: z.string(), hallway: z.string() })),
  passages: z.array(z.tuple([z.string(), z.string()])),
  cards: z.object({ suspects: z.array(card), weapons: z.array(card), rooms: z.array(card) }),
});

/** The game starts (or is rejoined): who I am, the table, the board. A full `update` follows. */
export const startMessageSchema = z.object({
  type: z.literal('start'),
  gameId: z.string(),
  seat,
  token,
  name: z.string(),
  suspect: z.string(),
  seats: z.array(seatInfoSchema),
  board: boardSchema,
});

export const playerSchema = engineType<CluePlayer>()(
  z.object({
    seat,
    name: z.string(),
    suspect: z.string(),
    handSize: z.number().int(),
    accusedWrongly: z.boolean(),
    departed: z.boolean(),
    inTurnOrder: z.boolean(),
    refutes: z.boolean(),
    /** The engine's place of a player who solved the case when a game plays on for places (option `placings`): the server's games do not, so it is never sent. */
    place: z.number().int().optional(),
  }),
);

export const suggestionSchema = engineType<SuggestionInView>()(
  z.object({
    seat,
    suspect: card,
    weapon: card,
    room: card,
    passed: z.array(seat),
    refuter: seat.nullable(),
  }),
);

const phaseSchema = engineType<CluePhase>()(z.enum(['placeWeapons', 'start', 'move', 'suggest', 'refute', 'end', 'over']));

/**
 * Everything my seat may know now: the engine's ClueView (src/games/clue/view.ts) without its
 * notebook, which arrives event by event in `update.events`.
 */
export const seatViewSchema = engineType<Omit<ClueView, 'notebook' | 'variant'> & { variant: 'clueless' }>()(
  z.object({
    variant: z.literal('clueless'),
    rules: rulesSchema,
    seat,
    suspect: z.string(),
    hand: z.array(card),
    players: z.array(playerSchema),
    order: z.array(seat),
    turn: seat.nullable(),
    toAct: seat.nullable(),
    turnNumber: z.number().int(),
    maxTurns: z.number().int(),
    phase: phaseSchema,
    dice: z.tuple([z.number(), z.number()]).nullable(),
    position: z.string(),
    room: z.string().nullable(),
    leftRoom: z.string().nullable(),
    movedBySuggestion: z.boolean(),
    /** Suspect -> node name (room, hallway "Study-Hall", home "Miss Scarlet's home"), all six pawns. */
    pawns: z.record(z.string(), z.string()),
    /** Weapon -> room. */
    weapons: z.record(z.string(), z.string()),
    suggestion: suggestionSchema.nullable(),
    mayShow: z.array(card),
    accused: z.boolean(),
    caseFile: triple.nullable(),
    winner: seat.nullable(),
  }),
);

/** An event as a seat sees it: checked only as an object with a `type` (a client reads the kinds it knows), typed as the engine's ClueEvent. */
const looseEventSchema = z.looseObject({ type: z.string() });
const clueEventSchema = z.custom<ClueEvent>((value) => looseEventSchema.safeParse(value).success);

/** One event as my seat saw it (src/games/clue/events.ts), with its notebook line in the spec's wording. */
export const seenEventSchema = z.object({
  /** Its index in my notebook (0: my dealt cards): a client appends in order and can spot a gap. */
  n: z.number().int().nonnegative(),
  event: clueEventSchema,
  line: z.string(),
});

/**
 * The state changed (S.8): my new view, the new events as my seat may see them, the table, and a
 * status line ("Your turn", "Bob is moving", "Bob's connection dropped: the seat is held 30 s").
 */
export const updateMessageSchema = z.object({
  type: z.literal('update'),
  gameId: z.string(),
  view: seatViewSchema,
  events: z.array(seenEventSchema),
  seats: z.array(seatInfoSchema),
  status: z.string(),
});

/** A move open to me: the engine's action, ready to send back, and a label. */
export const moveOptionSchema = z.object({
  action: engineType<Extract<ClueAction, { type: 'move' }>>()(z.object({ type: z.literal('move'), to: z.string(), path: z.array(z.string()).optional() })),
  label: z.string(),
});

/**
 * It is my turn (S.7): what I may do now. Every list is drawn from the engine's legal actions;
 * build `suggest` and `accuse` actions from any suspect x weapon (x room) the lists offer.
 */
export const yourTurnMessageSchema = z.object({
  type: z.literal('yourTurn'),
  gameId: z.string(),
  phase: phaseSchema,
  prompt: z.string(),
  moves: z.array(moveOptionSchema),
  /** The room a suggestion names (mine), or null when I may not suggest now. */
  suggest: z.object({ room: card, suspects: z.array(card), weapons: z.array(card) }).nullable(),
  accuse: z.object({ suspects: z.array(card), weapons: z.array(card), rooms: z.array(card) }).nullable(),
  pass: z.boolean(),
  /** Cards I may show: only when I am asked to disprove (see `disprove`). */
  show: z.array(card),
});

/** I am asked to disprove a suggestion (S.9): I hold one or more of its cards and choose one to show. */
export const disproveMessageSchema = z.object({
  type: z.literal('disprove'),
  gameId: z.string(),
  suggester: seat,
  suggesterName: z.string(),
  suspect: card,
  weapon: card,
  room: card,
  mayShow: z.array(card),
});

/**
 * An accusation and its result, to everyone (S.11, S.12). `caseFile` is present only in the
 * accuser's copy (S.10).
 */
export const accusationMessageSchema = engineType<
  Pick<AccusedEvent, 'seat' | 'suspect' | 'weapon' | 'room' | 'correct'> & { type: 'accusation'; gameId: string; name: string; caseFile?: NonNullable<ClueView['caseFile']> }
>()(
  z.object({
    type: z.literal('accusation'),
    gameId: z.string(),
    seat,
    name: z.string(),
    suspect: card,
    weapon: card,
    room: card,
    correct: z.boolean(),
    caseFile: triple.optional(),
  }),
);

export const gameOverMessageSchema = z.object({
  type: z.literal('gameOver'),
  gameId: z.string(),
  winner: seat.nullable(),
  winnerName: z.string().nullable(),
  reason: engineType<GameOverEvent['reason']>()(z.enum(['solved', 'allAccused', 'capped'])),
  caseFile: triple,
  /** The engine's outcome: winners and ranks per seat. */
  outcome: engineType<Omit<Outcome, 'score'>>()(z.object({ winners: z.array(seat), rank: z.array(z.number().int()), capped: z.boolean().optional() })),
  /** The saved record's file name (replay it with `parlor replay`). */
  record: z.string(),
});

/** Something the server says to people: a player dropped, came back, was replaced, ... (C.2). */
export const statusMessageSchema = z.object({ type: z.literal('status'), text: z.string() });

export const ERROR_CODES = [
  /** Not JSON, or not one of the client messages. */
  'bad-message',
  /** Over `limits.maxMessageBytes`. */
  'too-large',
  /** Over the message rate; the message was dropped. Flooding on closes the connection. */
  'rate-limited',
  /** The engine refused the action: `message` is the rule's sentence, the state is unchanged. */
  'rule',
  /** An action when it is not this seat's turn to decide. */
  'not-your-turn',
  /** An action or reconnect with a token that is not this connection's, or not known. */
  'bad-token',
  /** An action, a notebook request or a leave from a connection that is neither seated (nor, for leave, queued). */
  'not-seated',
  /** A join or a reconnect from a connection already queued or seated. */
  'already-joined',
  /** A join whose name reads as the case file, a System Player or a card: nothing changed, join again with another. */
  'bad-name',
  /** The seat was given to a System Player (grace period over, or left): it cannot be taken back. */
  'seat-taken-over',
  /** Another connection reconnected with this seat's token; this one is closed. */
  'replaced',
  /** The server is shutting down. */
  'closing',
  /** The server holds its most connections (--max-connections): this one is closed; try again later. */
  'server-full',
  /** The connection's address holds its most connections (--max-per-ip): this one is closed; close another or try again later. */
  'too-many-connections',
] as const;

/** A refused message, with one line saying what is wrong and what is expected. Nothing changed. */
export const errorMessageSchema = z.object({
  type: z.literal('error'),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  /** The action refused, for `rule` and `not-your-turn`. */
  action: z.unknown().optional(),
});
export type ErrorCode = (typeof ERROR_CODES)[number];

const ownershipSchema = z.object({ status: z.enum(['yes', 'no', 'maybe']), p: z.number() });

/**
 * My exact notebook (answer to a `notebook` request): for every card (canonical name) and owner
 * (the players in turn order by name, then "caseFile"), yes / no / maybe and the probability,
 * every deal consistent with my observations counted as equally likely (src/deduction).
 */
export const notebookMessageSchema = z.object({
  type: z.literal('notebook'),
  gameId: z.string(),
  consistent: z.boolean(),
  /** How many deals fit my observations, as a decimal string. */
  worlds: z.string(),
  owners: z.array(z.string()),
  cards: z.record(z.string(), z.record(z.string(), ownershipSchema)).optional(),
  /** The case file, once certain. */
  solution: triple.nullable().optional(),
  /** When not consistent: why. */
  message: z.string().optional(),
});

export const pongMessageSchema = z.object({ type: z.literal('pong'), time: z.number() });

export const serverMessageSchema = z.discriminatedUnion('type', [
  helloMessageSchema,
  queuedMessageSchema,
  countdownMessageSchema,
  startMessageSchema,
  updateMessageSchema,
  yourTurnMessageSchema,
  disproveMessageSchema,
  accusationMessageSchema,
  gameOverMessageSchema,
  statusMessageSchema,
  errorMessageSchema,
  notebookMessageSchema,
  pongMessageSchema,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type HelloMessage = z.infer<typeof helloMessageSchema>;
export type StartMessage = z.infer<typeof startMessageSchema>;
export type UpdateMessage = z.infer<typeof updateMessageSchema>;
export type YourTurnMessage = z.infer<typeof yourTurnMessageSchema>;
export type SeatInfo = z.infer<typeof seatInfoSchema>;
export type BoardInfo = z.infer<typeof boardSchema>;
export type SeatView = z.infer<typeof seatViewSchema>;
export type SeenEvent = z.infer<typeof seenEventSchema>;
export type NotebookMessage = z.infer<typeof notebookMessageSchema>;
