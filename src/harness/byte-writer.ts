const encoder = new TextEncoder();

/** The UTF-8 bytes of a piece of text that is written over and over (a line's fixed keys). */
export function bytesOf(text: string): Uint8Array {
  return encoder.encode(text);
}

/**
 * Text written as UTF-8 straight into one growing byte buffer. A worker writes a line per game:
 * as strings, thousands of them would live until the batch ends (garbage the collector copies and
 * promotes) and then be encoded once more for the file; as bytes they cost nothing to keep, move
 * to the main thread without a copy and go to the file as they are.
 */
export class ByteWriter {
  private buffer: Uint8Array;
  private at = 0;

  constructor(capacity = 1 << 16) {
    this.buffer = new Uint8Array(Math.max(64, capacity));
  }

  /** Makes room for `more` bytes past the end. */
  private room(more: number): Uint8Array {
    if (this.at + more > this.buffer.length) {
      const grown = new Uint8Array(Math.max(2 * this.buffer.length, this.at + more));
      grown.set(this.buffer.subarray(0, this.at));
      this.buffer = grown;
    }
    return this.buffer;
  }

  byte(value: number): void {
    this.room(1)[this.at++] = value;
  }

  bytes(value: Uint8Array): void {
    const buffer = this.room(value.length);
    // A loop: the lines' keys are a few bytes, where set() costs more than it saves.
    for (let i = 0; i < value.length; i++) buffer[this.at++] = value[i]!;
  }

  /** A number as JSON writes it: whole numbers digit by digit, anything else through String(). */
  number(value: number): void {
    if (!Number.isSafeInteger(value)) {
      this.text(String(value));
      return;
    }
    let v = value;
    if (v < 0) {
      this.byte(0x2d);
      v = -v;
    }
    let digits = 1;
    for (let x = v; x >= 10; x = Math.floor(x / 10)) digits++;
    const buffer = this.room(digits);
    this.at += digits;
    let end = this.at;
    while (v >= 10) {
      const q = Math.floor(v / 10);
      buffer[--end] = 0x30 + (v - q * 10);
      v = q;
    }
    buffer[--end] = 0x30 + v;
  }

  /** `[a,b,c]` */
  numbers(values: readonly number[]): void {
    this.byte(0x5b);
    for (let i = 0; i < values.length; i++) {
      if (i > 0) this.byte(0x2c);
      this.number(values[i]!);
    }
    this.byte(0x5d);
  }

  /** Any text, in UTF-8 (at most 3 bytes per UTF-16 unit). */
  text(value: string): void {
    const buffer = this.room(3 * value.length);
    this.at += encoder.encodeInto(value, buffer.subarray(this.at)).written;
  }

  get length(): number {
    return this.at;
  }

  /** What was written, as a view on the writer's own buffer: the writer is done with once taken. */
  take(): Uint8Array {
    return this.buffer.subarray(0, this.at);
  }
}
