/**
 * One self-contained ES module for browsers, bundled by esbuild: no imports left, and no Node
 * built-in anywhere in the import graph, neither a module (`node:fs`) nor a global (`Buffer`). A
 * module that reaches one fails with the import chain that leads to it, so the shared file that
 * pulls Node in can be named and fixed.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import * as esbuild from 'esbuild';
import { InputError } from '../core/errors.js';

export interface BrowserBundle {
  readonly code: string;
  /** The source files bundled, relative to `dir`. */
  readonly inputs: readonly string[];
}

/** A Node built-in a file imports (`node:fs`) or uses as a global (`Buffer`). */
interface BuiltinUse {
  readonly builtin: string;
  readonly how: 'imports' | 'uses';
  /** The file, relative to the bundle's working folder (as the metafile names it). */
  readonly file: string;
}

const NODE_BUILTINS = new Set(builtinModules);

function isBuiltin(path: string): boolean {
  return path.startsWith('node:') || NODE_BUILTINS.has(path) || NODE_BUILTINS.has(path.split('/')[0]!);
}

/**
 * Records every Node built-in the graph imports (and keeps it out of the bundle). A bare name such
 * as `crypto` is left to esbuild first: a package may map it away for browsers (seedrandom's
 * `"browser": { "crypto": false }`), and only a name that does not resolve is a real use.
 */
function builtinGuard(uses: BuiltinUse[], dir: string): esbuild.Plugin {
  return {
    name: 'node-builtin-guard',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'guarded' || !isBuiltin(args.path)) return undefined;
        if (!args.path.startsWith('node:')) {
          const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'guarded' });
          if (resolved.errors.length === 0) return undefined;
        }
        uses.push({ builtin: args.path, how: 'imports', file: relative(dir, args.importer) });
        return { path: args.path, external: true };
      });
    },
  };
}

/** The shortest import chain from the entry to `file`, from the metafile's import lists. */
function importChain(metafile: esbuild.Metafile, entry: string, file: string): string[] {
  const previous = new Map<string, string>([[entry, '']]);
  const queue = [entry];
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (at === file) break;
    for (const next of metafile.inputs[at]?.imports ?? []) {
      if (next.external || previous.has(next.path)) continue;
      previous.set(next.path, at);
      queue.push(next.path);
    }
  }
  const chain: string[] = [];
  for (let at: string | undefined = file; at !== undefined && at !== ''; at = previous.get(at)) chain.unshift(at);
  return chain;
}

const STDIN = '<stdin>';

function describeUses(uses: readonly BuiltinUse[], metafile: esbuild.Metafile): string {
  const groups = new Map<string, { file: string; how: string; builtins: Set<string> }>();
  for (const { file, how, builtin } of uses) {
    const group = groups.get(`${how} ${file}`) ?? { file, how, builtins: new Set<string>() };
    groups.set(`${how} ${file}`, group);
    group.builtins.add(builtin);
  }
  return [...groups.values()]
    .map(({ file, how, builtins }) => `${importChain(metafile, STDIN, file).filter((step) => step !== STDIN).join(' -> ')} ${how} ${[...builtins].join(', ')}`)
    .join('; ');
}

/** Node's globals that browsers lack. */
const NODE_GLOBALS = ['Buffer', 'process', 'global', 'require', '__dirname', '__filename', 'setImmediate'];
const MARK = '__parlor_node_global_';
// esbuild's define replaces identifiers only, never a property, string or comment of the same name.
const MARKED = Object.fromEntries(NODE_GLOBALS.map((name) => [name, `${MARK}${name}`]));
const LOADERS: Readonly<Record<string, esbuild.Loader>> = { '.ts': 'ts', '.mts': 'ts', '.js': 'js', '.mjs': 'js' };

/**
 * Whether `input` (relative to `dir`) is a package's file: under a node_modules folder, counted from
 * `dir` for parlor's own files (parlor itself may be installed in one) and from the root for others.
 * An installed parlor's dependencies sit beside it (`../seedrandom/...`), a clone's inside it.
 */
function inPackage(input: string, dir: string): boolean {
  const path = relative(dir, resolve(dir, input));
  const outside = path.startsWith('..') || isAbsolute(path);
  return (outside ? resolve(dir, input) : path).split(sep).includes('node_modules');
}

/**
 * The Node globals the bundled files of parlor and of a user's bot use. Packages are trusted to be
 * browser-ready (they often test `typeof process` before using it) and are not read.
 */
async function nodeGlobalUses(inputs: readonly string[], dir: string): Promise<BuiltinUse[]> {
  const uses: BuiltinUse[] = [];
  for (const input of inputs) {
    const loader = LOADERS[extname(input)];
    if (loader === undefined || input.includes(':') || inPackage(input, dir)) continue;
    const { code } = await esbuild.transform(readFileSync(join(dir, input), 'utf8'), { loader, define: MARKED });
    for (const match of code.matchAll(new RegExp(`${MARK}(\\w+)`, 'g'))) uses.push({ builtin: match[1]!, how: 'uses', file: input });
  }
  return uses;
}

export interface BundleOptions {
  /** A comment for the top of the module. */
  readonly banner?: string;
}

/**
 * Bundles the module whose source is `entry` (its imports resolved from `dir`) into one ES module
 * for browsers. `what` names it in errors: "clue's notebook bot".
 */
export async function bundleForBrowser(entry: string, dir: string, what: string, options: BundleOptions = {}): Promise<BrowserBundle> {
  const uses: BuiltinUse[] = [];
  const result = await esbuild
    .build({
      stdin: { contents: entry, resolveDir: dir, loader: 'js', sourcefile: STDIN },
      absWorkingDir: dir,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      legalComments: 'none',
      banner: { js: options.banner ?? '' },
      write: false,
      metafile: true,
      logLevel: 'silent',
      plugins: [builtinGuard(uses, dir)],
    })
    .catch((failure: esbuild.BuildFailure) => {
      const first = failure.errors?.[0];
      const where = first?.location ? ` (${first.location.file}:${first.location.line})` : '';
      throw new Error(`cannot bundle ${what}: ${first?.text ?? failure.message}${where}`);
    });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => input !== STDIN);
  uses.push(...(await nodeGlobalUses(inputs, dir)));
  if (uses.length > 0) throw new InputError(`${what} cannot run in a browser: ${describeUses(uses, result.metafile)}`);
  const [output] = result.outputFiles;
  const left = Object.values(result.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path));
  if (output === undefined || left.length > 0) throw new Error(`the bundle of ${what} still imports ${left.join(', ')}`);
  // A CommonJS require() that esbuild could not bundle survives as a call that throws at run time.
  if (output.text.includes('Dynamic require of')) throw new Error(`the bundle of ${what} keeps a require() call that cannot work in a browser`);
  return { code: output.text, inputs };
}
