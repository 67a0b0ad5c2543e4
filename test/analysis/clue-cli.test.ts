import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisSummary, GameAnalysis, ScoredDecision } from '../../src/analysis/analysis.js';
import { analyzeClueRecord } from '../../src/analysis/clue/analyze.js';
import { CLUE_ANALYSIS_MODEL, type ClueGameAnalysis, type ClueSeatSummary } from '../../src/analysis/clue/clue-analysis.js';
import { mergeClueSummaries } from '../../src/analysis/clue/summary.js';
import type { GameRecord } from '../../src/core/record.js';
import { CARDS } from '../../src/games/clue/cards.js';
import { tempDir } from '../harness/support/run.js';
import { parlor } from '../support/cli.js';

/** A notebook that accuses early, so that some accusations are made without certainty. */
const BOLD = 'notebook(accuseFirst=0.4,accuseFloor=0.2,accuseStep=0.05)';
/** Enough games that `parlor analyze` puts them on the worker pool (it does from 50 records on). */
const GAMES = 51;

/** log2 of Clue-Less's case files, worked out from its card lists: no accusation loses more. */
const { suspects, weapons, rooms } = CARDS.clueless;
const BLIND = Math.log2(suspects.length * weapons.length * rooms.length);

function jsonLines<T>(file: string): T[] {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as T);
}

/** The summary's counts of the Clue analysis library, as the per-seat numbers hold them. */
function counts(s: ClueSeatSummary): Record<string, number> {
  const { certainties, turnsLost, accusations, wrong, uncertain, wrongUncertain, expectedWrong, suggestions } = s;
  return { certainties, turnsLost, accusations, wrong, uncertain, wrongUncertain, expectedWrong, suggestions };
}

