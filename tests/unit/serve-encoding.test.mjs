// scripts/serve.mjs sends the precompressed copies scripts/precompress.mjs makes (X.br, X.gz), as
// the browser's Accept-Encoding allows, and the file itself otherwise; every answer decodes to the
// file's bytes. Runs on a throwaway root (no dist/ needed).
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

function get(file, acceptEncoding, method = 'GET') {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
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
