/**
 * The network modules that Node's diagnostics channels do not cover on every Node line (the
 * prerender listens to `undici:request:create`, `http.client.request.start` and `net.client.socket`,
 * which see `fetch`, `http`, `https`, `net`, and `tls` and `http2` on Node 22 and later): `dns` and
 * `dns/promises` (a query is the network), `dgram` (a socket), `tls` (`connect`, not seen on Node
 * 20). A bundled module gets them through bundle/tracked-modules.ts; each call that reaches the
 * network is noted in the log of the render under way (reads.ts) first.
 */
import { currentLog } from './reads.ts';

/** What of each module reaches the network: every function but these, or only these. */
const reaching: Record<string, { except?: string[]; only?: string[] }> = {
  dns: { except: ['getDefaultResultOrder', 'setDefaultResultOrder', 'getServers', 'setServers'] },
  'dns/promises': { except: ['getDefaultResultOrder', 'setDefaultResultOrder', 'getServers', 'setServers'] },
  dgram: { only: ['createSocket'] },
  tls: { only: ['connect'] },
};

/** The network modules {@link trackNet} stands in for. */
export const trackedNetModules = Object.keys(reaching);

/** Node's module `name` (one of {@link trackedNetModules}, given as `real`), each use of the network noted. */
export function trackNet<T extends object>(real: T, name: string): T {
  const { except = [], only } = reaching[name] ?? {};
  const copy: Record<string, unknown> = { ...(real as Record<string, unknown>) };
  for (const [key, value] of Object.entries(copy)) {
    // Classes (dns.Resolver) are functions too: made with `new`, they note on construction.
    if (typeof value !== 'function' || except.includes(key) || (only && !only.includes(key))) continue;
    const original = value as (...args: unknown[]) => unknown;
    copy[key] = new Proxy(original, {
      apply: (target, self, args) => (currentLog()?.network(), Reflect.apply(target, self, args)),
      construct: (target, args, newTarget) => (currentLog()?.network(), Reflect.construct(target, args, newTarget)),
    });
  }
  if ('promises' in copy && typeof copy.promises === 'object' && copy.promises !== null) copy.promises = trackNet(copy.promises, `${name}/promises`);
  return copy as T;
}