describe('parlor analyze on Clue records', () => {
  let run = '';
  /** The run's records, as records.jsonl holds them: each with its game's number. */
  let records: (GameRecord & { gameIndex: number })[] = [];
  let games: GameAnalysis[] = [];
  let summary: AnalysisSummary;
  /** The library's analysis of each record, made in this thread. */
  let direct: ClueGameAnalysis[] = [];

  beforeAll(async () => {
    run = tempDir('parlor-analyze-clue-');
    await parlor('run', '--game', 'clue', '--variant', 'clueless', '--bots', `${BOLD},notebook,checklist`, '--games', String(GAMES), '--record', 'all', '--workers', '2', '--quiet', '--out', run);
    summary = JSON.parse((await parlor('analyze', run, '--workers', '2', '--json')).stdout) as AnalysisSummary;
    records = jsonLines(join(run, 'records.jsonl'));
    games = jsonLines<GameAnalysis>(join(run, 'analysis', 'games.jsonl'));
    direct = records.map(analyzeClueRecord);
  }, 120_000);

  it('scores every suggestion and accusation of every game, on the worker pool, as the Clue analysis library does', () => {
    expect(games.map((g) => g.gameIndex)).toEqual(records.map((r) => r.gameIndex));
    games.forEach((game, g) => {
      expect(game).toMatchObject({ game: 'clue', variant: 'clueless', unit: 'bits', caveat: CLUE_ANALYSIS_MODEL });
      const expected: [number, number, number][] = [];
      for (const seat of direct[g]!.seats) {
        for (const s of seat.suggestions) expected.push([s.step, seat.seat, s.shortfall]);
        for (const a of seat.accusations) expected.push([a.step, seat.seat, a.probability >= 1 ? 0 : Math.min(BLIND, -Math.log2(a.probability))]);
      }
      expected.sort((a, b) => a[0] - b[0]);
      expect(game.decisions.map((d) => [d.step, d.seat, d.loss])).toEqual(expected);
    });
  });

  it("maps a suggestion to its shortfall against the best suggestion, in the game's words", () => {
    const g = direct.findIndex((game) => game.seats[0]!.suggestions.some((x) => x.shortfall > 0));
    const s = direct[g]!.seats[0]!.suggestions.find((x) => x.shortfall > 0)!;
    const decision = games[g]!.decisions.find((d) => d.step === s.step)!;
    expect(decision).toEqual({
      step: s.step,
      seat: 0,
      action: `Suggest ${s.suspect} in the ${s.room} with the ${s.weapon}`,
      loss: s.shortfall,
      best: `Suggest ${s.best.suspect} in the ${s.best.room} with the ${s.best.weapon}`,
      numbers: { information: s.information, bestInformation: s.best.information, entropy: s.entropy, options: s.options },
    });
  });

  it('an accusation loses -log2 p bits, nothing when certain, and says its chance and whether it was right', () => {
    const accusations = games.flatMap((game) => game.decisions.filter((d) => d.action.startsWith('Accuse')));
    const certain = accusations.filter((d) => d.numbers.certain === 1);
    const uncertain = accusations.filter((d) => d.numbers.certain === 0);
    expect(certain.length).toBeGreaterThan(0);
    expect(uncertain.length).toBeGreaterThan(0);
    for (const d of certain) expect([d.loss, d.numbers.probability, d.note]).toEqual([0, 1, 'p = 1, right']);
    for (const d of uncertain) {
      const p = d.numbers.probability!;
      expect(p).toBeLessThan(1);
      expect(d.loss).toBeCloseTo(Math.min(BLIND, -Math.log2(p)), 12);
      expect(d.note).toBe(`p = ${Number(p.toPrecision(2))}, ${d.numbers.correct === 1 ? 'right' : 'wrong'}`);
      expect(d.numbers.bestProbability).toBeGreaterThanOrEqual(p);
      if (d.numbers.bestProbability === p) expect(d.best).toBe(d.action);
    }
  });

  it("sums each entrant's per-seat counts, which are the library's per-seat summaries", () => {
    games.forEach((game, g) => {
      for (const seat of game.seats) {
        const library = direct[g]!.seats[seat.seat]!;
        expect(seat.numbers).toMatchObject(counts(library.summary));
        expect(seat.numbers.informationSum! / Math.max(1, library.summary.suggestions)).toBeCloseTo(library.summary.meanInformation ?? 0, 12);
      }
    });
    expect(summary.entrants.map((e) => e.entrant)).toEqual([BOLD, 'notebook', 'checklist']);
    for (const entrant of summary.entrants) {
      const seats = direct.flatMap((game) => game.seats.filter((s) => s.bot === entrant.entrant).map((s) => s.summary));
      const merged = mergeClueSummaries(seats);
      const { expectedWrong, ...whole } = counts(merged);
      expect(entrant.numbers).toMatchObject(whole);
      expect(entrant.numbers.expectedWrong).toBeCloseTo(expectedWrong!, 9);
      expect(entrant.numbers.informationSum! / entrant.numbers.suggestions!).toBeCloseTo(merged.meanInformation!, 9);
      expect(entrant.numbers.shortfallSum! / entrant.numbers.suggestions!).toBeCloseTo(merged.meanShortfall!, 9);
      expect(entrant.games).toBe(GAMES);
    }
    // The bold notebook accuses without certainty, and the plain one rarely.
    const [bold, plain] = summary.entrants;
    expect(bold!.numbers.uncertain!).toBeGreaterThan(plain!.numbers.uncertain!);
  });

  it("prints the caveat, Clue's columns for each entrant and the costliest decisions with the command to see them", async () => {
    const { stdout } = await parlor('analyze', run, '--workers', '1', '--out', tempDir('parlor-analyze-clue-text-'));
    expect(stdout.startsWith(`Analysis of ${GAMES} clue games: ${CLUE_ANALYSIS_MODEL}.\n`)).toBe(true);
    const lines = stdout.split('\n');
    const head = lines.find((line) => line.startsWith('entrant'))!.split(/ {2,}/);
    expect(head).toEqual(['entrant', 'games', 'decisions', 'accusations', 'without certainty', 'of those wrong', 'wrong in all', 'expected wrong', 'certain (games)', 'turns lost', 'per certainty', 'suggestions', 'information (bits)', 'shortfall (bits)']);
    const checklist = summary.entrants.find((e) => e.entrant === 'checklist')!;
    const n = checklist.numbers;
    const row = lines.find((line) => line.startsWith('checklist '))!.trim().split(/ +/);
    expect(row).toEqual([
      'checklist',
      String(GAMES),
      String(checklist.decisions),
      String(n.accusations),
      String(n.uncertain),
      String(n.wrongUncertain),
      String(n.wrong),
      n.expectedWrong!.toFixed(2),
      String(n.certainties),
      String(n.turnsLost),
      (n.turnsLost! / n.certainties!).toFixed(2),
      String(n.suggestions),
      (n.informationSum! / n.suggestions!).toFixed(3),
      (n.shortfallSum! / n.suggestions!).toFixed(3),
    ]);
    const costliest = summary.costliest[0]!;
    expect(stdout).toContain(`game ${costliest.gameIndex} step ${costliest.step}, ${costliest.bot} (seat ${costliest.seat}): ${costliest.action}`);
    expect(stdout).toContain(`parlor view ${join(run, 'records.jsonl')} --game-index ${costliest.gameIndex}`);
  });

  it("analyses one record file: the game's analysis whole, the same as the run's", async () => {
    const dir = tempDir('parlor-analyze-clue-file-');
    const file = join(dir, 'game.json');
    const line = readFileSync(join(run, 'records.jsonl'), 'utf8').split('\n')[5]!;
    writeFileSync(file, line);
    const json = JSON.parse((await parlor('analyze', file, '--json')).stdout) as AnalysisSummary & { analysis: GameAnalysis };
    expect(json.games).toBe(1);
    expect(json.analysis).toEqual(games[5]);
    const decisions: readonly ScoredDecision[] = json.analysis.decisions;
    expect(decisions.length).toBe(direct[5]!.seats.reduce((sum, s) => sum + s.suggestions.length + s.accusations.length, 0));
    expect(readFileSync(join(dir, 'analysis', 'analysis.md'), 'utf8')).toContain(`| ${records[5]!.seats[0]!.bot} | 1 |`);
    expect((await parlor('analyze', file)).stdout).toContain(`parlor view ${file}\n`);
  });

  it("names the game in the command that shows a decision when one game of a run's records.jsonl is analysed", async () => {
    const { stdout } = await parlor('analyze', join(run, 'records.jsonl'), '--game-index', '5', '--out', tempDir('parlor-analyze-clue-one-'));
    expect(stdout).toMatch(/^Analysis of 1 clue game: /);
    expect(stdout).toContain(`parlor view ${join(run, 'records.jsonl')} --game-index 5\n`);
  });
});
