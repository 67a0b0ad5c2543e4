/**
 * What the benches and tools do with one game, in bench/games/<game>.ts: every part optional, a
 * game without a file (or without a part) is left out of that bench.
 */
export interface GameBench {
  /** The game's id, as `GAMES` lists it. */
  readonly game: string;
  /**
   * The search player's bar (`ismcts-time`, `ismcts-overrides`): the variant and options it is
   * measured at, and the built-in bots seated beside `ismcts`.
   */
  readonly searchBar?: { readonly variant: string; readonly set: Readonly<Record<string, unknown>>; readonly others: readonly string[] };
  /** `bench/protocol.ts`: the bot measured in-process and as a process, the bots beside it, and the games played unless `--games` says. */
  readonly protocol?: { readonly variant: string; readonly config: Readonly<Record<string, unknown>>; readonly bot: string; readonly others: readonly string[]; readonly games: number };
  /** The calibration suite's real lineups (one entrant beside identical copies of another), as `--bots` and `--set`. */
  readonly calibration?: readonly { readonly variant: string; readonly bots: string; readonly set: readonly string[] }[];
  /** `npm run results -- export-sizes`: the bots `parlor export-bot` writes as browser modules, in the variant `flags` name. */
  readonly exported?: { readonly flags: string; readonly bots: readonly string[] };
  /** `tools/viewer-screenshots.ts`: docs/images/viewer-<name>.png, a golden file's first game from one seat (null: all) at a fraction of its steps. */
  readonly screenshots?: readonly { readonly name: string; readonly file: string; readonly seat: number | null; readonly at: number }[];
}
