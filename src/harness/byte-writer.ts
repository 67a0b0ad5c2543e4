const encoder = new TextEncoder();

/** `array`, or a copy of its first `used` elements at least twice as long, with room for `more` past them. */
export function withRoom<T extends Uint8Array | Float64Array>(array: T, used: number, more: number): T {
  if (used + more <= array.length) return array;
  const grown = new (array.constructor as new (length: number) => T)(Math.max(2 * array.length, used + more));
  grown.set(array.subarray(0, used));
  return grown;
}

/** "-2147483648": the longest number writeInteger writes. */
const MAX_INTEGER_BYTES = 11;

/** Whether writeInteger writes `value`: a whole number within 31 bits, as seats, ranks, scores and steps are. */
function isSmallInteger(value: number): boolean {
  return Number.isInteger(value) && value >= -0x7fffffff && value <= 0x7fffffff;
}

/**
 * Writes a small integer's digits at `at` (room for MAX_INTEGER_BYTES is there) and returns the
 * end. Within 31 bits V8 divides by 10 with a multiplication, not a floating-point division.
 */
function writeInteger(buffer: Uint8Array, at: number, value: number): number {
  let v = value | 0;
  if (v < 0) {
    buffer[at++] = 0x2d;
    v = -v;
  }
  let digits = 1;
  for (let x = v; x >= 10; x = (x / 10) | 0) digits++;
  let end = at + digits;
  while (v >= 10) {
    const q = (v / 10) | 0;
    buffer[--end] = 0x30 + v - q * 10;
    v = q;
  }
  buffer[--end] = 0x30 + v;
  return at + digits;
}

/** The UTF-8 bytes of a piece of text that is written over and over (a line's fixed keys). */
export function bytesOf(text: string): Uint8Array {
  return encoder.encode(text);
}

/**
 * Text written as UTF-8 straight into one growing byte buffer, as outcomes.jsonl is: a run's lines
 * as strings would be thousands of objects for the collector and then be encoded once more for the
 * file; as bytes they go to the file as they are, and the buffer serves the whole run.
 */
export class ByteWriter {
  private buffer: Uint8Array;
  private at = 0;

  constructor(capacity = 1 << 16) {
    this.buffer = new Uint8Array(Math.max(64, capacity));
  }

  /** Makes room for `more` bytes past the end. */
  private room(more: number): Uint8Array {
    return (this.buffer = withRoom(this.buffer, this.at, more));
  }

  byte(value: number): void {
    this.room(1)[this.at++] = value;
  }

  bytes(value: Uint8Array): void {
    const buffer = this.room(value.length);
    // A loop on locals: the lines' keys are a few bytes, where set() costs more than it saves.
    let at = this.at;
    for (let i = 0; i < value.length; i++) buffer[at++] = value[i]!;
    this.at = at;
  }

  /** A number as JSON writes it: small integers digit by digit, anything else through String(). */
  number(value: number): void {
    if (isSmallInteger(value)) this.at = writeInteger(this.room(MAX_INTEGER_BYTES), this.at, value);
    else this.text(String(value));
  }

  /** `[a,b,c]` of values[from..to) (a slice without making one). */
  numbers(values: ArrayLike<number>, from = 0, to = values.length): void {
    // Room once for the whole array when every value is a small integer, as almost always.
    let small = true;
    for (let i = from; i < to; i++) if (!isSmallInteger(values[i]!)) small = false;
    if (!small) {
      this.byte(0x5b);
      for (let i = from; i < to; i++) {
        if (i > from) this.byte(0x2c);
        this.number(values[i]!);
      }
      this.byte(0x5d);
      return;
    }
    const buffer = this.room(2 + (to - from) * (MAX_INTEGER_BYTES + 1));
    let at = this.at;
    buffer[at++] = 0x5b;
    for (let i = from; i < to; i++) {
      if (i > from) buffer[at++] = 0x2c;
      at = writeInteger(buffer, at, values[i]!);
    }
    buffer[at++] = 0x5d;
    this.at = at;
  }

  /** Any text, in UTF-8 (at most 3 bytes per UTF-16 unit). */
  text(value: string): void {
    const buffer = this.room(3 * value.length);
    this.at += encoder.encodeInto(value, buffer.subarray(this.at)).written;
  }

  get length(): number {
    return this.at;
  }

  /** What was written, as a view on the writer's own buffer: valid until the writer is cleared or written again. */
  take(): Uint8Array {
    return this.buffer.subarray(0, this.at);
  }

  /** Starts over in the same buffer. */
  clear(): void {
    this.at = 0;
  }
}
