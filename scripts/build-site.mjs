#!/usr/bin/env node
// Builds the static site in dist/ from web/ and the WebAssembly build in build/wasm/.
//
//   dist/index.html                       the list of notebooks (titles read from the JSON)
//   dist/<id>/index.html                  one notebook page (element with permalink)
//   dist/<id>/standalone.html             one self-contained file that works from file://
//   dist/notebooks/<id>.json              the documents
//   dist/embed.html?notebook=<id>         iframe-ready page (posts its height and the element's events)
//   dist/attention-notebook.js            the embeddable ES module (web/src/define.js bundled)
//   dist/engine-worker.js                 the engine worker (ES module), loads ./attnbook.mjs
//   dist/attnbook.mjs, dist/attnbook.wasm copied from build/wasm
//   dist/fonts/*.woff2                    KaTeX fonts (the module points its CSS at them)
//   dist/favicon.svg, dist/site.css, ...  web/pages/*.svg|css|js (the page assets)
//   dist/examples/                        web/examples (a course page embedding both ways)
//
// Usage: node scripts/build-site.mjs [--out DIR]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import crypto from 'node:crypto';
import * as esbuild from 'esbuild';
import { CSP_META } from './serve.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outArg = process.argv.indexOf('--out');
const OUT = path.resolve(outArg >= 0 ? process.argv[outArg + 1] : path.join(ROOT, 'dist'));
const WASM = process.env.ATTNBOOK_BUILD_WASM || path.join(ROOT, 'build', 'wasm');
const WEB = path.join(ROOT, 'web');
const PAGES = path.join(WEB, 'pages');
const KATEX_CSS = path.join(ROOT, 'node_modules', 'katex', 'dist', 'katex.min.css');
const KATEX_FONTS = path.join(ROOT, 'node_modules', 'katex', 'dist', 'fonts');
const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

function fail(message) {
  console.error(`build-site: ${message}`);
  process.exit(1);
}
function log(message) {
  console.log(`build-site: ${message}`);
}
function need(file, hint) {
  if (!fs.existsSync(file)) fail(`${path.relative(ROOT, file)} not found; ${hint}`);
}
function write(rel, contents) {
  const file = path.join(OUT, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, contents);
}
function copy(from, rel) {
  const file = path.join(OUT, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(from, file);
}
const escapeHtml = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

// {{name}} is replaced HTML-escaped, {{{name}}} raw (only for text made safe by the callers below).
function fill(templateName, values) {
  const text = fs.readFileSync(path.join(PAGES, templateName), 'utf8');
  return text.replace(/\{\{\{?([a-zA-Z0-9_-]+)\}?\}\}/g, (m, key) => {
    if (!(key in values)) fail(`${templateName}: no value for ${m}`);
    return m.startsWith('{{{') ? String(values[key]) : escapeHtml(values[key]);
  });
}

// Text placed inside <script type="application/json">: '<' only occurs in JSON strings, where \u003c is the same.
const jsonForScript = (value) => JSON.stringify(value).replace(/</g, '\\u003c');
// JavaScript placed inside a <script> element: "</script" and "<!--" end or confuse the element.
// In JS they can only occur inside strings, regexes, templates or comments, where "<\/" and "<\!" read the same.
const jsForScript = (code) => code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');

// ---- KaTeX CSS: the element imports 'katex/dist/katex.min.css' as text. -------------------------
// KaTeX's CSS lists woff2, woff and ttf for each font; we keep only woff2 (every browser with custom
// elements reads it) and copy those files to dist/fonts/. web/src/render/maths.js moves the @font-face
// rules to the document (browsers ignore them inside shadow roots) and resolves "fonts/X.woff2"
// against the bundle's URL. For the standalone file ('data-uri') the fonts become data: URIs.
function katexCss(mode) {
  const css = fs.readFileSync(KATEX_CSS, 'utf8').replace(
    /src:url\(fonts\/([A-Za-z0-9_-]+)\.woff2\) format\("woff2"\)(,url\([^)]*\) format\("[a-z]+"\))*/g,
    (m, name) => {
      const file = `${name}.woff2`;
      const url = mode === 'data-uri'
        ? `data:font/woff2;base64,${fs.readFileSync(path.join(KATEX_FONTS, file)).toString('base64')}`
        : `fonts/${file}`;
      return `src:url(${url}) format("woff2")`;
    },
  );
  if (/url\(fonts\/[^)]*\.(woff|ttf)\)/.test(css)) fail('KaTeX CSS: unexpected @font-face src list; update katexCss()');
  return css;
}
function katexCssPlugin(mode) {
  return {
    name: 'attnbook-katex-css',
    setup(build) {
      build.onResolve({ filter: /katex\/dist\/katex(\.min)?\.css$/ }, () => ({ path: KATEX_CSS, namespace: 'katex-css' }));
      build.onLoad({ filter: /.*/, namespace: 'katex-css' }, () => ({ contents: katexCss(mode), loader: 'text' }));
    },
  };
}

