/** resultMistake (src/prerender/handler-result.ts): results h3 sends as other than meant, each with the fix. */
import { describe, expect, it } from 'vitest';
import { createResultMistakes, resultMistake } from '../../src/prerender/handler-result.ts';
import { catchError } from '../support/catch-error.ts';
import { buildSite, route, writeSite } from '../support/helpers.ts';

const mistakeOf = (route: string, value: unknown, typed = false) => resultMistake(route, { value, file: 'api/x.ts', typed })?.message;

describe('resultMistake', () => {
  it.each([
    { returned: 'undefined', value: undefined, says: /^returned undefined \(no return statement, or a lookup that found nothing\), so the file is empty: return the data, or throw createError/ },
    { returned: 'null', value: null, says: /^returned null, so the file is empty/ },
    { returned: 'a BigInt', value: 10n, says: /^returned a BigInt, which h3 sends as the bare JSON number 10: return value\.toString\(\)/ },
    { returned: 'a Map', value: new Map([['a', 1]]), says: /"\[object Map\]": return Object\.fromEntries\(map\)/ },
    { returned: 'a Set', value: new Set([1]), says: /"\[object Set\]": return \[\.\.\.set\]/ },
    { returned: 'a class instance', value: new (class Point {})(), says: /^returned an instance of Point, which h3 sends as the text "\[object Object\]": return a plain object or an array/ },
  ])('$returned: says how h3 sent it and what to return', ({ value, says }) => {
    expect(mistakeOf('/api/x.json', value)).toMatch(says);
  });

  it('a string without a type on a route whose name says another: the type to set, or the object to return for JSON', () => {
    expect(mistakeOf('/api/page.html', '<h1>Hi</h1>')).toBe(
      "returned a string without a content type, sent as text/plain, though the route's name ends in .html, which hosts serve as text/html; charset=utf-8: set the type: setHeader(event, 'content-type', 'text/html; charset=utf-8'), or return html`...` (h3's html)",
    );
    expect(mistakeOf('/api/feed.xml', '<rss/>')).toMatch(/ends in \.xml, which hosts serve as application\/xml: set the type: setHeader\(event, 'content-type', 'application\/xml'\)$/);
    expect(mistakeOf('/api/data.json', '{"a":1}')).toMatch(/ends in \.json, which hosts serve as application\/json; charset=utf-8: return the object or array itself \(h3 sends it as JSON\) rather than a string$/);
    expect(mistakeOf('/api/data.unknownext', 'x')).toBeUndefined();
  });

  it('an object or array (sent as JSON) on a route whose name says another type: the text and the type to return', () => {
    expect(mistakeOf('/api/feed.xml', { channel: { title: 'oops' } }, true)).toBe(
      "returned an object, which h3 sends as JSON, though the route's name ends in .xml, which hosts serve as application/xml: return the file's text as a string, and set its type: setHeader(event, 'content-type', 'application/xml')",
    );
    expect(mistakeOf('/api/page.html', ['a'], true)).toMatch(/^returned an array, which h3 sends as JSON, though the route's name ends in \.html, which hosts serve as text\/html; charset=utf-8: return the file's text as a string \(or return html`\.\.\.`, h3's html\), and set its type/);
    expect(mistakeOf('/api/data.json', { a: 1 }, true)).toBeUndefined();
    expect(mistakeOf('/site.webmanifest', { name: 'a' }, true)).toBeUndefined();
    expect(mistakeOf('/api/items/1', { a: 1 }, true)).toBeUndefined();
    expect(mistakeOf('/api/data.unknownext', { a: 1 }, true)).toBeUndefined();
  });

  it.each(['<!DOCTYPE html><html><body>Hi</body></html>', '\n  <html lang="en">', '<h1>Hi</h1>', '<div class="a">x</div>', '<p>'])(
    'HTML as a string without a type on a route without extension (%j): sent as text, the type or html`` to use',
    (value) => {
      expect(mistakeOf('/api/page', value)).toBe(
        "returned HTML as a string without a content type, sent as text/plain (a browser shows its tags as text): return html`...` (h3's tagged template), or set the type: setHeader(event, 'content-type', 'text/html; charset=utf-8')",
      );
    },
  );

  it.each([
    { returned: 'a string on a name without extension', route: '/api/hello', value: 'hi' },
    { returned: 'text that starts with "<" but is no HTML', route: '/api/hello', value: '<3 from us, <paragraph> of text' },
    { returned: 'HTML whose type the handler set', route: '/api/hello', value: '<h1>Hi</h1>', typed: true },
    { returned: 'a string on a .txt name', route: '/api/a.txt', value: 'hi' },
    { returned: 'a string whose type the handler set', route: '/api/page.html', value: '<h1>Hi</h1>', typed: true },
    { returned: 'a plain object', route: '/api/x.json', value: { a: new Map() } },
    { returned: 'an array', route: '/api/x.json', value: [1] },
    { returned: 'an object without prototype', route: '/api/x.json', value: Object.create(null) },
    { returned: 'a Date (toJSON)', route: '/api/x.json', value: new Date(0) },
    { returned: 'bytes', route: '/api/x.bin', value: new Uint8Array([1]) },
    { returned: 'a Blob', route: '/api/x.bin', value: new Blob(['x']) },
    { returned: 'a stream', route: '/api/x.bin', value: new ReadableStream() },
    { returned: 'a Response', route: '/api/x.json', value: new Response('{}') },
    { returned: "h3's HTTPResponse", route: '/api/x.html', value: { [Symbol.for('h3.HTTPResponse')]: true, body: 'x' } },
  ])('$returned: nothing to say', ({ route, value, typed }) => {
    expect(mistakeOf(route, value, typed)).toBeUndefined();
  });

  it('nothing when the handler returned nothing the runtime recorded (a route that threw, the router\'s 404)', () => {
    expect(resultMistake('/api/x.json', undefined)).toBeUndefined();
  });
});

describe('createResultMistakes', () => {
  it('warns once per route file and mistake, naming the file from the site root, the first three routes and how many more', () => {
    const mistakes = createResultMistakes((file) => `src/server/routes/${file}`);
    for (let id = 1; id <= 5; id++) mistakes.add(`/api/items/${id}.json`, { file: 'api/items/[id].json.ts', message: 'returned a Map, sent as text' });
    mistakes.add('/api/other.json', { file: 'api/other.json.ts', message: 'returned null, empty' });
    expect(mistakes.warnings()).toEqual([
      {
        code: 'HANDLER_RESULT',
        message: 'src/server/routes/api/items/[id].json.ts: the handler of /api/items/1.json, /api/items/2.json, /api/items/3.json and 2 more routes returned a Map, sent as text.',
        // The routes named, for the report's rows.
        route: '/api/items/1.json',
        alsoOn: ['/api/items/2.json', '/api/items/3.json'],
      },
      { code: 'HANDLER_RESULT', message: 'src/server/routes/api/other.json.ts: the handler of /api/other.json returned null, empty.', route: '/api/other.json' },
    ]);
  });
});

describe('a build whose handlers return what h3 sends otherwise', () => {
  it("warns HANDLER_RESULT for each, and not again that the file's type differs from its name's (the fix is what to return)", async () => {
    const root = writeSite({
      'src/server/routes/api/empty.json.ts': route('() => { [1, 2].map((n) => n * 2); }'),
      'src/server/routes/api/tags.json.ts': route("() => new Map([['a', 1]])"),
      'src/server/routes/api/page.json.ts': route("() => new Response('<p>hi</p>', { headers: { 'content-type': 'text/html' } })"),
    });
    const built = await buildSite(root, { typecheck: false, config: { prerender: { routes: ['/api/empty.json', '/api/tags.json', '/api/page.json'] } } });
    const codes = built.report.warnings.map((warning: { code: string }) => warning.code);
    expect(codes.filter((code: string) => code === 'HANDLER_RESULT')).toHaveLength(2);
    // The one route that returned what it meant, typed otherwise than its name, is still named.
    expect(built.report.warnings.filter((warning: { code: string }) => warning.code === 'MISTYPED_FILE')).toEqual([
      { code: 'MISTYPED_FILE', message: expect.stringContaining('1 route was written as a file whose extension says another type than the route answered: /api/page.json (text/html') },
    ]);
  });

  it('a success other than 200: HANDLER_RESULT says the host serves the file with 200', async () => {
    const root = writeSite({
      'src/server/routes/api/none.json.ts': route('() => new Response(null, { status: 204 })'),
      'src/server/routes/api/made.json.ts': route("(event) => { event.res.status = 201; return { id: 1 }; }"),
      'src/server/routes/api/ok.json.ts': route('() => ({ ok: true })'),
    });
    const built = await buildSite(root, { typecheck: false, config: { prerender: { routes: ['/api/none.json', '/api/made.json', '/api/ok.json'] } } });
    const said = built.report.warnings.filter((warning: { code: string }) => warning.code === 'HANDLER_RESULT').map((warning: { message: string }) => warning.message);
    expect(said).toEqual([
      expect.stringContaining('the handler of /api/made.json answered 201 Created, which is written as a file and served with 200 by every static host'),
      expect.stringContaining('the handler of /api/none.json answered 204 No Content, which is written as an empty file and served with 200 by every static host'),
    ]);
  });

  it('HTML returned as a string on a route without extension: HANDLER_RESULT names the fix, not UNTYPED_FILE; plain text still gets UNTYPED_FILE', async () => {
    const root = writeSite({
      'src/server/routes/api/page.ts': route("() => '<!doctype html><h1>Hi</h1>'"),
      'src/server/routes/api/note.ts': route("() => 'plain words'"),
    });
    const built = await buildSite(root, { typecheck: false, config: { prerender: { routes: ['/api/page', '/api/note'] } } });
    const warned = built.report.warnings.map((warning: { code: string; message: string }) => `${warning.code} ${warning.message}`);
    expect(warned).toEqual([
      expect.stringMatching(/^HANDLER_RESULT src\/server\/routes\/api\/page\.ts: the handler of \/api\/page returned HTML as a string without a content type, sent as text\/plain .*return html`\.\.\.`/),
      expect.stringMatching(/^UNTYPED_FILE 1 route was written as a file without extension: \/api\/note \(text\/plain; charset=utf-8\)/),
    ]);
  });

  it('HTML returned as a string at "/": the route fails naming that fix, not a route file with another extension', async () => {
    const root = writeSite({ 'src/server/routes/index.ts': route("() => '<!doctype html><h1>Home</h1>'") });
    const error = await catchError(() => buildSite(root, { typecheck: false, config: { prerender: { routes: ['/'] } } }));
    expect(error.code).toBe('ROUTES_FAILED');
    expect(error.message).toContain(
      `/  200  Route "/" is the site's root folder, written as its index.html, so only HTML fits; it answered text/plain; charset=utf-8. Its handler returned HTML as a string without a content type, sent as text/plain (a browser shows its tags as text): return html\`...\` (h3's tagged template), or set the type: setHeader(event, 'content-type', 'text/html; charset=utf-8').`,
    );
    expect(error.message).not.toContain('index.txt');
  });
});
