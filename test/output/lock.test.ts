/**
 * The build lock (`<outDir>/.<name>.lock`): a live build's lock refuses others (LOCKED); a dead
 * build's lock is taken over, and when several builds find the same dead lock at once exactly one
 * of them takes it.
 */
import { spawn } from 'node:child_process';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { takeLock } from '../../src/output/lock.ts';
import type { PrerenderError } from '../../src/index.ts';
import { repoRoot, tempDir } from '../support/helpers.ts';
import { deadPid } from '../support/pids.ts';

const staleLock = (pid: number) => JSON.stringify({ host: hostname(), pid, id: 'dead-build' });

describe('takeLock', () => {
  it("refuses a second build while the first holds the lock, with LOCKED, and lets it in once released", async () => {
    const outDir = tempDir('lock-');
    const release = await takeLock(outDir, 'site');
    const refused = (await takeLock(outDir, 'site').catch((error: unknown) => error)) as PrerenderError;
    expect(refused.code).toBe('LOCKED');
    expect(refused.message).toContain(`(process ${process.pid})`);
    await release();
    await (await takeLock(outDir, 'site'))();
    expect(readdirSync(outDir)).toEqual([]);
  });

  it("takes over a dead build's lock", async () => {
    const outDir = tempDir('lock-');
    writeFileSync(join(outDir, '.site.lock'), staleLock(deadPid()));
    const release = await takeLock(outDir, 'site');
    await release();
    expect(readdirSync(outDir)).toEqual([]);
  });

  it('lets exactly one of several builds (processes) that find the same dead lock at once take it', async () => {
    const pid = deadPid();
    for (let round = 0; round < 6; round++) {
      const outDir = tempDir('lock-');
      writeFileSync(join(outDir, '.site.lock'), staleLock(pid));
      const outcomes = await contend(outDir, 6);
      expect(outcomes.filter((outcome) => outcome === 'took it'), `round ${round}: ${outcomes.join(', ')}`).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'LOCKED')).toHaveLength(5);
      expect(readdirSync(outDir)).toEqual([]);
    }
  }, 180_000);
});

/**
 * Starts `count` processes that each try to take the lock of `outDir` the moment a gate opens (all
 * within a millisecond or so, on separate cores where there are any), hold it until every one has
 * tried, then release it. Resolves with what each got: 'took it' or the error code.
 */
async function contend(outDir: string, count: number): Promise<string[]> {
  const gate = join(outDir, 'gate');
  const done = join(outDir, 'done');
  const lockModule = pathToFileURL(join(repoRoot, 'lib/src/output/lock.js')).href;
  const script = `
    import { existsSync, writeFileSync } from 'node:fs';
    const { takeLock } = await import(${JSON.stringify(lockModule)});
    process.stdout.write('ready\\n');
    while (!existsSync(${JSON.stringify(gate)})) await new Promise((resolve) => setTimeout(resolve, 1));
    const release = await takeLock(${JSON.stringify(outDir)}, 'site').catch((error) => { process.stdout.write(error.code + '\\n'); });
    if (release) process.stdout.write('took it\\n');
    while (!existsSync(${JSON.stringify(done)})) await new Promise((resolve) => setTimeout(resolve, 5));
    await release?.();
  `;
  const children = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    const exited = new Promise((resolve) => child.on('close', resolve));
    return { output: () => out, exited };
  });
  const lines = () => children.map((child) => child.output().trim().split('\n'));
  await until(() => lines().every((seen) => seen[0] === 'ready'));
  writeFileSync(gate, '');
  await until(() => lines().every((seen) => seen.length === 2));
  const outcomes = lines().map((seen) => seen[1]);
  writeFileSync(done, '');
  await Promise.all(children.map((child) => child.exited));
  rmSync(gate);
  rmSync(done);
  return outcomes;
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('the lock contenders did not answer in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
