/**
 * The type check's verdict kept in the cache (`cacheDir/<name>/typecheck.json`), so a build whose
 * type check would read exactly the files the last one read, unchanged, skips `tsc` and prints the
 * same verdict: with the key (inputs-key.ts) over the TypeScript that checked, the files it was
 * asked to check, every file it read (`tsc --listFiles`), the tsconfig and the lockfile.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Fingerprints } from './fingerprint.ts';
import { inputsKey } from './inputs-key.ts';

/** A check's verdict as the build reports it (typecheck/typecheck.ts). */
export interface CheckVerdict {
  diagnostics: string[];
  version: string;
  from: 'site' | 'own';
  note?: string;
}

/** What is kept of a check. */
export interface StoredCheck {
  key: string;
  /** The files it read, from the site root. */
  files: string[];
  verdict: CheckVerdict;
}

/** What a check depends on besides the files it read: which TypeScript checked, and the files it was given. */
export interface CheckInputs {
  root: string;
  tsc: { version: string; from: 'site' | 'own' };
  /** api-prerender (build-key.ts): the options it sets over the site's tsconfig. */
  tool?: string;
  /** The files it is asked to check, from the site root. */
  task: readonly string[];
}

/** The key of a check of `inputs` that read `files` (from the site root), as they are now. */
export function checkKey(inputs: CheckInputs, files: readonly string[], fingerprints: Fingerprints): string {
  const head = [`tsc ${inputs.tsc.from} ${inputs.tsc.version}`, `tool ${inputs.tool ?? ''}`, ...[...inputs.task].sort().map((file) => `task ${file}`)];
  return inputsKey(inputs.root, head, files, fingerprints);
}

/** The verdict kept in `file`, when it is still the verdict of a check of `inputs`; else `undefined`. */
export function storedVerdict(file: string, inputs: CheckInputs, fingerprints: Fingerprints): CheckVerdict | undefined {
  const stored = readStoredCheck(file);
  if (!stored || stored.verdict.from !== inputs.tsc.from || stored.verdict.version !== inputs.tsc.version) return undefined;
  return checkKey(inputs, stored.files, fingerprints) === stored.key ? stored.verdict : undefined;
}

/** Keeps a check's verdict in `file` (written whole, then renamed into place). */
export function storeVerdict(file: string, inputs: CheckInputs, files: readonly string[], verdict: CheckVerdict, fingerprints: Fingerprints): void {
  const stored: StoredCheck = { key: checkKey(inputs, files, fingerprints), files: [...files], verdict };
  writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(stored));
  renameSync(`${file}.${process.pid}.tmp`, file);
}

/** The stored check in `file`; `undefined` when there is none, or it is not one this wrote (it is then checked again). */
function readStoredCheck(file: string): StoredCheck | undefined {
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredCheck;
    const strings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === 'string');
    const { verdict } = stored;
    const ok = typeof stored.key === 'string' && strings(stored.files) && strings(verdict?.diagnostics) && typeof verdict.version === 'string' && (verdict.from === 'site' || verdict.from === 'own') && (verdict.note === undefined || typeof verdict.note === 'string');
    return ok ? stored : undefined;
  } catch {
    return undefined;
  }
}
