// Preloaded into `prerender dev` by bench/dev-memory.mjs (with --expose-gc): SIGUSR2 runs a full
// garbage collection of the dev server's main thread, so that its memory is read as what it keeps,
// not as whatever garbage V8 has not collected yet (V8 lets the main thread's heap grow to its first
// limit, ~100 MB, before it collects at all).
process.on('SIGUSR2', () => globalThis.gc());
