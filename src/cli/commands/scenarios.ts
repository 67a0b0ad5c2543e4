import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { plainTable } from '../../report/console-table.js';
import { collectFixtureFiles, readFixtureFiles, runFixture } from '../../scenarios/run-fixtures.js';
import { packageRoot } from '../paths.js';
import { printJson, withJson } from '../shared.js';

interface ScenariosArgs {
  paths: string[];
  json: boolean;
}

export const scenariosCommand: CommandModule<object, ScenariosArgs> = {
  command: 'scenarios [paths..]',
  describe: "replay the spec's use cases from fixtures and print a pass/fail table",
  builder: (yargs) =>
    withJson(yargs).positional('paths', { type: 'string', array: true, default: [] as string[], describe: 'fixture files or folders (default: all of scenarios/)' }) as never,
  handler: (args) => {
    const paths = args.paths.length > 0 ? args.paths : [join(packageRoot(), 'scenarios')];
    const results = readFixtureFiles(collectFixtureFiles(paths), paths).map(runFixture);
    const passed = results.filter((r) => r.ok).length;
    const failed = results.length - passed;
    if (args.json) {
      printJson({ passed, failed, results });
    } else {
      const table = plainTable({ head: ['fixture', 'file', 'result'], colWidths: [34, 44, 60], wordWrap: true });
      for (const r of results) table.push([r.id, r.file, r.ok ? 'pass' : `FAIL: ${r.error}`]);
      console.log(table.toString());
      console.log(`${passed} passed, ${failed} failed`);
    }
    if (failed > 0) process.exitCode = 1;
  },
};
