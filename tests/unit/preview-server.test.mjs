// Issue 20, finding 6: `scripts/attnbook preview` served the author's draft to any website
// (Access-Control-Allow-Origin: *, no Host check, any method: DNS rebinding). It now answers only
// its own origin. The server runs on a throwaway root with a stub author.html (no dist/ needed).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnbook-preview-unit-'));
const draft = path.join(dir, 'draft.json');
let server;
let port;

before(async () => {
  fs.writeFileSync(path.join(dir, 'author.html'), '<!doctype html><title>author</title>');
  fs.writeFileSync(draft, '{"secret": "the author\'s draft"}');
  server = spawn(process.execPath, [path.join(ROOT, 'scripts/preview.mjs'), draft, '--port', '0', '--root', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  port = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (m) resolve(Number(m[1]));
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.on('exit', (code) => reject(new Error(`preview exited (${code}): ${output}`)));
  });
});
after(() => {
  server?.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
});

function request(urlPath, { method = 'GET', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    // Host '' sends no Host header at all (an HTTP/1.0-style request).
    const noHost = headers.Host === '';
    if (noHost) delete headers.Host;
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method, headers, setHost: !noHost }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('its own origin gets the draft, with no CORS header', async () => {
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
    const r = await request('/preview/notebook.json', { headers: { Host: host } });
    assert.equal(r.status, 200, host);
    assert.match(r.body, /the author's draft/);
    assert.equal(r.headers['access-control-allow-origin'], undefined, 'no Access-Control-Allow-Origin');
    assert.match(r.headers['content-security-policy'], /frame-ancestors 'self'/);
    const page = await request('/author.html', { headers: { Host: host, Origin: `http://${host}` } });
    assert.equal(page.status, 200);
    assert.equal(page.headers['access-control-allow-origin'], undefined, 'the site files are private here too');
  }
});

test('another Host (a DNS-rebound name) is refused, on every path', async () => {
  for (const host of ['evil.example', `evil.example:${port}`, '127.0.0.1', `127.0.0.1:${port + 1}`, `127.0.0.1:${port}.evil.example`, '']) {
    for (const p of ['/preview/notebook.json', '/preview/events', '/author.html', '/']) {
      const r = await request(p, { headers: { Host: host } });
      // Without a Host header Node's server itself answers 400 before ours runs.
      assert.equal(r.status, host === '' ? 400 : 403, `${host || '(no Host)'} ${p}`);
      assert.doesNotMatch(r.body, /draft/);
    }
  }
});

test('a request from another site\'s page (Origin) is refused', async () => {
  const r = await request('/preview/notebook.json', { headers: { Host: `127.0.0.1:${port}`, Origin: 'https://evil.example' } });
  assert.equal(r.status, 403);
  assert.doesNotMatch(r.body, /draft/);
});

test('only GET and HEAD', async () => {
  for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
    const r = await request('/preview/notebook.json', { method, headers: { Host: `127.0.0.1:${port}` } });
    assert.equal(r.status, 405, method);
    assert.equal(r.headers.allow, 'GET, HEAD');
    assert.equal(r.headers['access-control-allow-origin'], undefined);
  }
  const head = await request('/preview/notebook.json', { method: 'HEAD', headers: { Host: `127.0.0.1:${port}` } });
  assert.equal(head.status, 200);
});
