/**
 * The plugin that lets the prerender see what a route reads (runtime/reads.ts): in every bundled
 * module but the runtime's own, `fs`, `fs/promises`, `path` (whose `resolve` may start from the
 * working folder) and the network modules Node's diagnostics channels miss resolve to tracked
 * stand-ins (runtime/tracked-fs.ts, tracked-path.ts, tracked-net.ts), `process.env` (also as
 * `globalThis.process.env`, `node:process`'s, or taken apart from `process`) to a tracked view of
 * it, and `process.cwd` to one that notes the working folder as read (tracked-env.ts). Each stand-in
 * knows the module it serves (its path from the site root): a file read while the bundle loads is
 * that module's, and counts for every route that reaches it. `prerender build` adds it; the built
 * server carries the stand-ins, which note nothing without a prerender.
 */
import { createHash } from 'node:crypto';
import type { Plugin, TransformPluginContext } from 'rollup';
import { sitePath } from '../cache/site-path.ts';
import { trackedNetModules } from '../runtime/tracked-net.ts';
import { runtimeId } from './entry.ts';

const prefix = '\0api-prerender:tracked:';
/** Node's modules whose stand-in serves one module: it notes what that module reads. */
const fsModules = ['fs', 'fs/promises', 'process', 'path', 'path/posix'];
/**
 * The names the tracked `process.env` and `process` are imported by in `module`: no module names a
 * variable so. Each module's own (a hash of its path after the name), so that Rollup never renames
 * one to tell them apart: its renaming (`__apiPrerenderEnv$$2`) followed the order it met them in,
 * which a rebundle with Rollup's cache did not always repeat, and the same sources gave another
 * bundle (which `prerender merge` refuses between shards).
 */
const trackedNames = (module: string) => {
  const suffix = createHash('sha256').update(module).digest('hex').slice(0, 8);
  return { env: `__apiPrerenderEnv$${suffix}`, process: `__apiPrerenderProcess$${suffix}` };
};

/** Options of {@link trackedModules}. */
export interface TrackedModulesOptions {
  root: string;
  /** Modules in here (api-prerender's runtime) keep Node's own modules. */
  runtimeDir: string;
}

/** The plugin (see above). */
export function trackedModules(options: TrackedModulesOptions): Plugin {
  const own = (id: string) => id.startsWith(prefix) || id.startsWith(options.runtimeDir);
  return {
    name: 'api-prerender:tracked-modules',
    resolveId(source, importer) {
      if (source.startsWith(prefix)) return source;
      if (importer === undefined) return null;
      const name = source.startsWith('node:') ? source.slice(5) : source;
      if (importer.startsWith(prefix)) return source === runtimeId ? null : { id: `node:${name}`, external: true };
      if (own(importer)) return null;
      if (fsModules.includes(name)) return `${prefix}${name}?${sitePath(options.root, importer)}`;
      if (trackedNetModules.includes(name)) return `${prefix}${name}`;
      return null;
    },
    async load(id) {
      if (!id.startsWith(prefix)) return null;
      const [name, module] = id.slice(prefix.length).split('?') as [string, string | undefined];
      return standIn(name, module);
    },
    // After TypeScript and CommonJS: it reads plain ES modules.
    transform: {
      order: 'post',
      handler(code, id) {
        if (own(id) || id.startsWith('\0') || !code.includes('process')) return null;
        return trackEnvReads(this, code, sitePath(options.root, id));
      },
    },
  };
}

/** The source of the stand-in for Node's module `name`, for `module` when it is `fs` or `fs/promises`. */
async function standIn(name: string, module: string | undefined): Promise<string> {
  if (name === 'env') return `import { trackEnv } from ${JSON.stringify(runtimeId)};\nexport default trackEnv(${JSON.stringify(module)});\n`;
  const real = (await import(/* @vite-ignore */ `node:${name}`)) as Record<string, unknown>;
  const names = Object.keys(real).filter((key) => key !== 'default' && /^[A-Za-z_$][\w$]*$/.test(key));
  const track =
    name === 'fs' ? `trackFs(real, ${JSON.stringify(module)})`
    : name === 'fs/promises' ? `trackFsPromises(real, ${JSON.stringify(module)})`
    : name === 'process' ? `trackProcess(${JSON.stringify(module)})`
    : name === 'path' || name === 'path/posix' ? `trackPath(real, ${JSON.stringify(module)})`
    : `trackNet(real, ${JSON.stringify(name)})`;
  return [
    `import real from ${JSON.stringify(`node:${name}`)};`,
    `import { trackFs, trackFsPromises, trackNet, trackPath, trackProcess } from ${JSON.stringify(runtimeId)};`,
    `const tracked = ${track};`,
    'export default tracked;',
    `export const { ${names.join(', ')} } = tracked;`,
    '',
  ].join('\n');
}

