/** The one error class for everything the tool reports: its codes, and what an error carries. */
import { inspect } from 'node:util';
import { stackWithCauses } from '../error-stack.ts';
import { ownCodeDir } from '../paths.ts';

/**
 * What went wrong, which decides the exit code: usage and config errors exit 2, the rest 1.
 * `COMPILE`: the code cannot be bundled (syntax, unresolved import); `MODULE_IMPORT`: it was bundled,
 * but a route module (or one it imports) threw while it loaded; `ROUTES_STOPPED`: a route module threw
 * outside any request, or exited, after it loaded (dev: the thread starts again on the next request; build: the build stops). `OUTPUT`: a file stands where the
 * output folder goes; `WRITE_FAILED`: the file system refused a write (full disk, permissions: see the
 * error's `cause.code`, such as ENOSPC); `LOCKED`: another build of the site is running, so trying
 * again later can succeed. `ROUTE_ENTRIES`: a route file's `entries` export threw or listed a URL its
 * file cannot serve or the build cannot write. `NO_ROUTE_FILE`: a listed route no route file answers
 * GET for (a failed route, listed in the failures of ROUTES_FAILED with this code). `FILE_LIMIT`:
 * the process ran out of file descriptors (EMFILE, `ulimit -n`) or the system did (ENFILE).
 * `DEPENDENCY`: a package the site needs (h3 v2) is missing or of another major version.
 * `BROKEN_LINKS`: links of the output reach nothing and `prerender.links` is `'error'`.
 * `INTERRUPTED`: the build was stopped (a signal, or its AbortSignal) and removed what it had made.
 */
export type ErrorCode =
  | 'USAGE' | 'CONFIG' | 'ROUTE_NAME' | 'ROUTE_CONFLICT' | 'NO_HANDLER'
  | 'COMPILE' | 'MODULE_IMPORT' | 'ROUTES_STOPPED'
  | 'ROUTE_PATH' | 'ROUTE_ENTRIES' | 'OUTPUT_CLASH' | 'ROUTES_FAILED' | 'NO_ROUTE_FILE' | 'INVALID_OUTPUT' | 'BROKEN_LINKS' | 'OUTPUT' | 'CRAWL_LIMIT'
  | 'WRITE_FAILED' | 'LOCKED' | 'HOST_RULES' | 'HOST_TYPES' | 'HOST_LIMITS'
  | 'NO_BUILD' | 'SERVER' | 'FILE_LIMIT' | 'DEPENDENCY' | 'INTERRUPTED' | 'NOTHING_TO_PRERENDER';

/** Where a compile error sits in a source file. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/** The error every part of api-prerender throws for a problem the user can fix. */
export class PrerenderError extends Error {
  readonly code: ErrorCode;
  readonly hint?: string;
  readonly loc?: SourceLocation;
  /** The module the error is in (an absolute path, as Rollup's logs name it), where no place in it is known. */
  readonly id?: string;
  readonly frame?: string;
  /** Anything the caller may want to print or return, such as the build report of failed routes. */
  readonly details?: unknown;
  /** The cause is the site's own code failing: its stack and cause chain are printed with the error. */
  readonly traceCause: boolean;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { hint?: string; loc?: SourceLocation; id?: string; frame?: string; details?: unknown; cause?: unknown; traceCause?: boolean } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'PrerenderError';
    this.code = code;
    this.hint = extra.hint;
    this.loc = extra.loc;
    this.id = extra.id;
    this.frame = extra.frame;
    this.details = extra.details;
    this.traceCause = extra.traceCause ?? false;
  }

  /**
   * `2` for bad usage or config (a route in the config that can never be a file counts, and so does a
   * missing or wrong dependency), `1` for the rest.
   */
  get exitCode(): 1 | 2 {
    return this.code === 'USAGE' || this.code === 'CONFIG' || this.code === 'ROUTE_PATH' || this.code === 'DEPENDENCY' || this.code === 'NOTHING_TO_PRERENDER' ? 2 : 1;
  }

  /**
   * What is printed of it: the message (its location in front, unless it names it already), then the
   * code frame, the stack of the site's code behind it, and the hint (`hint` in place of its own).
   */
  printed(hint = this.hint): { message: string; details: string[] } {
    const at = this.loc ? `${this.loc.file}:${this.loc.line}:${this.loc.column}` : '';
    const details: string[] = [];
    if (this.frame) details.push(this.frame);
    const stack = this.causeStack();
    if (stack !== undefined) details.push(stack);
    if (hint) details.push(`  hint: ${hint}`);
    return { message: at && !this.message.includes(at) ? `${at}: ${this.message}` : this.message, details };
  }

  /** The stack of the site's code behind it (and each of its causes), when its cause is the site's code failing. */
  causeStack(): string | undefined {
    return this.traceCause && this.cause !== undefined ? stackWithCauses(this.cause, ownCodeDir) : undefined;
  }

  /**
   * How Node shows it (`console.error(error)`, `util.inspect`, and so Vite, which prints a failed
   * build or config that way): as the CLI prints it, not with our own stack frames and every field.
   */
  [inspect.custom](): string {
    return this.text();
  }

  /** {@link printed} as one text, marked as ours, for a tool that prints it whole (Node, Vite). */
  text(hint = this.hint): string {
    const { message, details } = this.printed(hint);
    return [`[api-prerender] ${message}`, ...details].join('\n');
  }
}

/** The message of anything thrown, for embedding in another message. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * {@link messageOf}, then each error of its `cause` chain by name and message: undici's bare
 * `terminated` says why (`terminated (caused by SocketError: other side closed)`).
 */
export function messageWithCauses(error: unknown): string {
  const causes: string[] = [];
  for (let cause = (error as { cause?: unknown } | null)?.cause; cause instanceof Error && causes.length < 5; cause = cause.cause) {
    causes.push(`${cause.name}: ${cause.message}`);
  }
  return causes.length === 0 ? messageOf(error) : `${messageOf(error)} (caused by ${causes.join(', caused by ')})`;
}
