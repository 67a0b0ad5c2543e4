/** What the game thread and a bot's I/O thread (io-thread.ts) share: slots of the control array, delivery kinds, requests. */
export const CONTROL = {
  /** The sequence number of the last delivery; the game thread waits on it. */
  done: 0,
  kind: 1,
  /** Bytes of the delivery in the data buffer. */
  length: 2,
  /** The generation of the last process that exited. */
  exited: 3,
  /** 1 once the last text of a `close` is written to the process's stdin (or there was no process). */
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
} as const;

export interface ChannelData {
  readonly command: string;
  readonly control: SharedArrayBuffer;
  readonly data: SharedArrayBuffer;
  readonly lineBytes: number;
  readonly stderrBytes: number;
  readonly CONTROL: typeof CONTROL;
  readonly DELIVERY: typeof DELIVERY;
}

export type ChannelRequest =
  | { readonly op: 'start'; readonly generation: number }
  | { readonly op: 'send'; readonly text: string }
  | { readonly op: 'want'; readonly seq: number }
  | { readonly op: 'close'; readonly text: string }
  | { readonly op: 'kill' };
