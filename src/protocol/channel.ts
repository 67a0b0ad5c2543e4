import { Worker } from 'node:worker_threads';
import { CONTROL, CONTROL_SLOTS, DELIVERY, TIMES, UNASKED, type ChannelData, type ChannelRequest } from './channel-layout.js';
import { IO_THREAD_SOURCE } from './io-thread.js';

export type Received =
  | { readonly kind: 'line'; readonly text: string }
  | { readonly kind: 'long'; readonly bytes: number }
  | { readonly kind: 'exit'; readonly detail: string }
  | { readonly kind: 'flood'; readonly bytes: number }
  | { readonly kind: 'timeout' };

/** How long closing waits for the I/O thread to end the process group (its own graces, and some slack). */
const CLOSE_WAIT_MS = TIMES.byeGraceMs + TIMES.termGraceMs + TIMES.killWaitMs + 500;

/** What a channel's process is held to: its line and stderr limits, and a memory cap (none when absent). */
export interface ChannelLimits {
  readonly lineBytes: number;
  readonly stderrBytes: number;
  readonly memoryMb?: number | undefined;
}

/**
 * A bot's process seen from the game thread, synchronously: `receive` blocks (Atomics.wait) until
 * the I/O thread hands over the next line, the process ends, or the timeout passes. This keeps
 * `Bot.act` synchronous, so one game loop serves in-process and process bots alike.
 */
export class ProcessChannel {
  private readonly thread: Worker;
  private readonly control: Int32Array;
  private readonly data: SharedArrayBuffer;
  private seq = 0;
  private generation = 0;
  private live = false;

  constructor(command: string, limits: ChannelLimits) {
    const control = new SharedArrayBuffer(CONTROL_SLOTS * 4);
    // Room for the longest line allowed and for an exit's detail.
    this.data = new SharedArrayBuffer(Math.max(limits.lineBytes, 4096));
    this.control = new Int32Array(control);
    const { lineBytes, stderrBytes } = limits;
    const memoryBytes = (limits.memoryMb ?? 0) * 1024 * 1024;
    const channel: ChannelData = { command, control, data: this.data, lineBytes, stderrBytes, memoryBytes, CONTROL, DELIVERY, TIMES, UNASKED };
    this.thread = new Worker(IO_THREAD_SOURCE, { eval: true, workerData: channel });
    // The thread never keeps the program alive; when the program ends the bot's stdin closes.
    this.thread.unref();
  }

  private post(request: ChannelRequest): void {
    this.thread.postMessage(request);
  }

  /** Whether a process was started and has not been seen to end. */
  get running(): boolean {
    return this.live && Atomics.load(this.control, CONTROL.exited) !== this.generation;
  }

  /** Starts the process, ending the one before if any. */
  start(): void {
    this.generation++;
    this.live = true;
    this.post({ op: 'start', generation: this.generation });
  }

  send(text: string): void {
    this.post({ op: 'send', text });
  }

  /**
   * Sends the last text, closes the process's stdin, gives the process time to exit and ends what
   * is left of its group; {@link awaitClosed} waits for it. Several channels close at once this way.
   */
  beginClose(text: string): void {
    Atomics.store(this.control, CONTROL.closed, 0);
    this.post({ op: 'close', text });
    this.live = false;
  }

  /** Waits (up to the I/O thread's graces) until the close is done: the thread that owns the channel may be stopped right after. */
  awaitClosed(): void {
    Atomics.wait(this.control, CONTROL.closed, 0, CLOSE_WAIT_MS);
  }

  close(text: string): void {
    this.beginClose(text);
    this.awaitClosed();
  }

  kill(): void {
    this.post({ op: 'kill' });
    this.live = false;
  }

  /** The next line of the process's stdout, its end, or a timeout after `timeoutMs`. */
  receive(timeoutMs: number): Received {
    const seq = ++this.seq;
    this.post({ op: 'want', seq });
    const until = performance.now() + timeoutMs;
    for (let done = Atomics.load(this.control, CONTROL.done); done !== seq; done = Atomics.load(this.control, CONTROL.done)) {
      const left = until - performance.now();
      if (left <= 0) return { kind: 'timeout' };
      Atomics.wait(this.control, CONTROL.done, done, left);
    }
    const kind = Atomics.load(this.control, CONTROL.kind);
    const text = Buffer.from(this.data, 0, Atomics.load(this.control, CONTROL.length)).toString('utf8');
    if (kind === DELIVERY.line) return { kind: 'line', text };
    if (kind === DELIVERY.long) return { kind: 'long', bytes: Number(text) };
    this.live = false;
    if (kind === DELIVERY.flood) return { kind: 'flood', bytes: Number(text) };
    return { kind: 'exit', detail: text };
  }

  /** Ends the I/O thread (and with it the process's pipes). */
  dispose(): Promise<number> {
    this.kill();
    return this.thread.terminate();
  }
}
