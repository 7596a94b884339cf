/**
 * One warning per kind of problem a feed repeats across its items: a bad `pubDate` pattern in 20
 * items is one problem naming the first few items and a count, not 20 lines alike.
 */
import { counted } from '../plural.ts';

/** What is wrong with one element of a feed. */
export interface FeedProblem {
  /** The element as a path with its position, such as `rss > channel > item[2] > pubDate (line 14)`. */
  element: string;
  message: string;
  /** Set on a problem of one item or entry: what it shares with the same problem in other items. */
  kind?: ProblemKind;
}

/** A problem of one item, as its group reads it. */
export interface ProblemKind {
  /** The element with the item left open: `rss > channel > item[*] > pubDate`. */
  element: string;
  /** The message without this item's value: `is not an RFC 822 date such as ...`. */
  message: string;
  /** This item and its value: `item[2] (line 14) "2026-11-22"`. */
  instance: string;
  /** `item` (RSS) or `entry` (Atom); `index` is its position, from 1. */
  noun: 'item' | 'entry';
  index: number;
}

/** Instances a grouped problem names before `and N more`. */
export const instancesShown = 3;

/**
 * `problems` with each kind found in two items or more merged into one, where its first instance
 * was, as `rss > channel > item[*] > pubDate` `is not an RFC 822 date ... in 20 items: item[1] (line
 * 5) "x", item[2] (line 6) "y", item[3] (line 7) "z", and 17 more`. A kind found once stays as it was.
 */
export function groupFeedProblems(problems: FeedProblem[]): FeedProblem[] {
  const kinds = new Map<string, ProblemKind[]>();
  for (const { kind } of problems) {
    if (!kind) continue;
    const key = `${kind.element}\n${kind.message}`;
    const same = kinds.get(key);
    if (same) same.push(kind);
    else kinds.set(key, [kind]);
  }
  const grouped: FeedProblem[] = [];
  for (const problem of problems) {
    const same = problem.kind && kinds.get(`${problem.kind.element}\n${problem.kind.message}`);
    if (!same || same.length === 1) {
      grouped.push({ element: problem.element, message: problem.message });
      continue;
    }
    // The group takes the place of its first instance; the others are dropped where they stood.
    if (same[0] !== problem.kind) continue;
    const { element, message, noun } = same[0];
    const items = new Set(same.map((kind) => kind.index)).size;
    const shown = same.slice(0, instancesShown).map((kind) => kind.instance);
    const more = same.length > instancesShown ? `, and ${same.length - instancesShown} more` : '';
    grouped.push({ element, message: `${message} in ${counted(items, noun, noun === 'entry' ? 'entries' : 'items')}: ${shown.join(', ')}${more}` });
  }
  return grouped;
}
