import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrerenderError } from '../../src/errors.ts';
import { fileToRoute, type RouteDefinition } from '../../src/routes/file-to-route.ts';
import { methods } from '../../src/routes/methods.ts';
import { createRouteFinder } from '../../src/routes/route-finder.ts';
import { fillPattern, patternParams } from '../../src/routes/route-pattern.ts';
import { isSafeTarget } from '../../src/runtime/request-target.ts';
import { catchErrorSync } from '../support/catch-error.ts';

/** `[method, path]` of a file, so tables stay one line per rule. */
const shape = (file: string, prefix = 'api') => {
  const route = fileToRoute(file, prefix);
  return route && [route.method, route.path];
};

describe('fileToRoute: the api folder and the prefix', () => {
  it.each([
    ['api/v1/hello.ts', 'api', '/api/v1/hello'],
    ['api/v1/hello.ts', 'services', '/services/v1/hello'],
    ['api/v1/hello.ts', 'v2/api', '/v2/api/v1/hello'],
    ['api/v1/hello.ts', '', '/v1/hello'],
    ['api/index.ts', 'api', '/api'],
    ['api/index.ts', 'services', '/services'],
    ['api/index.ts', '', '/'],
    ['api/[...].ts', 'v2/api', '/v2/api/**'],
  ])('%s with prefix %j is %s', (file, prefix, path) => {
    expect(shape(file, prefix)).toEqual(['', path]);
  });

  it.each([
    ['v1/query.ts', '/v1/query'],
    ['[...].ts', '/**'],
    ['index.ts', '/'],
    ['rss.xml.ts', '/rss.xml'],
    ['apis/x.ts', '/apis/x'],
    ['api.ts', '/api'],
  ])('%s outside api/ is served from the site root as %s, whatever the prefix', (file, path) => {
    expect(shape(file, 'services')).toEqual(['', path]);
  });
});

describe('fileToRoute: segments', () => {
  it.each([
    ['api/users/index.ts', '/api/users'],
    ['api/users/index.get.ts', '/api/users'],
    ['api/users/[id].ts', '/api/users/:id'],
    ['api/users/[id]/posts.ts', '/api/users/:id/posts'],
    ['api/[org]/[repo].ts', '/api/:org/:repo'],
    ['api/posts/[slug].json.ts', '/api/posts/:slug.json'],
    ['api/docs/[...path].ts', '/api/docs/**:path'],
    ['api/docs/[...].ts', '/api/docs/**'],
    ['api/(admin)/users.ts', '/api/users'],
    ['(marketing)/about.ts', '/about'],
    ['api/(a)/(b)/x/(c)/index.ts', '/api/x'],
    ['api/rss.xml.ts', '/api/rss.xml'],
    ['api/feed.json.get.ts', '/api/feed.json'],
    ['api/v1.2/x.tar.gz.ts', '/api/v1.2/x.tar.gz'],
    ['api/get.ts', '/api/get'],
    ['api/a_b-c~d.ts', '/api/a_b-c~d'],
    ['.well-known/security.txt.ts', '/.well-known/security.txt'],
    ['.well-known/[name].get.ts', '/.well-known/:name'],
    ['api/.well-known/x.ts', '/api/.well-known/x'],
  ])('%s -> %s', (file, path) => {
    expect(fileToRoute(file, 'api')?.path).toBe(path);
  });

  it('keeps the file it came from', () => {
    expect(fileToRoute('api/users/[id].get.ts', 'api')).toEqual({ file: 'api/users/[id].get.ts', method: 'GET', path: '/api/users/:id' });
  });
});

describe('fileToRoute: methods', () => {
  it.each(methods)('.%s suffix serves that method only', (method) => {
    expect(shape(`api/x.${method}.ts`)).toEqual([method.toUpperCase(), '/api/x']);
    expect(shape(`api/x.${method.toUpperCase()}.mjs`)).toEqual([method.toUpperCase(), '/api/x']);
  });

  it.each([
    ['api/x.get.ts', 'GET'],
    ['api/x.POST.ts', 'POST'],
    ['api/x.Delete.ts', 'DELETE'],
    ['api/x.pAtCh.js', 'PATCH'],
    ['api/x.ts', ''],
    ['api/x.fetch.ts', ''],
  ])('%s -> method %j', (file, method) => {
    expect(fileToRoute(file, 'api')?.method).toBe(method);
  });

  it('keeps an unknown suffix in the path', () => {
    expect(shape('api/x.fetch.ts')).toEqual(['', '/api/x.fetch']);
  });

  it.each(['ts', 'mts', 'js', 'mjs'])('takes .%s files', (extension) => {
    expect(shape(`api/x.get.${extension}`)).toEqual(['GET', '/api/x']);
  });
});

