// Precompressed copies of a built site's files, made once at build time so that a server sends
// them as they are (scripts/serve.mjs; docs/embedding.md says how other servers do the same):
// X.br (brotli at its highest quality: about a sixth smaller than gzip -9 on the engine and the
// element, too slow to do per request) and X.gz (gzip -9, for browsers without brotli) beside each
// file X of a type that compresses, each kept only when smaller than X.
//
// Usage: node scripts/precompress.mjs DIR   (scripts/build-site.mjs runs it on dist/)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

// Files that compress (woff2, png and zip are compressed already).
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.json', '.wasm', '.css', '.svg', '.ipynb', '.md', '.txt', '.map']);

const brotli = (bytes) => zlib.brotliCompressSync(bytes, {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
  },
});
const gzip = (bytes) => zlib.gzipSync(bytes, { level: 9 });

/** Content codings in the order a server should prefer them (smallest first), the suffix of their copies. */
export const ENCODINGS = [
  { coding: 'br', suffix: '.br', compress: brotli },
  { coding: 'gzip', suffix: '.gz', compress: gzip },
];

function* filesUnder(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

/** Writes X.br and X.gz beside each compressible file under `dir`; returns how many files it compressed. */
export function precompress(dir) {
  let count = 0;
  for (const file of [...filesUnder(dir)]) {
    if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
    const bytes = fs.readFileSync(file);
    for (const { suffix, compress } of ENCODINGS) {
      const packed = compress(bytes);
      if (packed.length < bytes.length) fs.writeFileSync(file + suffix, packed);
      else fs.rmSync(file + suffix, { force: true });
    }
    count += 1;
  }
  return count;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir || !fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error('usage: node scripts/precompress.mjs DIR');
    process.exit(1);
  }
  console.log(`precompress: ${precompress(dir)} files in ${dir}`);
}
