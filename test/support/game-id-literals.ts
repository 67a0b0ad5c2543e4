import ts from 'typescript';

/** A literal that lists games by hand: where it is and which game ids it holds. */
export interface GameIdLiteral {
  readonly file: string;
  readonly line: number;
  readonly ids: readonly string[];
}

/** The registries of games and of their bots: the lists every other one is derived from. */
const REGISTRIES = ['src/games/registry.ts', 'bots/registry.ts'];

/**
 * Whether `file` (a path from the repository's root) may name several games: the two registries,
 * and anything that belongs to one game, i.e. whose path has a folder named for it
 * (`src/games/clue/`, `bots/clue/`, `test/yahtzee/`, `scenarios/deadwood/`) or whose file name,
 * up to its first dot, is the game's id (`src/viewer/pictures/deadwood.ts`, `test/human/clue.test.ts`).
 */
export function mayNameSeveralGames(file: string, ids: readonly string[]): boolean {
  if (REGISTRIES.includes(file)) return true;
  const segments = file.split('/');
  const name = segments.pop()!.split('.')[0]!;
  return [...segments, name].some((segment) => ids.includes(segment));
}

function isListLiteral(node: ts.Node): node is ts.ArrayLiteralExpression | ts.ObjectLiteralExpression {
  return ts.isArrayLiteralExpression(node) || ts.isObjectLiteralExpression(node);
}

/** The name of an object literal's member as written (`clue:`, `'clue':`, `['clue']:`, `clue() {}`, `{ clue }`). */
function memberName(node: ts.Node): string | undefined {
  if (!ts.isObjectLiteralElement(node) || node.name === undefined) return undefined;
  const name = ts.isComputedPropertyName(node.name) ? node.name.expression : node.name;
  return ts.isIdentifier(name) || ts.isStringLiteralLike(name) ? name.text : undefined;
}

/**
 * The game ids a literal holds: every string in it and every name of an object literal's member,
 * at any depth (nested literals, calls, spreads, conditions), but not in the body of a function
 * defined in it, which is code judged on its own, nor in a type.
 */
function idsHeld(node: ts.Node, ids: ReadonlySet<string>, found: Set<string>): void {
  const name = memberName(node);
  if (name !== undefined && ids.has(name)) found.add(name);
  if (ts.isStringLiteralLike(node) && ids.has(node.text)) found.add(node.text);
  if (ts.isFunctionLike(node) || ts.isClassLike(node) || ts.isTypeNode(node)) return;
  ts.forEachChild(node, (child) => idsHeld(child, ids, found));
}

/**
 * Every outermost array or object literal in one file's source that holds two or more distinct game
 * ids (a literal nested in one already reported is not reported again).
 */
export function gameIdLiterals(file: string, source: string, ids: readonly string[]): GameIdLiteral[] {
  const kind = file.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const idSet = new Set(ids);
  const literals: GameIdLiteral[] = [];
  const visit = (node: ts.Node): void => {
    if (isListLiteral(node)) {
      const found = new Set<string>();
      idsHeld(node, idSet, found);
      if (found.size >= 2) {
        const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
        literals.push({ file, line, ids: [...found].sort() });
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return literals;
}

export function describeLiteral(literal: GameIdLiteral): string {
  return `${literal.file}:${literal.line} lists the games ${literal.ids.join(', ')} by hand: derive the list from GAMES (src/games/registry.ts), or move each game's part into its own folder`;
}
