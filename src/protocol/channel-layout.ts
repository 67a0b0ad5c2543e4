/** What the game thread and a bot's I/O thread (io-thread.ts) share: slots of the control array, delivery kinds, requests. */
export const CONTROL = {
  /** The sequence number of the last delivery; the game thread waits on it. */
  done: 0,
  kind: 1,
  /** Bytes of the delivery in the data buffer. */
  length: 2,
  /** The generation of the last process that exited. */
  exited: 3,
  /** 1 once a `close` is done: the last text written and the process group ended (or there was no process). */
  closed: 4,
} as const;
export const CONTROL_SLOTS = 5;

export const DELIVERY = {
  /** One line of stdout. */
  line: 1,
  /** A line over the limit: the text is its length. */
  long: 2,
  /** The process ended: the text says how, with the end of its stderr. */
  exit: 3,
  /** The process wrote more than it may while not asked, and was ended: the text is how many bytes. */
  flood: 4,
} as const;

/**
 * How the I/O thread ends a bot's process group. After `bye` and the end of its stdin the bot has
 * `byeGraceMs` to exit by itself; then what is left of its group gets SIGTERM, SIGKILL after
 * `termGraceMs`, and up to `killWaitMs` to be gone. Together they stay under the pool's wait for
 * its workers to close their bots (2 s).
 */
export const TIMES = {
  byeGraceMs: 500,
  termGraceMs: 500,
  killWaitMs: 300,
  /** How often the group's memory is measured when it has a cap. */
  memorySampleMs: 100,
} as const;

/**
 * What a bot may write while no answer is awaited (between the game thread's reads): its answer
 * arriving before the read, and some blank lines. Past either, the bot floods: it is ended, so
 * that nothing it writes is held in memory.
 */
export const UNASKED = { lines: 100, slackBytes: 65_536 } as const;

export interface ChannelData {
  readonly command: string;
  readonly control: SharedArrayBuffer;
  readonly data: SharedArrayBuffer;
  readonly lineBytes: number;
  readonly stderrBytes: number;
  /** The most resident memory the process group may use, 0 for no cap. */
  readonly memoryBytes: number;
  readonly CONTROL: typeof CONTROL;
  readonly DELIVERY: typeof DELIVERY;
  readonly TIMES: typeof TIMES;
  readonly UNASKED: typeof UNASKED;
}

export type ChannelRequest =
  | { readonly op: 'start'; readonly generation: number }
  | { readonly op: 'send'; readonly text: string }
  | { readonly op: 'want'; readonly seq: number }
  | { readonly op: 'close'; readonly text: string }
  | { readonly op: 'kill' };
