// Preloaded into a built server by test/runtime/static.test.ts (NODE_OPTIONS=--import=...): prints
// `fs-call <function> <path>` on stderr for every call of a file system function that names a path,
// then calls the real one, so that a test sees which requests reach the disk.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const names = ['access', 'lstat', 'open', 'opendir', 'readdir', 'readFile', 'readlink', 'realpath', 'stat', 'createReadStream'];

function spy(target, name) {
  const real = target[name];
  if (typeof real !== 'function') return;
  const wrapped = function (...args) {
    process.stderr.write(`fs-call ${name} ${String(args[0])}\n`);
    return real.apply(this, args);
  };
  // realpath and realpathSync carry a `native` variant.
  target[name] = Object.assign(wrapped, real);
}

for (const name of names) {
  spy(fs, name);
  spy(fs, `${name}Sync`);
  spy(fs.promises, name);
}
spy(fs, 'existsSync');
// ES module imports of node:fs and node:fs/promises see the spies too.
syncBuiltinESMExports();
