/**
 * The README's fenced code blocks, each with the line it starts on and what it is, for the test that
 * builds every example (test/scenarios/follow-the-readme.test.ts):
 *
 * - `file`: a `ts`/`js` block whose first line is a `// path` comment is that file of the README's site
 *   (`// src/server/routes/api/rss.xml.ts`, `// prerender.config.ts`, `// vite.config.ts`);
 * - `fragment`: a `ts`/`js` block that starts with `key:` is a piece of a config object
 *   (`routes: [...]`);
 * - `script`: any other `ts`/`js` block is a program run from the site's folder;
 * - `shown`: every other block (`sh`, `yaml`, trees, output) is read, not run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One fenced block of the README. */
export interface ReadmeBlock {
  /** The README line of the block's first code line (after the fence): where a failure points. */
  line: number;
  /** The fence's language (`ts`, `sh`, ...); `''` for a bare fence. */
  lang: string;
  kind: 'file' | 'fragment' | 'script' | 'shown';
  /** For a `file`: its path in the site, from the `// path` comment. */
  path?: string;
  /** The block's text, ending with a newline. */
  code: string;
}

const built = new Set(['ts', 'js', 'mts', 'mjs']);
const pathComment = /^\/\/ ((?:[\w.@()[\]-]+\/)*[\w.@()[\]-]+\.\w+)$/;
const objectKey = /^[A-Za-z_$][\w$]*:\s/;

/** Every fenced block of `markdown`, in order. */
export function readmeBlocks(markdown: string): ReadmeBlock[] {
  const lines = markdown.split('\n');
  const blocks: ReadmeBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^```(\S*)\s*$/.exec(lines[index]);
    if (!open) continue;
    const start = index + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end])) end++;
    if (end === lines.length) throw new Error(`README.md:${index + 1}: a code fence that never closes`);
    blocks.push(classify(open[1], start + 1, lines.slice(start, end)));
    index = end;
  }
  return blocks;
}

function classify(lang: string, line: number, lines: string[]): ReadmeBlock {
  const code = lines.join('\n') + '\n';
  if (!built.has(lang)) return { line, lang, kind: 'shown', code };
  const path = pathComment.exec(lines[0] ?? '');
  if (path) return { line, lang, kind: 'file', path: path[1], code };
  return { line, lang, kind: objectKey.test(lines[0] ?? '') ? 'fragment' : 'script', code };
}

/** The blocks of the repository's README.md. */
export function readRepoReadme(repoRoot: string): ReadmeBlock[] {
  return readmeBlocks(readFileSync(join(repoRoot, 'README.md'), 'utf8'));
}

/** `README.md:<line>`, the place a failure names. */
export function where(block: ReadmeBlock): string {
  return `README.md:${block.line}`;
}
