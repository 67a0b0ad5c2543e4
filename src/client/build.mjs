// Builds the browser client: the page's module (app.js) and the deduction grid's worker
// (notebook-worker.js, with the deduction library), next to index.html and style.css. `node src/client/build.mjs` writes
// dist/client, the folder `parlor serve` serves; the tests build into a folder of their own.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));

/** Writes the client's static files into `out`. */
export async function buildClient(out) {
  await mkdir(out, { recursive: true });
  await build({
    // The deduction library runs in a worker of its own, loaded only when the grid is asked for.
    entryPoints: { app: join(here, 'main.ts'), 'notebook-worker': join(here, 'notebook-worker.ts') },
    outdir: out,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    logLevel: 'warning',
  });
  await Promise.all(['index.html', 'style.css'].map((file) => copyFile(join(here, file), join(out, file))));
  // The board's and the grid's look are the drawing modules', shared with the replay viewer.
  const drawing = await Promise.all(['clueless-board.css', 'clue-grid.css'].map((file) => readFile(join(here, '..', 'drawing', file), 'utf8')));
  await writeFile(join(out, 'drawing.css'), drawing.join('\n'));
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildClient(join(here, '..', '..', 'dist', 'client'));
}
