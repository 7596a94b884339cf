/** The code frame under a compile error (src/bundle/code-frame.ts): the lines around it, the line numbered, a caret under the column. */
import { describe, expect, it } from 'vitest';
import { codeFrame } from '../../src/bundle/code-frame.ts';

const source = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n');

describe('codeFrame', () => {
  it('shows two lines either side and a caret under the column, counted from 1', () => {
    expect(codeFrame('a\nconst x = ;\nb', 2, 11)).toBe('1: a\n2: const x = ;\n             ^\n3: b');
    expect(codeFrame(source, 5, 1)).toBe(['3: line 3', '4: line 4', '5: line 5', '   ^', '6: line 6', '7: line 7'].join('\n'));
  });

  it('stops at the first and the last line, the last line end starting none', () => {
    expect(codeFrame('a\nconst x = ;\n', 2, 11)).toBe('1: a\n2: const x = ;\n             ^');
    expect(codeFrame(source, 1, 3)).toBe(['1: line 1', '     ^', '2: line 2', '3: line 3'].join('\n'));
    expect(codeFrame(source, 12, 6)).toBe(['10: line 10', '11: line 11', '12: line 12', '         ^'].join('\n'));
  });

  it('pads the line numbers to one width, the caret moving with them', () => {
    expect(codeFrame(source, 9, 2)).toBe([' 7: line 7', ' 8: line 8', ' 9: line 9', '     ^', '10: line 10', '11: line 11'].join('\n'));
  });

  it('reads CRLF line ends as line ends, and takes another amount of context', () => {
    expect(codeFrame('a\r\nb\r\nc\r\nd', 3, 1, 0)).toBe('3: c\n   ^');
    expect(codeFrame('a\r\nb\r\nc\r\nd', 3, 1, 1)).toBe('2: b\n3: c\n   ^\n4: d');
  });
});
