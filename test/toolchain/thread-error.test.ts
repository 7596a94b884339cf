/**
 * Errors across the toolchain process's boundary (src/toolchain/thread-error.ts): sent as plain data
 * (here through structuredClone, the algorithm messages between threads and processes use) and rebuilt
 * as the same error, so messages and exit codes do not depend on where the error happened.
 */
import { describe, expect, it } from 'vitest';
import { PrerenderError } from '../../src/errors.ts';
import { fromThreadError, toThreadError } from '../../src/toolchain/thread-error.ts';

const across = (error: unknown) => fromThreadError(structuredClone(toThreadError(error)));

describe('toThreadError and fromThreadError', () => {
  it('rebuild a PrerenderError with its code, exit code, message, hint, place, frame, details and stack', () => {
    const sent = new PrerenderError('COMPILE', 'Syntax error in src/a.ts:3:13: Expression expected.', {
      hint: 'Fix the syntax error.',
      loc: { file: 'src/a.ts', line: 3, column: 13 },
      frame: '3: const x = ;\n               ^',
      details: { routes: ['/a'] },
    });
    const received = across(sent);
    expect(received).toBeInstanceOf(PrerenderError);
    expect(received).toMatchObject({ code: 'COMPILE', exitCode: sent.exitCode, message: sent.message, hint: sent.hint, loc: sent.loc, frame: sent.frame, details: { routes: ['/a'] } });
    expect((received as Error).stack).toBe(sent.stack);
  });

  it('rebuild a system error with its name, code, call and path, which say what failed where', () => {
    const sent = Object.assign(new Error('EMFILE: too many open files, open \'/site/a.ts\''), { code: 'EMFILE', syscall: 'open', path: '/site/a.ts' });
    const received = across(sent) as NodeJS.ErrnoException;
    expect(received).toBeInstanceOf(Error);
    expect(received).not.toBeInstanceOf(PrerenderError);
    expect([received.name, received.message, received.code, received.syscall, received.path, received.stack]).toEqual(['Error', sent.message, 'EMFILE', 'open', '/site/a.ts', sent.stack]);
  });

  it("keep another error's name, and drop a code that is not a string", () => {
    const received = across(Object.assign(new TypeError('x is not a function'), { code: 42 })) as NodeJS.ErrnoException;
    expect([received.name, received.message, received.code]).toEqual(['TypeError', 'x is not a function', undefined]);
  });

  it('pass a thrown value that is no error on as its text', () => {
    expect(across('plain words')).toBe('plain words');
    expect(across(42)).toBe('42');
    expect(across(undefined)).toBe('undefined');
  });
});
