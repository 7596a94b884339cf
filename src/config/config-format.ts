import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { compileFunction } from 'node:vm';

/**
 * How a config file is loaded: `import`ed as Node loads it; `compile`d first into an ES module, as a
 * TypeScript config is; or refused, as an ES module its package says is CommonJS (`packageJson`, the
 * package.json that says so), once compiling it showed it is one (else its syntax error is the error).
 */
export type ConfigLoad = { how: 'import' } | { how: 'compile' } | { how: 'refuse'; packageJson: string };

/**
 * How to load `file`. A `.js` file is an ES module or CommonJS as its package's `"type"` says (the
 * nearest package.json), as Node reads it. Where the package says nothing, Node guesses, and loads an
 * ES module only after a warning of its own on every run (MODULE_TYPELESS_PACKAGE_JSON); where it says
 * `"commonjs"`, Node prints a warning and a SyntaxError about `import` that say nothing of the config.
 * Both come before anything we could catch, and tell the case only in their messages' words, which are
 * not to be parsed: so the file is told apart before Node sees it, by Node's own test through its
 * documented API. One that compiles as the body of the function Node wraps a CommonJS module in
 * (`vm.compileFunction`) is CommonJS, and imported as Node loads it. Any other, with no `"type"`, is
 * compiled by Rollup as a TypeScript config is, into an `.mjs` Node loads as an ES module without
 * guessing (its relative imports bundled, `import.meta` its own, a syntax error Rollup's, with line and
 * frame). Rollup's own parser is not asked here: the build keeps Rollup in its toolchain process.
 */
export function decideConfigLoad(file: string): ConfigLoad {
  if (/\.m?ts$/.test(file)) return { how: 'compile' };
  if (extname(file) !== '.js') return { how: 'import' };
  const scope = packageScope(dirname(file));
  // Without a package.json Node loads an ES module as one, and says nothing.
  if (scope === undefined || scope.type === 'module' || parsesAsCommonJs(file)) return { how: 'import' };
  return scope.type === 'commonjs' ? { how: 'refuse', packageJson: scope.file } : { how: 'compile' };
}

/**
 * The package.json Node reads the `"type"` of files in `dir` from: the nearest, not past a
 * `node_modules` folder (Node's package scope), with its `type` when it is one Node knows. `undefined`
 * when there is none, or it does not parse (Node names that itself as it loads the config).
 */
function packageScope(dir: string): { file: string; type?: 'module' | 'commonjs' } | undefined {
  for (let at = dir; basename(at) !== 'node_modules'; at = dirname(at)) {
    const file = join(at, 'package.json');
    if (existsSync(file)) {
      try {
        const type: unknown = (JSON.parse(readFileSync(file, 'utf8')) as { type?: unknown }).type;
        return { file, type: type === 'module' || type === 'commonjs' ? type : undefined };
      } catch {
        return undefined;
      }
    }
    if (dirname(at) === at) return undefined;
  }
  return undefined;
}

/** Whether `file` compiles as a CommonJS module's body, as Node wraps it: ES module syntax does not. */
function parsesAsCommonJs(file: string): boolean {
  try {
    compileFunction(readFileSync(file, 'utf8'), ['exports', 'require', 'module', '__filename', '__dirname'], { filename: file });
    return true;
  } catch {
    return false;
  }
}
