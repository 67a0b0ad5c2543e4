import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function isParlorPackage(dir: string): boolean {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'parlor';
  } catch {
    return false;
  }
}

/** The folder holding parlor's package.json, whether running from src/ (tsx) or dist/src/. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!isParlorPackage(dir)) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the parlor package folder above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}