describe('fileToRoute: files that are not routes', () => {
  it.each([
    'api/types.d.ts',
    'api/types.d.mts',
    'api/x.test.ts',
    'api/x.spec.mjs',
    'api/x.test.get.ts',
    'api/.hidden.ts',
    '.env.ts',
    '.ts',
    'api/.drafts/x.ts',
    '.cache/x.get.ts',
    '.well-known/.x.ts',
    '.well-known-x/a.ts',
    '.well-known.ts',
    'api/data.json',
    'api/notes.txt',
    'api/x.cts',
    'api/x.tsx',
    'api/X.TS',
    'README.md',
  ])('%s -> null', (file) => {
    expect(fileToRoute(file, 'api')).toBeNull();
  });
});

describe('fileToRoute: malformed names', () => {
  it.each([
    ['api/[id.ts', 'brackets must close'],
    ['api/[].ts', 'needs a parameter name'],
    ['api/id].ts', 'brackets must close'],
    ['api/[...slug]/x.ts', 'must be the last segment'],
    ['api/[...]/x.ts', 'must be the last segment'],
    ['api/[a-b].ts', '"a-b" is not a valid parameter name'],
    ['api/[...a-b].ts', '"a-b" is not a valid catch-all name'],
    ['api/[1d].ts', 'not a valid parameter name'],
    ['api/(group).ts', 'a (group) name is for folders, not files'],
    ['api/()/x.ts', 'a (group) folder needs a name'],
    ['api/[id]/[id].ts', 'the parameter "id" appears twice'],
    ['api/[slug]/[...slug].ts', 'the parameter "slug" appears twice'],
    ['api/a:b.ts', 'which the router reserves'],
    ['api/a*b/x.ts', 'which the router reserves'],
    ['api/.get.ts', 'the name before the method is empty'],
    ['.POST.mjs', 'the name before the method is empty'],
    ['api/x[id].ts', 'brackets must close and wrap the whole segment'],
    ['api/[id]x.ts', 'brackets must close and wrap the whole segment'],
    ['api/[a][b].ts', 'brackets must close and wrap the whole segment'],
    ['api/[...rest].json.ts', 'a catch-all takes the whole segment'],
    ['q?mark.json.ts', '"q?mark.json" holds "?", which starts the query of a URL'],
    ['api/h#sh.ts', '"#", which starts the fragment of a URL'],
    ['api/back\\slash.ts', 'a backslash, which URLs read as "/"'],
    ['api/a\\b/x.ts', 'a backslash'],
    ['api/100%.json.ts', 'a URL holds it only as an escape (%25)'],
    ['api/caf%C3%A9.ts', 'name the file with the characters themselves'],
    ['api/x(2024).ts', '"(", which the router reserves'],
    ['api/book{s}.ts', '"{", which the router reserves'],
    ['api/a^b.ts', '"^", which URL parsers disagree on'],
    ['api/trailing .ts', 'a space at the end, which URL parsers drop'],
    ['api/\uD800.ts', 'a lone UTF-16 surrogate'],
  ])('%s throws ROUTE_NAME: %s', (file, reason) => {
    const error = catchErrorSync(() => fileToRoute(file, 'api'));
    expect(error.code).toBe('ROUTE_NAME');
    expect(error.exitCode).toBe(1);
    expect(error.message).toContain(file);
    expect(error.message).toContain(reason);
    // A character no request can carry needs a new name; a misshapen [param] needs the syntax.
    expect(error.hint).toContain(/ holds /.test(error.message) ? 'Rename the file or folder without it' : '[name]');
  });

  it.each([
    ['api/posts/:id.ts', '":id"', 'rename ":id" to "[id]"'],
    ['api/:slug/comments.json.ts', '":slug"', 'rename ":slug" to "[slug]"'],
    ['api/:id.json.ts', '":id.json"', 'rename ":id.json" to "[id].json"'],
  ])('%s (an Express parameter) throws ROUTE_NAME saying how a parameter is named', (file, segment, fix) => {
    const error = catchErrorSync(() => fileToRoute(file, 'api'));
    expect(error.code).toBe('ROUTE_NAME');
    expect(error.message).toBe(`Malformed route file name ${file}: ${segment} holds ":", which the router reserves for its patterns.`);
    expect(error.hint).toBe(`A parameter is named in brackets: ${fix}.`);
  });

  it.each([
    ['api/tab\tx.ts', 'api/tab\\tx.ts', 'U+0009'],
    ['api/new\nline.ts', 'api/new\\nline.ts', 'U+000A'],
    ['api/del\x7f.ts', 'api/del\\u007f.ts', 'U+007F'],
    ['api/nul\0.ts', 'api/nul\\u0000.ts', 'U+0000'],
  ])('%j throws ROUTE_NAME naming it as %s: a control character (%s)', (file, shown, code) => {
    const error = catchErrorSync(() => fileToRoute(file, 'api'));
    expect(error.code).toBe('ROUTE_NAME');
    expect(error.message).toBe(`Malformed route file name ${shown}: "${shown.slice(4, -3)}" holds a control character (${code}), which no URL can carry.`);
  });
});

