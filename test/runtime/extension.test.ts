/**
 * What a file name's extension is (src/runtime/extension.ts): the one reading the servers' types, the
 * output layout (hasExtension) and the hosts' types (hostType) share.
 */
import { describe, expect, it } from 'vitest';
import { hostType } from '../../src/hosts/host-types.ts';
import { createStaticHandler } from '../../src/runtime/static.ts';
import { extensionOf, hasExtension, typeByExtension } from '../../src/runtime/extension.ts';
import { tempDir, writeSite } from '../support/helpers.ts';

describe('one reading of a file name\'s extension', () => {
  // Files no manifest types: what our servers send is mrmime's type for the extension the hosts read (.xml as the hosts send it).
  it.each([
    ['json', 'application/octet-stream', false],
    ['api/xml', 'application/octet-stream', false],
    ['FEED.XML', 'application/xml', true],
    ['a..json', 'application/json', true],
    ['x.tar.gz', 'application/gzip', true],
  ])('%s: our servers send %s; it has an extension: %s', async (file, type, extension) => {
    const root = writeSite({ [file]: 'x' }, tempDir('typed-'));
    const response = await createStaticHandler(root)(new Request(`http://localhost/${file}`));
    expect(response?.headers.get('content-type')).toBe(type);
    expect(hasExtension(file.split('/').at(-1))).toBe(extension);
    if (!extension) expect(hostType('cloudflare', file)).toBe('application/octet-stream');
  });
});

describe('extensionOf and typeByExtension', () => {
  it.each([
    ['feed.XML', 'xml', 'application/xml'],
    ['api/x.tar.gz', 'gz', 'application/gzip'],
    ['a..json', 'json', 'application/json'],
    ['v1.2/users', undefined, undefined],
    ['json', undefined, undefined],
    ['.json', undefined, undefined],
    ['api/.env', undefined, undefined],
    ['a.', undefined, undefined],
    ['notes.unknownext', 'unknownext', undefined],
  ])('%s: extension %s, type %s', (file, extension, type) => {
    expect(extensionOf(file)).toBe(extension);
    expect(typeByExtension(file)).toBe(type);
  });
});
