/**
 * A user's bot module imported as people write them: TypeScript, and ES module syntax in a `.js`
 * file of a CommonJS project, go through tsx, which compiles them (a dependency for this reason);
 * what Node loads as it is (`.mjs`, `.cjs`, `.js` of an ES module project) through Node itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The `type` of the package.json nearest to `file`, as Node reads it ('commonjs' when none says). */
function packageType(file: string): string {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        const type = (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown }).type;
        return type === 'module' ? 'module' : 'commonjs';
      } catch {
        return 'commonjs';
      }
    }
    if (dirname(dir) === dir) return 'commonjs';
  }
}

/** Whether Node alone may fail on `file`: TypeScript, or a `.js` that Node would read as CommonJS whatever its syntax. */
function needsCompiling(file: string): boolean {
  const extension = extname(file);
  if (['.ts', '.mts', '.cts'].includes(extension)) return true;
  return extension === '.js' && packageType(file) === 'commonjs';
}

/** Node's refusal to read a file at all (an extension it does not know, syntax it does not take), before any of it ran. */
function unreadable(error: unknown): boolean {
  return error instanceof SyntaxError || (error as { code?: unknown } | null)?.code === 'ERR_UNKNOWN_FILE_EXTENSION';
}

/**
 * The module's exports; for ES module syntax compiled to CommonJS, its exports as the module
 * declared them. Node (or the loader it runs under: a test runner, `node --import tsx`) is asked
 * first, and tsx only for what Node cannot read: tsx's import loads the module's whole graph again,
 * parlor's own modules included, which costs seconds in every worker of a run.
 */
export async function importUserModule(file: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(file).href;
  try {
    return (await import(url)) as Record<string, unknown>;
  } catch (error) {
    if (!needsCompiling(file) || !unreadable(error)) throw error;
  }
  // Loaded here, not with this module: every command line of parlor would pay for tsx's start.
  const { tsImport } = await import('tsx/esm/api');
  const loaded = (await tsImport(url, import.meta.url)) as Record<string, unknown>;
  const compiled = loaded['default'] as Record<string, unknown> | undefined;
  return compiled?.['__esModule'] === true ? compiled : loaded;
}
