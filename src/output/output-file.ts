import { errors } from '../errors.ts';

/**
 * Runs `write`, which writes `path` (or makes it, links it, appends to it); what it throws becomes
 * WRITE_FAILED naming `path`. A full disk fails in the `write` system call, whose error names no
 * file: without this, the message could only name the build's folder.
 */
export async function writingTo<T>(path: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw errors.output(path, error);
  }
}
