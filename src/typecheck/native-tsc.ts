/**
 * TypeScript 7's compiler is a native program. npm installs it as the `typescript` package's optional
 * dependency for this machine, `@typescript/typescript-<platform>-<arch>`, whose `lib/` holds it; the
 * package's `bin/tsc` is a script that finds it there and starts it. A check runs the program itself:
 * - on Node before 22.15 the script stays alive as the compiler's parent for the whole check, a
 *   second process of ~40 MB beside the bundler and the prerender (the bench's 100,000-route site
 *   listing its routes in `entries`, Node 20: 235 MB at the tree's peak, of which the script 44 MB);
 * - on every Node, starting the script costs ~0.1 s of CPU before the compiler starts (the bench's
 *   catalogue: 0.28-0.31 s with the script, 0.17-0.19 s without).
 * Not found (another layout, a platform npm has no package for), the check runs the script.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageDir } from './site-package.ts';

/** The native compiler installed for the TypeScript 7 package in `typescriptDir`, or `undefined`. */
export function nativeTsc(typescriptDir: string): string | undefined {
  const require = createRequire(join(typescriptDir, 'package.json'));
  const dir = packageDir(require, `@typescript/typescript-${process.platform}-${process.arch}`);
  const program = dir && join(dir, 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');
  return program && existsSync(program) ? program : undefined;
}
