import seedrandom from 'seedrandom';

/**
 * A stream of random numbers. Games and bots only ever see this interface, so a fixture can swap
 * in a scripted source and a record can be replayed from the same named streams.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** A die face in [1, sides]. A scripted source may return any number: games validate faces. */
  die(sides: number): number;
}

/** The named streams of one game: "deal", "dice", "bot:2", ... Each is independent of the others. */
export interface RandomStreams {
  stream(name: string): Rng;
}

/**
 * sfc32 (Chris Doty-Humphrey's small fast counter generator, passes PractRand). seedrandom turns the
 * user's seed string into key words once per run; every (game index, stream name) pair then gets
 * its own generator by integer mixing, because building a seedrandom generator per stream costs
 * 1-8 µs, which is a third of the whole budget of a Yahtzee game in the harness.
 */
export class Sfc32 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(a: number, b: number, c: number, d: number) {
    this.a = a | 0;
    this.b = b | 0;
    this.c = c | 0;
    this.d = d | 0;
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  next(): number {
    return this.nextUint32() / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  die(sides: number): number {
    return 1 + Math.floor(this.next() * sides);
  }
}

/** Four 32-bit words derived from a run's seed string: the root of every stream of the run. */
export type SeedKey = readonly [number, number, number, number];

export function seedKey(seed: string): SeedKey {
  const prng = seedrandom.alea(seed);
  return [prng.int32(), prng.int32(), prng.int32(), prng.int32()];
}

/** murmur3's finaliser: a bijective mix of 32 bits. */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

function hashName(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return mix32(h);
}

const nameHashes = new Map<string, number>();

function cachedHash(name: string): number {
  let h = nameHashes.get(name);
  if (h === undefined) {
    h = hashName(name);
    nameHashes.set(name, h);
  }
  return h;
}

/** The generator of stream `name` of game `index` of the run keyed by `key`. */
export function streamRng(key: SeedKey, index: number, name: string): Sfc32 {
  const n = cachedHash(name);
  const lo = index >>> 0;
  const hi = Math.floor(index / 4294967296) >>> 0;
  return new Sfc32(
    mix32(key[0] ^ lo),
    mix32(key[1] ^ mix32(hi + 0x9e3779b9)),
    mix32(key[2] ^ n),
    mix32(key[3] ^ mix32(lo ^ n)),
  );
}

/** `bot:<seat>`, the stream a seat's bot draws from: apart from the game's, so its choices never shift the dice or the deal. */
const BOT_STREAMS = Array.from({ length: 16 }, (_, seat) => `bot:${seat}`);
export function botStream(seat: number): string {
  return BOT_STREAMS[seat] ?? `bot:${seat}`;
}

/** The bot's own stream in seat `seat` of game `index` of the run seeded `seed`, as the harness makes it. */
export function botRng(seed: string, index: number, seat: number): Rng {
  return streamRng(seedKey(seed), index, botStream(seat));
}

/** The streams of game `index` of a run, created on first use. */
export class GameStreams implements RandomStreams {
  private readonly made = new Map<string, Rng>();

  constructor(
    private readonly key: SeedKey,
    private readonly index: number,
  ) {}

  stream(name: string): Rng {
    let rng = this.made.get(name);
    if (rng === undefined) {
      rng = streamRng(this.key, this.index, name);
      this.made.set(name, rng);
    }
    return rng;
  }
}

/**
 * Named streams grown from one generator, so that a caller holding a single `Rng` (a search player,
 * the leak checker) can call `apply`. Four words drawn from `rng` key the streams; each name then
 * gets its own generator from the key alone, so the draws of a stream do not depend on which other
 * streams were asked for first, or in what order.
 */
export function streamsFrom(rng: Rng): RandomStreams {
  const word = (): number => Math.floor(rng.next() * 4294967296) | 0;
  return new GameStreams([word(), word(), word(), word()], 0);
}

export { shuffleInPlace } from './shuffle.js';
