/**
 * When `prerender build` type-checks (src/typecheck/schedule-typecheck.ts): beside the prerender, or
 * before it for a long route list, with the same warnings reported last either way; a check still
 * under way when the build ends is stopped with its compiler. A build that fails still reports what
 * the check found: a route reading a property its object does not have fails at run time, and the
 * TS2339 that explains it is printed before the error (the error stays the last thing the user reads)
 * and listed in `--json`, whichever way the build fails.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { scheduleTypeCheck, setLongRouteList } from '../../src/typecheck/schedule-typecheck.ts';
import { createMemoryLogger } from '../../src/log.ts';
import { buildSite, repoRoot, runCli, tempDir, writeSite } from '../support/helpers.ts';
import { isRunning } from '../support/pids.ts';
import { checkLeftovers, typescriptSite } from '../support/typescript-site.ts';

const api = 'src/server/routes/api';
const typeError = `${api}/home.json.ts:3:55: TS2339: Property 'lang' does not exist on type '{ title: string; }'.`;
const runtimeError = `the handler threw TypeError: Cannot read properties of undefined (reading 'toUpperCase') (${api}/home.json.ts:3)`;

/** The route fails while rendering (`render`) or while its module loads (`load`). */
function site(when: 'render' | 'load'): string {
  const handler =
    when === 'render'
      ? 'export default defineEventHandler(() => ({ lang: site.lang.toUpperCase() }));'
      : 'const lang = site.lang.toUpperCase();\nexport default defineEventHandler(() => ({ lang }));';
  const root = writeSite({
    'src/server/lib/site.ts': "export const site = { title: 'Notes' };\n",
    [`${api}/home.json.ts`]: `import { defineEventHandler } from 'h3';\nimport { site } from '../../lib/site.ts';\n${handler}\n`,
    'prerender.config.mjs': `export default { outDir: ${JSON.stringify(tempDir('out-'))}, prerender: { routes: ['/api/home.json'] } };\n`,
  });
  mkdirSync(join(root, 'node_modules'));
  symlinkSync(join(repoRoot, 'node_modules', 'h3'), join(root, 'node_modules', 'h3'), 'dir');
  return root;
}

