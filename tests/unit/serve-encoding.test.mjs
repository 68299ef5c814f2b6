// scripts/serve.mjs sends the precompressed copies scripts/precompress.mjs makes (X.br, X.gz), as
// the browser's Accept-Encoding allows, and the file itself otherwise; every answer decodes to the
// file's bytes; each answer has an ETag and a Last-Modified, and a request that names them gets 304
// without a body. Runs on a throwaway root (no dist/ needed).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createServer, acceptedEncodings } from '../../scripts/serve.mjs';
import { precompress } from '../../scripts/precompress.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnbook-serve-unit-'));
// Text that compresses, a font that is left as it is, and a file too small to gain from either.
const text = Buffer.from(Array.from({ length: 2000 }, (_, i) => `export const x${i} = ${i * i};\n`).join(''));
const font = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 251));
let server;
let base;

before(async () => {
  fs.mkdirSync(path.join(dir, 'fonts'));
  fs.writeFileSync(path.join(dir, 'module.js'), text);
  fs.writeFileSync(path.join(dir, 'fonts', 'a.woff2'), font);
  fs.writeFileSync(path.join(dir, 'tiny.json'), '{}');
  precompress(dir);
  server = createServer(dir);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});
after(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function get(file, acceptEncoding, method = 'GET', extra = {}) {
  return new Promise((resolve, reject) => {
    const headers = { ...(acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding }), ...extra };
    http.request(`${base}/${file}`, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
}

const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, identity: (b) => b };

test('the build made brotli and gzip copies of what compresses, and none of the rest', () => {
  assert.ok(fs.statSync(path.join(dir, 'module.js.br')).size < fs.statSync(path.join(dir, 'module.js.gz')).size);
  assert.ok(fs.statSync(path.join(dir, 'module.js.gz')).size < text.length / 4);
  for (const f of ['fonts/a.woff2.br', 'fonts/a.woff2.gz', 'tiny.json.br', 'tiny.json.gz']) assert.equal(fs.existsSync(path.join(dir, f)), false, f);
});

for (const [accept, expected] of [
  ['gzip, deflate, br, zstd', 'br'], // Chromium
  ['gzip, deflate', 'gzip'],
  ['br;q=0, gzip', 'gzip'],
  ['*', 'br'],
  ['*, br;q=0', 'gzip'],
  ['identity', 'identity'],
  [undefined, 'identity'],
]) {
  test(`Accept-Encoding ${accept === undefined ? '(none)' : `"${accept}"`}: module.js comes as ${expected}, and decodes to the file`, async () => {
    const { res, body } = await get('module.js', accept);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'] ?? 'identity', expected);
    assert.equal(res.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(res.headers.vary, 'Accept-Encoding');
    assert.equal(Number(res.headers['content-length']), body.length);
    assert.deepEqual(decode[expected](body), text);
  });
}

test('a file without copies comes as it is; HEAD gives the length of what GET sends', async () => {
  const { res, body } = await get('fonts/a.woff2', 'gzip, deflate, br');
  assert.equal(res.headers['content-encoding'], undefined);
  assert.deepEqual(body, font);
  const head = await get('module.js', 'br', 'HEAD');
  assert.equal(head.res.headers['content-encoding'], 'br');
  assert.equal(Number(head.res.headers['content-length']), fs.statSync(path.join(dir, 'module.js.br')).size);
  assert.equal(head.body.length, 0);
});

test('acceptedEncodings reads q-values and "*"', () => {
  const accepts = acceptedEncodings('gzip;q=0.5, BR;q=1.0, deflate;q=0');
  assert.deepEqual(['br', 'gzip', 'deflate', 'zstd'].map(accepts), [true, true, false, false]);
  assert.equal(acceptedEncodings('*;q=0')('br'), false);
  assert.equal(acceptedEncodings('')('gzip'), false);
});

test('every file answer has validators: an ETag per coding, Last-Modified, Cache-Control no-cache', async () => {
  const tags = new Set();
  for (const accept of ['br', 'gzip', 'identity']) {
    const { res } = await get('module.js', accept);
    assert.equal(res.statusCode, 200);
    assert.match(res.headers.etag, /^"[^"]+"$/);
    tags.add(res.headers.etag);
    assert.equal(res.headers['cache-control'], 'no-cache');
    // Last-Modified is the sent copy's time, to the second (an HTTP date has no finer unit).
    const file = path.join(dir, accept === 'identity' ? 'module.js' : `module.js.${accept === 'br' ? 'br' : 'gz'}`);
    assert.equal(Date.parse(res.headers['last-modified']), Math.floor(fs.statSync(file).mtimeMs / 1000) * 1000);
  }
  assert.equal(tags.size, 3, 'the brotli, gzip and plain answers are different bytes, so different tags');
});

test('If-None-Match with the ETag (or W/ of it, or *) gets 304 without a body; another tag gets the file', async () => {
  const first = await get('module.js', 'br');
  const etag = first.res.headers.etag;
  for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
    const { res, body } = await get('module.js', 'br', 'GET', { 'If-None-Match': inm });
    assert.equal(res.statusCode, 304, inm);
    assert.equal(body.length, 0);
    assert.equal(res.headers.etag, etag);
    assert.equal(res.headers.vary, 'Accept-Encoding');
    assert.ok(res.headers['content-security-policy'], 'the shared headers come with a 304 too');
  }
  // The browser's copy is the brotli one: asking for gzip now is another representation.
  assert.equal((await get('module.js', 'gzip', 'GET', { 'If-None-Match': etag })).res.statusCode, 200);
  const other = await get('module.js', 'br', 'GET', { 'If-None-Match': '"stale"' });
  assert.equal(other.res.statusCode, 200);
  assert.deepEqual(zlib.brotliDecompressSync(other.body), text);
  // If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2).
  const both = await get('module.js', 'br', 'GET', { 'If-None-Match': '"stale"', 'If-Modified-Since': first.res.headers['last-modified'] });
  assert.equal(both.res.statusCode, 200);
});

test('If-Modified-Since at or after Last-Modified gets 304; an earlier date or a changed file gets the file', async () => {
  const first = await get('tiny.json', 'br');
  const lastModified = first.res.headers['last-modified'];
  assert.equal((await get('tiny.json', 'br', 'GET', { 'If-Modified-Since': lastModified })).res.statusCode, 304);
  assert.equal((await get('tiny.json', 'br', 'HEAD', { 'If-Modified-Since': lastModified })).res.statusCode, 304);
  const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
  assert.equal((await get('tiny.json', 'br', 'GET', { 'If-Modified-Since': earlier })).res.statusCode, 200);
  assert.equal((await get('tiny.json', 'br', 'GET', { 'If-Modified-Since': 'not a date' })).res.statusCode, 200);
  // A rebuilt file (other bytes, later time) is sent again to a browser holding the old tag.
  const file = path.join(dir, 'tiny.json');
  fs.writeFileSync(file, '{"a":1}');
  const later = new Date(Date.parse(lastModified) + 5000);
  fs.utimesSync(file, later, later);
  const again = await get('tiny.json', 'br', 'GET', { 'If-None-Match': first.res.headers.etag });
  assert.equal(again.res.statusCode, 200);
  assert.equal(again.body.toString(), '{"a":1}');
  assert.equal((await get('tiny.json', 'br', 'GET', { 'If-Modified-Since': lastModified })).res.statusCode, 200);
});