describe('fileToRoute against the router, over random names', () => {
  /** Pieces of file and folder names: plain text, router syntax, URL delimiters, controls, odd Unicode. */
  const piece = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('a', 'b', 'index', 'rss.xml', 'v1.2', '-', '_', '~', '.', 'é', '😀', '中', ' ', '\u00A0') },
    { weight: 3, arbitrary: fc.constantFrom('[id]', '[slug].json', '[...path]', '[...]', '(group)', '.get', '.POST', '.well-known') },
    { weight: 3, arbitrary: fc.constantFrom(...' !"#$%&\'()*+,:;<=>?@[\\]^`{|}'.split(''), '%41', '%2F', '%zz', '%E9', '%00') },
    { weight: 2, arbitrary: fc.constantFrom('\0', '\t', '\n', '\r', '\x1f', '\x7f', '\x80', '\uFFFD', '\uFFFE', '\uFFFF', '\uD800') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
  );
  const name = fc.array(piece, { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join(''));
  const file = fc
    .tuple(fc.constantFrom('api/', ''), fc.array(name, { maxLength: 2 }), name, fc.constantFrom('.ts', '.get.ts', '.mjs'))
    .map(([top, folders, base, extension]) => top + [...folders, base].join('/') + extension)
    .filter((path) => !path.split('/').includes('') && !path.split('/').includes('.') && !path.split('/').includes('..'));

  /** A value for each parameter the route declares: one segment, or two for a catch-all. */
  function paramsOf(path: string): Record<string, string> {
    return Object.fromEntries(patternParams(path).map((param) => [param, path.includes(`**:${param}`) || param === '_' ? 'x/y' : 'v']));
  }

  it('refuses a name with a reason, or the route is reachable by a request to its path', async () => {
    await fc.assert(
      fc.asyncProperty(file, async (path) => {
        let route: RouteDefinition | null;
        try {
          route = fileToRoute(path, 'api');
        } catch (error) {
          expect(error).toBeInstanceOf(PrerenderError);
          expect((error as PrerenderError).code).toBe('ROUTE_NAME');
          // Control characters are named as escapes (\t, \u007f), not printed raw.
          const escaped = path.replace(/[\0-\x1f\x7f]/g, (char) => ({ '\t': '\\t', '\n': '\\n', '\r': '\\r' })[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
          expect((error as PrerenderError).message).toContain(escaped);
          return;
        }
        if (route === null) return;
        const filled = fillPattern(route.path, paramsOf(route.path));
        expect(filled).toHaveProperty('route');
        const url = new URL((filled as { route: string }).route, 'http://x');
        expect(url.host).toBe('x');
        expect(isSafeTarget(url.pathname)).toBe(true);
        const find = createRouteFinder([route]);
        expect(await find(new Request(url, { method: route.method || 'GET' }))).toBe(path);
      }),
      { numRuns: 3000 },
    );
  });
});
