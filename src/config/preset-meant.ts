import { closestName } from '../closest-name.ts';
import { presets, type Preset } from './types.ts';

/** Other names of the hosts the presets write for, as their docs and other tools call them. */
const otherNames = new Map<string, Preset>([
  ['gh-pages', 'github-pages'],
  ['github', 'github-pages'],
  ['pages', 'github-pages'],
  ['cloudflare-pages', 'cloudflare'],
  ['cf-pages', 'cloudflare'],
]);

/**
 * The preset likely meant by a value that is none: one spelt alike (`vercell`), the host's other
 * name (`gh-pages`, `cloudflare-pages`), or the preset named in it (`netlify-edge`).
 * @example presetMeant('gh-pages') // 'github-pages'
 */
export function presetMeant(value: string): Preset | undefined {
  const lower = value.toLowerCase();
  return closestName(lower, presets) ?? otherNames.get(lower) ?? presets.find((preset) => lower.split(/[-_ ]/).includes(preset));
}
