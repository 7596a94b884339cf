/** A site with a slow route held by a gate file, and server processes to stop, for the shutdown tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { route, tempDir, writeSite } from './helpers.ts';

/** What `/api/slow` answers once its gate is open. */
export const slowBody = 'slow answer '.repeat(20_000);
const api = 'src/server/routes/api';

/** A site whose `/api/slow` says it started (a file), then waits until its gate file exists. */
export function gatedSite() {
  const gates = tempDir('gates-');
  const started = join(gates, 'started');
  const gate = join(gates, 'open');
  const root = writeSite({
    [`${api}/slow.ts`]: [
      `import { existsSync, writeFileSync } from 'node:fs';`,
      `import { defineEventHandler } from 'h3';`,
      `export default defineEventHandler(async () => {`,
      `  writeFileSync(${JSON.stringify(started)}, '');`,
      `  while (!existsSync(${JSON.stringify(gate)})) await new Promise((r) => setTimeout(r, 20));`,
      `  return ${JSON.stringify(slowBody)};`,
      `});`,
    ].join('\n'),
    [`${api}/fast.ts`]: route(`() => 'fast'`),
    // A timer no one clears: the shutdown must exit anyway.
    [`${api}/ticker.ts`]: `setInterval(() => {}, 1000);\n${route(`() => 'tick'`)}`,
  });
  return { root, started, openGate: () => writeFileSync(gate, '') };
}

/** A server process, what it printed, and its exit. */
export interface Running {
  child: ChildProcess;
  url: string;
  port: number;
  output(): string;
  exited: Promise<number | null>;
}

/** Spawns node with `args` and resolves once its output holds a URL after `listening`. */
export function start(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Running> {
  const child = spawn(process.execPath, args, { env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const url = /listening on (http:\/\/\S+)/i.exec(output)?.[1];
      if (url) resolve({ child, url, port: Number(new URL(url).port), output: () => output, exited });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`exited (${code}) before listening:\n${output}`)));
  });
}

/** Resolves once `check()` holds, asking every 20 ms. */
export async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}
