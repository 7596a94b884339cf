/**
 * Whether a feed's link is an http(s) URL once resolved against `base` (absolute itself when there is
 * none): one a reader can follow from anywhere the feed is read.
 */
export function isAbsoluteUrl(value: string, base?: string): boolean {
  const trimmed = value.trim();
  if (!URL.canParse(trimmed, base)) return false;
  const { protocol } = new URL(trimmed, base);
  return protocol === 'http:' || protocol === 'https:';
}
