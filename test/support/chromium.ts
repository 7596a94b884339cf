/**
 * Which Chromium the browser test drives, so that `npm ci && npm test` needs nothing installed by hand:
 * - `CHROMIUM_PATH`, when set (it must exist);
 * - else a system Chromium or Chrome at the usual Linux paths;
 * - else, on Linux x64, the headless Chromium that the devDependency `@sparticuz/chromium` ships inside
 *   its npm package, unpacked once into the OS temp folder (unpack-chromium.mjs): on a machine with a
 *   RAM disk, the run's own folder (setup/ram-tmpdir.ts), so each run unpacks it (~1.3 CPU-s) and
 *   leaves nothing behind;
 * - else (macOS, Windows, Linux arm64) the Chrome or Edge installed where their installers put them.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
// @ts-expect-error: plain JavaScript, which the test of the unpacking runs in processes of its own.
import { unpackedChromium } from './unpack-chromium.mjs';

/** Flags for a headless run on a closed network, as root in CI: no sandbox, no background requests. */
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const systemPaths = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** How the browser was found, for the test's own message when a launch fails. */
export type ChromiumSource = { executablePath: string; from: string } | { channel: 'chrome' | 'msedge'; from: string };

/** The path of a system Chromium or Chrome at the usual Linux paths, if there is one. */
export function systemChromium(): string | undefined {
  return systemPaths.find((path) => existsSync(path));
}

/** Picks the browser to launch (see the module comment for the order). */
export async function findChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumSource> {
  if (env.CHROMIUM_PATH) {
    if (!existsSync(env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which does not exist. Unset it to use the Chromium that npm ci installed.`);
    return { executablePath: env.CHROMIUM_PATH, from: 'CHROMIUM_PATH' };
  }
  const system = systemChromium();
  if (system) return { executablePath: system, from: 'the system' };
  if (process.platform === 'linux' && process.arch === 'x64') return { executablePath: await unpackedChromium(), from: '@sparticuz/chromium' };
  return { channel: process.platform === 'win32' ? 'msedge' : 'chrome', from: 'the installed Chrome or Edge' };
}

/** Launches the browser {@link findChromium} picks, headless. */
export async function launchChromium(): Promise<Browser> {
  const { from, ...where } = await findChromium();
  try {
    return await chromium.launch({ ...where, args, headless: true });
  } catch (error) {
    throw new Error(`Could not launch Chromium from ${from}. Set CHROMIUM_PATH to a Chromium or Chrome binary.`, { cause: error });
  }
}
