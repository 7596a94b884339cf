/**
 * The packaged Chromium (test/support/unpack-chromium.mjs) asked for by two processes at once, as two
 * test files launching a browser in two workers do: the second asks while the first is still writing
 * the binary, and both must get it whole and start it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { systemChromium } from './chromium.ts';
import { tempDir } from './helpers.ts';

const unpacker = pathToFileURL(join(import.meta.dirname, 'unpack-chromium.mjs')).href;
/** A process that unpacks the Chromium into `dir` (its TMPDIR) and prints what the binary says of its version. */
const script = `const { unpackedChromium } = await import(${JSON.stringify(unpacker)});
const { execFileSync } = await import('node:child_process');
process.stdout.write(execFileSync(await unpackedChromium(), ['--version'], { encoding: 'utf8' }));`;

function unpackIn(dir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, TMPDIR: dir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe.runIf(process.platform === 'linux' && process.arch === 'x64' && !process.env.CHROMIUM_PATH && !systemChromium())('the packaged Chromium, asked for by two processes at once', () => {
  it('is unpacked whole before either starts it', async () => {
    const dir = tempDir('chromium-');
    const first = unpackIn(dir);
    while (!existsSync(join(dir, 'chromium'))) await sleep(5);
    const second = unpackIn(dir);
    for (const { code, stdout, stderr } of await Promise.all([first, second])) {
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Chromium \d+\./);
    }
  });
});
