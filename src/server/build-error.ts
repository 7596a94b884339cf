/**
 * How the dev server shows a build that failed: in the terminal (location, message, code frame,
 * hint) and as the answer to every route request until the code is fixed.
 */
import { isAbsolute, resolve } from 'node:path';
import { stackWithCauses } from '../error-stack.ts';
import { errors, PrerenderError } from '../errors.ts';
import type { Logger } from '../log.ts';

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

/** Puts any thrown value into the words of a {@link BuildFailure}. */
export function describeFailure(error: unknown): BuildFailure {
  if (error instanceof PrerenderError) {
    const location = error.loc ? `${error.loc.file}:${error.loc.line}:${error.loc.column}` : undefined;
    const stack = error.traceCause && error.cause !== undefined ? stackWithCauses(error.cause) : undefined;
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
 * It shows the failure alone, nothing of the request. The page escapes every field and the JSON
 * escapes `<`, `>` and `&`, so no part of a failure (file names, source lines) can become markup.
 */
export function failureResponse(failure: BuildFailure, request: Request): Response {
  const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  if (!(request.headers.get('accept') ?? '').includes('text/html')) {
    const json = JSON.stringify({ status: 500, ...failure }).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    return new Response(json, { status: 500, headers: { ...headers, 'content-type': 'application/json' } });
  }
  return new Response(failurePage(failure), { status: 500, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
}

function failurePage(failure: BuildFailure): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<meta charset="utf-8">',
    '<title>Build error</title>',
    '<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#222}pre{background:#fdf0f0;padding:1rem;overflow:auto}</style>',
    '<h1>Build error</h1>',
    `<p>${escapeHtml(failure.location ?? failure.code)}</p>`,
    `<pre>${escapeHtml(failure.message)}</pre>`,
    failure.frame ? `<pre>${escapeHtml(failure.frame)}</pre>` : '',
    failure.stack ? `<pre>${escapeHtml(failure.stack)}</pre>` : '',
    failure.hint ? `<p>${escapeHtml(failure.hint)}</p>` : '',
    '<p>The dev server rebuilds when you save a file; reload this page then.</p>',
    '</html>',
    '',
  ].join('\n');
}

/** Text safe inside HTML elements and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The absolute path of the source file an error points at, if any. */
export function failedFile(error: unknown, root: string): string | undefined {
  const file = error instanceof PrerenderError ? error.loc?.file : undefined;
  return file === undefined ? undefined : isAbsolute(file) ? file : resolve(root, file);
}
