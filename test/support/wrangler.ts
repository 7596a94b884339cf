/**
 * Serves a folder with Cloudflare's own software, `wrangler pages dev` (workerd with the Pages asset
 * server and its `_headers` engine), offline: no metrics, no `Request.cf` download.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot, tempDir } from './helpers.ts';

/** A running `wrangler pages dev`: its address, what it printed, and a way to stop it. */
export interface PagesDev {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

const wranglerBin = join(repoRoot, 'node_modules', 'wrangler', 'bin', 'wrangler.js');

/** Starts `wrangler pages dev <dir>` on a free loopback port and resolves once it is ready. */
export async function startPagesDev(dir: string, timeout = 45_000): Promise<PagesDev> {
  const state = tempDir('wrangler-');
  const args = ['pages', 'dev', dir, '--ip', '127.0.0.1', '--port', '0', '--inspector-port', '0', '--compatibility-date', '2026-01-01'];
  args.push('--persist-to', join(state, 'state'), '--show-interactive-dev-session=false', '--log-level', 'log');
  // Its own process group, so stopping it also stops the workerd it starts.
  const child = spawn(process.execPath, [wranglerBin, ...args], {
    cwd: state,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1', CI: 'true', HOME: state },
  });
  let out = '';
  let exited = false;
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  const closed = new Promise<void>((resolve) => child.on('close', () => ((exited = true), resolve())));
  const stop = async () => {
    if (!exited) process.kill(-child.pid!, 'SIGTERM');
    await closed;
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`wrangler pages dev was not ready within ${timeout} ms:\n${out}`)), timeout);
      const check = () => {
        const ready = /Ready on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
        if (ready) resolve(Number(ready[1]));
        else if (exited) reject(new Error(`wrangler pages dev exited before it was ready:\n${out}`));
        if (ready || exited) clearTimeout(timer);
      };
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      closed.then(check);
    });
    return { url: `http://127.0.0.1:${port}`, output: () => out, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
