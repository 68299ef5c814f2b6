#!/usr/bin/env node
// A dependency-free static server for dist/ (the built site): 127.0.0.1:${PORT:-8080}.
// Usage: node scripts/serve.mjs [--root DIR] [--port N]   (PORT=0 picks a free port)
// Sends the same Content-Security-Policy as the pages' <meta> tag, as a header, on every response
// (a worker takes its CSP from its own response, not from the page), and CORS headers so that
// course sites on other origins can load the element, its worker, the engine and the notebooks.
// Sends the precompressed copy of a file (X.br, else X.gz, made by scripts/precompress.mjs when the
// site is built) to a browser whose Accept-Encoding takes it.
// Caching: every answer says `Cache-Control: no-cache` (the site's file names carry no version, and
// a rebuilt dist/ must show at once), with an ETag and a Last-Modified, so that a browser asks again
// and gets 304 Not Modified without the body when its copy is current: a page's second worker
// (a training lab's, a scaling study's) finds engine-worker.js in the cache instead of downloading
// it again, and so does a reader coming back.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ENCODINGS } from './precompress.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

// The policy of every served page. The pages carry it as a <meta> too, without frame-ancestors (which
// only works as a header; in a <meta> Chromium logs a console error for it): CSP_META.
export const CSP_META = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self'",
  "connect-src 'self'",
].join('; ');
export const CSP = `${CSP_META}; frame-ancestors *`;

// Every file may be used by pages of other origins (a course site that loads attention-notebook.js
// from here): modules, the worker, the .wasm, fonts and notebook JSON are all fetched in CORS mode
// there, and CORP lets a cross-origin-isolated host page load them too. Nothing here is private.
export const SHARED_HEADERS = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-cache',
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

function sendWith(res, status, body, type = 'text/plain; charset=utf-8', extra = {}, headers = SHARED_HEADERS) {
  res.writeHead(status, {
    'Content-Type': type,
    ...headers,
    ...extra,
  });
  res.end(body);
}

// The decoded path segments of a request path (no empty or "." ones), or null when the path is
// undecodable or would leave the root.
export function pathSegments(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const parts = decoded.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) return null;
  return parts;
}

/**
 * The content codings an Accept-Encoding header accepts (RFC 9110 12.5.3): the names listed
 * without q=0, and with "*" every coding not refused by name.
 */
export function acceptedEncodings(header = '') {
  const q = new Map();
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';').map((x) => x.trim());
    if (!name) continue;
    const given = params.find((p) => p.startsWith('q='));
    q.set(name, given ? Number(given.slice(2)) : 1);
  }
  const star = q.has('*') && q.get('*') > 0;
  return (coding) => (q.has(coding) ? q.get(coding) > 0 : star);
}

/**
 * The validator of the file sent: its size and modification time, and the content coding, since
 * the brotli, gzip and plain answers are different bytes (RFC 9110 8.8.3: a strong ETag names one
 * representation).
 */
export function entityTag(stat, coding) {
  return `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}${coding ? `-${coding}` : ''}"`;
}

/**
 * True when the request's validators say the browser holds this representation (RFC 9110 13.1.2,
 * 13.1.3): If-None-Match names its ETag (or "*"), or, without If-None-Match, If-Modified-Since is at
 * or after its Last-Modified (HTTP dates are whole seconds).
 */
export function notModified(reqHeaders, etag, mtimeMs) {
  const inm = reqHeaders['if-none-match'];
  if (inm !== undefined) {
    // Weak comparison, as the RFC asks for If-None-Match: W/"x" matches "x".
    return inm.split(',').map((t) => t.trim().replace(/^W\//, '')).some((t) => t === '*' || t === etag);
  }
  const since = Date.parse(reqHeaders['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

// Maps a request path to a file under root, or null when it would leave root.
export function resolveInRoot(root, urlPath) {
  const parts = pathSegments(urlPath);
  if (!parts) return null;
  const file = path.join(root, ...parts);
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return file;
}

// `headers`: sent with every answer (SHARED_HEADERS; the author's preview sends its own, private ones).
export function createServer(root, { headers = SHARED_HEADERS } = {}) {
  root = path.resolve(root);
  const send = (res, status, body, type, extra) => sendWith(res, status, body, type, extra, headers);
  return http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, 'method not allowed\n', undefined, { Allow: 'GET, HEAD' });
      return;
    }
    const urlPath = (req.url || '/').split('?')[0].split('#')[0];
    let file = resolveInRoot(root, urlPath);
    if (!file) {
      send(res, 400, 'bad path\n');
      return;
    }
    fs.stat(file, (err, st) => {
      if (!err && st.isDirectory()) {
        if (!urlPath.endsWith('/')) {
          // /attention-explorable -> /attention-explorable/ so relative URLs in the page work.
          // Location is rebuilt from the normalised segments, so it always starts with exactly
          // one "/" and stays on this site ("//evil.example" would be protocol-relative).
          const q = (req.url || '').slice(urlPath.length);
          const parts = pathSegments(urlPath) || [];
          const location = parts.length ? `/${parts.map(encodeURIComponent).join('/')}/` : '/';
          send(res, 301, 'moved\n', undefined, { Location: location + q });
          return;
        }
        file = path.join(file, 'index.html');
      }
      fs.stat(file, (err2, st2) => {
        if (err2 || !st2.isFile()) {
          send(res, 404, 'not found\n');
          return;
        }
        const type = MIME[path.extname(file).toLowerCase()] || 'application/octet-stream';
        const accepts = acceptedEncodings(req.headers['accept-encoding']);
        const sendFile = (from, stat, coding) => {
          const etag = entityTag(stat, coding);
          const validators = { ETag: etag, 'Last-Modified': new Date(stat.mtimeMs).toUTCString(), Vary: 'Accept-Encoding', ...headers };
          if (notModified(req.headers, etag, stat.mtimeMs)) {
            res.writeHead(304, validators);
            res.end();
            return;
          }
          res.writeHead(200, {
            'Content-Type': type,
            'Content-Length': stat.size,
            ...(coding ? { 'Content-Encoding': coding } : {}),
            ...validators,
          });
          if (req.method === 'HEAD') {
            res.end();
            return;
          }
          // A read error (EIO, EACCES, the file deleted since the stat) ends this response, not
          // the server: pipeline destroys both streams and calls back with the error.
          pipeline(fs.createReadStream(from), res, (err3) => {
            if (err3 && !res.destroyed) res.destroy(err3);
          });
        };
        // The first precompressed copy the browser takes, in ENCODINGS' order (smallest first).
        const tryCoding = (i) => {
          if (i === ENCODINGS.length) return sendFile(file, st2);
          const { coding, suffix } = ENCODINGS[i];
          if (!accepts(coding)) return tryCoding(i + 1);
          fs.stat(file + suffix, (err4, st4) => (!err4 && st4.isFile() ? sendFile(file + suffix, st4, coding) : tryCoding(i + 1)));
        };
        tryCoding(0);
      });
    });
  });
}

function argValue(name) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(argValue('--root') || path.join(HERE, '..', 'dist'));
  const port = Number(argValue('--port') ?? process.env.PORT ?? 8080);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    console.error(`serve: ${root}/index.html not found; run \`node scripts/build-site.mjs\` first`);
    process.exit(1);
  }
  const server = createServer(root);
  server.on('error', (e) => {
    console.error(`serve: ${e.message}`);
    process.exit(1);
  });
  server.listen(port, '127.0.0.1', () => {
    const { port: actual } = server.address();
    console.log(`serve: ${path.relative(process.cwd(), root) || '.'} at http://127.0.0.1:${actual}/`);
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
}
