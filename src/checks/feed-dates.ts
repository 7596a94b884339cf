/** The date formats feeds require: RFC 822 for RSS 2.0, RFC 3339 for Atom. */

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const rfc822 = new RegExp(
  `^(?:(${weekdays.join('|')}),\\s*)?(\\d{1,2})\\s+(${months.join('|')})\\s+(\\d{4}|\\d{2})\\s+(\\d{2}):(\\d{2})(?::(\\d{2}))?\\s+` +
    '(UT|GMT|[ECMP][SD]T|[A-IK-Z]|[+-]\\d{4})$',
);
const rfc3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

/** True when year, month (1-12) and day name a real day. */
function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return month >= 1 && month <= 12 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * An RFC 822 date-time as RSS 2.0 asks (`Mon, 23 Nov 2026 08:00:00 GMT`): a real day, a valid time
 * and zone, and the weekday, when given, the one that day fell on (checked for four-digit years).
 */
export function isRfc822Date(value: string): boolean {
  const match = rfc822.exec(value.trim());
  if (!match) return false;
  const [, weekday, day, month, year, hour, minute, second] = match;
  const fullYear = year.length === 2 ? 1900 + Number(year) : Number(year);
  const monthNumber = months.indexOf(month) + 1;
  if (!isRealDay(fullYear, monthNumber, Number(day)) || Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 60) return false;
  return weekday === undefined || year.length === 2 || weekdays[new Date(Date.UTC(fullYear, monthNumber - 1, Number(day))).getUTCDay()] === weekday;
}

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * The weekday an RFC 822 date falls on, when the date is right but for the weekday it names
 * (`Tue, 23 Nov 2026 ...`, a Monday): `Monday`; `undefined` for any other date, right or wrong.
 * @example weekdayMeant('Tue, 23 Nov 2026 08:00:00 GMT') // 'Monday'
 */
export function weekdayMeant(value: string): string | undefined {
  const match = rfc822.exec(value.trim());
  if (!match || match[1] === undefined || isRfc822Date(value)) return undefined;
  const withoutWeekday = value.trim().slice(value.trim().indexOf(',') + 1);
  if (!isRfc822Date(withoutWeekday)) return undefined;
  const [, , day, month, year] = match;
  return weekdayNames[new Date(Date.UTC(Number(year), months.indexOf(month), Number(day))).getUTCDay()];
}

/** An RFC 3339 date-time as Atom asks (`2026-11-23T08:00:00Z`): seconds and a zone required, a real day. */
export function isRfc3339Date(value: string): boolean {
  const match = rfc3339.exec(value.trim());
  if (!match) return false;
  const [year, month, day, hour, minute, second, zoneHour, zoneMinute] = match.slice(1).map((part) => Number(part ?? 0));
  return isRealDay(year, month, day) && hour < 24 && minute < 60 && second <= 60 && zoneHour < 24 && zoneMinute < 60;
}

/** How an RFC 3339 date looks, for messages. */
export const rfc3339Example = 'an RFC 3339 date such as "2026-11-23T08:00:00Z"';

/** A wrong RFC 3339 date said. */
export const rfc3339Message = (text: string): string => `is ${JSON.stringify(text.trim())}, not ${rfc3339Example}`;
