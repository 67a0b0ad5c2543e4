// Builds the browser client into dist/client: the TypeScript bundled into one module (app.js, with
// the deduction library it uses), next to index.html and style.css. `parlor serve` serves that folder.
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', '..', 'dist', 'client');
await mkdir(out, { recursive: true });
await build({
  entryPoints: [join(here, 'main.ts')],
  outfile: join(out, 'app.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  logLevel: 'warning',
});
await Promise.all(['index.html', 'style.css'].map((file) => copyFile(join(here, file), join(out, file))));
