import { existsSync } from 'node:fs';
import { join } from 'node:path';
import typescript from '@rollup/plugin-typescript';
import type { Plugin } from 'rollup';
import ts from 'typescript';

/** Compiler options for a site that has no tsconfig.json of its own. */
const siteDefaults = {
  target: 'ES2022',
  moduleResolution: 'bundler',
  resolveJsonModule: true,
  esModuleInterop: true,
  allowSyntheticDefaultImports: true,
  strict: true,
  skipLibCheck: true,
};

/** The files TypeScript compiles; JavaScript goes to Rollup as it is. */
const sourcePatterns = ['**/*.ts', '**/*.mts', '**/*.cts', '**/*.tsx'];

/**
 * Without type checking TypeScript still parses every declaration file it could check against (lib,
 * @types/node): seconds of work for nothing. These options leave only the files being compiled.
 */
const transpileOnly = { noLib: true, types: [], noResolve: true, isolatedModules: true };

/**
 * The TypeScript step of every Rollup build here (the site's routes and its config file): the site's
 * own tsconfig.json when it has one, else {@link siteDefaults}. Type errors come out as Rollup warnings;
 * `check: false` skips type checking and only transpiles.
 */
export function typescriptPlugin(root: string, options: { check?: boolean } = {}): Plugin {
  const tsconfig = join(root, 'tsconfig.json');
  const hasTsconfig = existsSync(tsconfig);
  return typescript({
    tsconfig: hasTsconfig ? tsconfig : false,
    typescript: hasTsconfig ? ts : withConfigIn(root),
    filterRoot: root,
    include: sourcePatterns,
    exclude: ['**/node_modules/**', '**/*.d.ts'],
    compilerOptions: {
      ...(hasTsconfig ? {} : siteDefaults),
      module: 'esnext',
      noEmit: false,
      noEmitOnError: false,
      declaration: false,
      declarationMap: false,
      // The bundle's source map leads back to the TypeScript source through these.
      sourceMap: true,
      inlineSourceMap: false,
      inlineSources: false,
      // Lets route files import './x.ts' as Node's type stripping does; Rollup resolves the file as is.
      rewriteRelativeImportExtensions: true,
      allowImportingTsExtensions: false,
      noCheck: options.check === false,
      ...(options.check === false ? transpileOnly : {}),
    },
  }) as Plugin;
}

/**
 * TypeScript as the plugin sees it for a site without tsconfig.json: as if a tsconfig.json in the site
 * root included every TypeScript file under it (the plugin only emits files of the program, and only
 * compiles what Rollup loads). Left alone, the plugin would read the working directory instead, fail
 * when that holds no TypeScript, and look up type packages there instead of in the site. `references`
 * keeps a site without any TypeScript file from being an error.
 */
function withConfigIn(root: string): typeof ts {
  const project = { include: sourcePatterns, exclude: ['**/node_modules'], references: [] };
  return {
    ...ts,
    parseJsonConfigFileContent: (json, host, _basePath, existingOptions, _configFileName, ...rest) =>
      ts.parseJsonConfigFileContent({ ...json, ...project }, host, root, existingOptions, join(root, 'tsconfig.json'), ...rest),
  };
}

/** True for a TypeScript diagnostic that means the code cannot be parsed (TS1xxx), as opposed to a type error. */
export function isSyntaxDiagnostic(pluginCode: unknown): boolean {
  return typeof pluginCode === 'string' && /^TS1\d{3}$/.test(pluginCode);
}
