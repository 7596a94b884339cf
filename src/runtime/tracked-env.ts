/**
 * The `process.env` a bundled module sees in a build's bundle (bundle/tracked-modules.ts rewrites
 * `process.env` to it, and gives `node:process`, `process.cwd` and a `process` taken apart as
 * tracked ones): the process's own environment, every read of a variable, and every listing of them,
 * noted in the log of the render under way (reads.ts). Writes go through unnoted. The working folder
 * counts as the environment: a path made from `process.cwd()` names another file when the build runs
 * from another folder, which no fingerprint of the file tells (as a relative path: tracked-fs.ts).
 */
import { currentLog } from './reads.ts';

/** `process.env` for `module` (its path from the site root), its reads noted; one object per module. */
export function trackEnv(module: string): NodeJS.ProcessEnv {
  const note = (name: string | symbol | undefined) => {
    if (typeof name !== 'symbol') currentLog()?.env(module, name);
  };
  // The target is only a shape: every trap reads the live process.env, which a program may replace.
  return new Proxy({} as NodeJS.ProcessEnv, {
    get: (_, name) => (note(name), Reflect.get(process.env, name)),
    has: (_, name) => (note(name), Reflect.has(process.env, name)),
    ownKeys: () => (note(undefined), Reflect.ownKeys(process.env)),
    getOwnPropertyDescriptor: (_, name) => {
      note(name);
      const descriptor = Reflect.getOwnPropertyDescriptor(process.env, name);
      // A proxy may not report a property its target lacks as non-configurable; process.env's are configurable anyway.
      return descriptor && { ...descriptor, configurable: true };
    },
    set: (_, name, value) => Reflect.set(process.env, name, value),
    deleteProperty: (_, name) => Reflect.deleteProperty(process.env, name),
    defineProperty: (_, name, descriptor) => Reflect.defineProperty(process.env, name, descriptor),
  });
}

/**
 * `process` for `module`, whose `env` is {@link trackEnv}'s view and whose `cwd()` notes the
 * working folder as read: what `import process from 'node:process'`, `process.cwd()` and
 * `const { env, cwd } = process` get. Everything else is the process's own.
 */
export function trackProcess(module: string): NodeJS.Process {
  const env = trackEnv(module);
  const cwd = () => (currentLog()?.cwd(module), process.cwd());
  return new Proxy(process, { get: (target, name) => (name === 'env' ? env : name === 'cwd' ? cwd : Reflect.get(target, name)) });
}
