import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import nodeResolve from '@rollup/plugin-node-resolve';
import type { InputOptions, OutputOptions, RollupLog } from 'rollup';
import type { ResolvedConfig } from '../config/types.ts';
import { errors, messageOf, PrerenderError, warnings, type SourceLocation } from '../errors.ts';
import { warn, type Logger } from '../log.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { entryId } from './entry.ts';
import { apiRoutes } from './plugin.ts';
import { createSyntaxErrors, type SyntaxErrors } from './syntax-errors.ts';
import { isSyntaxDiagnostic, typescriptPlugin } from './typescript.ts';

/** What both the one-off build and the dev watcher need to bundle a site. */
export interface BundleSetup {
  config: ResolvedConfig;
  logger: Logger;
  /** Type-check the site's TypeScript (errors are warnings). @default true */
  check?: boolean;
  onRoutes?: (routes: RouteDefinition[]) => void;
}

/** Rollup input options for the server bundle of a site. */
export function inputOptions(setup: BundleSetup): InputOptions {
  const { config } = setup;
  const syntaxErrors = createSyntaxErrors();
  return {
    input: entryId,
    plugins: [
      apiRoutes({ routesDir: config.routesDir, apiPrefix: config.apiPrefix, onRoutes: setup.onRoutes }),
      typescriptPlugin(config.root, { check: setup.check }),
      syntaxErrors.plugin,
      nodeResolve({ exportConditions: ['node'], preferBuiltins: true, rootDir: config.root, extensions: ['.mjs', '.js', '.json', '.ts', '.mts'] }),
      commonjs(),
      json(),
    ],
    onwarn: (warning) => handleWarning(warning, setup, syntaxErrors),
  };
}

/**
 * Rollup output options: one self-contained ES module, and its source map beside it (`index.mjs.map`)
 * so that stack traces name the route files and lines (see runtime/source-maps.ts). The map holds no
 * copy of the sources: it only points at them.
 */
export function outputOptions(file: string): OutputOptions {
  return { file, format: 'es', inlineDynamicImports: true, generatedCode: 'es2015', sourcemap: true, sourcemapExcludeSources: true };
}

/**
 * Syntax errors (see {@link createSyntaxErrors}) and unresolvable imports stop the build; type errors
 * are printed as warnings naming file:line:column. Without type checking, TypeScript's other
 * diagnostics are noise (it sees no lib).
 */
function handleWarning(warning: RollupLog, setup: BundleSetup, syntaxErrors: SyntaxErrors): void {
  const { config, logger } = setup;
  if (warning.plugin === 'typescript') {
    const loc = locOf(warning, config.root, 1);
    const reason = diagnosticText(warning);
    const file = warning.loc?.file ?? warning.id;
    if (isSyntaxDiagnostic(warning.pluginCode) && loc && file) {
      syntaxErrors.record(file, errors.syntax(loc, reason, cleanFrame(warning.frame)));
      return;
    }
    if (setup.check === false) return;
    warn(logger, warnings.typeError(loc ? `${loc.file}:${loc.line}:${loc.column}: ` : '', reason));
    return;
  }
  if (warning.code === 'UNRESOLVED_IMPORT') {
    throw errors.unresolvedImport(warning.id ? relative(config.root, warning.id) : 'a route file', warning.exporter ?? '?');
  }
  if (warning.code === 'CIRCULAR_DEPENDENCY' || warning.code === 'THIS_IS_UNDEFINED') return;
  warn(logger, warnings.bundle(warning.message));
}

/** Turns an error Rollup threw into a PrerenderError that names the file. */
export function toBuildError(error: unknown, root: string): unknown {
  if (!(error instanceof Error)) return error;
  const log = error as Error & RollupLog & { pluginCode?: unknown };
  // Rollup renames the code of an error thrown in a plugin hook; give ours back.
  if (error instanceof PrerenderError) {
    if (log.pluginCode) (log as { code: unknown }).code = log.pluginCode;
    return error;
  }
  if (log.code === 'MISSING_EXPORT' && log.exporter) {
    return errors.noHandler(relative(root, log.exporter), 'has no default export');
  }
  if (log.code === 'UNRESOLVED_IMPORT' && log.exporter) {
    return errors.unresolvedImport(log.id ? relative(root, log.id) : 'a route file', log.exporter);
  }
  const loc = locOf(log, root);
  if (log.code === 'PARSE_ERROR' && loc) {
    // The cause holds the parser's own words, without Rollup's path prefix and plugin advice.
    return errors.syntax(loc, messageOf(log.cause ?? error), log.frame);
  }
  if (log.code === 'PARSE_ERROR' || log.code === 'PLUGIN_ERROR') {
    return errors.compile(log.message, loc, log.frame);
  }
  return error;
}

/** Where a log points, relative to the site root, columns counted from 1 as editors do. */
function locOf(log: RollupLog, root: string, firstColumn: 0 | 1 = 0): SourceLocation | undefined {
  const file = log.loc?.file ?? log.id;
  if (!file || !log.loc) return undefined;
  return { file: relative(root, file), line: log.loc.line, column: log.loc.column + 1 - firstColumn };
}

/** A TypeScript diagnostic without the plugin's name: `TS2322: Type ... is not assignable ...`. */
function diagnosticText(warning: RollupLog): string {
  return warning.message.replace(/^.*?@rollup\/plugin-typescript\s+/s, '');
}

/** TypeScript paints its code frames; the logger decides about colour. */
function cleanFrame(frame: string | undefined): string | undefined {
  return frame === undefined ? undefined : stripVTControlCharacters(frame).replace(/^\n+|\s+$/g, '');
}
