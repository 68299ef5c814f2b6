#!/usr/bin/env node
// Builds the static site in dist/ from web/ and the WebAssembly build in build/wasm/.
//
//   dist/index.html                       the list of notebooks (titles read from the JSON)
//   dist/<id>/index.html                  one notebook page (element with permalink)
//   dist/<id>/standalone.html             one self-contained file that works from file://
//   dist/notebooks/<id>.json              the documents, as written (the source link, the author page)
//   dist/notebooks/<id>.checked.json      each one's checked form: the author module's verdict and the
//                                         normalised notebook (web/src/checked-notebook.js), which the
//                                         lesson page and embed.html open, so they never load the
//                                         validator; a notebook the engine refuses stops the build.
//                                         With its Markdown read and its formulas typeset
//                                         (scripts/prerender.mjs), so they load neither markdown-it
//                                         nor KaTeX for them
//   dist/<id>/<id>-<depth>.ipynb          each notebook at each depth as a Jupyter notebook that
//                                         recomputes its numbers (the engine's `ipynb` command;
//                                         links back to ATTNBOOK_SITE_URL/<id>/ when that is set)
//   dist/notebook.schema.json             the format as JSON Schema 2020-12 (the engine's `schema`),
//                                         named by the documents' "$schema" for authors' editors
//   dist/embed.html?notebook=<id>         iframe-ready page (posts its height and the element's events)
//   dist/attention-notebook.js            the embeddable ES module (web/src/define.js bundled)
//   dist/element-*.js                     its parts imported as a notebook needs them: each cell
//                                         type's renderer, KaTeX (element-katex-*), its stylesheet,
//                                         markdown-it (element-parser-*), and code they share
//                                         (web/src/render/index.js); beside it, as they find the
//                                         fonts, the worker and the training lab next to themselves
//   dist/engine-worker.js                 the engine worker (ES module), loads ./attnbook.mjs
//   dist/worker-*.js                      its scale and training jobs (with the WebGPU host code
//                                         and shaders), imported on their first run
//   dist/attnbook.mjs, dist/attnbook.wasm copied from build/wasm: the learner's engine module
//   dist/attnbook-author.mjs/.wasm        the same engine plus the validator and the authoring
//                                         commands, loaded by the engine worker only for those (the
//                                         author page, a notebook that is not a checked form)
//   dist/attnbook-export.mjs/.wasm        the same engine plus the Jupyter export, loaded by a
//                                         lesson page only when a reader exports their settings
//   dist/training-lab.js                  the training lab's renderer, imported by the element
//                                         only when a notebook shows a training lab
//   dist/attnbook-scale.mjs/.wasm         the scale module (the attention-at-scale cell's runs), loaded
//                                         by the worker of the 'scale' lane on a cell's first Run
//   dist/attnbook-train.mjs/.wasm         the training module (the lab's TrainSession), loaded by
//                                         the worker of the 'train' lane only
//   dist/fonts/*.woff2                    KaTeX fonts (the module points its CSS at them)
//   dist/favicon.svg, dist/site.css, ...  web/pages/*.svg|css|js (the page assets)
//   dist/examples/                        web/examples (a course page embedding both ways)
//   X.br, X.gz beside each file X         precompressed copies (scripts/precompress.mjs) that
//                                         scripts/serve.mjs sends to browsers that take them
//   dist/author.html, dist/author.js      the author page: JSON editor beside the live notebook
//                                         (web/author/, CodeMirror bundled; field help read from
//                                         docs/notebook-format.md at build time)
//
// Usage: node scripts/build-site.mjs [--out DIR]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CSP_META } from './serve.mjs';
import {
  ROOT, WEB, PAGES, KATEX_CSS, KATEX_FONTS, wasmDir, escapeHtml, fill, katexCssPlugin, bundle, bundleFiles, standaloneHtml, checkedNotebook,
} from './standalone.mjs';
import { precompress } from './precompress.mjs';
import { scormPackage, SCORM_VERSIONS } from './scorm.mjs';
import { parseFieldDocs } from '../web/author/field-docs.js';
import { ID_PATTERN } from '../web/src/cell-id.js';

const outArg = process.argv.indexOf('--out');
const OUT = path.resolve(outArg >= 0 ? process.argv[outArg + 1] : path.join(ROOT, 'dist'));
const WASM = wasmDir();

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

// ---- inputs ------------------------------------------------------------------------------------
need(path.join(WASM, 'attnbook.mjs'), 'run `scripts/build wasm` first');
need(path.join(WASM, 'attnbook.wasm'), 'run `scripts/build wasm` first');
need(path.join(WASM, 'attnbook-classic.js'), 'run `scripts/build wasm` first');
need(path.join(WASM, 'attnbook-export.mjs'), 'run `scripts/build wasm` first');
need(path.join(WASM, 'attnbook-author.mjs'), 'run `scripts/build wasm` first');
need(path.join(WASM, 'attnbook-train.mjs'), 'run `scripts/build wasm` first');
need(path.join(WASM, 'attnbook-train-classic.js'), 'run `scripts/build wasm` first');
need(path.join(WASM, 'attnbook-scale.mjs'), 'run `scripts/build wasm` first');
need(path.join(WASM, 'attnbook-scale-classic.js'), 'run `scripts/build wasm` first');
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

