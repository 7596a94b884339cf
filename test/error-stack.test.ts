/** How an error thrown by the site's own code is printed (src/error-stack.ts): its stack, then each cause, without Node's internals. */
import { describe, expect, it } from 'vitest';
import { stackWithCauses } from '../src/error-stack.ts';

/** An error whose stack is exactly `lines`. */
function withStack(message: string, lines: string[], cause?: unknown): Error {
  const error = new Error(message, cause === undefined ? undefined : { cause });
  error.stack = [`Error: ${message}`, ...lines].join('\n');
  return error;
}

describe('stackWithCauses', () => {
  it('prints the stack, then each cause after "Caused by:"', () => {
    const root = withStack('price table is empty', ['    at load (/site/src/price.ts:3:9)']);
    const error = withStack('no price for x', ['    at handler (/site/src/routes/api/x.ts:4:9)'], root);
    expect(stackWithCauses(error)).toBe(
      ['Error: no price for x', '    at handler (/site/src/routes/api/x.ts:4:9)', 'Caused by: Error: price table is empty', '    at load (/site/src/price.ts:3:9)'].join('\n'),
    );
  });

  it("leaves out Node's internal frames, and every frame from Node's module loader down", () => {
    const error = withStack('settings.json not found', [
      '    at file:///site/dist/server/index.mjs:12:7',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
      '    at ModuleJob.run (node:internal/modules/esm/module_job:234:25)',
      '    at loadBundle (/repo/src/bundle/load-bundle.ts:40:3)',
    ]);
    expect(stackWithCauses(error)).toBe(['Error: settings.json not found', '    at file:///site/dist/server/index.mjs:12:7'].join('\n'));
  });

  it('leaves out the frame of the Promise.all or allSettled that awaited the call (no file of the site)', async () => {
    const entries = async () => {
      await Promise.resolve();
      throw new Error('CMS down');
    };
    const [settled] = await Promise.allSettled([entries()]);
    const thrown = (settled as PromiseRejectedResult).reason as Error;
    const [all] = await Promise.allSettled([Promise.all([entries()])]);
    for (const error of [thrown, (all as PromiseRejectedResult).reason as Error]) {
      expect(stackWithCauses(error)).toMatch(/^Error: CMS down\n {4}at entries \(.*error-stack\.test\.ts:\d+:\d+\)/);
      expect(stackWithCauses(error)).not.toMatch(/Promise\.all/);
    }
    expect(stackWithCauses(withStack('x', ['    at async Promise.allSettled (index 0)', '    at Promise.all (index 12)']))).toBe('Error: x');
  });

  it('prints a cause that is no error as its text, and stops there', () => {
    expect(stackWithCauses(withStack('outer', [], 'a reason in words'))).toBe('Error: outer\nCaused by: a reason in words');
  });

  it('stops at a cause seen before, and after ten', () => {
    const looped = withStack('loop', []);
    looped.cause = looped;
    expect(stackWithCauses(looped)).toBe('Error: loop');
    let chain: Error = withStack('cause 0', []);
    for (let i = 1; i < 15; i++) chain = withStack(`cause ${i}`, [], chain);
    expect(stackWithCauses(chain).split('\n')).toHaveLength(10);
  });

  it('prints a thrown value that is no error as its text', () => {
    expect(stackWithCauses('boom')).toBe('boom');
  });
});
