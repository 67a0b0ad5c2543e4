import { GameStreams, seedKey, type RandomStreams, type Rng } from '../core/rng.js';

/** Thrown when a fixture's script is exhausted: the fixture, not the game, is wrong. */
export class ScriptExhausted extends Error {}

/** Replays the values a fixture lists: die() returns them as they are (games validate faces). */
class ScriptedRng implements Rng {
  private at = 0;

  constructor(
    private readonly name: string,
    private readonly values: readonly number[],
  ) {}

  private take(): number {
    if (this.at >= this.values.length) {
      throw new ScriptExhausted(`the fixture's random.${this.name} ran out after ${this.values.length} values`);
    }
    return this.values[this.at++]!;
  }

  next(): number {
    return this.take();
  }

  int(n: number): number {
    const value = this.take();
    if (!Number.isInteger(value) || value < 0 || value >= n) {
      throw new ScriptExhausted(`random.${this.name}[${this.at - 1}] = ${value}, but the game asked for an integer in [0, ${n})`);
    }
    return value;
  }

  die(_sides: number): number {
    return this.take();
  }

  get remaining(): number {
    return this.values.length - this.at;
  }
}

/** Streams for a fixture: scripted where it lists values, seeded from its seed elsewhere. */
export class ScriptedStreams implements RandomStreams {
  private readonly scripted = new Map<string, ScriptedRng>();
  private readonly seeded: GameStreams;

  constructor(script: Readonly<Record<string, readonly number[]>>, seed: string) {
    for (const [name, values] of Object.entries(script)) this.scripted.set(name, new ScriptedRng(name, values));
    this.seeded = new GameStreams(seedKey(seed), 0);
  }

  stream(name: string): Rng {
    return this.scripted.get(name) ?? this.seeded.stream(name);
  }

  /** Scripted values no draw used: a fixture that scripts more than it plays is suspicious. */
  unused(): string[] {
    const left: string[] = [];
    for (const [name, rng] of this.scripted) if (rng.remaining > 0) left.push(`${name} (${rng.remaining} left)`);
    return left;
  }
}