// The embeddable module, split: what every notebook needs in attention-notebook.js, and each cell
// renderer, KaTeX and what they share in element-*.js files that it imports as a notebook shows
// them. All in the site's root: the code finds the fonts, the worker and the training lab beside
// the file it is in (import.meta.url). The worker is one ES module (separate .wasm).
const elementFiles = await bundleFiles({
  entryPoints: { 'attention-notebook': path.join(WEB, 'src', 'define.js') },
  outdir: OUT,
  entryNames: '[name]',
  chunkNames: 'element-[name]-[hash]',
  plugins: [katexCssPlugin('files')],
});
for (const f of elementFiles) write(f.path, f.contents);
// The worker and, in chunks of their own, the scale and training jobs it imports on their first run.
const workerFiles = await bundleFiles({
  entryPoints: { 'engine-worker': path.join(WEB, 'src', 'engine-worker.js') },
  outdir: OUT,
  entryNames: '[name]',
  chunkNames: 'worker-[name]-[hash]',
});
for (const f of workerFiles) write(f.path, f.contents);
// The training lab's renderer, imported by the element the first time a lab is shown
// (web/src/render/training-lab-loader.js), and the worker's training module, loaded by the worker
// on the first training job: a page without a lab downloads neither.
write('training-lab.js', await bundle({ entryPoints: [path.join(WEB, 'src', 'render', 'training-lab', 'lab.js')], format: 'esm' }));
copy(path.join(WASM, 'attnbook-train.mjs'), 'attnbook-train.mjs');
copy(path.join(WASM, 'attnbook-train.wasm'), 'attnbook-train.wasm');
// The worker's scale module, loaded by the worker of the 'scale' lane when a reader first presses
// an attention-at-scale cell's Run: a page that never runs one downloads none of it.
copy(path.join(WASM, 'attnbook-scale.mjs'), 'attnbook-scale.mjs');
copy(path.join(WASM, 'attnbook-scale.wasm'), 'attnbook-scale.wasm');
copy(path.join(WASM, 'attnbook.mjs'), 'attnbook.mjs');
copy(path.join(WASM, 'attnbook.wasm'), 'attnbook.wasm');
copy(path.join(WASM, 'attnbook-author.mjs'), 'attnbook-author.mjs');
copy(path.join(WASM, 'attnbook-author.wasm'), 'attnbook-author.wasm');
copy(path.join(WASM, 'attnbook-export.mjs'), 'attnbook-export.mjs');
copy(path.join(WASM, 'attnbook-export.wasm'), 'attnbook-export.wasm');
for (const f of fs.readdirSync(KATEX_FONTS).filter((f) => f.endsWith('.woff2'))) copy(path.join(KATEX_FONTS, f), `fonts/${f}`);
log(`attention-notebook.js and ${elementFiles.length - 1} parts, engine-worker.js, training-lab.js, attnbook.mjs/.wasm, attnbook-author.mjs/.wasm, attnbook-scale.mjs/.wasm, attnbook-train.mjs/.wasm, fonts/`);

// Shared page assets (web/pages/*.css and the page scripts).
for (const f of fs.readdirSync(PAGES).filter((f) => /\.(css|js|svg)$/.test(f) && !f.startsWith('standalone') && f !== 'embed.js')) {
  copy(path.join(PAGES, f), f);
}
// embed.js imports web/src modules (the xAPI statements) besides the element's bundle, which stays
// a separate file that the browser shares with every other page.
write('embed.js', await bundle({
  entryPoints: [path.join(PAGES, 'embed.js')],
  format: 'esm',
  external: ['./attention-notebook.js'],
  minify: false,
}));

