/** The writer thread of route bodies (src/output/write-files.ts), started ahead of the first file. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFileWriter, startWriterThread } from '../../src/output/write-files.ts';
import { repoRoot, tempDir } from '../support/helpers.ts';

describe('createFileWriter, started ahead', () => {
  it('runs its thread once started, then writes the files given and closes', async () => {
    const dir = tempDir('writer-');
    const write = createFileWriter(dir);
    const started = write.start();
    expect(write.start()).toBe(started);
    await started;
    expect(await write('a/b.json', Buffer.from('{"b":1}'), 'application/json')).toBe(0);
    expect(await write('a/c.json', Buffer.from('{"c":2}'), 'application/json')).toBe(1);
    await write.close();
    expect(readFileSync(join(dir, 'a', 'c.json'), 'utf8')).toBe('{"c":2}');
  });

  it('keeps no process alive once started and idle, though nobody closes it (a build that failed before writing)', () => {
    const module = pathToFileURL(join(repoRoot, 'lib', 'src', 'output', 'write-files.js')).href;
    const script = `const { createFileWriter } = await import(${JSON.stringify(module)}); await createFileWriter(${JSON.stringify(tempDir('writer-'))}).start(); console.log('started');`;
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 })).toBe('started\n');
  });

  it('takes a thread started before it was made: writes through it, and closing ends it', async () => {
    const dir = tempDir('writer-');
    const thread = startWriterThread();
    await thread.online;
    const exited = new Promise<number>((resolve) => thread.worker.once('exit', resolve));
    const write = createFileWriter(dir, { thread });
    expect(await write('x.txt', Buffer.from('x'), 'text/plain')).toBe(0);
    await write.close();
    expect(readFileSync(join(dir, 'x.txt'), 'utf8')).toBe('x');
    expect(typeof (await exited)).toBe('number');
  });

  it('given a thread that stopped before the writer was made, fails (naming the folder), never waits for it', async () => {
    const dir = tempDir('writer-');
    const thread = startWriterThread();
    await thread.online;
    await thread.worker.terminate();
    const write = createFileWriter(dir, { thread });
    await write('x.txt', Buffer.from('x'), 'text/plain');
    const failed = await write.close().then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failed?.message).toContain(dir);
    expect(failed?.message).toContain('the writer thread stopped');
  });

  it('ends a thread started ahead, coming online or not, before the process may exit (nothing else keeps it)', async () => {
    const module = pathToFileURL(join(repoRoot, 'lib', 'src', 'output', 'write-files.js')).href;
    // Ended as it comes online (~20 ms here): letting go of it then, Node exited before it ended.
    for (const delay of [0, 12, 16, 18, 20, 22, 24, 28, 34]) {
      const script = `const { startWriterThread, endWriterThread } = await import(${JSON.stringify(module)}); const thread = startWriterThread(); await new Promise((r) => setTimeout(r, ${delay})); await endWriterThread(thread); console.log('ended');`;
      expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'ignore'] }), `after ${delay} ms`).toBe('ended\n');
    }
  });
});
