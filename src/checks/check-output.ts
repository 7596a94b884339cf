import { errors } from '../errors.ts';
import { warnings, type Warning } from '../warnings.ts';
import { warn, type Logger } from '../log.ts';
import { checkFeed } from './check-feed.ts';
import { checkJsonFeed, isJsonFeed } from './check-json-feed.ts';
import { charsetOf, isJsonType, isXmlType, mediaType } from '../content-type.ts';
import { typeByExtension } from '../runtime/extension.ts';
import { parseXml } from './parse-xml.ts';
import type { CheckMode } from '../config/check-mode.ts';

/** One problem of a prerendered file, as a warning or (validate: 'error') a line of the error. */
export interface OutputProblem {
  code: 'INVALID_JSON' | 'INVALID_XML' | 'INVALID_FEED';
  route: string;
  file: string;
  /** Where in the file: the element path of a feed problem. */
  element?: string;
  message: string;
}

/** Problems kept in full; past this many only a count, so a site of broken files cannot fill memory. */
export const problemsListed = 100;

/** One decoder for every JSON body: making one per body cost more than parsing small ones. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The type a body is checked as: the one it was answered with; but a body answered as plain text (a
 * handler that set no type) in a file whose name says JSON or XML (`tags.json`) as what its name says,
 * which is how hosts that type by name serve it, and what a consumer of the file expects.
 */
function checkedType(file: string, contentType: string): { type: string; byName: boolean } {
  if (mediaType(contentType) !== 'text/plain') return { type: contentType, byName: false };
  const named = typeByExtension(file);
  return named !== undefined && (isJsonType(named) || isXmlType(named)) ? { type: named, byName: true } : { type: contentType, byName: false };
}

/**
 * The problems of one prerendered body, by its content type ({@link checkedType}): JSON must be
 * UTF-8 and parse (but a body that is `JSON.stringify`'s output, `stringified`, is JSON as it is:
 * the prerender says so only of one that is no JSON Feed),
 * and a JSON Feed also pass {@link checkJsonFeed}; XML must be well-formed, and an RSS or Atom feed
 * also pass {@link checkFeed}. Other types are not read.
 */
export function checkFile(route: string, file: string, contentType: string, body: Uint8Array, stringified = false): OutputProblem[] {
  const { type, byName } = checkedType(file, contentType);
  const answered = byName ? ` (answered as ${mediaType(contentType)}, in a file whose name says ${mediaType(type)})` : '';
  if (isJsonType(type)) {
    if (stringified) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(utf8.decode(body));
    } catch (error) {
      const reason = error instanceof TypeError ? 'is not UTF-8, which JSON must be' : `is not valid JSON${answered}: ${(error as Error).message}`;
      return [{ code: 'INVALID_JSON', route, file, message: reason }];
    }
    if (!isJsonFeed(type, parsed)) return [];
    return checkJsonFeed(parsed).map(({ element, message }) => ({ code: 'INVALID_FEED', route, file, element, message }));
  }
  if (!isXmlType(type)) return [];
  let text: string;
  try {
    text = new TextDecoder(charsetOf(contentType) ?? 'utf-8', { fatal: true }).decode(body);
  } catch {
    return [{ code: 'INVALID_XML', route, file, message: `cannot be read as ${charsetOf(contentType) ?? 'utf-8'}, the charset its type names` }];
  }
  const parsed = parseXml(text);
  if (!parsed.ok) return [{ code: 'INVALID_XML', route, file, message: `is not well-formed XML${answered}: ${parsed.error}` }];
  return checkFeed(parsed.root).map(({ element, message }) => ({ code: 'INVALID_FEED', route, file, element, message }));
}

/** Collects the problems of every file as the prerender writes it, and reports them at the end. */
export interface OutputChecks {
  /** Checks one body, before it is handed to the writer; returns its problems (the cache keeps them). `stringified`: see {@link checkFile}. */
  inspect(route: string, file: string, contentType: string, body: Uint8Array, stringified?: boolean): OutputProblem[];
  /** Takes the problems {@link inspect} found in a body the cache reused, as if it had found them now. */
  add(route: string, file: string, problems: readonly Pick<OutputProblem, 'code' | 'element' | 'message'>[]): void;
  /**
   * With `validate: 'warn'`, prints a warning per problem (the first {@link problemsListed}, then a
   * count); with `'error'`, throws INVALID_OUTPUT listing them, so the staged build is dropped.
   */
  report(logger: Logger): void;
  /** The problems found: the first {@link problemsListed}, and how many more were not kept. */
  found(): { problems: OutputProblem[]; unlisted: number };
}

/** The checks `prerender.validate` asks for; `false` gives none (and nothing is read). */
export function createOutputChecks(mode: CheckMode): OutputChecks | undefined {
  if (mode === false) return undefined;
  const problems: OutputProblem[] = [];
  let unlisted = 0;
  const keep = (problem: OutputProblem) => {
    if (problems.length < problemsListed) problems.push(problem);
    else unlisted++;
  };
  return {
    inspect(route, file, contentType, body, stringified) {
      const found = checkFile(route, file, contentType, body, stringified);
      found.forEach(keep);
      return found;
    },
    add(route, file, found) {
      for (const problem of found) keep({ ...problem, route, file });
    },
    report(logger) {
      if (problems.length === 0) return;
      const found: Warning[] = problems.map(warnings.invalidOutput);
      if (mode === 'error') throw errors.invalidOutput(found.map((w) => w.message), unlisted);
      for (const warning of found) warn(logger, warning);
      if (unlisted > 0) warn(logger, warnings.moreInvalidOutput(problemsListed, unlisted));
    },
    found: () => ({ problems: [...problems], unlisted }),
  };
}
