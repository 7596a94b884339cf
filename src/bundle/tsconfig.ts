/**
 * What of a site's tsconfig.json changes the JavaScript its TypeScript becomes, as TypeScript itself
 * reads it for `transpileModule`: decorators, class fields, JSX. Read with get-tsconfig, which
 * follows `extends` (files and packages) and takes comments and trailing commas as TypeScript does.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseTsconfig, type TsConfigJson } from 'get-tsconfig';
import type { JsxOptions } from 'oxc-transform';

/** The settings that change the emitted code. */
export interface TranspileSettings {
  /** `experimentalDecorators`: TypeScript's own (legacy) decorators. */
  legacyDecorators: boolean;
  /** `emitDecoratorMetadata`. */
  decoratorMetadata: boolean;
  /** `useDefineForClassFields`: true unless set false, or implied false by a `target` before ES2022. */
  defineClassFields: boolean;
  /** How JSX is compiled (`jsx` and its factory options); absent: kept as written, as TypeScript does without `jsx`. */
  jsx?: 'preserve' | JsxOptions;
}

/** The settings of the tsconfig.json at `root`; TypeScript's defaults when there is none or it cannot be read. */
export function siteCompilerOptions(root: string): TranspileSettings {
  const file = join(root, 'tsconfig.json');
  let options: TsConfigJson.CompilerOptions = {};
  try {
    if (existsSync(file)) options = parseTsconfig(file).compilerOptions ?? {};
  } catch {
    // A tsconfig.json that cannot be read leaves the defaults: the type check reports it.
  }
  return {
    legacyDecorators: options.experimentalDecorators === true,
    decoratorMetadata: options.emitDecoratorMetadata === true,
    defineClassFields: options.useDefineForClassFields ?? definesByDefault(options.target),
    jsx: jsxOptions(options),
  };
}

/**
 * Whether class fields are defined (not assigned) when `useDefineForClassFields` is not set: from
 * target ES2022 on, and when no target is set (a bundle for Node is transpiled for ES2022 at least).
 */
function definesByDefault(target: string | undefined): boolean {
  if (target === undefined) return true;
  const name = target.toLowerCase();
  if (name === 'esnext') return true;
  const year = /^es(\d{4})$/.exec(name)?.[1];
  return year !== undefined && Number(year) >= 2022;
}

/** oxc-transform's JSX settings for TypeScript's `jsx`, `jsxFactory`, `jsxFragmentFactory` and `jsxImportSource`. */
function jsxOptions(options: TsConfigJson.CompilerOptions): TranspileSettings['jsx'] {
  switch (options.jsx?.toLowerCase()) {
    case 'react':
      return { runtime: 'classic', pragma: options.jsxFactory ?? 'React.createElement', pragmaFrag: options.jsxFragmentFactory ?? 'React.Fragment' };
    case 'react-jsx':
      return { runtime: 'automatic', importSource: options.jsxImportSource ?? 'react' };
    case 'react-jsxdev':
      return { runtime: 'automatic', development: true, importSource: options.jsxImportSource ?? 'react' };
    default:
      return 'preserve';
  }
}
