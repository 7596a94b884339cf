/**
 * `NODE_ENV` as the command sets it when the shell did not: `production` for `prerender build` and
 * `prerender preview`, `development` for `prerender dev`, as `vite build` and `vite dev` set it (and
 * Nitro's). A route reading it (drafts shown in dev only) then writes the same output from `prerender
 * build` as from `vite build`. The library never sets it: a process's environment is its caller's.
 */
export function defaultNodeEnv(value: 'production' | 'development'): void {
  process.env.NODE_ENV ??= value;
}
