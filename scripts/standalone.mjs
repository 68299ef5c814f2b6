// The single-file notebook page (dist/<id>/standalone.html, and the launch file of the SCORM
// package): no ES modules, no fetch, no separate .wasm, so it works from file:// and inside an LMS.
//   - the worker: build/wasm/attnbook-classic.js (global createAttnbook, .wasm inlined as base64) followed by
//     web/src/engine-worker.js bundled as a classic script; the page starts it from a Blob URL;
//   - the element: an entry such as web/pages/standalone-entry.js (sets the worker factory, then
//     defines the element), bundled as one classic script;
//   - the notebook: its checked form (web/src/checked-notebook.js), validated here by the author
//     module, as an inline <script type="application/json"> child of the element: the page's engine
//     is the learner's module (attnbook-classic.js), which has no validator;
//   - KaTeX fonts as data: URIs.
// Used by scripts/build-site.mjs and scripts/package.mjs.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { checkedText } from '../web/src/checked-notebook.js';
import { prerender } from './prerender.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB = path.join(ROOT, 'web');
export const PAGES = path.join(WEB, 'pages');
const KATEX_CSS = path.join(ROOT, 'node_modules', 'katex', 'dist', 'katex.min.css');
const KATEX_FONTS = path.join(ROOT, 'node_modules', 'katex', 'dist', 'fonts');
export const wasmDir = () => process.env.ATTNBOOK_BUILD_WASM || path.join(ROOT, 'build', 'wasm');

export const escapeHtml = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

// {{name}} is replaced HTML-escaped, {{{name}}} raw (only for text made safe by the callers);
// {{> part}} is web/pages/part.html filled with the same values (head.html: the doctype, charset,
// viewport and security policy every page starts with, written once).
export function fill(templateName, values) {
  const text = fs.readFileSync(path.join(PAGES, templateName), 'utf8')
    .replace(/\{\{> ([a-z-]+)\}\}\n/g, (m, part) => fs.readFileSync(path.join(PAGES, `${part}.html`), 'utf8'));
  return text.replace(/\{\{\{?([a-zA-Z0-9_-]+)\}?\}\}/g, (m, key) => {
    if (!(key in values)) throw new Error(`${templateName}: no value for ${m}`);
    return m.startsWith('{{{') ? String(values[key]) : escapeHtml(values[key]);
  });
}

// JSON text placed inside <script type="application/json">: '<' only occurs in JSON strings, where \u003c is the same.
export const jsonForScript = (text) => text.replace(/</g, '\\u003c');
// JavaScript placed inside a <script> element: "</script" and "<!--" end or confuse the element.
// In JS they can only occur inside strings, regexes, templates or comments, where "<\/" and "<\!" read the same.
export const jsForScript = (code) => code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');

// ---- KaTeX CSS: the element imports 'katex/dist/katex.min.css' as text. -------------------------
// KaTeX's CSS lists woff2, woff and ttf for each font; we keep only woff2 (every browser with custom
// elements reads it) and copy those files to dist/fonts/. web/src/render/maths.js moves the @font-face
// rules to the document (browsers ignore them inside shadow roots) and resolves "fonts/X.woff2"
// against the bundle's URL. For the standalone file ('data-uri') the fonts become data: URIs.
export function katexCss(mode) {
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
  if (/url\(fonts\/[^)]*\.(woff|ttf)\)/.test(css)) throw new Error('KaTeX CSS: unexpected @font-face src list; update katexCss()');
  return css;
}
export function katexCssPlugin(mode) {
  return {
    name: 'attnbook-katex-css',
    setup(build) {
      build.onResolve({ filter: /katex\/dist\/katex(\.min)?\.css$/ }, () => ({ path: KATEX_CSS, namespace: 'katex-css' }));
      build.onLoad({ filter: /.*/, namespace: 'katex-css' }, () => ({ contents: katexCss(mode), loader: 'text' }));
    },
  };
}
export { KATEX_CSS, KATEX_FONTS };

