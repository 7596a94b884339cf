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
 * How to load `file`. A `.js` file is what its package's `"type"` says, as Node reads it (the nearest
 * package.json). Where that says nothing, Node guesses, loading it as CommonJS unless it has ES module
 * syntax, and then prints a warning of its own on every run ([MODULE_TYPELESS_PACKAGE_JSON]); where it
 * says `"commonjs"`, Node refuses an ES module with a warning and an error about `import` that
 * suggests nothing about the config. Either is said before the import fails, if it does, and only in
 * the words of Node's messages, which nothing should be parsed from: so the file is told apart before
 * Node sees it. A file that compiles as the body of the function Node wraps CommonJS modules in (Node's
 * own test, `vm.compileFunction`, its documented API) is imported, as Node loads it; any other is no
 * CommonJS: with no `"type"` it is compiled by Rollup as a TypeScript config is, into an `.mjs` Node
 * loads as an ES module without guessing (its relative imports bundled with it, `import.meta` its
 * own), and its syntax error, if it has one, is Rollup's, with line and frame. Rollup's own parser is
 * not asked here: the build keeps Rollup in its toolchain process, which compiles configs.
 */
export function configLoad(file: string): ConfigLoad {
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
