import { urlMistake } from './absolute-url.ts';
import { isRfc822Date, isRfc3339Date, rfc3339Example, rfc3339Message, weekdayMeant } from './feed-dates.ts';
import { groupFeedProblems, type FeedProblem } from './group-feed-problems.ts';
import type { XmlElement } from './parse-xml.ts';

export type { FeedProblem } from './group-feed-problems.ts';

const atomNs = 'http://www.w3.org/2005/Atom';

/**
 * The problems of an RSS 2.0 (root `rss`) or Atom (root `feed` in the Atom namespace) document; any
 * other XML has none here. RSS: channel `title`, `link`, `description`; each item a `title` or a
 * `description`; RFC 822 `pubDate` and `lastBuildDate`; absolute links; unique `guid`s. Atom: feed and
 * entries with `id`, `title`, `updated`; RFC 3339 `updated` and `published`; entry links absolute
 * (after `xml:base`); unique entry `id`s. A problem repeated across items is one (group-feed-problems.ts).
 */
export function checkFeed(root: XmlElement): FeedProblem[] {
  if (root.name === 'rss' && root.uri === '') return groupFeedProblems(checkRss(root));
  if (root.name === 'feed' && root.uri === atomNs) return groupFeedProblems(checkAtom(root));
  return [];
}

/** Reports one problem: where (`sub` of `element`), its message, and what it shares with the same problem elsewhere. */
type Report = (sub: string, element: XmlElement, message: string, same: string, value?: string) => void;

/**
 * Reports problems of the `index`th item or entry (from 1): each with its element and full message,
 * and the kind it shares with the same problem elsewhere (`same`, and the value shown per item).
 */
function itemProblems(problems: FeedProblem[], noun: 'item' | 'entry', index: number, at: (path: string, element: XmlElement) => string, prefix: string): Report {
  return (sub, element, message, same, value) => {
    const open = `${prefix}${noun}[*]${sub ? ` > ${sub}` : ''}`;
    const instance = `${noun}[${index}] (line ${element.line})${value === undefined ? '' : ` ${value}`}`;
    problems.push({ element: at(`${noun}[${index}]${sub ? ` > ${sub}` : ''}`, element), message, kind: { element: open, message: same, instance, noun, index } });
  };
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
  const linkMistake = link && urlMistake(link.text);
  if (linkMistake) problems.push({ element: at('channel > link', link), message: `is ${JSON.stringify(link.text.trim())}, ${linkMistake}` });
  checkDates(channel, ['pubDate', 'lastBuildDate'], (name, date) => problems.push({ element: at(`channel > ${name}`, date), message: rfc822Message(date.text) }));
  const guids = new Map<string, number>();
  childrenOf(channel, 'item', '').forEach((item, i) => {
    const problem = itemProblems(problems, 'item', i + 1, (path, element) => at(`channel > ${path}`, element), 'rss > channel > ');
    if (!childrenOf(item, 'title', '')[0] && !childrenOf(item, 'description', '')[0]) {
      problem('', item, 'has neither <title> nor <description>; RSS 2.0 requires one', 'has neither <title> nor <description> (RSS 2.0 requires one)');
    }
    for (const itemLink of childrenOf(item, 'link', '')) {
      const text = JSON.stringify(itemLink.text.trim());
      const mistake = urlMistake(itemLink.text);
      if (mistake) problem('link', itemLink, `is ${text}, ${mistake}`, `is ${mistake}`, text);
    }
    checkDates(item, ['pubDate'], (name, date) => problem(name, date, rfc822Message(date.text), `is not ${rfc822Example}`, rfc822Value(date.text)));
    checkRepeat(guids, childrenOf(item, 'guid', '')[0], i + 1, 'guid', 'item', problem);
  });
  return problems;
}