// Documents and pages.
const csp = CSP_META;
// The Jupyter exports come from the export module (the page's engine plus the export), so they
// hold the page's numbers; a notebook the engine refuses stops the build.
const { default: createAttnbook } = await import(path.join(WASM, 'attnbook-export.mjs'));
const engine = await createAttnbook({ wasmBinary: fs.readFileSync(path.join(WASM, 'attnbook-export.wasm')) });
const siteUrl = (process.env.ATTNBOOK_SITE_URL || '').replace(/\/+$/, '');
const ipynbFiles = [];
for (const nb of notebooks) {
  copy(nb.file, `notebooks/${nb.id}.json`);
  try {
    write(`notebooks/${nb.id}.checked.json`, await checkedNotebook(fs.readFileSync(nb.file, 'utf8'), `notebooks/${nb.id}.json`, { prerendered: true }));
  } catch (e) {
    fail(e.message);
  }
  const depths = Array.isArray(nb.doc.depths) && nb.doc.depths.length ? nb.doc.depths : ['beginner'];
  write(`${nb.id}/index.html`, fill('notebook.html', { csp, id: nb.id, title: nb.title, description: nb.description, depth: depths[0] }));
  for (const depth of depths) {
    const args = { text: fs.readFileSync(nb.file, 'utf8'), name: `web/notebooks/${nb.id}.json`, depth };
    if (siteUrl) args.url = `${siteUrl}/${nb.id}/`;
    let result;
    try {
      result = JSON.parse(engine.call('ipynb', JSON.stringify(args)));
    } catch (e) {
      fail(`web/notebooks/${nb.id}.json: the Jupyter export at ${depth} failed: ${e.message}`);
    }
    write(`${nb.id}/${result.file}`, result.ipynb);
    ipynbFiles.push(`${nb.id}/${result.file}`);
  }
}
log(`${ipynbFiles.length} Jupyter notebooks (${ipynbFiles.join(', ')})`);
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

// The notebook format's JSON Schema, as the engine writes it (the `schema` command). The
// repository keeps the same file as web/notebook.schema.json, where the shipped notebooks'
// "$schema": "../notebook.schema.json" finds it; a copy the engine no longer writes stops the build.
{
  const { default: createAttnbook } = await import(pathToFileURL(path.join(WASM, 'attnbook-author.mjs')).href);
  const engine = await createAttnbook({ wasmBinary: fs.readFileSync(path.join(WASM, 'attnbook-author.wasm')) });
  const schema = JSON.parse(engine.call('schema', '{}'));
  const kept = path.join(WEB, 'notebook.schema.json');
  if (!fs.existsSync(kept) || JSON.stringify(JSON.parse(fs.readFileSync(kept, 'utf8'))) !== JSON.stringify(schema))
    fail('web/notebook.schema.json is not the engine\'s schema: run scripts/attnbook schema > web/notebook.schema.json');
  copy(kept, 'notebook.schema.json');
}

// The author page. Its bundle holds the element too (one engine worker serves the editor's checks
// and the preview), CodeMirror, and what docs/notebook-format.md says about each field.
const fieldDocs = parseFieldDocs(fs.readFileSync(path.join(ROOT, 'docs', 'notebook-format.md'), 'utf8'));
const fieldDocsPlugin = {
  name: 'attnbook-field-docs',
  setup(build) {
    build.onResolve({ filter: /^attnbook:field-docs$/ }, () => ({ path: 'field-docs', namespace: 'attnbook-field-docs' }));
    build.onLoad({ filter: /.*/, namespace: 'attnbook-field-docs' }, () => ({ contents: JSON.stringify(fieldDocs), loader: 'json' }));
  },
};
write('author.js', await bundle({
  entryPoints: [path.join(WEB, 'author', 'author-page.js')],
  format: 'esm',
  plugins: [katexCssPlugin('files'), fieldDocsPlugin],
}));
write('author.html', fill('author.html', {
  csp,
  notebookOptions: notebooks
    .map((nb) => `      <option value="${escapeHtml(nb.id)}">${escapeHtml(nb.title)} (${escapeHtml(nb.id)})</option>`)
    .join('\n'),
}));
log(`index.html, embed.html, author.html, ${notebooks.map((n) => `${n.id}/`).join(', ')}`);

// The standalone file (scripts/standalone.mjs): no ES modules, no fetch, no separate .wasm.
let sizes;
for (const nb of notebooks) {
  const page = await standaloneHtml(nb.doc);
  sizes = page;
  write(`${nb.id}/standalone.html`, page.html);
}
log(`standalone.html for ${notebooks.length} notebook(s) (${Math.round(sizes.elementBytes / 1024)} KiB element, ` +
  `${Math.round(sizes.workerBytes / 1024)} KiB worker)`);

// The SCORM packages of each notebook, one per version an LMS may import (scripts/scorm.mjs;
// scripts/attnbook package makes them for any notebook).
const zips = [];
for (const nb of notebooks) {
  for (const version of SCORM_VERSIONS) {
    const zip = await scormPackage(nb.doc, { version });
    write(`${nb.id}/${zip.name}`, zip.bytes);
    zips.push(`${nb.id}/${zip.name}`);
  }
}
log(`SCORM ${SCORM_VERSIONS.join(' and ')} packages: ${zips.join(', ')}`);

// The course-page example.
const examples = path.join(WEB, 'examples');
if (fs.existsSync(examples)) {
  for (const f of fs.readdirSync(examples)) copy(path.join(examples, f), `examples/${f}`);
  log('examples/');
}
log(`${precompress(OUT)} files precompressed (.br, .gz)`);
log(`done: ${path.relative(process.cwd(), OUT) || OUT}`);