const common = {
  bundle: true,
  minify: true,
  legalComments: 'none',
  target: ['es2022'],
  loader: { '.css': 'text', '.wgsl': 'text' }, // WGSL shaders (web/src/gpu/*.wgsl) bundle as text
  logLevel: 'warning',
  absWorkingDir: ROOT,
};

// The engine's own `limits` answer, asked of the author module (the learner's engine with the
// commands no page calls at run time, `limits` among them), once per process:
// web/src/engine-limits.js imports it as 'attnbook:engine-limits', so every bundle of the element
// carries the limits of the engine built with it and no page starts an engine only to learn them
// (tests/wasm/engine-limits.test.mjs compares the bundled answer with the engine's).
let limitsText = null;
export function engineLimitsText() {
  limitsText ||= (async () => {
    const { default: create } = await import(pathToFileURL(path.join(wasmDir(), 'attnbook-author.mjs')).href);
    const engine = await create({ wasmBinary: fs.readFileSync(path.join(wasmDir(), 'attnbook-author.wasm')) });
    return engine.call('limits', '{}');
  })();
  return limitsText;
}
export const engineLimitsPlugin = {
  name: 'attnbook-engine-limits',
  setup(build) {
    build.onResolve({ filter: /^attnbook:engine-limits$/ }, () => ({ path: 'limits', namespace: 'attnbook-engine-limits' }));
    build.onLoad({ filter: /.*/, namespace: 'attnbook-engine-limits' }, async () => ({ contents: await engineLimitsText(), loader: 'json' }));
  },
};
// Every bundle gets the engine's limits (plugins given by the caller come after).
const withLimits = (options) => ({ ...common, write: false, ...options, plugins: [engineLimitsPlugin, ...(options.plugins ?? [])] });

export async function bundle(options) {
  const result = await esbuild.build(withLimits(options));
  return result.outputFiles[0].text;
}

let authorEngine = null;

/**
 * The checked form's text (web/src/checked-notebook.js) of the notebook `text`, named `source`:
 * the author module's `validate` answer, and with `prerendered` its Markdown and formulas read and
 * typeset for the page (./prerender.mjs). A notebook with problems throws, naming the first.
 */
export async function checkedNotebook(text, source, { prerendered = false } = {}) {
  authorEngine ||= (async () => {
    const { default: create } = await import(pathToFileURL(path.join(wasmDir(), 'attnbook-author.mjs')).href);
    return create({ wasmBinary: fs.readFileSync(path.join(wasmDir(), 'attnbook-author.wasm')) });
  })();
  const verdict = JSON.parse((await authorEngine).call('validate', JSON.stringify({ text, name: source })));
  if (!verdict.ok) {
    const [first] = verdict.errors;
    throw new Error(`${source} is not a valid notebook (${verdict.errors.length} problem(s); the first: ${first.where}: ${first.message})`);
  }
  return checkedText(verdict, source, prerendered ? prerender(verdict.notebook) : undefined);
}

/** A bundle split into files (esbuild's splitting, ES modules): [{path relative to outdir, contents}]. */
export async function bundleFiles(options) {
  const result = await esbuild.build(withLimits({ format: 'esm', splitting: true, ...options }));
  return result.outputFiles.map((f) => ({ path: path.relative(options.outdir, f.path), contents: f.contents }));
}

const iifeDefines = { 'import.meta.url': 'location.href' };

// The single-file page cannot import a second file: the training lab's code is bundled in
// (training-lab-inline.js in place of training-lab-loader.js, web/src/render/training-lab.js).
export const inlineTrainingLabPlugin = {
  name: 'attnbook-inline-training-lab',
  setup(build) {
    build.onResolve({ filter: /\/training-lab-loader\.js$/ }, (args) => ({
      path: path.join(path.dirname(path.resolve(args.resolveDir, args.path)), 'training-lab-inline.js'),
    }));
  },
};

