import type { Plugin } from 'esbuild';

/**
 * The Yahtzee engine's reference distribution (src/games/yahtzee/reference.ts) is read from the
 * solver's disk cache, so the engine reaches Node through it. No game computes it (reports do), so
 * a test page bundles the engine with this module in its place: a page that did call it would fail
 * loudly.
 */
export function yahtzeeReferenceStub(): Plugin {
  return {
    name: 'yahtzee-reference-stub',
    setup(build) {
      build.onResolve({ filter: /^\.\/reference\.js$/ }, (args) => (args.importer.endsWith('yahtzee/game.ts') ? { path: 'yahtzee-reference', namespace: 'stub' } : undefined));
      build.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
        contents: "export function optimalReference() { throw new Error('the Yahtzee reference distribution is not computed in a browser'); }",
        loader: 'js',
      }));
    },
  };
}
