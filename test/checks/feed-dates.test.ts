/** The date formats feeds require (src/checks/feed-dates.ts): RFC 822 for RSS 2.0, RFC 3339 for Atom. */
import { describe, expect, it } from 'vitest';
import { isRfc3339Date, isRfc822Date, weekdayMeant } from '../../src/checks/feed-dates.ts';

describe('feed dates', () => {
  it.each(['Mon, 23 Nov 2026 08:00:00 GMT', '23 Nov 2026 08:00 +0100', 'Sun, 22 Nov 2026 10:00:00 -0500', '1 Jan 99 00:00:00 EST', 'Thu, 29 Feb 2024 23:59:60 Z'])(
    '%j is RFC 822',
    (value) => expect(isRfc822Date(value)).toBe(true),
  );
  it.each(['2026-11-23T08:00:00Z', 'Tue, 23 Nov 2026 08:00:00 GMT', 'Mon, 30 Feb 2026 08:00:00 GMT', '23 Nov 2026 24:00:00 GMT', '23 November 2026 08:00:00 GMT', '23 Nov 2026 08:00:00', '23 Nov 2026 08:00:00 CEST'])(
    '%j is not RFC 822',
    (value) => expect(isRfc822Date(value)).toBe(false),
  );
  it.each(['2026-11-23T08:00:00Z', '2026-11-23t08:00:00.123+05:30', '2024-02-29T00:00:00-00:00'])('%j is RFC 3339', (value) => expect(isRfc3339Date(value)).toBe(true));
  it.each(['2026-11-23', '2026-11-23T08:00Z', '2026-11-23T08:00:00', '2026-02-30T00:00:00Z', '2026-11-23 08:00:00Z', 'Mon, 23 Nov 2026 08:00:00 GMT'])('%j is not RFC 3339', (value) =>
    expect(isRfc3339Date(value)).toBe(false),
  );
  it.each([
    ['Tue, 23 Nov 2026 08:00:00 GMT', 'Monday'],
    ['Sun, 29 Feb 2024 23:59:60 Z', 'Thursday'],
    ['Mon, 23 Nov 2026 08:00:00 GMT', undefined],
    ['23 Nov 2026 08:00:00 GMT', undefined],
    ['Tue, 30 Feb 2026 08:00:00 GMT', undefined],
    ['Tue, 23 Nov 2026 08:00:00', undefined],
  ])('%j: the weekday its day falls on, when that alone is wrong: %s', (value, meant) => expect(weekdayMeant(value)).toBe(meant));
});