const common = {
  bundle: true,
  minify: true,
  legalComments: 'none',
  target: ['es2022'],
  loader: { '.css': 'text', '.wgsl': 'text' }, // WGSL shaders (web/src/gpu/*.wgsl) bundle as text
  logLevel: 'warning',
  absWorkingDir: ROOT,
};

async function bundle(options) {
  const result = await esbuild.build({ ...common, write: false, ...options });
  return result.outputFiles[0].text;
}

// ---- inputs ------------------------------------------------------------------------------------
need(path.join(WASM, 'attnbook.mjs'), 'run `scripts/build wasm` first');
need(path.join(WASM, 'attnbook.wasm'), 'run `scripts/build wasm` first');
need(path.join(WASM, 'attnbook-classic.js'), 'run `scripts/build wasm` first');
need(path.join(WEB, 'src', 'define.js'), 'the element (web/src/define.js) is missing');
need(path.join(WEB, 'src', 'engine-worker.js'), 'the engine worker (web/src/engine-worker.js) is missing');
need(KATEX_CSS, 'run `scripts/setup` (npm packages) first');

const notebooks = [];
for (const name of fs.readdirSync(path.join(WEB, 'notebooks')).filter((f) => f.endsWith('.json')).sort()) {
  const file = path.join(WEB, 'notebooks', name);
  let doc;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    fail(`web/notebooks/${name}: not JSON: ${e.message}`);
  }
  if (typeof doc.id !== 'string' || !ID_PATTERN.test(doc.id)) fail(`web/notebooks/${name}: id must match ${ID_PATTERN}`);
  if (`${doc.id}.json` !== name) fail(`web/notebooks/${name}: file name must be the id (${doc.id}.json)`);
  if (typeof doc.title !== 'string' || !doc.title) fail(`web/notebooks/${name}: no title`);
  notebooks.push({ id: doc.id, title: doc.title, description: doc.description || '', doc, file });
}
if (notebooks.length === 0) fail('no notebooks in web/notebooks/');

// ---- output ------------------------------------------------------------------------------------
fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });

// The embeddable module and the worker (ES modules, separate .wasm).
write('attention-notebook.js', await bundle({
  entryPoints: [path.join(WEB, 'src', 'define.js')],
  format: 'esm',
  plugins: [katexCssPlugin('files')],
}));
write('engine-worker.js', await bundle({ entryPoints: [path.join(WEB, 'src', 'engine-worker.js')], format: 'esm' }));
copy(path.join(WASM, 'attnbook.mjs'), 'attnbook.mjs');
copy(path.join(WASM, 'attnbook.wasm'), 'attnbook.wasm');
for (const f of fs.readdirSync(KATEX_FONTS).filter((f) => f.endsWith('.woff2'))) copy(path.join(KATEX_FONTS, f), `fonts/${f}`);
log('attention-notebook.js, engine-worker.js, attnbook.mjs/.wasm, fonts/');

// Shared page assets (web/pages/*.css and the page scripts).
for (const f of fs.readdirSync(PAGES).filter((f) => /\.(css|js|svg)$/.test(f) && !f.startsWith('standalone'))) {
  copy(path.join(PAGES, f), f);
}

