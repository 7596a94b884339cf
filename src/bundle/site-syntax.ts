/**
 * The site's JavaScript files parsed first, so that a syntax error in one is said as one in a
 * TypeScript file is (typescript.ts): where it is from the site root, the parser's own words, the
 * lines around it and the fix. Without it, the first to parse a `.js` file is the CommonJS plugin,
 * asking whether the file is CommonJS: its error names the file by its absolute path after the
 * parser's words, with no fix. The tree made is handed on, so Rollup does not parse the file again.
 */
import type { Plugin } from 'rollup';
import { messageOf } from '../errors.ts';
import { syntaxErrorAt } from './code-frame.ts';
import { isSiteSource } from './site-source.ts';

/** The site's JavaScript: what Rollup parses as it is (TypeScript is transpiled first). */
const javaScriptFile = /\.[mc]?js$/;

export function siteSyntax(root: string): Plugin {
  return {
    name: 'api-prerender:site-syntax',
    transform(code, id) {
      if (!javaScriptFile.test(id) || !isSiteSource(id)) return null;
      try {
        // A CommonJS module may `return` at its top level (Node wraps it in a function).
        return { code, map: null, ast: this.parse(code, { allowReturnOutsideFunction: true }) };
      } catch (error) {
        const offset = (error as { pos?: unknown }).pos;
        if (typeof offset !== 'number') throw error;
        throw syntaxErrorAt(root, id, code, offset, messageOf(error));
      }
    },
  };
}
