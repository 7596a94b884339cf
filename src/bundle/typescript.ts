import { statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync, type TransformOptions } from 'oxc-transform';
import type { Plugin } from 'rollup';
import { errors } from '../errors.ts';
import { codeFrame } from './code-frame.ts';
import { siteCompilerOptions, type TranspileSettings } from './tsconfig.ts';
import { isTypeScriptFile } from './typescript-file.ts';

/** Where the helpers a transpiled file may import (legacy decorators) come from: api-prerender's own dependency. */
const helpersPackage = '@oxc-project/runtime/';
const ownFile = fileURLToPath(import.meta.url);

/**
 * The TypeScript step of every Rollup build here (the site's routes and its config file): each file
 * is transpiled on its own with oxc-transform, whatever TypeScript the site has installed, as
 * TypeScript's `transpileModule` would (types removed, enums and namespaces compiled, the site's
 * tsconfig.json options that change the emitted code honoured). Why not TypeScript itself: loading it
 * took 0.35 s and 110 MB of every build's toolchain, and a file 7 ms; oxc-transform loads in 17 ms and
 * 8 MB, and a file takes 0.02 ms. Type checking is a separate step (see typecheck/), so a syntax
 * error is the only thing that can stop a file here, and it does at once.
 */
export function typescriptPlugin(root: string): Plugin {
  const options = transformOptions(siteCompilerOptions(root));
  return {
    name: 'api-prerender:typescript',
    resolveId(source, importer) {
      // A helper the transform imports resolves from api-prerender, which depends on its package.
      if (source.startsWith(helpersPackage)) return this.resolve(source, ownFile, { skipSelf: true });
      if (!importer || !isTypeScriptFile(importer) || !/^\.\.?\//.test(source)) return null;
      return typeScriptTwin(resolve(dirname(importer), source));
    },
    transform(code, id) {
      if (!isTypeScriptFile(id)) return null;
      const output = transformSync(id, code, options);
      const syntax = output.errors.find((error) => error.severity === 'Error');
      if (syntax) {
        const { line, column } = position(code, syntax.labels[0]?.start ?? 0);
        throw errors.syntax({ file: relative(root, id), line, column }, syntax.message, codeFrame(code, line, column));
      }
      // The map leads the bundle's own map, and so stack traces, back to the TypeScript source.
      return { code: output.code, map: output.map ?? null };
    },
  };
}

/** What oxc-transform is told for the site's settings: no syntax lowered (Node runs the bundle), a source map. */
function transformOptions(settings: TranspileSettings): TransformOptions {
  const options: TransformOptions = { sourcemap: true, typescript: {} };
  if (settings.legacyDecorators) options.decorator = { legacy: true, emitDecoratorMetadata: settings.decoratorMetadata };
  // TypeScript's `useDefineForClassFields: false`: a field without an initialiser is no property.
  if (!settings.defineClassFields) options.typescript!.removeClassFieldsWithoutInitializer = true;
  if (settings.jsx) options.jsx = settings.jsx;
  return options;
}

/** Line and column (both from 1) of the character at `offset` in `code`. */
function position(code: string, offset: number): { line: number; column: number } {
  const before = code.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/**
 * The TypeScript file a relative import of a TypeScript module means, as TypeScript resolves it:
 * `./util.js` written for `util.ts` (what `module: nodenext` asks for), and `util.ts` also when a
 * `util.js` is beside it (TypeScript type-checks the `.ts`: the bundle runs it too); `./util` for
 * `util.ts` or `util/index.ts` when no file is named `util`. Null when no such TypeScript file
 * exists: Rollup resolves the path.
 */
function typeScriptTwin(path: string): string | null {
  const js = /\.(m|c)?js(x?)$/.exec(path);
  if (!js && isFile(path)) return null;
  const candidates = js
    ? [`.${js[1] ?? ''}ts${js[2]}`, ...(js[1] || js[2] ? [] : ['.tsx'])].map((ext) => path.slice(0, -js[0].length) + ext)
    : ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => path + ext);
  return candidates.find(isFile) ?? null;
}

const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() === true;