// Documents and pages.
const csp = CSP_META;
for (const nb of notebooks) {
  copy(nb.file, `notebooks/${nb.id}.json`);
  write(`${nb.id}/index.html`, fill('notebook.html', { csp, id: nb.id, title: nb.title, description: nb.description }));
}
write('index.html', fill('index.html', {
  csp,
  items: notebooks
    .map((nb) =>
      `<li class="notebook"><h2><a href="${escapeHtml(nb.id)}/">${escapeHtml(nb.title)}</a></h2>` +
      (nb.description ? `<p>${escapeHtml(nb.description)}</p>` : '') +
      `<p class="links"><a href="${escapeHtml(nb.id)}/">Open</a> · ` +
      `<a href="${escapeHtml(nb.id)}/standalone.html" download>Download as one file (works offline)</a> · ` +
      `<a href="embed.html?notebook=${escapeHtml(nb.id)}">Embed view</a></p></li>`)
    .join('\n'),
}));
write('embed.html', fill('embed.html', { csp }));
log(`index.html, embed.html, ${notebooks.map((n) => `${n.id}/`).join(', ')}`);

// The standalone file: no ES modules, no fetch, no separate .wasm.
//   - the worker: build/wasm/attnbook-classic.js (global createAttnbook, .wasm inlined as base64) followed by
//     web/src/engine-worker.js bundled as a classic script; the page starts it from a Blob URL;
//   - the element: web/pages/standalone-entry.js (sets the worker factory, then defines the element), IIFE;
//   - the notebook: an inline <script type="application/json"> child of the element;
//   - KaTeX fonts as data: URIs.
const iifeDefines = { 'import.meta.url': 'location.href' };
const workerClassic =
  fs.readFileSync(path.join(WASM, 'attnbook-classic.js'), 'utf8') +
  '\n;self.createAttnbook = createAttnbook;\n' +
  (await bundle({ entryPoints: [path.join(WEB, 'src', 'engine-worker.js')], format: 'iife', define: iifeDefines }));
const elementIife = await bundle({
  entryPoints: [path.join(PAGES, 'standalone-entry.js')],
  format: 'iife',
  define: iifeDefines,
  plugins: [katexCssPlugin('data-uri')],
});
const pageCss = fs.readFileSync(path.join(PAGES, 'site.css'), 'utf8');
// The site's favicon.svg, inline (the standalone file fetches nothing; its policy allows img-src data:).
const faviconDataUri = `data:image/svg+xml,${encodeURIComponent(fs.readFileSync(path.join(PAGES, 'favicon.svg'), 'utf8').trim())}`;
// Its own strict policy: the one executable inline script is allowed by its hash; the engine runs
// in a blob: worker (which inherits this policy), the fonts are data: URIs, nothing may be fetched.
const elementScript = jsForScript(elementIife);
const standaloneCsp = [
  "default-src 'none'",
  `script-src 'sha256-${crypto.createHash('sha256').update(elementScript).digest('base64')}' 'wasm-unsafe-eval'`,
  "style-src 'unsafe-inline'",
  'img-src data:',
  'font-src data:',
  'worker-src blob:',
  "connect-src 'none'",
].join('; ');
for (const nb of notebooks) {
  write(`${nb.id}/standalone.html`, fill('standalone.html', {
    csp: standaloneCsp,
    id: nb.id,
    title: nb.title,
    style: pageCss.replace(/<\/style/gi, '<\\/style'),
    worker: jsForScript(workerClassic),
    element: elementScript,
    notebook: jsonForScript(nb.doc),
    favicon: faviconDataUri,
  }));
}
log(`standalone.html for ${notebooks.length} notebook(s) (${Math.round(elementIife.length / 1024)} KiB element, ` +
  `${Math.round(workerClassic.length / 1024)} KiB worker)`);

// The course-page example.
const examples = path.join(WEB, 'examples');
if (fs.existsSync(examples)) {
  for (const f of fs.readdirSync(examples)) copy(path.join(examples, f), `examples/${f}`);
  log('examples/');
}
log(`done: ${path.relative(process.cwd(), OUT) || OUT}`);
