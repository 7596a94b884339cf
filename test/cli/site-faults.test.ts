/**
 * guardSiteFaults (cli/site-faults.ts) once the build has ended: the site's timers still run until the
 * command exits, and what they do then is said as done after the build, with what became of the
 * output, and exits 1; never Node's own words, never an exit code the site chose. Each case runs
 * in a process of its own, as the command does, the guard settled as a build settles it.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/helpers.ts';

const run = promisify(execFile);
const lib = (path: string) => JSON.stringify(join(repoRoot, 'lib', path));

/** Runs `site` (code the site would run from a timer) after a build that ended as `outcome`, then exits as the command does. */
async function afterBuild(outcome: 'failed' | 'published', site: string) {
  const script = `
    import { guardSiteFaults } from ${lib('cli/site-faults.js')};
    import { createLogger } from ${lib('src/log.js')};
    let exiting = false;
    const faults = guardSiteFaults(createLogger(), () => exiting, process.cwd());
    faults.settled(${JSON.stringify(outcome)});
    setTimeout(() => { ${site} }, 5);
    setTimeout(() => { faults.dispose(); exiting = true; process.exit(); }, 200);
  `;
  return run(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, NO_COLOR: '1' } }).then(
    ({ stderr }) => ({ code: 0, stderr }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
}

describe('guardSiteFaults after the build ended', () => {
  it('a timer that throws after the output was published: said with its stack, the output kept, exit 1', async () => {
    const { code, stderr } = await afterBuild('published', `throw new Error('late boom');`);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error The site's code threw outside any request after the build published its output: late boom\nError: late boom\n\s+at Timeout\._onTimeout/m);
    expect(stderr).toContain('fix it at the first frame of your code in the stack, or await the promise in the handler so that its route fails instead. The output was published and stays; the built server would end the same way.');
    expect(stderr).not.toMatch(/^Node\.js v/m);
  });

  it('a timer that throws again and again after a failed build: said whole once, never again; another error after it in a line', async () => {
    const { code, stderr } = await afterBuild('failed', `setInterval(() => { throw new Error('again'); }, 10); setTimeout(() => { throw new Error('other'); }, 100); throw new Error('again');`);
    expect(code).toBe(1);
    expect(stderr.split('\n').filter((line) => line.startsWith('error '))).toEqual([
      "error The site's code threw outside any request after the build had failed: again",
      "error The site's code threw outside any request after the build had failed: other",
    ]);
    expect(stderr.match(/^Error: again$/gm)).toHaveLength(1);
    expect(stderr).not.toMatch(/^Error: other$/m);
    expect(stderr).toContain('Nothing was published.');
  });

  it('process.exit(0) after a failed build: exit 1, saying nothing was published, with the stack that called it', async () => {
    const { code, stderr } = await afterBuild('failed', `process.exit(0);`);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error The build was ended by process\.exit\(0\), called by the site's code it ran \(.*\) after the build had failed; nothing was published\.\nprocess\.exit\(0\): called here\n\s+at Timeout\._onTimeout \(.*\)\n(.*\n)* {2}hint: Code the build runs must never end the process/m);
  });

  it("the command's own exit after it is no site's", async () => {
    const { code, stderr } = await afterBuild('published', '');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });
});
