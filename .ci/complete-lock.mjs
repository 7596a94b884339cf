// Adds to package-lock.json the platform packages (of rollup and oxc-transform) that the registry here does not serve.
// npm install leaves them out when it cannot fetch them, and npm ci then refuses the lock as out of
// sync. Run after changing dependencies: node .ci/complete-lock.mjs package-lock.json
import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[2];
const lock = JSON.parse(readFileSync(file, 'utf8'));
/** The packages whose native binaries come as one optional package per platform, and the prefix before the platform. */
const natives = { rollup: '@rollup/rollup-', 'oxc-transform': '@oxc-transform/binding-' };
const platforms = {
  'android-arm-eabi': ['android', 'arm'], 'android-arm64': ['android', 'arm64'], 'android-x64': ['android', 'x64'],
  'darwin-arm64': ['darwin', 'arm64'], 'darwin-x64': ['darwin', 'x64'],
  'freebsd-arm64': ['freebsd', 'arm64'], 'freebsd-x64': ['freebsd', 'x64'],
  'linux-arm-gnueabihf': ['linux', 'arm', 'glibc'], 'linux-arm-musleabihf': ['linux', 'arm', 'musl'],
  'linux-arm64-gnu': ['linux', 'arm64', 'glibc'], 'linux-arm64-musl': ['linux', 'arm64', 'musl'],
  'linux-loong64-gnu': ['linux', 'loong64', 'glibc'], 'linux-loong64-musl': ['linux', 'loong64', 'musl'],
  'linux-ppc64-gnu': ['linux', 'ppc64', 'glibc'], 'linux-ppc64-musl': ['linux', 'ppc64', 'musl'],
  'linux-riscv64-gnu': ['linux', 'riscv64', 'glibc'], 'linux-riscv64-musl': ['linux', 'riscv64', 'musl'],
  'linux-s390x-gnu': ['linux', 's390x', 'glibc'], 'linux-x64-gnu': ['linux', 'x64', 'glibc'],
  'linux-x64-musl': ['linux', 'x64', 'musl'], 'openbsd-x64': ['openbsd', 'x64'],
  'openharmony-arm64': ['openharmony', 'arm64'], 'win32-arm64-msvc': ['win32', 'arm64'],
  'win32-ia32-msvc': ['win32', 'ia32'], 'win32-x64-gnu': ['win32', 'x64'], 'win32-x64-msvc': ['win32', 'x64'],
};
const added = [];
for (const [owner, prefix] of Object.entries(natives)) {
  const pkg = lock.packages[`node_modules/${owner}`];
  for (const name of Object.keys(pkg?.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const platform = platforms[name.replace(prefix, '')];
    if (!platform) throw new Error(`unknown ${owner} platform package ${name}`);
    const [os, cpu, libc] = platform;
    lock.packages[key] = { version: pkg.optionalDependencies[name], cpu: [cpu], ...(libc ? { libc: [libc] } : {}), license: 'MIT', optional: true, os: [os] };
    added.push(name);
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)));
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added.length}: ${added.join(' ')}`);
