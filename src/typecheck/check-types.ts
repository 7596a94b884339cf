import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { diagnosticLine } from './diagnostic-line.ts';
import type { TypeScript } from './site-typescript.ts';

/** What to type-check: the site's TypeScript route files and config, and what they import. */
export interface TypeCheckTask {
  root: string;
  /** Absolute paths of the files to check (TypeScript only). */
  files: string[];
}

/** Compiler options for a site without tsconfig.json, as JSON (each TypeScript version converts them). */
export const siteDefaults = {
  target: 'es2022',
  module: 'esnext',
  moduleResolution: 'bundler',
  resolveJsonModule: true,
  esModuleInterop: true,
  allowSyntheticDefaultImports: true,
  strict: true,
  skipLibCheck: true,
};

/**
 * What a check sets over the site's options, as JSON: nothing is written, and `./x.ts` imports (which
 * the bundle takes) are fine without extra options.
 */
export const checkOverrides = { noEmit: true, allowImportingTsExtensions: true, composite: false, incremental: false };

/** "No inputs were found in config file": the files come from the route scan, not from `include`. */
const noInputs = 18003;

/**
 * Type-checks `task.files` with `ts` and the site's tsconfig.json (module and resolution as the site
 * set them, so `module: nodenext` resolves as it does for `tsc`), and returns each diagnostic as a
 * line: `src/server/routes/api/x.ts:2:7: TS2322: Type 'string' is not assignable to type 'number'.`
 */
export function checkTypes(ts: TypeScript, task: TypeCheckTask): string[] {
  const { options, errors } = compilerOptions(ts, task.root);
  const program = ts.createProgram({
    rootNames: task.files,
    options: { ...options, ...checkOverrides, tsBuildInfoFile: undefined },
  });
  return [...errors, ...ts.getPreEmitDiagnostics(program)].map((diagnostic) => formatDiagnostic(ts, diagnostic, task.root));
}

/** The site's tsconfig.json, the one its editor and `tsc` use, if it has one. */
export function siteTsconfig(root: string): string | undefined {
  const file = join(root, 'tsconfig.json');
  return existsSync(file) ? file : undefined;
}

function compilerOptions(ts: TypeScript, root: string) {
  const file = siteTsconfig(root);
  if (!file) {
    const { options, errors } = ts.convertCompilerOptionsFromJson(siteDefaults, root);
    return { options, errors };
  }
  const errors: import('typescript').Diagnostic[] = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(file, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => errors.push(d) });
  errors.push(...(parsed?.errors ?? []).filter((d) => d.code !== noInputs));
  return { options: parsed?.options ?? {}, errors };
}

function formatDiagnostic(ts: TypeScript, diagnostic: import('typescript').Diagnostic, root: string): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (!diagnostic.file || diagnostic.start === undefined) return diagnosticLine(root, diagnostic.code, message);
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return diagnosticLine(root, diagnostic.code, message, { file: diagnostic.file.fileName, line: line + 1, column: character + 1 });
}