/** An AST node as Rollup's parser gives it. */
type Node = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * `code` with each `process.env` (read, not assigned) replaced by the tracked view for `module`, and
 * the `process` of each `process.cwd` and each `process` taken apart (`const { env } = process`) by a
 * tracked `process`, their imports added at the end (imports are hoisted; no line moves, so the
 * source map holds); `null` when the module does none of these.
 */
function trackEnvReads(context: TransformPluginContext, code: string, module: string): { code: string; map: null } | null {
  const { env: envName, process: processName } = trackedNames(module);
  const found: { node: Node; name: string }[] = [];
  const visit = (value: unknown, assigned: boolean): void => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, false));
    if (!value || typeof value !== 'object' || typeof (value as Node).type !== 'string') return;
    const node = value as Node;
    if (isProcessEnv(node)) return void (assigned || found.push({ node, name: envName }));
    if (isProcessCwd(node)) return void (assigned || found.push({ node: node.object as Node, name: processName }));
    const takenApart = destructuredProcess(node);
    if (takenApart) found.push({ node: takenApart, name: processName });
    for (const key in node) {
      if (key === 'type') continue;
      const target = (node.type === 'AssignmentExpression' && key === 'left') || (node.type === 'UpdateExpression' && key === 'argument');
      visit(node[key], target);
    }
  };
  visit(context.parse(code), false);
  if (found.length === 0) return null;
  let rewritten = '';
  let copied = 0;
  for (const { node, name } of found.sort((a, b) => a.node.start - b.node.start)) {
    rewritten += code.slice(copied, node.start) + name;
    copied = node.end;
  }
  const imports = [...new Set(found.map(({ name }) => name))].map((name) => `\nimport ${name} from ${JSON.stringify(`${prefix}${name === envName ? 'env' : 'process'}?${module}`)};`);
  return { code: `${rewritten}${code.slice(copied)}${imports.join('')}\n`, map: null };
}

/** `process.env` or `process['env']`, also of `globalThis.process` or `global.process`. */
function isProcessEnv(node: Node): boolean {
  return node.type === 'MemberExpression' && isProcess(node.object as Node) && named(node, 'env');
}

/** `process.cwd` (or `process['cwd']`), also of `globalThis.process` or `global.process`. */
function isProcessCwd(node: Node): boolean {
  return node.type === 'MemberExpression' && isProcess(node.object as Node) && named(node, 'cwd');
}

/** `process`, `globalThis.process` or `global.process`. */
function isProcess(node: Node): boolean {
  if (node.type === 'Identifier') return (node as { name?: string }).name === 'process';
  if (node.type !== 'MemberExpression' || !named(node, 'process')) return false;
  const object = node.object as Node & { name?: string };
  return object.type === 'Identifier' && (object.name === 'globalThis' || object.name === 'global');
}

/** Whether the member expression `node` reads the property `name` (`a.name` or `a['name']`). */
function named(node: Node, name: string): boolean {
  const property = node.property as Node & { name?: string; value?: unknown };
  return node.computed ? property.type === 'Literal' && property.value === name : property.name === name;
}

/** The `process` a pattern takes `env` or `cwd` from (`const { env } = process`, `({ cwd } = process)`), if `node` is one. */
function destructuredProcess(node: Node): Node | undefined {
  const [pattern, source] = node.type === 'VariableDeclarator' ? [node.id, node.init] : node.type === 'AssignmentExpression' ? [node.left, node.right] : [];
  if (!pattern || !source || (pattern as Node).type !== 'ObjectPattern' || !isProcess(source as Node)) return undefined;
  const properties = (pattern as Node & { properties: (Node & { key?: Node & { name?: string; value?: unknown }; computed?: boolean })[] }).properties;
  const taken = (name: string) => properties.some((property) => property.type === 'Property' && !property.computed && (property.key?.name === name || property.key?.value === name));
  return taken('env') || taken('cwd') ? (source as Node) : undefined;
}
