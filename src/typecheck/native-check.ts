/**
 * A type check by a native TypeScript (native-compiler.ts), run as `tsc -p` on a tsconfig written for
 * the check beside the site's own: it extends the site's (module, resolution and `types` as the site
 * set them, resolved from the same folder) and lists the files to check, as check-types.ts does
 * through the JavaScript API.
 */
import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkOverrides, siteDefaults, siteTsconfig, type TypeCheckTask } from './check-types.ts';
import { diagnosticLine } from './diagnostic-line.ts';
import type { NativeCompiler } from './native-compiler.ts';

/** tsc's exit codes when it has checked: no errors, errors (outputs skipped or not), an invalid project. */
const checkedExitCodes = new Set([0, 1, 2, 3]);

let written = 0;

/**
 * Type-checks `task.files` with `compiler` and returns each diagnostic as a line (diagnostic-line.ts).
 * Throws when the compiler could not check (it cannot start, or ends without a verdict), or when
 * `signal` stopped it; its tsconfig is gone either way.
 */
export async function checkTypesNatively(compiler: NativeCompiler, task: TypeCheckTask, signal?: AbortSignal): Promise<string[]> {
  if (task.files.length === 0) return [];
  // In the site's folder, as its own tsconfig.json is: TypeScript resolves `types` and finds
  // node_modules/@types from the folder of the config it was given.
  const config = join(task.root, `.prerender-typecheck-${process.pid}-${written++}.tsconfig.json`);
  await writeFile(config, JSON.stringify(checkConfig(task)));
  try {
    const { code, stdout, stderr } = await runTsc(compiler.tsc, ['-p', config, '--pretty', 'false'], task.root, signal);
    const lines = parseDiagnostics(stdout, task.root);
    if (code === null || !checkedExitCodes.has(code) || (code !== 0 && lines.length === 0)) {
      throw new Error(`\`tsc\` (${compiler.tsc}) ended with ${code === null ? 'a signal' : `exit code ${code}`}: ${(stderr || stdout).trim() || 'no output'}`);
    }
    return lines;
  } finally {
    await rm(config, { force: true });
  }
}

function checkConfig(task: TypeCheckTask) {
  const files = task.files;
  const tsconfig = siteTsconfig(task.root);
  // TypeScript 6 and later see no @types package unless `types` names it; `*` is 5's default, all.
  if (!tsconfig) return { compilerOptions: { ...siteDefaults, types: ['*'], ...checkOverrides }, files };
  return { extends: tsconfig, compilerOptions: { ...checkOverrides, tsBuildInfoFile: null }, files, include: [] };
}

function runTsc(tsc: string, args: string[], cwd: string, signal?: AbortSignal) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [tsc, ...args], { cwd, signal, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr: stderr || (error && typeof error.code !== 'number' ? error.message : '') });
    });
  });
}

/** `file(line,col): error TS2322: message`, or `error TS5023: message`, then the message's indented lines. */
const header = /^(?:(.+?)\((\d+),(\d+)\): )?error TS(\d+): (.*)$/;

/** tsc's `--pretty false` output as diagnostic lines. */
export function parseDiagnostics(output: string, root: string): string[] {
  const found: { code: number; message: string; place?: { file: string; line: number; column: number } }[] = [];
  for (const line of output.split(/\r?\n/)) {
    const match = header.exec(line);
    if (match) {
      const [, file, row, column, code, message] = match;
      found.push({ code: Number(code), message, place: file === undefined ? undefined : { file, line: Number(row), column: Number(column) } });
    } else if (found.length > 0 && /^\s/.test(line)) {
      found[found.length - 1].message += `\n${line}`;
    }
  }
  return found.map(({ code, message, place }) => diagnosticLine(root, code, message, place));
}
