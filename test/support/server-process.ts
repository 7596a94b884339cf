/** Runs a built server (`node dist/<name>/server/index.mjs`) as a real process for the server tests. */
import { spawn } from 'node:child_process';

/** A built server process: its port, everything it printed, and a way to stop it. */
export interface ServerProcess {
  port: number;
  url: string;
  stdout(): string;
  stderr(): string;
  /** Whether the process still runs (it must survive every request). */
  running(): boolean;
  stop(): Promise<void>;
}

/**
 * Starts `node <serverFile> [args]` with PORT=0, so the system picks a free port with no race between
 * test workers, and resolves with the address it says it listens on.
 */
export async function startServerProcess(serverFile: string, env: NodeJS.ProcessEnv = {}, args: string[] = []): Promise<ServerProcess> {
  const child = spawn(process.execPath, [serverFile, ...args], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let exited = false;
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  const closed = new Promise<void>((resolve) => child.on('close', () => ((exited = true), resolve())));
  const port = await new Promise<number>((resolve, reject) => {
    const check = () => {
      const listening = /Listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (listening) resolve(Number(listening[1]));
      else if (exited) reject(new Error(`the server exited before listening:\n${out}\n${err}`));
    };
    child.stdout.on('data', check);
    closed.then(check);
  });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    stdout: () => out,
    stderr: () => err,
    running: () => !exited,
    async stop() {
      if (!exited) child.kill('SIGTERM');
      await closed;
    },
  };
}
