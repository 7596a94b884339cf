/**
 * The plugin that lets the prerender see what a route reads (runtime/reads.ts): in every bundled
 * module but the runtime's own, `fs`, `fs/promises` and the network modules Node's diagnostics
 * channels miss resolve to tracked stand-ins (runtime/tracked-fs.ts, tracked-net.ts), and
 * `process.env` to a tracked view of it (tracked-env.ts). Each stand-in of `fs` and `process.env`
 * knows the module it serves (its path from the site root): a file read while the bundle loads is
 * that module's, and counts for every route that reaches it. `prerender build` adds it; the built
 * server carries the stand-ins, which note nothing without a prerender.
 */
import type { Plugin, TransformPluginContext } from 'rollup';
import { sitePath } from '../cache/site-path.ts';
import { trackedNetModules } from '../runtime/tracked-net.ts';
import { runtimeId } from './entry.ts';

const prefix = '\0api-prerender:tracked:';
const fsModules = ['fs', 'fs/promises'];
/** The name the tracked `process.env` is imported by: no module names a variable so. */
const envName = '__apiPrerenderEnv$';

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
  const track = name === 'fs' ? `trackFs(real, ${JSON.stringify(module)})` : name === 'fs/promises' ? `trackFsPromises(real, ${JSON.stringify(module)})` : `trackNet(real, ${JSON.stringify(name)})`;
  return [
    `import real from ${JSON.stringify(`node:${name}`)};`,
    `import { trackFs, trackFsPromises, trackNet } from ${JSON.stringify(runtimeId)};`,
    `const tracked = ${track};`,
    'export default tracked;',
    `export const { ${names.join(', ')} } = tracked;`,
    '',
  ].join('\n');
}

/** An AST node as Rollup's parser gives it. */
type Node = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * `code` with each `process.env` (read, not assigned) replaced by the tracked view for `module`, its
 * import added at the end (imports are hoisted; no line moves, so the source map holds); `null`
 * when the module reads no `process.env`.
 */
function trackEnvReads(context: TransformPluginContext, code: string, module: string): { code: string; map: null } | null {
  const found: Node[] = [];
  const visit = (value: unknown, assigned: boolean): void => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, false));
    if (!value || typeof value !== 'object' || typeof (value as Node).type !== 'string') return;
    const node = value as Node;
    if (isProcessEnv(node)) return void (assigned || found.push(node));
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
  for (const node of found.sort((a, b) => a.start - b.start)) {
    rewritten += code.slice(copied, node.start) + envName;
    copied = node.end;
  }
  const source = `${prefix}env?${module}`;
  return { code: `${rewritten}${code.slice(copied)}\nimport ${envName} from ${JSON.stringify(source)};\n`, map: null };
}

/** `process.env` or `process['env']`. */
function isProcessEnv(node: Node): boolean {
  if (node.type !== 'MemberExpression') return false;
  const object = node.object as Node;
  const property = node.property as Node & { name?: string; value?: unknown };
  if (object.type !== 'Identifier' || (object as { name?: string }).name !== 'process') return false;
  return node.computed ? property.type === 'Literal' && property.value === 'env' : property.name === 'env';
}
