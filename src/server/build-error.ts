/**
 * How the dev server shows a build that failed: in the terminal (location, message, code frame,
 * hint) and as the answer to every route request until the code is fixed.
 */
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeHtml } from '../escape-html.ts';
import { stackWithCauses } from '../error-stack.ts';
import { errors, messageOf, PrerenderError } from '../errors.ts';
import type { Logger } from '../log.ts';
import { ownCodeDir } from '../paths.ts';

/** What went wrong in a build, in the words shown to the developer. */
export interface BuildFailure {
  /** The error code, such as `COMPILE`, or `ERROR` for one we did not expect. */
  code: string;
  message: string;
  /** `file:line:column` relative to the site root, when known. */
  location?: string;
  /** The offending lines of source. */
  frame?: string;
  hint?: string;
  /** The stack of the error behind it, such as a route module that threw while loading. */
  stack?: string;
}

/** Where stack frames of api-prerender's code (lib/src: the runtime, the build's thread) point, as Node prints them. */
const ownFolder = pathToFileURL(ownCodeDir).href + '/';

/** Puts any thrown value into the words of a {@link BuildFailure}. */
export function describeFailure(error: unknown): BuildFailure {
  if (error instanceof PrerenderError) {
    const location = error.loc ? `${error.loc.file}:${error.loc.line}:${error.loc.column}` : undefined;
    const stack = error.traceCause && error.cause !== undefined ? stackWithCauses(error.cause, ownCodeDir) : undefined;
    return { code: error.code, message: error.message, location, frame: error.frame, hint: devHint(error.hint), stack };
  }
  // An error we did not expect: its stack is the only clue.
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { code: 'ERROR', message };
}

/**
 * Hints worded for `prerender build` that read oddly in dev, with their dev wording: a build that
 * fails writes nothing, while the dev server just waits for the next save.
 */
const devHints = new Map([[errors.syntax({ file: '', line: 0, column: 0 }, '').hint, 'Fix the code at the line shown and save: the dev server rebuilds then.']]);

function devHint(hint: string | undefined): string | undefined {
  return hint === undefined ? undefined : (devHints.get(hint) ?? hint);
}

/** Prints the failure as the CLI prints any error: location, message, frame, hint. */
export function logFailure(failure: BuildFailure, logger: Logger): void {
  const where = failure.location && !failure.message.includes(failure.location) ? `${failure.location}: ` : '';
  logger.error(`${where}${failure.message}`);
  if (failure.frame) logger.info(failure.frame);
  if (failure.stack) logger.info(failure.stack);
  if (failure.hint) logger.info(`  hint: ${failure.hint}`);
}

/**
 * The `500` every route request gets while the build is broken: an HTML page for browsers, else JSON.
 * It shows the failure alone, nothing of the request.
 */
export function failureResponse(failure: BuildFailure, request: Request): Response {
  const fields = [failure.message, failure.frame, failure.stack].map(preformatted);
  const hint = failure.hint ? `<p>${escapeHtml(failure.hint)}</p>` : '';
  // The build was fine: a route module ended the thread that ran it, which the next request starts again.
  const stopped = failure.code === 'ROUTES_STOPPED';
  const title = stopped ? 'Routes stopped' : 'Build error';
  const next = stopped ? 'The dev server starts the routes again on the next request: reload this page.' : 'The dev server rebuilds when you save a file; reload this page then.';
  const page = [`<h1>${title}</h1>`, `<p>${escapeHtml(failure.location ?? failure.code)}</p>`, ...fields, hint, `<p>${next}</p>`];
  return devAnswer(request, 500, { status: 500, ...failure }, title, page);
}

/**
 * The dev server's answer to an error a handler threw and did not handle (h3's `onError`), in place
 * of h3's bare 500: the error's message and its stack (in the route files, through the source map)
 * with its causes. `undefined` for an error h3 answers as it is (`createError({ status: 404 })`).
 * Only the dev server gives it: preview and the built server never show an error.
 */
export function routeErrorResponse(error: { unhandled?: boolean; cause?: unknown }, request: Request): Response | undefined {
  if (!error.unhandled) return undefined;
  const thrown = error.cause ?? error;
  const message = messageOf(thrown);
  const stack = routeErrorStack(thrown);
  // Our own error about the route (it did not answer in time) has no stack but its message: said once.
  const traced = stack !== message;
  const page = ['<h1>Error in a route</h1>', preformatted(message), ...(traced ? [preformatted(stack)] : []), '<p>Shown by the dev server only: preview and the built server answer a bare 500.</p>'];
  return devAnswer(request, 500, traced ? { status: 500, unhandled: true, message, stack } : { status: 500, unhandled: true, message }, 'Error in a route', page);
}

/** What the dev server prints of an error a handler threw: the request, then the stack the answer shows. */
export function routeErrorLine(thrown: unknown, request: Request): string {
  return `${request.method} ${new URL(request.url).pathname}: ${routeErrorStack(thrown)}`;
}

/**
 * The stack of `thrown` and its causes, in the route files (through the source map), without our
 * frames and those below; of our own error about the route (it did not answer in time), its message.
 */
const routeErrorStack = (thrown: unknown): string => (thrown instanceof PrerenderError ? thrown.message : withoutRuntimeFrames(stackWithCauses(thrown)));

/**
 * A stack without the frames from our code down (the build's thread, the runtime, h3, srvx, the
 * socket): they are the same for every request, and the route's own frames are what the page is for.
 */
function withoutRuntimeFrames(stack: string): string {
  let below = false;
  const kept = stack.split('\n').filter((line) => {
    if (!/^\s+at /.test(line)) return !(below = false);
    below ||= line.includes(ownFolder);
    return !below;
  });
  return kept.join('\n');
}

/**
 * An answer that only the dev server sends: JSON, or for browsers an HTML page of `body`. The page's
 * fields are escaped by the caller (escapeHtml) and the JSON escapes `<`, `>` and `&`, so nothing in
 * it (file names, source lines, error messages) can become markup.
 */
export function devAnswer(request: Request, status: number, json: object, title: string, body: string[]): Response {
  const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  if (!acceptsHtml(request)) {
    const text = JSON.stringify(json).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    return new Response(text, { status, headers: { ...headers, 'content-type': 'application/json' } });
  }
  const page = [
    '<!doctype html>',
    '<html lang="en">',
    '<meta charset="utf-8">',
    `<title>${title}</title>`,
    '<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#222}pre{background:#fdf0f0;padding:1rem;overflow:auto}</style>',
    ...body.filter(Boolean),
    '</html>',
    '',
  ];
  return new Response(page.join('\n'), { status, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
}

/** Whether the request is a browser's, which reads a page: it accepts `text/html`. */
export const acceptsHtml = (request: Request): boolean => (request.headers.get('accept') ?? '').includes('text/html');

function preformatted(text: string | undefined): string {
  return text ? `<pre>${escapeHtml(text)}</pre>` : '';
}

/** The absolute path of the source file an error points at, or is in, if any. */
export function failedFile(error: unknown, root: string): string | undefined {
  const file = error instanceof PrerenderError ? (error.loc?.file ?? error.id) : undefined;
  return file === undefined ? undefined : isAbsolute(file) ? file : resolve(root, file);
}
