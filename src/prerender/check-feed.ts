import { isRfc822Date, isRfc3339Date } from './feed-dates.ts';
import type { XmlElement } from './parse-xml.ts';

/** What is wrong with one element of a feed. */
export interface FeedProblem {
  /** The element as a path with its position, such as `rss > channel > item[2] > pubDate (line 14)`. */
  element: string;
  message: string;
}

const atomNs = 'http://www.w3.org/2005/Atom';

/**
 * The problems of an RSS 2.0 (root `rss`) or Atom (root `feed` in the Atom namespace) document; any
 * other XML has none here. RSS: channel `title`, `link`, `description`; each item a `title` or a
 * `description`; RFC 822 `pubDate` and `lastBuildDate`; absolute links; unique `guid`s. Atom: feed and
 * entries with `id`, `title`, `updated`; RFC 3339 `updated` and `published`; entry links absolute
 * (after `xml:base`); unique entry `id`s.
 */
export function checkFeed(root: XmlElement): FeedProblem[] {
  if (root.name === 'rss' && root.uri === '') return checkRss(root);
  if (root.name === 'feed' && root.uri === atomNs) return checkAtom(root);
  return [];
}

function checkRss(rss: XmlElement): FeedProblem[] {
  const problems: FeedProblem[] = [];
  const channel = childrenOf(rss, 'channel', '')[0];
  if (!channel) return [{ element: 'rss', message: 'has no <channel>, which RSS 2.0 requires' }];
  const at = (path: string, element: XmlElement) => `rss > ${path} (line ${element.line})`;
  for (const name of ['title', 'link', 'description']) {
    if (!childrenOf(channel, name, '')[0]) problems.push({ element: at('channel', channel), message: `has no <${name}>, which RSS 2.0 requires of a channel` });
  }
  const link = childrenOf(channel, 'link', '')[0];
  if (link && !isAbsoluteUrl(link.text)) problems.push({ element: at('channel > link', link), message: `is ${JSON.stringify(link.text.trim())}, not an absolute URL` });
  checkDates(channel, ['pubDate', 'lastBuildDate'], (name, date) => problems.push({ element: at(`channel > ${name}`, date), message: rfc822Message(date.text) }));
  const guids = new Map<string, number>();
  childrenOf(channel, 'item', '').forEach((item, i) => {
    const path = `channel > item[${i + 1}]`;
    if (!childrenOf(item, 'title', '')[0] && !childrenOf(item, 'description', '')[0]) {
      problems.push({ element: at(path, item), message: 'has neither <title> nor <description>; RSS 2.0 requires one' });
    }
    for (const itemLink of childrenOf(item, 'link', '')) {
      if (!isAbsoluteUrl(itemLink.text)) problems.push({ element: at(`${path} > link`, itemLink), message: `is ${JSON.stringify(itemLink.text.trim())}, not an absolute URL` });
    }
    checkDates(item, ['pubDate'], (name, date) => problems.push({ element: at(`${path} > ${name}`, date), message: rfc822Message(date.text) }));
    const guid = childrenOf(item, 'guid', '')[0];
    if (guid) {
      const first = guids.get(guid.text.trim());
      if (first !== undefined) problems.push({ element: at(`${path} > guid`, guid), message: `repeats the guid of item[${first}], ${JSON.stringify(guid.text.trim())}` });
      else guids.set(guid.text.trim(), i + 1);
    }
  });
  return problems;
}

function checkAtom(feed: XmlElement): FeedProblem[] {
  const problems: FeedProblem[] = [];
  const at = (path: string, element: XmlElement) => `${path ? `feed > ${path}` : 'feed'} (line ${element.line})`;
  const required = (element: XmlElement, path: string, what: string) => {
    for (const name of ['id', 'title', 'updated']) {
      if (!childrenOf(element, name, atomNs)[0]) problems.push({ element: at(path, element), message: `has no <${name}>, which Atom requires of ${what}` });
    }
  };
  const dates = (element: XmlElement, path: string) =>
    checkDates(element, ['updated', 'published'], (name, date) => problems.push({ element: at(`${path}${path ? ' > ' : ''}${name}`, date), message: rfc3339Message(date.text) }), atomNs);
  required(feed, '', 'a feed');
  dates(feed, '');
  const feedBase = baseOf(feed, undefined);
  const ids = new Map<string, number>();
  childrenOf(feed, 'entry', atomNs).forEach((entry, i) => {
    const path = `entry[${i + 1}]`;
    required(entry, path, 'an entry');
    dates(entry, path);
    const base = baseOf(entry, feedBase);
    for (const link of childrenOf(entry, 'link', atomNs)) {
      const href = link.attributes.href;
      if (href === undefined) problems.push({ element: at(`${path} > link`, link), message: 'has no href, which Atom requires of a link' });
      else if (!isAbsoluteUrl(href, baseOf(link, base))) problems.push({ element: at(`${path} > link`, link), message: `has href ${JSON.stringify(href)}, not an absolute URL (and no xml:base to resolve it)` });
    }
    const id = childrenOf(entry, 'id', atomNs)[0];
    if (id) {
      const first = ids.get(id.text.trim());
      if (first !== undefined) problems.push({ element: at(`${path} > id`, id), message: `repeats the id of entry[${first}], ${JSON.stringify(id.text.trim())}` });
      else ids.set(id.text.trim(), i + 1);
    }
  });
  return problems;
}

function childrenOf(element: XmlElement, name: string, uri: string): XmlElement[] {
  return element.children.filter((child) => child.name === name && child.uri === uri);
}

function checkDates(element: XmlElement, names: string[], report: (name: string, date: XmlElement) => void, uri = ''): void {
  const valid = uri === '' ? isRfc822Date : isRfc3339Date;
  for (const name of names) for (const date of childrenOf(element, name, uri)) if (!valid(date.text)) report(name, date);
}

const rfc822Message = (text: string) => `is ${JSON.stringify(text.trim())}, not an RFC 822 date such as "Mon, 23 Nov 2026 08:00:00 GMT"`;
const rfc3339Message = (text: string) => `is ${JSON.stringify(text.trim())}, not an RFC 3339 date such as "2026-11-23T08:00:00Z"`;

/** The absolute base URL in effect for `element`: its `xml:base` resolved against `parent`. */
function baseOf(element: XmlElement, parent: string | undefined): string | undefined {
  const own = element.attributes['xml:base'];
  if (own === undefined) return parent;
  return URL.canParse(own, parent) ? new URL(own, parent).href : parent;
}

/** An http(s) URL once resolved against `base` (absolute itself when there is none). */
function isAbsoluteUrl(value: string, base?: string): boolean {
  const trimmed = value.trim();
  if (!URL.canParse(trimmed, base)) return false;
  const { protocol } = new URL(trimmed, base);
  return protocol === 'http:' || protocol === 'https:';
}
