import { dirname, join, relative } from 'node:path';
import type { InputOptions, OutputOptions, RollupLog } from 'rollup';
import type { ResolvedConfig } from '../config/types.ts';
import { errors, messageOf, PrerenderError, type SourceLocation } from '../errors.ts';
import { asFileLimit } from '../file-limit.ts';
import { packageOfFile, unresolvedPackage } from '../installed-package.ts';
import { warnings, type Warning } from '../warnings.ts';
import { warn, type Logger } from '../log.ts';
import type { RouteDefinition } from '../routes/file-to-route.ts';
import { entryId } from './entry.ts';
import { fileNear } from './file-near.ts';
import { companionPlugins } from './companions.ts';
import { apiRoutes } from './plugin.ts';
import { bundleFacts, type BundleFacts } from './bundle-facts.ts';
import { trackedModules } from './tracked-modules.ts';
import { runtimeEntry } from '../paths.ts';
import { isSiteSource } from './site-source.ts';

/** What both the one-off build and the dev watcher need to bundle a site. */
export interface BundleSetup {
  config: ResolvedConfig;
  logger: Logger;
  /** The route table (or a function giving it to each build), when the caller scans routesDir; else every build scans it. */
  routes?: RouteDefinition[] | (() => RouteDefinition[]);
  onRoutes?: (routes: RouteDefinition[]) => void;
  /**
   * Bundle for a prerender with a cache: modules get the tracked `fs`, `process.env` and network
   * modules (tracked-modules.ts), and `onFacts` what the cache needs to know of the bundle (bundle-facts.ts).
   */
  onFacts?: (facts: BundleFacts) => void;
}

/** Rollup input options for the server bundle of a site. */
export function inputOptions(setup: BundleSetup): InputOptions {
  const { config } = setup;
  return {
    input: entryId,
    plugins: [
      apiRoutes({ routesDir: config.routesDir, apiPrefix: config.apiPrefix, root: config.root, routes: setup.routes, onRoutes: setup.onRoutes }),
      ...(setup.onFacts ? [trackedModules({ root: config.root, runtimeDir: dirname(runtimeEntry) }), bundleFacts({ root: config.root, routesDir: config.routesDir, onFacts: setup.onFacts })] : []),
      ...companionPlugins(config.root),
    ],
    onwarn: (warning) => handleWarning(warning, setup),
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

/** Unresolvable imports stop the build; other warnings (but those that repeat why) are printed as Rollup words them. */
function handleWarning(warning: RollupLog, setup: BundleSetup): void {
  const { config, logger } = setup;
  if (warning.code === 'UNRESOLVED_IMPORT') throw unresolvedImport(warning.exporter ?? '?', warning.id, config.root);
  if (warning.code === 'CIRCULAR_DEPENDENCY' || warning.code === 'THIS_IS_UNDEFINED') return;
  // A package's eval (gray-matter's engines): nothing the site can change, said at every build (Nitro
  // leaves it out too). The site's own is said.
  if (warning.code === 'EVAL' && warning.id !== undefined && !isSiteSource(warning.id)) return;
  // node-resolve's only warning without a code of its own: a package's `exports` has no such path
  // (`h3/nope`), said once per resolver that asked, and naming our runtime when h3 was asked for
  // from it. Nothing after node-resolve resolves a bare import in this build, so UNRESOLVED_IMPORT
  // follows, naming the importer and the fix.
  if (warning.plugin === 'node-resolve' && warning.pluginCode === undefined) return;
  // A warning of our own plugin carries its catalogue entry, code and words as we wrote them.
  const own = (warning.meta as { warning?: Warning } | undefined)?.warning;
  warn(logger, own ?? warnings.bundle(warning.message));
}

/** `source`, imported by the module `importer` (if known), resolves to nothing: whether its package is installed says why. */
function unresolvedImport(source: string, importer: string | undefined, root: string): PrerenderError {
  if (source.startsWith('.')) return errors.unresolvedImport(importer ? relative(root, importer) : 'a route file', source, false, importer && fileNear(source, importer), importer);
  const { installed, meant } = unresolvedPackage(source, importer ?? join(root, 'package.json'));
  return errors.unresolvedImport(importer ? relative(root, importer) : 'a route file', source, installed, meant, importer);
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
  // So does it with a system error's (a plugin could not read a file): out of file descriptors, say so.
  if (log.code === 'PLUGIN_ERROR' && typeof log.pluginCode === 'string' && 'syscall' in error) (log as { code: unknown }).code = log.pluginCode;
  const limit = asFileLimit('bundling the route files', error);
  if (limit !== error) return limit;
  if (log.code === 'MISSING_EXPORT' && log.exporter) {
    // A route file's missing default export is the entry's, which our plugin names (plugin.ts); any
    // other is the importing module's own mistake (such as a type imported as a value).
    const binding = (log as { binding?: string }).binding ?? '?';
    const meant = (log as { meant?: string }).meant;
    return errors.missingExport(log.id ? relative(root, log.id) : 'a module', binding, relative(root, log.exporter), packageOfFile(log.exporter), locOf(log, root), log.frame, meant);
  }
  if (log.code === 'UNRESOLVED_IMPORT' && log.exporter) return unresolvedImport(log.exporter, log.id, root);
  const loc = locOf(log, root);
  if ((log.code === 'PARSE_ERROR' || log.pluginCode === 'PARSE_ERROR') && loc) return errors.syntax(loc, parserWords(log, error), log.frame);
  // @rollup/plugin-json names the file, and keeps what JSON.parse said (where, and what) as the cause.
  if (log.code === 'PLUGIN_ERROR' && log.plugin === 'json' && log.id && log.cause instanceof SyntaxError) return errors.invalidJson(relative(root, log.id), log.cause.message, log.id);
  if (log.code === 'PARSE_ERROR' || log.code === 'PLUGIN_ERROR') {
    return errors.compile(log.message, loc, log.frame);
  }
  return error;
}

/**
 * A parse error's own words. Rollup's: its cause's, without Rollup's path prefix and plugin advice.
 * A JavaScript file the CommonJS plugin parsed first (asking whether it is CommonJS): Rollup's parse
 * error, to which the plugin added ` in <its path>` (its tryParse), the path being in `loc` already.
 */
function parserWords(log: RollupLog, error: Error): string {
  if (log.code === 'PARSE_ERROR') return messageOf(log.cause ?? error);
  const suffix = log.id ? ` in ${log.id}` : '';
  return suffix && log.message.endsWith(suffix) ? log.message.slice(0, -suffix.length) : log.message;
}

/** Where a log points, relative to the site root, columns counted from 1 as editors do. */
function locOf(log: RollupLog, root: string): SourceLocation | undefined {
  const file = log.loc?.file ?? log.id;
  if (!file || !log.loc) return undefined;
  return { file: relative(root, file), line: log.loc.line, column: log.loc.column + 1 };
}
