import { relative } from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import nodeResolve from '@rollup/plugin-node-resolve';
import type { InputOptions, OutputOptions, RollupLog } from 'rollup';
import type { ResolvedConfig } from '../config/types.ts';
import { errors, PrerenderError } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { entryId } from './entry.ts';
import { apiRoutes } from './plugin.ts';
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
  const { config, logger } = setup;
  return {
    input: entryId,
    plugins: [
      apiRoutes({ routesDir: config.routesDir, apiPrefix: config.apiPrefix, onRoutes: setup.onRoutes }),
      typescriptPlugin(config.root, { check: setup.check }),
      nodeResolve({ exportConditions: ['node'], preferBuiltins: true, rootDir: config.root, extensions: ['.mjs', '.js', '.json', '.ts', '.mts'] }),
      commonjs(),
      json(),
    ],
    onwarn: (warning) => handleWarning(warning, config.root, logger),
  };
}

/** Rollup output options: one self-contained ES module. */
export function outputOptions(file: string): OutputOptions {
  return { file, format: 'es', inlineDynamicImports: true, generatedCode: 'es2015' };
}

/** Syntax errors and unresolvable imports stop the build; type errors are printed as warnings. */
function handleWarning(warning: RollupLog, root: string, logger: Logger): void {
  if (warning.plugin === 'typescript' && isSyntaxDiagnostic(warning.pluginCode)) {
    throw errors.compile(`Syntax error: ${warning.message}`, locOf(warning, root), warning.frame);
  }
  if (warning.code === 'UNRESOLVED_IMPORT') {
    const importer = warning.id ? relative(root, warning.id) : 'a route file';
    throw new PrerenderError('COMPILE', `${importer} imports "${warning.exporter}", which cannot be resolved.`, {
      hint: 'Install the package in the site (npm install), or fix the import path.',
    });
  }
  if (warning.code === 'CIRCULAR_DEPENDENCY' || warning.code === 'THIS_IS_UNDEFINED') return;
  logger.warn(warning.message);
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
  if (log.code === 'PARSE_ERROR' || log.code === 'PLUGIN_ERROR') {
    return errors.compile(log.message, locOf(log, root), log.frame);
  }
  return error;
}

function locOf(log: RollupLog, root: string) {
  const file = log.loc?.file ?? log.id;
  if (!file || !log.loc) return undefined;
  return { file: relative(root, file), line: log.loc.line, column: log.loc.column };
}
