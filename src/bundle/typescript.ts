import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { CompilerOptions } from 'typescript';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin } from 'rollup';
import { errors } from '../errors.ts';
import { codeFrame } from './code-frame.ts';
import { isTypeScriptFile } from './typescript-file.ts';

// Required, not imported: an ES import of this 9 MB CommonJS module first scans all of it for its
// export names (cjs-module-lexer), a third of a second on every build.
const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');

/**
 * The TypeScript step of every Rollup build here (the site's routes and its config file): each file
 * is transpiled on its own with the TypeScript this package ships, whatever TypeScript the site has
 * installed (TypeScript 7 has no JavaScript API to transpile with). Type checking is a separate step
 * (see typecheck/), so a syntax error is the only thing that can stop a file here, and it does at once.
 */
export function typescriptPlugin(root: string): Plugin {
  const compilerOptions = transpileOptions(root);
  return {
    name: 'api-prerender:typescript',
    resolveId(source, importer) {
      if (!importer || !isTypeScriptFile(importer) || !/^\.\.?\//.test(source)) return null;
      return typeScriptTwin(resolve(dirname(importer), source));
    },
    transform(code, id) {
      if (!isTypeScriptFile(id)) return null;
      const output = ts.transpileModule(code, { fileName: id, compilerOptions, reportDiagnostics: true });
      const syntax = output.diagnostics?.find((d) => d.category === ts.DiagnosticCategory.Error && d.file && d.start !== undefined);
      if (syntax) {
        const { line, character } = syntax.file!.getLineAndCharacterOfPosition(syntax.start!);
        const loc = { file: relative(root, id), line: line + 1, column: character + 1 };
        const reason = `TS${syntax.code}: ${ts.flattenDiagnosticMessageText(syntax.messageText, '\n')}`;
        throw errors.syntax(loc, reason, codeFrame(code, line + 1, character + 1));
      }
      // The map leads the bundle's own map, and so stack traces, back to the TypeScript source.
      return { code: output.outputText.replace(/\n\/\/# sourceMappingURL=\S*\s*$/, '\n'), map: output.sourceMapText ?? null };
    },
  };
}

/**
 * The TypeScript file a relative import of a TypeScript module means, as TypeScript resolves it:
 * `./util.js` written for `util.ts` (what `module: nodenext` asks for), `./util` for `util.ts` or
 * `util/index.ts`. Null when the path is a file itself, or no such TypeScript file exists: Rollup
 * resolves those.
 */
function typeScriptTwin(path: string): string | null {
  if (isFile(path)) return null;
  const js = /\.(m|c)?js(x?)$/.exec(path);
  const candidates = js
    ? [`.${js[1] ?? ''}ts${js[2]}`, ...(js[1] || js[2] ? [] : ['.tsx'])].map((ext) => path.slice(0, -js[0].length) + ext)
    : ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => path + ext);
  return candidates.find(isFile) ?? null;
}

const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() === true;

/**
 * The site's tsconfig.json options (read with this package's TypeScript; options it does not know are
 * left out) with what a bundle needs on top: ES modules, no helpers imported from tslib, import paths
 * kept as written (Rollup resolves `./x.ts` itself), nothing but the JavaScript emitted.
 */
function transpileOptions(root: string): CompilerOptions {
  const file = join(root, 'tsconfig.json');
  const site = existsSync(file) ? ts.getParsedCommandLineOfConfigFile(file, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })?.options : undefined;
  return {
    target: ts.ScriptTarget.ES2022,
    ...site,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    // An import of a type without `type` is dropped, as TypeScript's own emit does by default, rather
    // than left for Rollup to fail on; the type check still reports it where the site asks for that.
    verbatimModuleSyntax: false,
    importHelpers: false,
    noEmitHelpers: false,
    rewriteRelativeImportExtensions: false,
    noEmit: false,
    declaration: false,
    declarationMap: false,
    emitDeclarationOnly: false,
    sourceMap: true,
    inlineSourceMap: false,
    inlineSources: false,
  };
}
