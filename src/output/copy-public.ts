import { existsSync } from 'node:fs';
import { cp, lstat, mkdir, realpath, stat } from 'node:fs/promises';
import { basename, relative, sep } from 'node:path';
import { warnings } from '../warnings.ts';
import { warn, type Logger } from '../log.ts';
import type { FileClaims } from './file-claims.ts';
import { isInside } from '../runtime/inside.ts';
import { listFiles } from './list-files.ts';
import { isHiddenName } from '../runtime/url-path.ts';
import { isSecretName } from './secret-name.ts';

/**
 * Copies publicDir into the staged `public/` and claims every file in it, so no route overwrites one.
 * Hidden files and folders (dot-names other than `.well-known`) are left out with a warning, unless
 * `dotFiles` (the `publicDotFiles` key) asks for them: no server of ours serves them. A `.env` file
 * (secret-name.ts) is left out even then, with a warning that says why: a host would serve it.
 * A symbolic link is copied as what it points to when that stays inside publicDir; one leading out of
 * it is left out with a warning. Copied as a link, it would let a route's file be written through it,
 * outside the output; followed, it would publish files from outside the folder.
 * Returns the files copied, relative to `publicOut` and `/`-separated.
 */
export async function copyPublicDir(
  publicDir: string,
  publicOut: string,
  options: { label: string; dotFiles: boolean },
  claims: FileClaims,
  logger: Logger,
): Promise<string[]> {
  const { label } = options;
  await mkdir(publicOut, { recursive: true });
  if (existsSync(publicDir)) {
    const root = await realpath(publicDir);
    const skipped: string[] = [];
    const hidden: string[] = [];
    const secret: string[] = [];
    // The list a name left out goes on: a .env file always, another dot-name unless publicDotFiles.
    const leftOutOn = (base: string) => {
      if (isSecretName(base)) return secret;
      if (!options.dotFiles && isHiddenName(base)) return hidden;
      return undefined;
    };
    const filter = async (source: string) => {
      const name = relative(publicDir, source);
      const leftOut = name ? leftOutOn(basename(source)) : undefined;
      if (leftOut) {
        leftOut.push(name.split(sep).join('/'));
        return false;
      }
      if (!(await lstat(source)).isSymbolicLink()) return true;
      if (await staysInside(source, root)) return true;
      skipped.push(relative(publicDir, source));
      return false;
    };
    await cp(publicDir, publicOut, { recursive: true, dereference: true, filter });
    if (hidden.length > 0 || secret.length > 0) {
      warn(logger, warnings.dotFilesLeftOut(label, hidden.sort(), secret.sort()));
    }
    if (skipped.length > 0) {
      warn(logger, warnings.linksLeftOut(label, skipped));
    }
  }
  const files = await listFiles(publicOut);
  for (const file of files) claims.claim(file, `the file ${label}/${file}`);
  // The build appends its content-type rules to _headers: a route may not write that file either.
  if (!files.includes('_headers')) claims.claim('_headers', 'the _headers file the build writes');
  return files;
}

/** True when the link's target is inside `root` and is not a folder holding the link (a loop). */
async function staysInside(link: string, root: string): Promise<boolean> {
  const target = await realpath(link).catch(() => undefined);
  if (!target || !isInside(target, root)) return false;
  const isFolder = (await stat(target)).isDirectory();
  return !(isFolder && isInside(link, target));
}
