// Builds the replay viewer's page script and styles into dist/viewer (viewer.js, viewer.css);
// `parlor view` inlines both into each file it writes, so a viewer file needs nothing else.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const drawing = join(here, '..', '..', 'drawing');
const STYLES = [join(drawing, 'clueless-board.css'), join(drawing, 'classic-board.css'), join(drawing, 'clue-grid.css'), join(drawing, 'deadwood-board.css'), join(drawing, 'yahtzee-table.css'), join(here, 'viewer.css')];

/** Writes viewer.js and viewer.css into `out`. */
export async function buildViewer(out) {
  await mkdir(out, { recursive: true });
  await build({
    entryPoints: [join(here, 'main.ts')],
    outfile: join(out, 'viewer.js'),
    bundle: true,
    // An inline classic script: a file:// page loads no modules from elsewhere.
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
  });
  const styles = await Promise.all(STYLES.map((file) => readFile(file, 'utf8')));
  await writeFile(join(out, 'viewer.css'), styles.join('\n'));
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildViewer(join(here, '..', '..', '..', 'dist', 'viewer'));
}
