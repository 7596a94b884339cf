/** Runs `prerender dev` or `prerender preview` (the real bin) as a process for the server tests. */
import { spawn } from 'node:child_process';
import { binPath } from './helpers.ts';

/** A running `prerender` server process: its address, what it printed on stderr, a way to stop it. */
export interface BinServer {
  port: number;
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  stderr(): string;
  /** Waits until stderr holds `text` (a line is printed and read on its own time, not the response's). */
  waitForStderr(text: string | RegExp): Promise<void>;
  /** Sends `signal` (SIGTERM unless told) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `prerender <command> <root> --port 0 ...args`, so the system picks a free port with no race
 * between test workers, and resolves once it says where it listens. `bin`: another copy of the bin
 * (a package installed in a site).
 */
export async function startBinServer(command: 'dev' | 'preview', root: string, args: string[] = [], bin = binPath): Promise<BinServer> {
  const child = spawn(process.execPath, [bin, command, root, '--port', '0', ...args], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  let exitCode: number | null | undefined;
  const waiters = new Set<() => void>();
  child.stderr.on('data', (chunk) => {
    err += chunk;
    for (const check of waiters) check();
  });
  const closed = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      exitCode = code;
      for (const check of waiters) check();
      resolve(code);
    }),
  );
  const waitForStderr = (text: string | RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (typeof text === 'string' ? err.includes(text) : text.test(err)) resolve();
        else if (exitCode !== undefined) reject(new Error(`prerender ${command} exited (${exitCode}) before printing ${String(text)}:\n${err}`));
        else return;
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  const listening = new RegExp(`${command} server listening on http://127\\.0\\.0\\.1:(\\d+)/`);
  await waitForStderr(listening);
  const port = Number(listening.exec(err)![1]);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    stderr: () => err,
    waitForStderr,
    stop(signal = 'SIGTERM') {
      if (exitCode === undefined) child.kill(signal);
      return closed;
    },
  };
}
