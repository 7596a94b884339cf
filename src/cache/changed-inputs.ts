/**
 * Why a step the cache could have skipped ran again, as the log says it: the inputs whose lines
 * (inputs-key.ts, bundle-inputs.ts) differ between the key kept and the key now.
 * @example changedInputs(['input src/a.ts x1'], ['input src/a.ts x2']) // 'src/a.ts changed'
 */
import { counted } from '../plural.ts';

/** Inputs named; past them, a count. */
const shown = 3;

/** What changed between the lines a key was made of (`before`, when it was kept) and `now`. */
export function changedInputs(before: readonly string[], now: readonly string[]): string {
  const was = new Set(before);
  const is = new Set(now);
  // The key's head (the config's apiPrefix or routesDir, Node, api-prerender) first: the route
  // table's changes often follow from it; then the route table's: the files the others are often in.
  const heads = new Set<string>();
  const routes = new Set<string>();
  const others = new Set<string>();
  // A route file added or removed is said once, as a route file: its module's own line says the same.
  const routeFiles = new Set<string>();
  const note = (subject: string, change: string) => {
    if (subject.startsWith('route ') && (change === 'added' || change === 'removed')) routeFiles.add(`/${subject.slice('route '.length)} ${change}`);
    (!subject.includes(' ') ? heads : subject.startsWith('route ') ? routes : others).add(`${named(subject)} ${change}`);
  };
  const gone = new Map(before.filter((line) => !is.has(line)).map((line) => [subjectOf(line), line]));
  for (const line of now) {
    if (was.has(line)) continue;
    const subject = subjectOf(line);
    const old = gone.get(subject);
    gone.delete(subject);
    // A file's fingerprint is "-" where there is none (fingerprint.ts).
    note(subject, old === undefined || old.endsWith(' -') ? 'added' : line.endsWith(' -') ? 'removed' : subject.startsWith('route ') ? routeChange(old, line, subject) : 'changed');
  }
  for (const subject of gone.keys()) note(subject, 'removed');
  const saidAsRoute = (change: string) => [...routeFiles].some((routeFile) => `/${change}`.endsWith(routeFile));
  const changes = [...heads, ...routes, ...[...others].filter((change) => !saidAsRoute(change))];
  // The same lines in another order: no input changed, the order they were read in did.
  if (changes.length === 0) return 'its inputs were read in another order';
  const more = changes.length > shown ? ` and ${counted(changes.length - shown, 'more input')}` : '';
  return `${changes.slice(0, shown).join(', ')}${more}`;
}

/**
 * The part of a line that names its input (a line without its fingerprint): `input src/a.ts`,
 * `route api/a.ts`; the key's head lines (`tool`, `node`, `config`, the places) by their first word.
 */
function subjectOf(line: string): string {
  const kind = line.slice(0, line.indexOf(' '));
  if (kind === 'input' || kind === 'folder' || kind === 'file') return line.slice(0, line.lastIndexOf(' '));
  // `route <file> <method> <path>`: the method may be empty, the file may hold spaces.
  if (kind === 'route') return line.slice(0, line.lastIndexOf(' ', line.lastIndexOf(' ') - 1));
  return kind;
}

/** What a route file's line says changed (`route <file> <method> <path>`): the path it serves, or the method it answers. */
function routeChange(old: string, line: string, subject: string): string {
  const [oldMethod, ...oldPath] = old.slice(subject.length + 1).split(' ');
  const [method, ...path] = line.slice(subject.length + 1).split(' ');
  if (path.join(' ') !== oldPath.join(' ')) return `now serves ${path.join(' ')}`;
  return method === oldMethod ? 'changed' : `now answers ${method || 'every method'}`;
}

const headNames: Record<string, string> = {
  tool: 'api-prerender',
  node: 'Node',
  config: 'apiPrefix or routesDir',
  sources: "the output's place in the site",
  'api-prerender': "api-prerender's place from the site",
};

/** An input as the log names it. */
function named(subject: string): string {
  const space = subject.indexOf(' ');
  if (space === -1) return headNames[subject] ?? subject;
  const [kind, name] = [subject.slice(0, space), subject.slice(space + 1)];
  if (kind === 'route') return `route file ${name}`;
  // Its names, not its files' content: a file or folder added, removed or renamed there.
  if (kind === 'folder') return `the listing of ${name === '.' ? 'the site root' : `${name}/`}`;
  return name;
}
