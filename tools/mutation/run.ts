/**
 * `npm run mutation [-- group ...] [--incremental]`: StrykerJS over the code that makes parlor's
 * verdicts, one Stryker run per group of tools/mutation/groups.ts, each against its own test files.
 * A whole run (no group named) writes docs/results/mutation.md; a run of some groups prints their
 * tables and leaves the page alone, since the page speaks for one commit as a whole.
 * `--incremental` reuses each group's earlier results for the mutants and tests that did not change
 * (reports/mutation/<group>.incremental.json).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stryker } from '@stryker-mutator/core';
import { GROUPS, type MutationGroup } from './groups.js';
import { mutationPage, type GroupResult } from './page.js';

const ROOT = dirname(dirname(dirname(dirname(fileURLToPath(import.meta.url)))));
const REPORTS = 'reports/mutation';

/**
 * Stryker's `mutate` for a group: a `file#name,name` entry becomes the line ranges of those
 * top-level functions (or object members), from their first line to the closing brace at their
 * indentation, so that a game's outcome is mutated but not the rest of its definition.
 */
function strykerMutate(entries: readonly string[]): string[] {
  return entries.flatMap((entry) => {
    const [file, names] = entry.split('#') as [string, string | undefined];
    if (names === undefined) return [file];
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
    return names.split(',').map((name) => {
      const start = lines.findIndex((line) => new RegExp(`^(export )?function ${name}\\(|^\\s+${name}: `).test(line));
      if (start < 0) throw new Error(`tools/mutation/groups.ts: no function ${name} in ${file}`);
      const indent = /^\s*/.exec(lines[start]!)![0];
      const end = lines.findIndex((line, i) => i > start && line.startsWith(`${indent}}`));
      return `${file}:${start + 1}-${end + 1}`;
    });
  });
}

async function runGroup(group: MutationGroup, incremental: boolean): Promise<GroupResult> {
  const started = Date.now();
  // Read by tools/mutation/vitest.config.ts in the test runners Stryker forks for this group.
  process.env['PARLOR_MUTATION_TESTS'] = JSON.stringify(group.tests);
  const mutants = await new Stryker({
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    vitest: { configFile: 'tools/mutation/vitest.config.ts' },
    mutate: strykerMutate(group.mutate),
    testFiles: [...group.tests],
    coverageAnalysis: 'perTest',
    // A mutant of code that runs when a module loads (a constant) is static. Stryker 9 does not
    // load the modules again under vitest 4.1 for such a mutant, so it would run unchanged code and
    // "survive" tests that fail on it (probed with BINS = 40 / 8 in decision-times.ts): they are
    // left out and listed on the page; the constants that make a verdict are pinned by tests.
    ignoreStatic: true,
    // A changed message is no changed verdict.
    mutator: { excludedMutations: ['StringLiteral'] },
    reporters: ['json', 'html', process.stdout.isTTY ? 'progress' : 'progress-append-only'],
    jsonReporter: { fileName: `${REPORTS}/${group.name}.json` },
    htmlReporter: { fileName: `${REPORTS}/${group.name}.html` },
    incremental,
    incrementalFile: `${REPORTS}/${group.name}.incremental.json`,
    // The sandbox needs the sources, tests, fixtures and the docs tests read (docs/fixtures.md), not
    // the build or the generated results (docs/results/ too: the pattern matches any results folder).
    ignorePatterns: ['dist', 'results', 'reports', '.stryker-tmp'],
    // Other work shares the cores: a mutant is a timeout only well past its tests' usual time.
    timeoutMS: 3_000,
    // A sandbox folder of its own per group: groups may run side by side, and each deletes its own.
    tempDirName: `.stryker-tmp/${group.name}`,
    cleanTempDir: 'always',
  }).runMutationTest();
  return {
    group,
    seconds: (Date.now() - started) / 1000,
    mutants: mutants.map((m) => ({
      file: relative(ROOT, m.fileName),
      line: m.location.start.line,
      mutator: m.mutatorName,
      replacement: m.replacement ?? '',
      status: m.status,
      reason: m.statusReason ?? null,
    })),
  };
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const incremental = args.includes('--incremental');
  const named = args.filter((a) => !a.startsWith('--'));
  const unknown = named.filter((n) => !GROUPS.some((g) => g.name === n));
  if (unknown.length > 0) {
    console.error(`npm run mutation: no group named ${unknown.join(', ')}: expected some of ${GROUPS.map((g) => g.name).join(', ')}`);
    process.exit(2);
  }
  process.chdir(ROOT);
  mkdirSync(REPORTS, { recursive: true });
  const started = new Date();
  const loadAtStart = loadavg()[0]!;
  const results: GroupResult[] = [];
  for (const group of GROUPS.filter((g) => named.length === 0 || named.includes(g.name))) {
    process.stderr.write(`[mutation] ${group.name}: ${group.mutate.join(' ')} against ${group.tests.join(' ')}\n`);
    results.push(await runGroup(group, incremental));
  }
  const page = mutationPage(results, {
    commit: git('rev-parse', 'HEAD'),
    uncommitted: git('status', '--porcelain', '--', 'src', 'test', 'bots', 'tools', 'package.json', 'package-lock.json') !== '',
    started,
    minutes: (Date.now() - started.getTime()) / 60_000,
    machine: `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.versions.node}`,
    load: [loadAtStart, loadavg()[0]!],
    incremental,
  });
  if (named.length > 0) {
    process.stdout.write(page);
    return;
  }
  writeFileSync(join(ROOT, 'docs/results/mutation.md'), page);
  process.stderr.write('[mutation] wrote docs/results/mutation.md\n');
}

await main();
