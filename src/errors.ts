/**
 * The catalogue of the messages the tool reports, all as one error class (errors/prerender-error.ts,
 * also exported here). Every message names the file, route or option at fault; `hint` says how to
 * fix it.
 */
import { configErrors } from './errors/config.ts';
import { outputErrors } from './errors/output.ts';
import { prerenderErrors } from './errors/prerender.ts';
import { processErrors } from './errors/process.ts';
import { sourceErrors } from './errors/source.ts';
import { usageErrors } from './errors/usage.ts';
import { viteErrors } from './errors/vite.ts';

export { messageOf, messageWithCauses, PrerenderError, type ErrorCode, type SourceLocation } from './errors/prerender-error.ts';

/**
 * The catalogue: one function per message, so wording and hints live in one place; one file of
 * errors/ per area.
 */
export const errors = { ...configErrors, ...usageErrors, ...sourceErrors, ...prerenderErrors, ...outputErrors, ...processErrors, ...viteErrors };
