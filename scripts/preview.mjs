#!/usr/bin/env node
// scripts/attnbook preview FILE [--port N] [--root DIR]
// Serves the built site (dist/, or --root) on 127.0.0.1 with the author page in preview mode:
//   /                       -> author.html?preview
//   /preview/notebook.json  FILE as it is now on disk (its name in X-Attnbook-File)
//   /preview/events         a server-sent event stream: "change" whenever FILE changes on disk
// The page validates the file with the engine, lists every problem at its line and column, draws
// the notebook when it has none (the last good drawing stays otherwise), and reads the file again
// on each change: write the notebook in your own editor, save, and look.
//
// The draft is the author's, not the world's: unlike scripts/serve.mjs this server answers only its
// own origin. No Access-Control-Allow-Origin (other sites' scripts cannot read any answer), a Host
// header that must name this server (127.0.0.1:PORT or localhost:PORT: a DNS-rebound name is
// refused), no request whose Origin is another site's, only GET and HEAD, and no framing by others.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createServer, CSP_META } from './serve.mjs';
import { ROOT } from './standalone.mjs';

const USAGE = 'usage: scripts/attnbook preview FILE [--port N] [--root DIR]';
function fail(message) {
  console.error(`attnbook preview: ${message}`);
  process.exit(2);
}

const args = process.argv.slice(2);
let file = null;
let port = Number(process.env.PORT ?? 8080);
let root = path.join(ROOT, 'dist');
for (let i = 0; i < args.length; i++) {
  const word = args[i];
  if (word === '--help' || word === '-h') {
    console.log(USAGE);
    process.exit(0);
  } else if (word === '--port' || word === '--root') {
    if (i + 1 >= args.length) fail(`${word}: missing value`);
    const value = args[++i];
    if (word === '--port') port = Number(value);
    else root = path.resolve(value);
  } else if (word.startsWith('--')) fail(`unknown option ${JSON.stringify(word)}\n${USAGE}`);
  else if (file === null) file = path.resolve(word);
  else fail('one notebook file at a time');
}
if (file === null) fail(`name the notebook file\n${USAGE}`);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port: a whole number 0-65535');
if (!fs.existsSync(path.join(root, 'author.html'))) fail(`${root}/author.html not found; run \`node scripts/build-site.mjs\` first`);
if (!fs.existsSync(file)) fail(`${file}: no such file`);

// The site's headers, private: no CORS, framed only by this origin, read only by it.
const SHARED_HEADERS = {
  'Content-Security-Policy': `${CSP_META}; frame-ancestors 'self'`,
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-cache',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
const site = createServer(root, { headers: SHARED_HEADERS });
const serveSite = site.listeners('request')[0];
const clients = new Set();
const name = path.basename(file);

function sendFile(res) {
  fs.readFile(file, (err, bytes) => {
    if (err) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...SHARED_HEADERS });
      res.end(`cannot read ${name}: ${err.code}\n`);
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'X-Attnbook-File': encodeURIComponent(name),
      ...SHARED_HEADERS,
      'Cache-Control': 'no-store',
    });
    res.end(bytes);
  });
}

// Why this request is refused ('' when it is answered): see the header comment.
function refusal(req) {
  const port = server.address()?.port;
  const own = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!own.includes(String(req.headers.host || '').toLowerCase())) return [403, `answers only http://127.0.0.1:${port}/ (Host header ${JSON.stringify(String(req.headers.host ?? ''))})`];
  const origin = req.headers.origin;
  if (origin !== undefined && !own.some((o) => origin === `http://${o}`)) return [403, 'answers only pages of its own origin'];
  if (req.method !== 'GET' && req.method !== 'HEAD') return [405, `method ${req.method} not allowed (GET, HEAD)`];
  return null;
}

const server = http.createServer((req, res) => {
  const refused = refusal(req);
  if (refused) {
    const [status, why] = refused;
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...SHARED_HEADERS, ...(status === 405 ? { Allow: 'GET, HEAD' } : {}) });
    res.end(`attnbook preview ${why}\n`);
    return;
  }
  const urlPath = (req.url || '/').split('?')[0];
  if (urlPath === '/' || urlPath === '/index.html') {
    res.writeHead(302, { Location: '/author.html?preview', ...SHARED_HEADERS });
    res.end();
  } else if (urlPath === '/preview/notebook.json') {
    sendFile(res);
  } else if (urlPath === '/preview/events') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', ...SHARED_HEADERS, 'Cache-Control': 'no-store' });
    res.write(': attnbook preview\n\n');
    clients.add(res);
    req.on('close', () => clients.delete(res));
  } else {
    serveSite(req, res);
  }
});

// Polling the file's status sees every kind of save (in place, or a new file renamed over it).
let last = '';
const stamp = (st) => `${st.mtimeMs}:${st.size}:${st.ino}`;
fs.watchFile(file, { interval: 200 }, (st) => {
  const now = stamp(st);
  if (now === last) return;
  last = now;
  for (const res of clients) res.write(`event: change\ndata: ${Date.now()}\n\n`);
});
try {
  last = stamp(fs.statSync(file));
} catch {
  // reported when the page asks for it
}

server.on('error', (e) => fail(e.message));
server.listen(port, '127.0.0.1', () => {
  console.log(`preview: ${name} at http://127.0.0.1:${server.address().port}/ (reloads when the file changes; Ctrl+C stops)`);
});
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    fs.unwatchFile(file);
    for (const res of clients) res.end();
    server.close(() => process.exit(0));
  });
}
