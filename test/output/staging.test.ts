/**
 * The previous output cannot be removed (a non-root user's `dist/<name>` made read-only): the swap
 * renames it aside, renames the new output in and only then removes the old copy, so a build either
 * publishes and exits 0 or keeps the previous output and exits non-zero, never both. The old copy it
 * cannot remove is a warning, and later builds clear it once they can, warning until then.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { binPath, route, writeSite } from '../support/helpers.ts';
import { leftovers } from '../support/tree-snapshot.ts';

/** The unprivileged user (`nobody` on Linux) the builds run as. */
const nobody = 65534;

/**
 * Whether this process can run the bin as `nobody`: it must be root, and this Node and the bin
 * readable by all (a Node under root's home folder is not).
 */
function canRunAsNobody(): boolean {
  if (process.getuid?.() !== 0) return false;
  return spawnSync(process.execPath, [binPath, '--version'], { uid: nobody, gid: nobody, stdio: 'ignore' }).status === 0;
}

function spawnAs(args: string[]) {
  try {
    return spawn(process.execPath, args, { uid: nobody, gid: nobody, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  } catch {
    return undefined;
  }
}

/** Runs the bin as `nobody` and collects its output and exit code. */
function runAsNobody(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawnAs([binPath, ...args]);
    if (!child) return reject(new Error('cannot start a process as nobody'));
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Changes owner of `dir` and everything in it to `nobody`. */
function giveToNobody(dir: string): void {
  chownSync(dir, nobody, nobody);
  for (const entry of readdirSync(dir, { recursive: true })) chownSync(join(dir, String(entry)), nobody, nobody);
}

const runnable = canRunAsNobody();
// Outside the run's temporary folder, which only root may enter; made only where the test runs.
const base = runnable ? mkdtempSync('/tmp/api-prerender-nobody-') : '';
afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});
const skipReason = 'needs root and a Node every user can run, to run the build as the unprivileged user nobody';

describe.skipIf(!runnable)(`a previous output the build cannot remove (${runnable ? 'as nobody' : skipReason})`, () => {
  it('publishes the new output with exit 0 and a warning; later builds warn until they can clear the old copy', async () => {
    chmodSync(base, 0o755);
    const root = writeSite({
      'src/server/routes/api/v.json.ts': route(`() => ({ version: 1 })`),
      'prerender.config.mjs': `export default { name: 'site', prerender: { routes: ['/api/v.json'] } };`,
    }, join(base, 'site'));
    giveToNobody(root);
    const outDir = join(root, 'dist');
    const dir = join(outDir, 'site');
    const version = () => JSON.parse(readFileSync(join(dir, 'public/api/v.json'), 'utf8')).version;

    const first = await runAsNobody(['build', root, '--no-typecheck']);
    expect(first.code, first.stderr).toBe(0);
    chmodSync(dir, 0o555);

    writeFileSync(join(root, 'src/server/routes/api/v.json.ts'), route(`() => ({ version: 2 })`));
    const second = await runAsNobody(['build', root, '--no-typecheck', '--json']);
    expect(second.code, second.stderr).toBe(0);
    expect(version()).toBe(2);
    const [old] = leftovers(outDir, 'site');
    expect(old).toMatch(/^\.site\.old-/);
    expect(leftovers(outDir, 'site')).toEqual([old]);
    const warning = `Could not remove the previous output, moved aside to ${join(outDir, old)}: EACCES`;
    expect(second.stderr).toContain(`warning ${warning}`);
    expect(second.stderr).not.toMatch(/^error/m);
    expect(JSON.parse(second.stdout).warnings).toEqual([expect.objectContaining({ code: 'LEFTOVER_FOLDER', message: expect.stringContaining(warning) })]);

    // The next build publishes too, warning again about the copy it still cannot remove.
    writeFileSync(join(root, 'src/server/routes/api/v.json.ts'), route(`() => ({ version: 3 })`));
    const third = await runAsNobody(['build', root, '--no-typecheck']);
    expect(third.code, third.stderr).toBe(0);
    expect(version()).toBe(3);
    expect(third.stderr).toContain(`warning Could not remove ${join(outDir, old)}, left by an earlier build: EACCES`);
    expect(leftovers(outDir, 'site')).toEqual([old]);

    // Once it can, a build clears it and says nothing.
    chmodSync(join(outDir, old), 0o755);
    const fourth = await runAsNobody(['build', root, '--no-typecheck']);
    expect(fourth.code, fourth.stderr).toBe(0);
    expect(fourth.stderr).not.toContain('warning');
    expect(leftovers(outDir, 'site')).toEqual([]);
    // Four builds through the bin: minutes on a busy 2-core machine.
  }, 180_000);
});