function checkAtom(feed: XmlElement): FeedProblem[] {
  const problems: FeedProblem[] = [];
  const at = (path: string, element: XmlElement) => `${path ? `feed > ${path}` : 'feed'} (line ${element.line})`;
  const feedProblem = (sub: string, element: XmlElement, message: string) => problems.push({ element: at(sub, element), message });
  const required = (element: XmlElement, what: string, report: Report) => {
    for (const name of ['id', 'title', 'updated']) {
      const message = `has no <${name}>, which Atom requires of ${what}`;
      if (!childrenOf(element, name, atomNs)[0]) report('', element, message, `${message},`);
    }
  };
  const dates = (element: XmlElement, report: Report) =>
    checkDates(element, ['updated', 'published'], (name, date) => report(name, date, rfc3339Message(date.text), `is not ${rfc3339Example}`, JSON.stringify(date.text.trim())), atomNs);
  required(feed, 'a feed', feedProblem);
  dates(feed, feedProblem);
  const feedBase = baseOf(feed, undefined);
  const ids = new Map<string, number>();
  childrenOf(feed, 'entry', atomNs).forEach((entry, i) => {
    const problem = itemProblems(problems, 'entry', i + 1, at, 'feed > ');
    required(entry, 'an entry', problem);
    dates(entry, problem);
    const base = baseOf(entry, feedBase);
    for (const link of childrenOf(entry, 'link', atomNs)) {
      const href = link.attributes.href;
      if (href === undefined) problem('link', link, 'has no href, which Atom requires of a link', 'has no href, which Atom requires of a link,');
      else {
        const mistake = urlMistake(href, baseOf(link, base));
        if (mistake === 'not an absolute URL') problem('link', link, `has href ${JSON.stringify(href)}, not an absolute URL (and no xml:base to resolve it)`, 'has an href that is not an absolute URL (and no xml:base to resolve it)', JSON.stringify(href));
        else if (mistake) problem('link', link, `has href ${JSON.stringify(href)}, ${mistake}`, `has an href that is ${mistake}`, JSON.stringify(href));
      }
    }
    checkRepeat(ids, childrenOf(entry, 'id', atomNs)[0], i + 1, 'id', 'entry', problem);
  });
  return problems;
}

/**
 * The one-per-feed value of an item's `element` (an RSS guid, an Atom id): reported when it repeats
 * an earlier item's, else remembered in `seen` as item `index`'s (from 1).
 */
function checkRepeat(seen: Map<string, number>, element: XmlElement | undefined, index: number, name: string, noun: 'item' | 'entry', problem: Report): void {
  if (!element) return;
  const value = element.text.trim();
  const first = seen.get(value);
  const text = JSON.stringify(value);
  if (first !== undefined) problem(name, element, `repeats the ${name} of ${noun}[${first}], ${text}`, `repeats an earlier ${noun}'s ${name}`, `${text} (as ${noun}[${first}])`);
  else seen.set(value, index);
}

function childrenOf(element: XmlElement, name: string, uri: string): XmlElement[] {
  return element.children.filter((child) => child.name === name && child.uri === uri);
}

function checkDates(element: XmlElement, names: string[], report: (name: string, date: XmlElement) => void, uri = ''): void {
  const valid = uri === '' ? isRfc822Date : isRfc3339Date;
  for (const name of names) for (const date of childrenOf(element, name, uri)) if (!valid(date.text)) report(name, date);
}

const rfc822Example = 'an RFC 822 date such as "Mon, 23 Nov 2026 08:00:00 GMT"';
/** A wrong RFC 822 date said: one right but for its weekday says the weekday it falls on. */
const rfc822Message = (text: string) => {
  const meant = weekdayMeant(text);
  return meant ? `is ${JSON.stringify(text.trim())}, whose weekday is wrong: that day is a ${meant}` : `is ${JSON.stringify(text.trim())}, not ${rfc822Example}`;
};
/** A wrong RFC 822 date's value, as a list of the items with one shows it. */
const rfc822Value = (text: string) => {
  const meant = weekdayMeant(text);
  return `${JSON.stringify(text.trim())}${meant ? ` (a ${meant})` : ''}`;
};

/** The absolute base URL in effect for `element`: its `xml:base` resolved against `parent`. */
function baseOf(element: XmlElement, parent: string | undefined): string | undefined {
  const own = element.attributes['xml:base'];
  if (own === undefined) return parent;
  return URL.canParse(own, parent) ? new URL(own, parent).href : parent;
}
