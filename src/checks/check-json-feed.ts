/**
 * JSON Feed (https://jsonfeed.org/version/1.1), checked as RSS and Atom are (check-feed.ts): a body
 * is one when its type says so (`application/feed+json`) or its `version` names the spec. The feed's
 * `version`, `title` and `items`; each item's `id` (a string, unique), its content (`content_html` or
 * `content_text`), RFC 3339 dates; the feed's and the items' URLs absolute.
 */
import { mediaType } from '../content-type.ts';
import { urlMistake } from './absolute-url.ts';
import { isRfc3339Date, rfc3339Example, rfc3339Message } from './feed-dates.ts';
import { groupFeedProblems, type FeedProblem } from './group-feed-problems.ts';

const versionPrefix = 'https://jsonfeed.org/version/';
const versions = new Set([`${versionPrefix}1`, `${versionPrefix}1.1`]);

/**
 * Whether a JSON body is a JSON Feed to check: its type says so, or its `version` names the spec.
 * `value`: the body parsed, or the data a handler returned, which h3 stringifies into it.
 */
export function isJsonFeed(contentType: string, value: unknown): boolean {
  const version = (value as { version?: unknown } | null)?.version;
  if (typeof value === 'object' && typeof version === 'string' && version.startsWith(versionPrefix)) return true;
  // Asked of every JSON route the prerender renders: the type is parsed only when it may be one.
  return contentType.includes('feed+json') && mediaType(contentType) === 'application/feed+json';
}

/** The problems of `feed`, parsed JSON that {@link isJsonFeed}. */
export function checkJsonFeed(feed: unknown): FeedProblem[] {
  if (typeof feed !== 'object' || feed === null || Array.isArray(feed)) return [{ element: 'feed', message: `is ${Array.isArray(feed) ? 'an array' : JSON.stringify(feed)}, not the object JSON Feed requires` }];
  const problems: FeedProblem[] = [];
  const top = feed as Record<string, unknown>;
  if (typeof top.version !== 'string') problems.push({ element: 'feed', message: `has no "version", which JSON Feed requires: "${versionPrefix}1.1"` });
  else if (!versions.has(top.version)) problems.push({ element: 'version', message: `is ${JSON.stringify(top.version)}, not a JSON Feed version ("${versionPrefix}1.1" or "${versionPrefix}1")` });
  if (typeof top.title !== 'string') problems.push({ element: 'feed', message: 'has no "title" string, which JSON Feed requires' });
  for (const key of ['home_page_url', 'feed_url']) {
    const url = top[key];
    const mistake = url === undefined ? undefined : typeof url === 'string' ? urlMistake(url) : 'not an absolute URL';
    if (mistake) problems.push({ element: key, message: `is ${JSON.stringify(url)}, ${mistake}` });
  }
  if (!Array.isArray(top.items)) {
    problems.push({ element: 'feed', message: 'has no "items" array, which JSON Feed requires (an empty one for no items)' });
    return groupFeedProblems(problems);
  }
  const ids = new Map<string, number>();
  top.items.forEach((item: unknown, i: number) => checkItem(item, i + 1, ids, problems));
  return groupFeedProblems(problems);
}

/** The problems of the `index`th item (from 1), into `problems`; `ids`: each id seen, with its item. */
function checkItem(item: unknown, index: number, ids: Map<string, number>, problems: FeedProblem[]): void {
  // `shown`: this item's value, as the problem's group lists the items that have it.
  const problem = (key: string, message: string, same: string, shown?: string) => {
    const instance = `items[${index}]${shown === undefined ? '' : ` ${shown}`}`;
    problems.push({ element: `items[${index}]${key ? ` > ${key}` : ''}`, message, kind: { element: `items[*]${key ? ` > ${key}` : ''}`, message: same, instance, noun: 'item', index } });
  };
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return problem('', 'is not an object', 'is not an object');
  const fields = item as Record<string, unknown>;
  const { id } = fields;
  if (id === undefined || id === '') {
    const message = 'has no "id", which JSON Feed requires of an item';
    problem('', message, `${message},`);
  } else if (typeof id !== 'string') {
    problem('id', `is ${JSON.stringify(id)}, not the string JSON Feed requires`, 'is not a string, which JSON Feed requires of an id', JSON.stringify(id));
  } else {
    const first = ids.get(id);
    if (first !== undefined) problem('id', `repeats the id of items[${first}], ${JSON.stringify(id)}`, "repeats an earlier item's id", `${JSON.stringify(id)} (as items[${first}])`);
    else ids.set(id, index);
  }
  if (typeof fields.content_html !== 'string' && typeof fields.content_text !== 'string') {
    problem('', 'has neither "content_html" nor "content_text"; JSON Feed requires one', 'has neither "content_html" nor "content_text" (JSON Feed requires one)');
  }
  for (const key of ['url', 'external_url']) {
    const url = fields[key];
    const mistake = url === undefined ? undefined : typeof url === 'string' ? urlMistake(url) : 'not an absolute URL';
    if (mistake) problem(key, `is ${JSON.stringify(url)}, ${mistake}`, `is ${mistake}`, JSON.stringify(url));
  }
  for (const key of ['date_published', 'date_modified']) {
    const date = fields[key];
    if (date === undefined || (typeof date === 'string' && isRfc3339Date(date))) continue;
    problem(key, typeof date === 'string' ? rfc3339Message(date) : `is ${JSON.stringify(date)}, not ${rfc3339Example}`, `is not ${rfc3339Example}`, JSON.stringify(date));
  }
}
