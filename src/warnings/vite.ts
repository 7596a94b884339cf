/**
 * The warnings about a site built with Vite and the routes' code written as Vite's client code is
 * (`import.meta.env`), a part of the catalogue in warnings.ts, which spreads them into `warnings`.
 */
import type { Warning } from '../warnings.ts';

export const viteWarnings = {
  /** A site whose `vite` config adds apiRoutes(), built without Vite: its client build is not in `publicDir` (`published`). */
  viteSite: (vite: string, published: string): Warning => ({
    code: 'VITE_SITE',
    message: `${vite} adds apiRoutes(): this site is built with vite build, which puts Vite's client build (index.html, assets/) in ${published} beside the routes. This build publishes the routes and publicDir alone, so ${published} holds no app. Run vite build (npx vite build) to publish both.`,
  }),
  /** `import.meta.env` at `place` (file:line:column): Vite's, undefined when a route runs. */
  importMetaEnv: (place: string): Warning => ({
    code: 'IMPORT_META_ENV',
    message: `${place}: import.meta.env is Vite's, made for its client code; a route runs in Node, where it is undefined (import.meta.env.VITE_X throws). Read process.env.VITE_X, set in the environment the build runs in.`,
  }),
};
