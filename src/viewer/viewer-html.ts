import type { ViewerData } from './viewer-data.js';

/** The page's script and styles (dist/viewer, built by `npm run build`), inlined into every file. */
export interface ViewerAssets {
  readonly script: string;
  readonly styles: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/**
 * One self-contained HTML file: the game's data as JSON (names are other people's text, so `<` is
 * escaped and nothing in it can close its script element), the page's script and styles inline.
 * It asks the network for nothing, so it works from file:// and can be mailed around.
 */
export function viewerHtml(data: ViewerData, assets: ViewerAssets): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const title = `${data.title}${data.seat === null ? '' : `, as ${data.names[data.seat]}`}`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '<link rel="icon" href="data:,">',
    `<style>${assets.styles.replace(/<\/style/gi, '<\\/style')}</style>`,
    '</head>',
    '<body>',
    '<header><h1 id="title"></h1><p id="perspective" class="perspective"></p></header>',
    '<nav class="controls" aria-label="Steps">',
    '<button type="button" id="first" title="First step (Home)">« First</button>',
    '<button type="button" id="previous" title="Previous step (←)">◀ Previous</button>',
    '<input type="range" id="slider" min="0" value="0" aria-label="Step">',
    '<button type="button" id="next" title="Next step (→)">Next ▶</button>',
    '<button type="button" id="last" title="Last step (End)">Last »</button>',
    '<span id="step-count"></span>',
    '</nav>',
    '<section id="this-step" aria-live="polite"></section>',
    '<p id="ending"></p>',
    '<main><section id="table"></section><section id="log"></section></main>',
    `<script type="application/json" id="viewer-data">${json}</script>`,
    `<script>${assets.script.replace(/<\/script/gi, '<\\/script')}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
