/** Runs `prerender dev` or `prerender preview` (the real bin) as a process for the server tests. */
import { spawn } from 'node:child_process';
import { binPath, freePort } from './helpers.ts';

/** A running `prerender` server process: its port, what it printed on stderr, a way to stop it. */
export interface BinServer {
  port: number;
  stderr(): string;
  /** Waits until stderr holds `text` (a line is printed and read on its own time, not the response's). */
  waitForStderr(text: string): Promise<void>;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `prerender <command> <root> --port <free port> ...args` and resolves once it says it listens. */
export async function startBinServer(command: 'dev' | 'preview', root: string, args: string[] = []): Promise<BinServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [binPath, command, root, '--port', String(port), ...args], {
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
  const waitForStderr = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (err.includes(text)) resolve();
        else if (exitCode !== undefined) reject(new Error(`prerender ${command} exited (${exitCode}) before printing ${JSON.stringify(text)}:\n${err}`));
        else return;
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  await waitForStderr(`listening on http://127.0.0.1:${port}/`);
  return {
    port,
    stderr: () => err,
    waitForStderr,
    stop() {
      if (exitCode === undefined) child.kill('SIGTERM');
      return closed;
    },
  };
}
