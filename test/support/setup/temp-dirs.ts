/**
 * Runs before every test file: the temporary folders a file made are removed after it. A hook here,
 * not in helpers.ts: test files share their worker's modules (isolate: false), so a hook registered
 * when helpers.ts first loads would only follow the first file of each worker.
 */
import { afterAll } from 'vitest';
import { removeTempDirs } from '../helpers.ts';

afterAll(removeTempDirs);
