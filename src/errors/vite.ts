/** The catalogue's errors of the Vite plugin's setup (apiRoutes() in vite.config): exit code 2 (see errors.ts). */
import { PrerenderError } from './prerender-error.ts';

export const viteErrors = {
  /** `configFile`: the config file as messages name it (key-origin.ts). */
  vitePrefix: (configFile: string) =>
    new PrerenderError('CONFIG', 'Config key "apiPrefix" is empty, which in Vite would take every URL from the site, index.html too.', {
      hint: `Give apiRoutes({ apiPrefix }) in vite.config or "apiPrefix" in ${configFile} a prefix such as "api".`,
    }),
  viteOutDir: (viteOutDir: string, output: string, configFile: string) =>
    new PrerenderError('CONFIG', `Vite's build.outDir (${viteOutDir}) and the prerender output (${output}) overlap: each build replaces the output whole.`, {
      hint: `Point Vite's build.outDir at a folder of its own (the default, <outDir>/client), or change "name" or "outDir" in ${configFile}.`,
    }),
  /** `apiRoutes()` more than once in Vite's plugins: each would build and publish the site. */
  vitePluginTwice: (count: number) =>
    new PrerenderError('CONFIG', `apiRoutes() is in Vite's plugins ${count} times: each would build and publish the site after \`vite build\`, the later one over the earlier.`, {
      hint: 'Keep one apiRoutes(...) in plugins of vite.config, with every option it needs.',
    }),
};
