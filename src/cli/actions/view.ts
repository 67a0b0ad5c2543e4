import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { analyzeRecord } from '../../analysis/analyze-record.js';
import { InputError } from '../../core/errors.js';
import { withAnalysis } from '../../viewer/analysis.js';
import { viewerData } from '../../viewer/frames.js';
import { perspectiveSeat } from '../../viewer/perspective.js';
import { chooseRecord, recordsOf } from '../../viewer/record-choice.js';
import { viewerHtml, type ViewerAssets } from '../../viewer/viewer-html.js';
import { checkOutputPath, packageRoot, writeOutputFile } from '../paths.js';
import { gameIndexArg } from '../shared.js';

export interface ViewArgs {
  record: string;
  'game-index'?: number;
  as?: string;
  out?: string;
  open: boolean;
  analyze: boolean;
}

/** The viewer page's script and styles, built by `npm run build` into dist/viewer. */
export function viewerAssets(): ViewerAssets {
  const dir = join(packageRoot(), 'dist', 'viewer');
  const script = join(dir, 'viewer.js');
  if (!existsSync(script)) throw new InputError(`the viewer's page is not built (no ${script}): run npm run build`);
  return { script: readFileSync(script, 'utf8'), styles: readFileSync(join(dir, 'viewer.css'), 'utf8') };
}

/** Beside the record: `game.json` -> `game.html`, `records.jsonl` game 7 as Ann -> `records-7-as-Ann.html`. */
function defaultOut(record: string, gameIndex: number | undefined, as: string | null): string {
  const base = basename(record).replace(/\.jsonl?$/, '');
  const parts = [base, ...(gameIndex !== undefined ? [String(gameIndex)] : []), ...(as !== null ? [`as-${as.replace(/[^\w.-]+/g, '_')}`] : [])];
  return join(record === '-' ? '.' : dirname(record), `${parts.join('-')}.html`);
}

/** Opens `file` in the desktop's browser; says so in one line where there is none. */
function openFile(file: string): void {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(opener, [file], { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write(`parlor view: cannot open ${file} (no ${opener} here): open it in a browser\n`));
  child.unref();
}

/** `parlor view`: the page written (and opened with --open), its path printed. */
export function viewAction(args: ViewArgs): void {
  const gameIndex = gameIndexArg(args['game-index']);
  const file = recordsOf(args.record, 'to view its games');
  const record = chooseRecord(file, gameIndex);
  const seat = perspectiveSeat(record, args.as);
  const out = args.out ?? defaultOut(file, gameIndex, seat === null ? null : record.seats[seat]!.name);
  checkOutputPath(out, 'file');
  const assets = viewerAssets();
  // Analysed first: a game without an analysis is refused before its pictures are drawn.
  const analysis = args.analyze ? analyzeRecord(record, gameIndex ?? 0) : null;
  const data = viewerData(record, seat);
  writeOutputFile(out, viewerHtml(analysis === null ? data : withAnalysis(data, analysis), assets));
  console.log(out);
  if (args.open) openFile(out);
}