describe('a route failing because of a type error', () => {
  it('prints the type error and the check line before the error, which ends the output', async () => {
    const { code, stderr } = await runCli(['build', site('render')]);
    expect(code).toBe(1);
    const lines = stderr.trimEnd().split('\n');
    const warningAt = lines.indexOf(`warning ${typeError}`);
    const checkAt = lines.findIndex((line) => /^type check: 1 error, printed above as a warning \(TypeScript [\d.]+, api-prerender's\)$/.test(line));
    const errorAt = lines.indexOf('error 1 route failed to prerender; nothing was published:');
    expect(warningAt).toBeGreaterThan(-1);
    expect([warningAt < checkAt, checkAt < errorAt]).toEqual([true, true]);
    // After the error: its failed route, where in the route file it threw, and its hint, nothing else.
    expect(lines.slice(errorAt + 1)).toEqual([`  /api/home.json  500  ${runtimeError}`, expect.stringMatching(/^ {6}at src\/server\/routes\/api\/home\.json\.ts:3:\d+$/), expect.stringMatching(/^ {2}hint: /)]);
  });

  it('--json lists the type error among the report\'s warnings', async () => {
    const { code, stdout } = await runCli(['build', site('render'), '--json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ ok: 0, failed: 1, failures: [{ route: '/api/home.json', status: 500, error: runtimeError }] });
    expect(report.warnings).toEqual([{ code: 'TYPE_ERROR', message: typeError }]);
  });

  it('--json lists it beside the error when the route module fails to load', async () => {
    const { code, stdout, stderr } = await runCli(['build', site('load'), '--json']);
    expect(code).toBe(1);
    const loadError = typeError.replace(':3:55:', ':3:19:');
    expect(JSON.parse(stdout)).toEqual({ error: expect.objectContaining({ code: 'MODULE_IMPORT' }), published: false, warnings: [{ code: 'TYPE_ERROR', message: loadError }] });
    const lines = stderr.split('\n');
    expect(lines.indexOf(`warning ${loadError}`)).toBeLessThan(lines.findIndex((line) => line.startsWith('error ')));
  });
});

describe('type errors', () => {
  // From checkBeforePrerenderRoutes (25,000) on, the check runs between bundling and the prerender
  // instead of beside them (for memory: bench/RESULTS.md); what it reports is the same. The line is
  // moved to 3 routes here, rather than rendering 25,000.
  it('are the same warnings, reported last, for a route list long enough to be checked before the prerender', async () => {
    const handler = `import { defineEventHandler, getRouterParam } from 'h3';\nconst count: number = 'three';\nexport default defineEventHandler((event) => getRouterParam(event, 'id') + count);\n`;
    // `typescript`: a folder of this repository's node_modules to install as the site's TypeScript.
    const lines = async (routes: number, typescript?: string) => {
      const root = writeSite({
        [`${api}/items/[id].txt.ts`]: handler,
        'prerender.config.mjs': `export default { prerender: { routes: Array.from({ length: ${routes} }, (_, i) => '/api/items/' + i + '.txt') } };`,
      });
      if (typescript) {
        mkdirSync(join(root, 'node_modules'));
        symlinkSync(join(repoRoot, 'node_modules', typescript), join(root, 'node_modules', 'typescript'), 'dir');
      }
      const { report, dir, logger } = await buildSite(root, { typecheck: true });
      expect(report.ok).toBe(routes);
      expect(readFileSync(join(dir, `public/api/items/${routes - 1}.txt`), 'utf8')).toBe(`${routes - 1}three`);
      const checked = logger.lines.filter((line) => /^warning|^type check:/.test(line));
      expect(logger.lines.includes(`checking types before the prerender (${routes} routes expected: the check and the prerender run apart, for memory)`)).toBe(routes >= 3);
      // After the prerender's last line: the check reports at the end, whichever way it ran.
      expect(logger.lines.findIndex((line) => /^type check:/.test(line))).toBeGreaterThan(logger.lines.findLastIndex((line) => line.startsWith('prerender ')));
      return checked;
    };
    const line = setLongRouteList(3);
    try {
      const long = await lines(3);
      expect(long).toEqual(await lines(2));
      // The temporary site cannot resolve h3's types: that error and the untyped `event` come with it.
      expect(long).toContainEqual(expect.stringMatching(/^warning src\/server\/routes\/api\/items\/\[id\]\.txt\.ts:2:7: TS2322: Type 'string' is not assignable to type 'number'/));
      expect(long.at(-1)).toMatch(/^type check: 3 errors, printed above as warnings/);
      // The site's TypeScript 6 checks by its own `tsc`, at either moment; both print the same lines.
      const [longApi, shortApi] = [await lines(3, 'typescript-6'), await lines(2, 'typescript-6')];
      expect(longApi).toEqual(shortApi);
      expect(longApi.slice(0, -1)).toEqual(long.slice(0, -1));
      expect(longApi.at(-1)).toBe("type check: 3 errors, printed above as warnings (TypeScript 6.0.3, the site's)");
    } finally {
      setLongRouteList(line);
    }
  });
});

describe('a check still under way', () => {
  /**
   * A site whose TypeScript 7.9.9 never ends, as TypeScript 7's `tsc` script on Node 20 does: the
   * script starts the compiler as its own child. Both write their pids into `pids`.
   */
  function hangingSite() {
    const root = typescriptSite({
      'node_modules/typescript/package.json': JSON.stringify({ name: 'typescript', version: '7.9.9', bin: { tsc: 'bin/tsc' } }),
      'node_modules/typescript/bin/tsc': [
        "const { spawn } = require('node:child_process');",
        "const compiler = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });",
        "const pids = require('node:path').join(__dirname, 'pids');",
        "require('node:fs').writeFileSync(pids + '.part', JSON.stringify([process.pid, compiler.pid]));",
        "require('node:fs').renameSync(pids + '.part', pids);",
        'setInterval(() => {}, 1000);',
      ].join('\n'),
    });
    return { root, task: { root, files: [join(root, api, 'count.json.ts')] }, pids: join(root, 'node_modules/typescript/bin/pids') };
  }
  const started = async (pids: string) => {
    while (!existsSync(pids)) await sleep(20);
    return JSON.parse(readFileSync(pids, 'utf8')) as number[];
  };
  const ended = async (pids: number[]) => {
    for (let tries = 0; tries < 250 && pids.some(isRunning); tries++) await sleep(20);
    return pids.filter(isRunning);
  };

  it('is stopped by close(), with its compiler, and its tsconfig removed', async () => {
    const { root, task, pids } = hangingSite();
    const scheduled = scheduleTypeCheck(task, 1, createMemoryLogger());
    const running = await started(pids);
    expect(checkLeftovers(root)).toHaveLength(1);
    await scheduled.close();
    expect(await ended(running)).toEqual([]);
    expect(checkLeftovers(root)).toEqual([]);
  });

  it('kept for a route count not known before bundling: started by afterBundling, not waited for before a short list', async () => {
    const { root, task, pids } = hangingSite();
    const scheduled = scheduleTypeCheck(task, undefined, createMemoryLogger());
    // A check that starts writes its tsconfig within milliseconds.
    await sleep(300);
    expect([checkLeftovers(root), existsSync(pids)]).toEqual([[], false]);
    scheduled.afterBundling();
    const running = await started(pids);
    expect(checkLeftovers(root)).toHaveLength(1);
    // Resolves, though this check never ends: a short list's prerender goes on beside it.
    await scheduled.beforePrerender(1);
    await scheduled.close();
    expect(await ended(running)).toEqual([]);
    expect(checkLeftovers(root)).toEqual([]);
  });

  it('kept for a count not known before bundling, and the bundling fails: checked then, printed before the error', async () => {
    const root = writeSite({
      [`${api}/home.json.ts`]: `import { defineEventHandler } from 'h3';\nexport default defineEventHandler(() => {\n  const title: string = ;\n  const more = ;\n  return { title };\n});\n`,
      'prerender.config.mjs': `export default { outDir: ${JSON.stringify(tempDir('out-'))}, prerender: { routes: async () => ['/api/home.json'] } };\n`,
    });
    const { code, stderr } = await runCli(['build', root]);
    expect(code).toBe(1);
    const lines = stderr.trimEnd().split('\n');
    const checkAt = lines.findIndex((line) => /^type check: 2 errors: 2 in \S+home\.json\.ts from the error below \(TypeScript [\d.]+, api-prerender's\)$/.test(line));
    const errorAt = lines.findIndex((line) => line.startsWith(`error Syntax error in ${api}/home.json.ts:3:`));
    // The bundler stops at the first syntax error, the check finds both: the file's syntax errors
    // are the error below and what follows from it, counted, not printed.
    expect(lines.filter((line) => line.startsWith('warning ')), stderr).toEqual([]);
    expect([checkAt > -1, checkAt < errorAt], stderr).toEqual([true, true]);
  });

  it('after a failed build: waited for, then stopped, and a warning says so', async () => {
    const { root, task, pids } = hangingSite();
    const scheduled = scheduleTypeCheck(task, 1, createMemoryLogger());
    const running = await started(pids);
    const logger = createMemoryLogger();
    await scheduled.reportAfterFailure(logger, undefined, 100);
    expect(logger.lines).toEqual([
      'warning The type check was still running 0.1 s after the build failed and was stopped; run `npx tsc --noEmit` for its verdict.',
    ]);
    await scheduled.close();
    expect(await ended(running)).toEqual([]);
    expect(checkLeftovers(root)).toEqual([]);
  });
});

describe('the check beside bundling or after it', () => {
  /**
   * A site whose TypeScript 7.9.9 has a native compiler (a script in the platform's package) that
   * checks nothing and notes whether the build's toolchain process (a child of the build's process)
   * is alive as it starts: `seen` holds `alive` or `gone`. Its route file exports `entries` when
   * `entries` is set.
   */
  function site(entries: boolean) {
    const look = [
      'for child in $(cat /proc/$PPID/task/*/children); do',
      '  if tr "\\0" " " < /proc/$child/cmdline 2>/dev/null | grep -q toolchain-process; then echo alive > "$SEEN"; exit 0; fi',
      'done',
      'echo gone > "$SEEN"',
    ].join('\n');
    const platform = `@typescript/typescript-${process.platform}-${process.arch}`;
    const route = entries
      ? "import { defineEventHandler, getRouterParam } from 'h3';\nexport const entries = () => [{ id: '1' }];\nexport default defineEventHandler((event) => getRouterParam(event, 'id'));\n"
      : "import { defineEventHandler, getRouterParam } from 'h3';\nexport default defineEventHandler((event) => getRouterParam(event, 'id'));\n";
    const root = typescriptSite({
      'node_modules/typescript/package.json': JSON.stringify({ name: 'typescript', version: '7.9.9', bin: { tsc: 'bin/tsc' } }),
      'node_modules/typescript/bin/tsc': '',
      [`node_modules/${platform}/package.json`]: JSON.stringify({ name: platform, version: '7.9.9' }),
      [`node_modules/${platform}/lib/tsc`]: `#!/bin/sh\n${look}\n`,
      [`${api}/items/[id].txt.ts`]: route,
      'prerender.config.mjs': `export default { outDir: ${JSON.stringify(tempDir('out-'))}, prerender: { routes: ${entries ? '[]' : "['/api/items/1.txt']"} } };\n`,
    });
    chmodSync(join(root, 'node_modules', platform, 'lib', 'tsc'), 0o755);
    return { root, seen: join(root, 'seen') };
  }
  const build = async (root: string, seen: string) => {
    const { code, stderr } = await runCli(['build', root], { env: { SEEN: seen } });
    expect([code, stderr]).toEqual([0, expect.stringContaining("type check: no errors (TypeScript 7.9.9, the site's)")]);
    return readFileSync(seen, 'utf8');
  };

  it('of a short route list: from the route scan, beside bundling, never delaying a small build', async () => {
    const { root, seen } = site(false);
    expect(await build(root, seen)).toBe('alive\n');
  });

  it("of a first build whose route file may list entries: once the bundler's process has ended", async () => {
    const { root, seen } = site(true);
    expect(await build(root, seen)).toBe('gone\n');
  });
});

describe('a site whose routes come from entries', () => {
  // Its config lists none: the first build cannot know how long the list is before bundling, so it
  // checks once the bundler's process has ended. The next build knows from the cache how many routes
  // the last one rendered.
  it('is checked before the prerender once its last build rendered a long list', async () => {
    const route = (note: string) => `import { defineEventHandler, getRouterParam } from 'h3';\nexport const entries = () => ['1', '2', '3', '4'].map((id) => ({ id }));\nexport default defineEventHandler((event) => '${note}' + getRouterParam(event, 'id'));\n`;
    const root = writeSite({ [`${api}/items/[id].txt.ts`]: route('a'), 'prerender.config.mjs': 'export default {};' });
    const outDir = tempDir('out-');
    const before = (lines: string[]) => lines.filter((line) => line.startsWith('checking types before the prerender'));
    const line = setLongRouteList(3);
    try {
      const first = await buildSite(root, { typecheck: true, config: { outDir } });
      expect(first.report.ok).toBe(4);
      expect(before(first.logger.lines)).toEqual([]);
      // An edit, so that the check runs again rather than being recalled from the cache.
      writeSite({ [`${api}/items/[id].txt.ts`]: route('b') }, root);
      const second = await buildSite(root, { typecheck: true, config: { outDir } });
      expect(readFileSync(join(second.dir, 'public/api/items/4.txt'), 'utf8')).toBe('b4');
      expect(before(second.logger.lines)).toEqual(['checking types before the prerender (4 routes expected: the check and the prerender run apart, for memory)']);
    } finally {
      setLongRouteList(line);
    }
  });
});

describe('a crawling site', () => {
  // Its crawl may add up to `crawl.limit` routes: the first build counts them with the listed ones,
  // so that a large crawl's check does not run beside bundling (the line is moved to 3 routes here).
  it('is checked before the prerender from its first build when its listed routes and crawl limit reach the line', async () => {
    const page = `import { defineEventHandler, getRouterParam } from 'h3';\nexport default defineEventHandler((event) => {\n  const id = Number(getRouterParam(event, 'id'));\n  return new Response(id < 3 ? '<a href="/pages/' + (id + 1) + '">next</a>' : 'last', { headers: { 'content-type': 'text/html' } });\n});\n`;
    const root = writeSite({ 'src/server/routes/pages/[id].ts': page, 'prerender.config.mjs': 'export default {};' });
    const before = (lines: string[]) => lines.filter((line) => line.startsWith('checking types before the prerender'));
    // No cache: the second build must not know the first one's count, nor recall its check.
    const build = (from: number, limit: number) => buildSite(root, { typecheck: true, config: { outDir: tempDir('out-'), cache: false, prerender: { routes: [`/pages/${from}`], crawl: { limit } } } });
    const line = setLongRouteList(3);
    try {
      const long = await build(1, 2);
      expect(long.report.ok).toBe(3);
      expect(before(long.logger.lines)).toEqual(['checking types before the prerender (3 routes expected: the check and the prerender run apart, for memory)']);
      const short = await build(2, 1);
      expect(short.report.ok).toBe(2);
      expect(before(short.logger.lines)).toEqual([]);
      expect(short.logger.lines).toContainEqual(expect.stringMatching(/^type check: /));
    } finally {
      setLongRouteList(line);
    }
  });
});

describe('a site whose routes a function lists', () => {
  // Not known before bundling, the first build's count is taken as a long list's until the function
  // has listed them: the check starts once the bundler's process has ended, and the prerender waits
  // for it only if the list is long (the line is moved to 3 routes here).
  it('is checked before the prerender when the list is long, beside it when short, with the same report', async () => {
    const handler = `import { defineEventHandler, getRouterParam } from 'h3';\nconst count: number = 'three';\nexport default defineEventHandler((event) => getRouterParam(event, 'id') + count);\n`;
    const before = (lines: string[]) => lines.filter((line) => line.startsWith('checking types before the prerender'));
    const build = async (routes: number) => {
      const root = writeSite({
        [`${api}/items/[id].txt.ts`]: handler,
        'prerender.config.mjs': `export default { prerender: { routes: () => Array.from({ length: ${routes} }, (_, i) => '/api/items/' + i + '.txt') } };`,
      });
      const { report, logger } = await buildSite(root, { typecheck: true, config: { cache: false } });
      expect(report.ok).toBe(routes);
      return { before: before(logger.lines), checked: logger.lines.filter((line) => /^warning|^type check:/.test(line)) };
    };
    const line = setLongRouteList(3);
    try {
      const [long, short] = [await build(3), await build(2)];
      expect(long.before).toEqual(['checking types before the prerender (3 routes expected: the check and the prerender run apart, for memory)']);
      expect(short.before).toEqual([]);
      expect(long.checked).toEqual(short.checked);
      expect(long.checked.at(-1)).toMatch(/^type check: 3 errors, printed above as warnings/);
    } finally {
      setLongRouteList(line);
    }
  });
});
