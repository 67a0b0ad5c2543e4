import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Dependencies point inward: the layer order is the `layers` block of docs/architecture.md, lowest
 * first, one layer a line (its name, then its folders or files). Every relative import of a file
 * under src/, bots/, bench/ and tools/ (`import type` and `import()` too) must stay in its layer or
 * go lower, no two files may import each other round a cycle, and only the referee calls a game's
 * `apply` or `forfeit`.
 */
const root = join(import.meta.dirname, '..');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const block = /```layers\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
const layers = block
  .trim()
  .split('\n')
  .map((line, rank) => ({ rank, name: line.split(/\s+/)[0]!, paths: line.split(/\s+/).slice(1) }));

/** The layer of a file: that of the longest path holding it. */
function layerOf(file: string): { readonly rank: number; readonly name: string } | undefined {
  let best: { rank: number; name: string; length: number } | undefined;
  for (const layer of layers) {
    for (const path of layer.paths) {
      if ((file === path || file.startsWith(`${path}/`)) && (best === undefined || path.length > best.length)) best = { ...layer, length: path.length };
    }
  }
  return best;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const files = ['src', 'bots', 'bench', 'tools'].flatMap(sourceFiles);
const sources = new Map(files.map((file) => [file, readFileSync(join(root, file), 'utf8')]));

/** The files `file` imports by relative path, as root-relative .ts paths. */
function importsOf(file: string): string[] {
  return ts
    .preProcessFile(sources.get(file)!, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => normalize(join(dirname(file), name)).replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts'));
}
const graph = new Map(files.map((file) => [file, importsOf(file)]));

/** The plain loop the bench measures the referee against: the one file besides the referee that plays a game itself. */
const PLAYING_WITHOUT_THE_REFEREE = ['bench/plain-loop.ts'];
/**
 * Search players, which call a game's `apply` in their own simulations of sampled states, never on
 * the game being played, and the bench that judges a search's decisions by the same playouts.
 */
const SEARCHING = ['bots/generic/ismcts.ts', 'bots/generic/playout.ts', 'bench/ismcts-overrides.ts'];
/** A call of `apply` or `forfeit` on anything but `this` (a driver's own methods of those names). */
const GAME_CALL = /(?<!\bthis)\.(apply|forfeit)\(/;

describe('the layers of docs/architecture.md', () => {
  it('are listed, and hold every source file', () => {
    expect(layers.map((layer) => layer.name)).toContain('referee');
    expect(files.filter((file) => layerOf(file) === undefined)).toEqual([]);
  });

  it('every import stays in its layer or goes lower', () => {
    const against: string[] = [];
    for (const [file, imported] of graph) {
      const from = layerOf(file)!;
      for (const target of imported) {
        const to = layerOf(target);
        if (to === undefined) against.push(`${file} imports ${target}, which is in no layer`);
        else if (to.rank > from.rank) against.push(`${file} (${from.name}) imports ${target} (${to.name})`);
      }
    }
    expect(against).toEqual([]);
  });

  it('no files import each other round a cycle', () => {
    const done = new Set<string>();
    const path: string[] = [];
    const cycles: string[] = [];
    const visit = (file: string): void => {
      const at = path.indexOf(file);
      if (at >= 0) {
        cycles.push([...path.slice(at), file].join(' -> '));
        return;
      }
      if (done.has(file) || !graph.has(file)) return;
      path.push(file);
      for (const target of graph.get(file)!) visit(target);
      path.pop();
      done.add(file);
    };
    for (const file of files) visit(file);
    expect(cycles).toEqual([]);
  });

  it("only the referee calls a game's apply or forfeit", () => {
    const callers = files.filter((file) => !file.startsWith('src/referee/') && !SEARCHING.includes(file) && GAME_CALL.test(sources.get(file)!));
    expect(callers).toEqual(PLAYING_WITHOUT_THE_REFEREE);
  });
});

/**
 * The files a file loads before it runs: its relative imports and re-exports of values, not those
 * of types alone (erased) nor those it defers with `import()`.
 */
function loadedBefore(file: string): string[] {
  const source = ts.createSourceFile(file, sources.get(file)!, ts.ScriptTarget.Latest);
  const loaded: string[] = [];
  for (const statement of source.statements) {
    const typesOnly =
      ts.isImportDeclaration(statement) ? (statement.importClause?.isTypeOnly ?? false) || isTypesOnly(statement.importClause?.namedBindings) : ts.isExportDeclaration(statement) && statement.isTypeOnly;
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier !== undefined && !typesOnly) {
      const name = (statement.moduleSpecifier as ts.StringLiteral).text;
      if (name.startsWith('.')) loaded.push(normalize(join(dirname(file), name)).replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts'));
    }
  }
  return loaded;
}

/** `import { type A, type B } from`: every name a type, so nothing is loaded. */
function isTypesOnly(bindings: ts.NamedImportBindings | undefined): boolean {
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

describe('the command line', () => {
  it("loads a command's work only when that command runs", () => {
    const loaded = new Set<string>();
    const visit = (file: string): void => {
      if (loaded.has(file) || !graph.has(file)) return;
      loaded.add(file);
      for (const target of loadedBefore(file)) visit(target);
    };
    visit('src/cli/main.ts');
    expect(loaded).toContain('src/cli/commands/run.ts');
    expect(loaded).toContain('src/games/registry.ts');
    // What parsing the flags reaches: a mistake in them is one line, without the bots, tournament or server behind it.
    expect([...loaded].filter((file) => /^(src\/cli\/actions|bots|src\/tournament|src\/harness\/pool|src\/server\/server)/.test(file))).toEqual([]);
  });
});
