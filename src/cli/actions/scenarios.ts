import { join } from 'node:path';
import { plainTable } from '../../report/console-table.js';
import { GAMES } from '../../games/registry.js';
import { fixturesByGame } from '../../scenarios/game-folders.js';
import { collectFixtureFiles, readFixtureFiles, runFixture, type FixtureResult } from '../../scenarios/run-fixtures.js';
import { packageRoot } from '../paths.js';
import { printJson } from '../shared.js';

export interface ScenariosArgs {
  paths: string[];
  verbose: boolean;
  json: boolean;
}

/** A failure in a line of its own: the file's whole path, the fixture, and why (a reason of several lines indented under it). */
function failureLine(r: FixtureResult): string {
  return `FAIL ${r.file} (${r.id}): ${(r.error ?? '').replace(/\n/g, '\n  ')}`;
}

/** Every fixture's result, as a table; only the result column wraps, so that no path is cut. */
function resultTable(results: readonly FixtureResult[]): string {
  const table = plainTable({ head: ['fixture', 'file', 'result'], colWidths: [null, null, 60], wordWrap: true });
  for (const r of results) table.push([r.id, r.file, r.ok ? 'pass' : `FAIL: ${r.error}`]);
  return table.toString();
}

/** The package's scenarios/, each fixture replayed as one of the game whose folder holds it. */
function everyGamesFixtures(): FixtureResult[] {
  const root = join(packageRoot(), 'scenarios');
  return fixturesByGame(root, GAMES.map((g) => g.id)).flatMap(({ game, files }) => readFixtureFiles(files, [root]).map((read) => runFixture(read, game)));
}

/** `parlor scenarios`: exit 1 when a fixture fails. */
export function scenariosAction(args: ScenariosArgs): void {
  const results = args.paths.length > 0 ? readFixtureFiles(collectFixtureFiles(args.paths), args.paths).map((read) => runFixture(read)) : everyGamesFixtures();
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  if (args.json) {
    printJson({ passed, failed, results });
  } else {
    if (args.verbose) console.log(resultTable(results));
    else for (const r of results.filter((result) => !result.ok)) console.log(failureLine(r));
    console.log(`${passed} passed, ${failed} failed`);
  }
  if (failed > 0) process.exitCode = 1;
}