const hasCell = (doc, type) => Array.isArray(doc?.cells) && doc.cells.some((c) => c && c.type === type);
/** True when the notebook shows a training lab (its single-file page then carries the training module). */
export const hasTrainingLab = (doc) => hasCell(doc, 'training-lab');
/** True when the notebook shows an attention-at-scale cell (its single-file page then carries the scale module). */
export const hasAttentionScale = (doc) => hasCell(doc, 'attention-scale');
const cache = new Map();

/**
 * The worker's classic script (engine with the .wasm inlined, then the worker), built once per
 * process; `scale`, `train`: with the scale module's, the training module's classic script in front
 * too (globals createAttnbookScale, createAttnbookTrain), for a notebook with an attention-at-scale
 * cell, a training lab.
 */
async function workerClassic({ scale = false, train = false } = {}) {
  const key = `worker${scale ? '+scale' : ''}${train ? '+train' : ''}`;
  if (!cache.has(key)) {
    const wasm = wasmDir();
    const classic = (file, global) => `${fs.readFileSync(path.join(wasm, file), 'utf8')}\n;self.${global} = ${global};\n`;
    cache.set(key,
      classic('attnbook-classic.js', 'createAttnbook') +
      (scale ? classic('attnbook-scale-classic.js', 'createAttnbookScale') : '') +
      (train ? classic('attnbook-train-classic.js', 'createAttnbookTrain') : '') +
      (await bundle({ entryPoints: [path.join(WEB, 'src', 'engine-worker.js')], format: 'iife', define: iifeDefines })));
  }
  return cache.get(key);
}

/** The element's classic script for `entry` (a path under ROOT), built once per process. */
async function elementScript(entry) {
  if (!cache.has(entry)) {
    cache.set(entry, jsForScript(await bundle({
      entryPoints: [path.join(ROOT, entry)],
      format: 'iife',
      define: iifeDefines,
      plugins: [katexCssPlugin('data-uri'), inlineTrainingLabPlugin],
    })));
  }
  return cache.get(entry);
}

/**
 * The standalone page for notebook `doc` (the parsed JSON; validated here, and carried checked). `entry`: the element's entry script
 * (default: web/pages/standalone-entry.js; the SCORM package uses web/scorm/scorm-entry.js).
 * Returns {html, elementBytes, workerBytes}.
 */
export async function standaloneHtml(doc, { entry = 'web/pages/standalone-entry.js', note } = {}) {
  const element = await elementScript(entry);
  const worker = await workerClassic({ scale: hasAttentionScale(doc), train: hasTrainingLab(doc) });
  const pageCss = fs.readFileSync(path.join(PAGES, 'site.css'), 'utf8');
  // The site's favicon.svg, inline (the standalone file fetches nothing; its policy allows img-src data:).
  const favicon = `data:image/svg+xml,${encodeURIComponent(fs.readFileSync(path.join(PAGES, 'favicon.svg'), 'utf8').trim())}`;
  // Its own strict policy: the one executable inline script is allowed by its hash; the engine runs
  // in a blob: worker (which inherits this policy), the fonts are data: URIs, nothing may be fetched.
  const csp = [
    "default-src 'none'",
    `script-src 'sha256-${crypto.createHash('sha256').update(element).digest('base64')}' 'wasm-unsafe-eval'`,
    "style-src 'unsafe-inline'",
    'img-src data:',
    'font-src data:',
    'worker-src blob:',
    "connect-src 'none'",
  ].join('; ');
  const html = fill('standalone.html', {
    csp,
    id: doc.id,
    title: doc.title,
    note: note || 'One file: works offline, nothing is sent anywhere.',
    style: pageCss.replace(/<\/style/gi, '<\\/style'),
    worker: jsForScript(worker),
    element,
    notebook: jsonForScript(await checkedNotebook(JSON.stringify(doc), `${doc.id}.json`)),
    favicon,
  });
  return { html, elementBytes: element.length, workerBytes: worker.length };
}
