/**
 * What is wrong with a feed's link, if anything: it must be an http(s) URL once resolved against
 * `base` (absolute itself when there is none), one a reader can follow from anywhere the feed is
 * read, and hold no space (`/posts/café au lait.json`): a browser's URL parser encodes one as `%20`
 * where it is given, but a feed reader may cut the link there, and the feed's validators refuse it.
 * @example urlMistake('/posts/a.json') // 'not an absolute URL'
 * @example urlMistake('https://example.com/a b') // 'a URL with a space, which a URL cannot hold (write it %20: encodeURI() does)'
 */
export function urlMistake(value: string, base?: string): UrlMistake | undefined {
  const trimmed = value.trim();
  if (!URL.canParse(trimmed, base)) return 'not an absolute URL';
  const { protocol } = new URL(trimmed, base);
  if (protocol !== 'http:' && protocol !== 'https:') return 'not an absolute URL';
  return /\s/.test(trimmed) ? spaceInUrl : undefined;
}

const spaceInUrl = 'a URL with a space, which a URL cannot hold (write it %20: encodeURI() does)';

/** The ways a feed's link can be wrong, as its problem words them after the link. */
export type UrlMistake = 'not an absolute URL' | typeof spaceInUrl;
