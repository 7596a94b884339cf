/**
 * True for a TypeScript source file: `.ts`, `.mts`, `.cts`, `.tsx`, but not a declaration file. What
 * the bundle transpiles and the type check starts from. (Its own module: the build's main thread asks
 * this without loading TypeScript.)
 */
export const isTypeScriptFile = (file: string): boolean => /\.[cm]?tsx?$/.test(file) && !/\.d\.[cm]?ts$/.test(file);
