import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Sent with every response: the page may not be framed (clickjacking), and it runs only its own
 * scripts and styles. The client sets no `style` attribute (only CSSOM properties, which the policy
 * allows), so no 'unsafe-inline' is needed; `data:` images are the empty favicon.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'self'; script-src 'self'; worker-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
};

function plain(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
  response.end(`${text}\n`);
}

/** Serves the files under `root` (the browser client); never a path outside it. */
export async function serveStatic(root: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(response, 405, 'only GET and HEAD are served');
  let path: string;
  try {
    path = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
  } catch {
    return plain(response, 400, 'the path is not valid URL encoding');
  }
  const base = resolve(root);
  const file = resolve(base, `.${sep}${normalize(path.endsWith('/') ? `${path}index.html` : path)}`);
  if (file !== base && !file.startsWith(base + sep)) return plain(response, 403, 'that path is outside the client folder');
  try {
    const info = await stat(file);
    const target = info.isDirectory() ? join(file, 'index.html') : file;
    const body = await readFile(target);
    response.writeHead(200, { ...SECURITY_HEADERS, 'content-type': TYPES[extname(target)] ?? 'application/octet-stream', 'content-length': body.length, 'cache-control': 'no-cache' });
    response.end(request.method === 'HEAD' ? undefined : body);
  } catch {
    const hint = path === '/' ? ` (no browser client in ${base}: build it, or name its folder with --client)` : '';
    plain(response, 404, `not found: ${path}${hint}`);
  }
}
