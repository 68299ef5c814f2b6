// web/src/notebook-text.js: reading a notebook's text with the engine's size limit. UTF-8
// lengths are checked against Node's own encoder (Buffer.byteLength), and the streamed reader
// against a ReadableStream that counts what was pulled from it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { utf8Length, overLimit, readTextWithin, mebibytes, tooLarge } from '../../web/src/notebook-text.js';

const limitOf = (bytes) => ({ bytes, text: mebibytes(bytes) });

test('utf8Length equals the encoder\'s byte count, surrogate pairs and lone surrogates included', () => {
  const samples = ['', 'plain', 'é', '’', '€100', '😀', 'a😀b', '\ud83d', '\ude00x', 'x\ud83d', '\ud83d\ud83d\ude00', '\ufeff{}', '\u07ff\u0800'];
  let s = 7;
  for (let i = 0; i < 200; i++) {
    let text = '';
    for (let j = 0; j < 20; j++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      text += String.fromCharCode([0x41, 0xe9, 0x2019, 0xd83d, 0xde00, 0x7ff, 0x800, 0xffff][s % 8]);
    }
    samples.push(text);
  }
  for (const t of samples) assert.equal(utf8Length(t), Buffer.byteLength(t, 'utf8'), JSON.stringify(t));
});

test('overLimit at the boundary, for one-, two- and three-byte characters', () => {
  for (const ch of ['a', 'é', '’']) {
    const per = Buffer.byteLength(ch);
    const limit = limitOf(per * 1000);
    assert.equal(overLimit(ch.repeat(1000), limit), false, `${ch} x 1000 at the limit`);
    assert.equal(overLimit(ch.repeat(1000) + 'a', limit), true, `${ch} x 1000 + 1 byte`);
  }
  assert.equal(overLimit('a'.repeat(11), limitOf(10)), true);
  assert.equal(overLimit('', limitOf(0)), false);
});

/** A body of `total` bytes in `size`-byte chunks of `fill`; pulled() says how many bytes were read from it. */
function countingResponse(total, size, fill = 0x20, headers = {}) {
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream({
    pull(controller) {
      if (pulled >= total) { controller.close(); return; }
      const n = Math.min(size, total - pulled);
      pulled += n;
      controller.enqueue(new Uint8Array(n).fill(fill));
    },
    cancel() { cancelled = true; },
  }, { highWaterMark: 0 });
  return { response: new Response(stream, { headers }), pulled: () => pulled, cancelled: () => cancelled };
}

test('a body one byte over the limit is refused and its stream cancelled', async () => {
  const body = countingResponse(4097, 1000);
  await assert.rejects(readTextWithin(body.response, limitOf(4096), 'big.json'),
    (err) => err.where === 'big.json' && /larger than the engine's limit of 0\.0 MiB/.test(err.message));
  assert.equal(body.cancelled(), true);
  assert.equal(body.pulled(), 4097);
});

test('a long body stops being read just past the limit', async () => {
  const body = countingResponse(50e6, 65536);
  await assert.rejects(readTextWithin(body.response, limitOf(4 * 1024 * 1024), 'stream'));
  assert.ok(body.pulled() <= 4 * 1024 * 1024 + 65536, `pulled ${body.pulled()} bytes`);
});

test('a body at the limit is read whole', async () => {
  const body = countingResponse(4096, 1000, 0x61);
  assert.equal(await readTextWithin(body.response, limitOf(4096), 'ok.json'), 'a'.repeat(4096));
});

test('characters split across chunks are joined, and a byte order mark is kept for the engine', async () => {
  const text = '\ufeff{"title": "B’s share 😀 é"}';
  const bytes = Buffer.from(text, 'utf8');
  for (const size of [1, 2, 3, 5]) {
    const chunks = [];
    for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
    const stream = new ReadableStream({ start(c) { chunks.forEach((x) => c.enqueue(new Uint8Array(x))); c.close(); } });
    assert.equal(await readTextWithin(new Response(stream), limitOf(bytes.length), 'x'), text, `chunks of ${size}`);
  }
});

test('a response without a body is measured after reading', async () => {
  const empty = new Response(null);
  assert.equal(await readTextWithin(empty, limitOf(10), 'x'), '');
});

test('mebibytes writes sizes as the engine does (one decimal)', () => {
  assert.equal(mebibytes(4 * 1024 * 1024), '4.0 MiB');
  assert.equal(mebibytes(4 * 1024 * 1024 + 1), '4.0 MiB');
  assert.equal(mebibytes(1.25 * 1024 * 1024), '1.3 MiB');
  assert.equal(tooLarge(limitOf(4 * 1024 * 1024), 'w').where, 'w');
});
