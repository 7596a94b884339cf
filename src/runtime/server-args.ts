/**
 * The command line of `node dist/<name>/server/index.mjs`: it takes its settings from the environment
 * (env-options.ts), as hosts and containers pass them, and no argument. `--help` says so; any other
 * argument (`--port 8080`, which it would otherwise ignore and listen on 3000) is refused with the
 * line to run instead, unless it says what the environment says.
 */
import { defaultBodyLimit } from './listen.ts';
import { defaultShutdownTimeout } from './shutdown.ts';

/** What the command line asks: to start, the help, or nothing it takes (with the message to print). */
export type ServerArgs = { start: true } | { help: string } | { refused: string };

/**
 * What `args` (the arguments after the script) ask of the server at `script` (as run), whose
 * environment is `env`. Arguments that say what the environment already says (a Procfile's
 * `--port $PORT`) start it; any other is refused.
 * @example serverArgs(['--port', '8080'], 'dist/blog/server/index.mjs', {}) // { refused: '... Run: PORT=8080 node dist/blog/server/index.mjs' }
 */
export function serverArgs(args: readonly string[], script: string, env: NodeJS.ProcessEnv): ServerArgs {
  if (args.length === 0) return { start: true };
  if (args.includes('--help') || args.includes('-h')) return { help: usage(script) };
  const { meant, whole } = settingsOf(args);
  if (whole && [...meant].every(([name, value]) => env[name] === value)) return { start: true };
  const run = [...meant].map(([name, value]) => `${name}=${value} `).join('');
  return { refused: `The server takes no arguments, got ${args.map((arg) => JSON.stringify(arg)).join(' ')}: its settings come from the environment (PORT, HOST, BODY_LIMIT, SHUTDOWN_TIMEOUT). Run: ${run}node ${script}` };
}

/** The variable each option of other servers' command lines sets here. */
const variableOf = new Map([
  ['--port', 'PORT'],
  ['-p', 'PORT'],
  ['--host', 'HOST'],
  ['-H', 'HOST'],
]);

/**
 * The environment the arguments meant (`--port 8080 --host 0.0.0.0`: PORT and HOST), and whether
 * that is all they say (`whole`: no argument left that names no setting).
 */
function settingsOf(args: readonly string[]): { meant: Map<string, string>; whole: boolean } {
  const meant = new Map<string, string>();
  let read = 0;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    // `node index.mjs 8080`: a port alone.
    if (i === 0 && /^\d+$/.test(arg)) {
      meant.set('PORT', arg);
      read++;
      continue;
    }
    const [flag, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    const name = variableOf.get(flag);
    const value = inline ?? args[i + 1];
    if (!name || !value || value.startsWith('-') || meant.has(name)) continue;
    meant.set(name, value);
    read += inline === undefined ? 2 : 1;
    if (inline === undefined) i++;
  }
  return { meant, whole: read === args.length };
}

/** The help of the built server. */
function usage(script: string): string {
  return [
    `Usage: [PORT=3000] [HOST=...] node ${script}`,
    '',
    'Serves this build: the files of public/ (typed and with the headers the build recorded), then the API routes for what no file answers.',
    '',
    'Environment:',
    '  PORT              port to listen on, 0 to 65535 (default 3000; 0 picks a free one)',
    '  HOST              address to listen on (default: every interface)',
    `  BODY_LIMIT        largest request body in bytes (default ${defaultBodyLimit})`,
    `  SHUTDOWN_TIMEOUT  milliseconds the requests in flight get after SIGTERM or SIGINT (default ${defaultShutdownTimeout})`,
  ].join('\n');
}
