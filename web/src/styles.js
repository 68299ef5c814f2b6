// The element's own stylesheet (inside its shadow root).
//
// Theming. Set these custom properties on the element (or any ancestor) to restyle it:
//   --attnbook-font         body font stack            (default: system UI sans-serif)
//   --attnbook-mono         numbers and code           (default: ui-monospace stack)
//   --attnbook-bg           background                  light #ffffff
//   --attnbook-fg           text                        light #1b1e24
//   --attnbook-muted        secondary text              light #535b68 (>= 4.5:1 on bg)
//   --attnbook-accent       links, focus, controls      light #1d5fc4
//   --attnbook-surface      panels, table headers       light #f4f6f9
//   --attnbook-border       rules and outlines          light #d5dae2
//   --attnbook-query        the query q                 light #a84d05 (amber)
//   --attnbook-output       the output o                light #0b7268 (teal)
//   --attnbook-error        validation errors           light #b42318
//   --attnbook-radius       corner radius               6px
//   --attnbook-max-width    reading width of the column 46rem
// Dark theme: the same names with "-dark" after "attnbook" (--attnbook-dark-bg, ...).
// The dark theme applies with theme="dark", or with theme="auto" (the default) when the
// reader's system prefers a dark colour scheme; theme="light" forces light.

import { lessonStyles } from './render/lesson-styles.js';

const light = `
  --_bg: var(--attnbook-bg, #ffffff);
  --_fg: var(--attnbook-fg, #1b1e24);
  --_muted: var(--attnbook-muted, #535b68);
  --_accent: var(--attnbook-accent, #1d5fc4);
  --_surface: var(--attnbook-surface, #f4f6f9);
  --_border: var(--attnbook-border, #d5dae2);
  --_query: var(--attnbook-query, #a84d05);
  --_output: var(--attnbook-output, #0b7268);
  --_error: var(--attnbook-error, #b42318);
  --_ok: #1a7f37;
  --_src-0: #1f5fd1; --_src-1: #b0179f; --_src-2: #2f7d1e; --_src-3: #c62828;
  --_src-4: #6b3fd4; --_src-5: #0a7a94; --_src-6: #8a6400; --_src-7: #5a6472;
  color-scheme: light;
`;
const dark = `
  --_bg: var(--attnbook-dark-bg, #15171b);
  --_fg: var(--attnbook-dark-fg, #e7e9ed);
  --_muted: var(--attnbook-dark-muted, #a7afbb);
  --_accent: var(--attnbook-dark-accent, #82b1ff);
  --_surface: var(--attnbook-dark-surface, #1e2128);
  --_border: var(--attnbook-dark-border, #3a404b);
  --_query: var(--attnbook-dark-query, #f5a524);
  --_output: var(--attnbook-dark-output, #34d3bd);
  --_error: var(--attnbook-dark-error, #ff8f85);
  --_ok: #5bd37a;
  --_src-0: #7ea6ff; --_src-1: #ee86e0; --_src-2: #7fd36a; --_src-3: #ff8a80;
  --_src-4: #b69cff; --_src-5: #4fd0ec; --_src-6: #e8c25a; --_src-7: #b8c0cc;
  color-scheme: dark;
`;

export const styles = `
:host {
  ${light}
  display: block;
  box-sizing: border-box;
  background: var(--_bg);
  color: var(--_fg);
  font-family: var(--attnbook-font, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif);
  font-size: 1rem;
  line-height: 1.6;
  --_mono: var(--attnbook-mono, ui-monospace, "SF Mono", "Cascadia Mono", Menlo, Consolas, monospace);
  --_radius: var(--attnbook-radius, 6px);
  container-type: inline-size;
  border-radius: var(--_radius);
  /* Nothing the element draws paints or scrolls outside its own box: author TeX can move ink
     anywhere (a negative kern inside an rlap), and the host page's layout is not the notebook's to grow. */
  contain: paint;
}
:host([hidden]) { display: none; }
:host([theme="dark"]) { ${dark} }
@media (prefers-color-scheme: dark) {
  :host(:not([theme="light"])) { ${dark} }
}
*, *::before, *::after { box-sizing: inherit; }
[hidden] { display: none !important; }

.frame { max-width: var(--attnbook-max-width, 46rem); margin: 0 auto; padding: 1.25rem 1rem 2rem; }
header.nb-head { border-bottom: 1px solid var(--_border); padding-bottom: .9rem; margin-bottom: 1.25rem; }
.nb-title { font-size: 1.7rem; line-height: 1.2; margin: 0 0 .35rem; letter-spacing: -0.01em; }
.nb-desc { color: var(--_muted); margin: 0 0 .9rem; }
.toolbar { display: flex; flex-wrap: wrap; gap: .75rem 1.25rem; align-items: center; }
/* The depth switch stays in reach while the reader scrolls the notebook (issue 19). */
/* A cell scrolled to (a link, a focus move) lands below the sticky depth bar, not under it. */
.cells > section, .cells h2, .cells h3 { scroll-margin-top: calc(var(--_bar, 3rem) + .75rem); }
/* contents ("On this page"): generated from the headings shown at the reader's depth */
nav.contents ol { margin: 0; padding-left: 2.1rem; }
nav.contents li { margin: .2rem 0; }
nav.contents li > ol { padding-left: 1.1rem; }
.toc-label { font-weight: 600; margin: 0 0 .3rem; }
.depth-bar { position: sticky; top: 0; z-index: 4; background: var(--_bg); padding: .45rem 0; margin: -.6rem 0 1rem; border-bottom: 1px solid var(--_border); }

/* depth: a segmented control made of native radios */
fieldset.depth { border: 0; padding: 0; margin: 0; display: flex; align-items: center; gap: .6rem; flex-wrap: wrap; }
fieldset.depth legend { float: left; padding: 0; margin-right: .6rem; font-size: .85rem; color: var(--_muted); }
.segments { display: inline-flex; border: 1px solid var(--_border); border-radius: 999px; padding: 2px; background: var(--_surface); }
.segments label { position: relative; cursor: pointer; }
.segments input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
.segments span { display: block; padding: .3rem .9rem; border-radius: 999px; font-size: .9rem; color: var(--_fg); }
.segments input:checked + span { background: var(--_accent); color: var(--_bg); font-weight: 600; }
.segments input:focus-visible + span { outline: 2px solid var(--_accent); outline-offset: 2px; }

/* progress */
.progress { display: flex; align-items: center; gap: .6rem; font-size: .85rem; color: var(--_muted); margin: .5rem 0; }
.progress progress { flex: 1; max-width: 16rem; height: .5rem; accent-color: var(--_accent); }

/* cells */
.cell { margin: 0 0 1.75rem; }
.cell > h2.cell-title, .cell-title { font-size: 1.2rem; line-height: 1.3; margin: 0 0 .6rem; }
.cell.boxed { border: 1px solid var(--_border); border-radius: var(--_radius); padding: 1rem; background: var(--_bg); }
/* A cell's content starts right under its title, or at the top of its box when it has none, and
   ends at the bottom of its box: no stray margins of the first and last blocks inside. */
.cell > :is(:first-child, .cell-title + *) > :first-child { margin-top: 0; }
.cell.boxed > :last-child > :last-child,
.cell.boxed > :last-child > :last-child > :last-child { margin-bottom: 0; }
/* Display maths: a modest gap to the text around it. A maths cell right after a prose cell
   continues that prose ("... for one query-key pair:"), so it sits closer than a new cell would. */
.maths-cell .katex-display { margin: .5em 0; }
.cell-prose:not([hidden]) + .cell-maths:not(:has(> .cell-title)) { margin-top: -.85rem; }
.cell-prose .katex-display { margin: .6em 0; }
.prose :is(h2, h3, h4, h5, h6) { line-height: 1.25; margin: 1.2rem 0 .5rem; font-size: 1.05rem; }
.prose > :first-child { margin-top: 0; }
.prose p { margin: 0 0 .8rem; }
.prose ul, .prose ol { margin: 0 0 .8rem; padding-left: 1.4rem; }
.prose li { margin: .15rem 0; }
a { color: var(--_accent); text-underline-offset: 2px; }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible, svg:focus-visible, [tabindex]:focus-visible {
  outline: 2px solid var(--_accent); outline-offset: 2px;
}
code { font-family: var(--_mono); font-size: .9em; background: var(--_surface); border: 1px solid var(--_border); border-radius: 4px; padding: 0 .25em; }
pre { font-family: var(--_mono); font-size: .85rem; line-height: 1.5; background: var(--_surface); border: 1px solid var(--_border); border-radius: var(--_radius); padding: .75rem 1rem; overflow-x: auto; margin: 0 0 .8rem; }
pre code { background: none; border: 0; padding: 0; font-size: inherit; }
.muted, .note { color: var(--_muted); font-size: .9rem; }
.maths-block { overflow-x: auto; overflow-y: hidden; padding: .25rem 0; }
.maths-error { color: var(--_error); }
/* A formula waiting to be typeset (render/typesetter.js) shows its TeX, quietly. */
.maths-pending { color: var(--_muted); font-family: var(--_mono); font-size: .9em; overflow-wrap: anywhere; }
@container (max-width: 30rem) { .maths-block .katex-display > .katex { font-size: 1.05em; } }
/* KaTeX places the parts of a formula with position: relative (about 20 for the formulas of issue 20),
   each a paint layer, and Chromium paints the page's layers one by one in every frame that changes
   anything (a slice of typesetting), unchanged ones too: 44 ms a frame for 500 formulas on an idle
   machine, 100 ms and more on a loaded one. Each base (a piece of a formula) is such a layer already;
   as a stacking context too, Chromium keeps and reuses it whole while it does not change (5 ms for
   the same 500). Nothing in KaTeX's output uses z-index, so the painting order stays the same. */
.katex .katex-base { isolation: isolate; }
.caption { color: var(--_muted); font-size: .9rem; margin-top: .3rem; }

/* numbers and tables */
.num { font-family: var(--_mono); font-variant-numeric: tabular-nums; white-space: nowrap; }
.table-wrap { overflow-x: auto; margin: 0 0 .8rem; }
table { border-collapse: collapse; font-size: .92rem; }
.explorable table, .scaling-study table { width: 100%; }
.matrices { display: flex; flex-wrap: wrap; gap: .8rem 1.75rem; align-items: flex-start; }
.matrices > .table-wrap { margin: 0; }
.hand-results { margin-top: 1rem; }
.matrix table { width: auto; }
.matrix caption { white-space: nowrap; }
.vec, .nowrap { white-space: nowrap; }
@container (max-width: 30rem) {
  table { font-size: .82rem; }
  th, td { padding: .3rem .35rem; }
  /* A vector may break after its comma rather than push the table past the column. */
  td .vec { white-space: normal; }
  td .vec .num { white-space: nowrap; }
}
caption { text-align: left; font-weight: 600; padding: 0 0 .4rem; }
th, td { padding: .35rem .6rem; border-bottom: 1px solid var(--_border); text-align: right; vertical-align: baseline; }
th { background: var(--_surface); font-weight: 600; font-size: .85rem; }
thead th { vertical-align: bottom; }
th[scope="row"], td.label, th.label { text-align: left; }
/* Row labels share the size and baseline of the numbers in their row. */
tbody th { background: none; font-size: inherit; }
th[scope="row"].numeric { text-align: right; }
tbody tr:last-child td, tbody tr:last-child th { border-bottom: 0; }
tr.masked td, tr.masked th { color: var(--_muted); }
.swatch { display: inline-block; width: .7rem; height: .7rem; border-radius: 2px; background: var(--c); margin-right: .4rem; vertical-align: baseline; }

/* source colours */
${Array.from({ length: 8 }, (_, i) => `.src-${i} { --c: var(--_src-${i}); }`).join('\n')}
.query { --c: var(--_query); }
.output { --c: var(--_output); }

/* explorable */
.planes { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; margin: .5rem 0 1rem; }
.plane { margin: 0; min-width: 0; }
.plane figcaption { font-size: .85rem; color: var(--_muted); margin-top: .25rem; }
.zoom-bar { display: flex; align-items: center; gap: .35rem; margin-top: .3rem; font-size: .85rem; }
.zoom-bar button.zoom { min-width: 2rem; padding: .1rem .4rem; font-weight: 700; }
.zoom-bar button.zoom[aria-disabled="true"] { opacity: .55; cursor: default; }
.plane svg { width: 100%; height: auto; display: block; background: var(--_surface); border: 1px solid var(--_border); border-radius: var(--_radius); touch-action: none; }
.plane svg .grid { stroke: var(--_border); stroke-width: 1; vector-effect: non-scaling-stroke; }
.plane svg .axis { stroke: var(--_muted); stroke-width: 1.2; vector-effect: non-scaling-stroke; }
.plane svg .arrow { stroke: var(--c); stroke-width: 2.5; vector-effect: non-scaling-stroke; fill: none; }
.plane svg .arrow-head { fill: var(--c); }
.plane svg .masked .arrow { stroke-dasharray: 4 4; opacity: .55; }
.plane svg text { font-family: var(--attnbook-font, system-ui, sans-serif); font-size: 13px; fill: var(--c, var(--_fg)); font-weight: 600; paint-order: stroke; stroke: var(--_surface); stroke-width: 3px; }
.plane svg .hull { fill: var(--_output); fill-opacity: .10; stroke: var(--_output); stroke-opacity: .6; stroke-dasharray: 5 4; vector-effect: non-scaling-stroke; }
.plane svg .handle { fill: var(--_query); stroke: var(--_bg); stroke-width: 2; vector-effect: non-scaling-stroke; cursor: grab; }
.plane svg .handle-halo { fill: var(--_query); fill-opacity: .18; }
.plane svg.dragging .handle { cursor: grabbing; }
.plane svg .out-dot { fill: var(--_output); stroke: var(--_bg); stroke-width: 2; vector-effect: non-scaling-stroke; }
.plane svg .ref-ring { fill: none; stroke: var(--_query); stroke-width: 1.5; vector-effect: non-scaling-stroke; stroke-dasharray: 3 3; }
.plane svg .carry { stroke: var(--c); stroke-width: 2; vector-effect: non-scaling-stroke; opacity: .9; }
.plane svg .value .arrow { stroke-width: 1.5; opacity: .45; }
.plane svg .value .arrow-head { opacity: .45; }
.plane svg .value text { font-weight: 500; font-size: 12px; }
.plane svg .carry .arrow { stroke-width: 3.5; opacity: 1; }
.plane svg .tick { font-size: 10px; font-weight: 400; fill: var(--_muted); stroke-width: 2px; }
.plane svg .projection { stroke: var(--c); stroke-width: 1; stroke-dasharray: 2 3; vector-effect: non-scaling-stroke; opacity: .8; }
.plane svg .reach { stroke: var(--c); stroke-width: 6; stroke-linecap: round; vector-effect: non-scaling-stroke; opacity: .22; }
.plane svg text.output { fill: var(--_output); }
.scale-text { display: block; }
.line-figure { margin: .25rem 0 .5rem; }
.line-figure figcaption { font-size: .85rem; color: var(--_muted); }
svg.number-line { width: 100%; height: auto; display: block; }
svg.number-line .axis { stroke: var(--_muted); stroke-width: 1.2; }
svg.number-line .tick-mark { stroke: var(--_muted); stroke-width: 1; }
svg.number-line text { font-family: var(--attnbook-font, system-ui, sans-serif); font-size: 13px; font-weight: 600; fill: var(--c, var(--_fg)); paint-order: stroke; stroke: var(--_bg); stroke-width: 3px; }
svg.number-line .tick { font-size: 11px; font-weight: 400; fill: var(--_muted); }
svg.number-line .score-dot { fill: var(--c); stroke: var(--_bg); stroke-width: 1.5; }
svg.number-line .masked .score-dot { fill: var(--_bg); stroke: var(--c); stroke-dasharray: 2 2; }
.entry-errors { display: flex; flex-direction: column; }
.entry-error { color: var(--_error); font-size: .85rem; }
.entry-error:empty { display: none; }
input[aria-invalid="true"], textarea[aria-invalid="true"] { border-color: var(--_error); outline: 2px solid var(--_error); outline-offset: 0; }
.ref { display: block; font-size: .75rem; color: var(--_muted); white-space: nowrap; }
/* Numbers kept on screen after an input that could not be computed (render/stale.js). */
[data-stale="true"] { opacity: .45; filter: grayscale(1); }
.stale-note { font-size: .88rem; font-weight: 600; color: var(--_error); margin: .3rem 0; }
.ref.changed .mark { color: var(--_query); font-weight: 700; }
/* In the explorable's table a reference value may wrap (its mark on the next line) and a vector
   may break after a comma: the table fits its box instead of cutting the Carry column. */
table.stack .ref { white-space: normal; }
table.stack .ref .mark { white-space: nowrap; display: inline-block; }
table.stack td .vec { white-space: normal; }
table.stack td .vec .num { white-space: nowrap; }
/* Narrow: one card per source, each number under its column's name. */
@container (max-width: 34rem) {
  table.stack, table.stack tbody, table.stack tr, table.stack th, table.stack td { display: block; }
  table.stack caption { display: block; }
  table.stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table.stack tr { display: grid; grid-template-columns: repeat(auto-fill, minmax(8.5rem, 1fr)); gap: .15rem .75rem; padding: .4rem 0; border-bottom: 1px solid var(--_border); }
  table.stack tbody tr:last-child { border-bottom: 0; }
  table.stack tr > th[scope="row"] { grid-column: 1 / -1; border: 0; padding: 0; }
  table.stack td { border: 0; padding: 0; text-align: left; min-width: 0; }
  table.stack td::before { content: attr(data-label); display: block; font-size: .75rem; color: var(--_muted); }
}
.ref.same .mark { color: var(--_output); }
.stats .ref { display: inline; margin-left: .35rem; }
.comparison { margin: .5rem 0; font-size: .92rem; }
.comparison p { margin: .25rem 0; }
.compare-summary { font-weight: 600; }
.goal { padding: .35rem .7rem; border: 1px dashed var(--_border); border-radius: var(--_radius); font-size: .92rem; }
.goal.met { border: 1px solid var(--_ok); color: var(--_ok); font-weight: 600; }
.presets button { font-family: var(--_mono); font-size: .82rem; padding: .2rem .6rem; }
.source-text { list-style: none; padding: 0; margin: .25rem 0; display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; font-size: .9rem; }
.source-text .masked { color: var(--_muted); }
.source-edit { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem .75rem; margin: .35rem 0; }
.source-edit .name { font-weight: 700; min-width: 2rem; }
.vec-edit { font-family: var(--_mono); font-size: .9rem; display: inline-flex; align-items: center; gap: .2rem; }
.vec-edit input[type="number"] { width: 4.5rem; }
.copy-status { font-size: .85rem; color: var(--_muted); }
.controls { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; margin: .25rem 0 .75rem; }
.controls label { font-size: .9rem; display: inline-flex; align-items: center; gap: .35rem; }
/* Narrow: the query's name on its own line, its fields and Reset together on the next. */
@container (max-width: 26rem) {
  .controls { gap: .5rem .75rem; }
  .controls > .query { flex-basis: 100%; }
  input[type="number"] { width: 4.75rem; }
}
input[type="number"], input[type="text"], textarea, select {
  font: inherit; font-family: var(--_mono); font-size: .9rem; color: var(--_fg); background: var(--_bg);
  border: 1px solid var(--_border); border-radius: 4px; padding: .2rem .4rem; min-width: 0;
}
input[type="number"] { width: 5.5rem; }
select { font-family: inherit; }
button {
  font: inherit; font-size: .9rem; color: var(--_fg); background: var(--_surface); border: 1px solid var(--_border);
  border-radius: 999px; padding: .3rem .9rem; cursor: pointer;
}
button.primary { background: var(--_accent); border-color: var(--_accent); color: var(--_bg); font-weight: 600; }
button:disabled { opacity: .55; cursor: default; }
.mask-toggles { border: 0; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .35rem .9rem; }
.mask-toggles legend { font-size: .9rem; padding: 0; margin-bottom: .25rem; color: var(--_muted); }
.share-strip { display: flex; height: 1.6rem; border-radius: var(--_radius); overflow: hidden; border: 1px solid var(--_border); margin: .35rem 0 .25rem; background: var(--_surface); }
.share-strip.ref-strip { height: .5rem; margin: 0; opacity: .75; }
.ref-strip-label { margin: .1rem 0 .4rem; font-size: .8rem; }
.share-strip > div { background: var(--c); min-width: 0; display: flex; align-items: center; justify-content: center; color: var(--_bg); font-size: .78rem; font-weight: 700; overflow: hidden; white-space: nowrap; }
.summary { border-left: 3px solid var(--_accent); padding: .4rem .8rem; margin: .75rem 0; background: var(--_surface); border-radius: 0 var(--_radius) var(--_radius) 0; }
.stats { display: flex; flex-wrap: wrap; gap: .25rem 1.5rem; font-size: .92rem; margin: .25rem 0 .75rem; }
details { margin: .5rem 0; }
summary { cursor: pointer; color: var(--_accent); font-size: .92rem; }
.exact-list { font-family: var(--_mono); font-size: .8rem; white-space: pre-wrap; word-break: break-all; }

/* Narrow: match and mix stay side by side (both visible while dragging), with larger labels. */
@container (max-width: 34rem) {
  .planes { gap: .35rem; }
  .plane svg text, .plane svg .value text { font-size: 26px; stroke-width: 5px; }
  .plane svg .tick { font-size: 18px; }
  .plane figcaption { font-size: .75rem; }
  svg.number-line text { font-size: 24px; }
  svg.number-line .tick { font-size: 20px; }
}

/* held sequence */
.row-picker { border: 0; padding: 0; margin: 0 0 .5rem; display: flex; flex-wrap: wrap; gap: .3rem 1rem; }
.row-picker legend { font-size: .9rem; color: var(--_muted); padding: 0; margin-bottom: .25rem; }
.value-editor { margin: .25rem 0 .75rem; }
.mask-title { font-weight: 600; margin: .5rem 0 .25rem; }
.mask-matrix { width: auto; margin: 0 0 .5rem; }
.value-editor .vec-edit { margin-right: .75rem; }
.mask-matrix td, .mask-matrix th { text-align: center; }
.weights-grid { display: grid; gap: 3px; max-width: 22rem; margin: .25rem 0 .75rem; font-size: .85rem; }
.weights-grid .heat-head { font-weight: 700; text-align: center; align-self: center; padding: 0 .3rem; }
.weights-grid .heat { background: color-mix(in srgb, var(--_accent) calc(var(--w) * 55%), var(--_surface)); border: 1px solid var(--_border); border-radius: 3px; text-align: center; padding: .45rem .2rem; font-family: var(--_mono); color: var(--_fg); }
.weights-grid .heat.masked { background: repeating-linear-gradient(45deg, var(--_surface), var(--_surface) 4px, var(--_border) 4px, var(--_border) 5px); color: var(--_muted); }
.weights-grid .heat-none { color: var(--_muted); font-style: italic; padding: .45rem .2rem; border: 1px dashed var(--_border); border-radius: 3px; text-align: center; }
td.none { color: var(--_muted); font-style: italic; text-align: left; }

/* transformer block */
.block-steps { padding-left: 1.4rem; }
.block-step { margin: .6rem 0; }
.formula-pairs { list-style: none; padding-left: 0; }
.formula-pairs .block-step .pair { grid-template-columns: minmax(0, 1fr); gap: .35rem; }
.formula-pairs .part { display: inline-block; margin-right: 1.5em; }
.step-title { margin: 0 0 .25rem; font-weight: 600; font-size: .9rem; }
.block-step .pair { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: .5rem 1rem; align-items: center; }
@container (max-width: 34rem) { .block-step .pair { grid-template-columns: 1fr; } }
.python-line { margin: 0; font-size: .8rem; white-space: pre-wrap; background: var(--_surface); border-radius: var(--_radius); padding: .3rem .5rem; }
.block-step .head { margin: .4rem 0; }

/* playback, study, help history */
.playback-strip > .rest { background: none; }
.playback-caption { min-height: 3.2em; margin: .5rem 0; padding: .4rem .8rem; border-left: 3px solid var(--_accent); background: var(--_surface); border-radius: 0 var(--_radius) var(--_radius) 0; }
.playback-controls input[type="range"] { flex: 1 1 10rem; min-width: 8rem; accent-color: var(--_accent); }
.playback-clock { font-family: var(--_mono); font-size: .85rem; color: var(--_muted); }
.study-counter { font-weight: 700; margin: 0 0 .25rem; }
.study progress { width: 100%; height: .4rem; accent-color: var(--_accent); }
.study-check { border-top: 1px solid var(--_border); margin-top: .6rem; padding-top: .4rem; }
.check-label { font-size: .85rem; color: var(--_muted); margin: 0; }
.study-nav { justify-content: space-between; margin-top: .75rem; }
.study-nav button[aria-disabled="true"] { opacity: .55; cursor: default; }
.help-list { padding-left: 1.3rem; }
.help-list li { margin: .4rem 0; }
.help-list .attempt-feedback, .help-list .attempt-help { font-size: .88rem; color: var(--_muted); }

/* practice */
.practice .prompt { margin-bottom: .5rem; }
.practice fieldset { border: 0; padding: 0; margin: 0 0 .6rem; }
.practice .choice { display: flex; align-items: center; gap: .5rem; margin: .2rem 0; }
.practice .row { display: flex; flex-wrap: wrap; align-items: center; gap: .6rem; }
.practice input[type="text"] { width: 8rem; }
.feedback { margin-top: .6rem; padding: .5rem .8rem; border-radius: var(--_radius); border: 1px solid var(--_border); }
.feedback.correct { border-color: var(--_ok); }
.feedback.incorrect { border-color: var(--_error); }
.feedback strong { display: block; }
.feedback.correct strong { color: var(--_ok); }
.feedback.incorrect strong { color: var(--_error); }

/* references */
ol.refs { padding-left: 2.1rem; margin: 0; }
ol.refs li { margin: 0 0 .5rem; }
.ref-title { font-weight: 600; }
.ref-meta { color: var(--_muted); font-size: .9rem; }

/* errors */
.errors { border: 1px solid var(--_error); border-radius: var(--_radius); padding: .9rem 1rem; }
.errors .errors-title { color: var(--_error); font-size: 1.1rem; margin: 0 0 .5rem; }
.errors ol { margin: 0; padding-left: 1.3rem; }
.errors li { margin: .3rem 0; }
.errors .place { display: block; font-family: var(--_mono); font-size: .85rem; color: var(--_muted); word-break: break-all; }
.cell-error { color: var(--_error); font-size: .92rem; }
.loading { color: var(--_muted); }

.attention-scale .scale-figures { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: flex-start; }
.attention-scale figure, .precision-lab figure { margin: .5rem 0; }
.attention-scale figcaption, .precision-lab figcaption { font-size: .85rem; color: var(--_muted); max-width: 28rem; }
.attention-scale svg .heat { fill: var(--_accent); }
.attention-scale svg .bar { fill: var(--_output); }
.attention-scale .hist { margin-bottom: .5rem; font-size: .9rem; }
.attention-scale .fallback { border-left: 3px solid var(--_query); padding-left: .5rem; color: var(--_fg); }
.precision-lab svg, .attention-scale svg { max-width: 100%; height: auto; }
.precision-lab svg .grid { stroke: var(--_border); stroke-width: 1; }
.precision-lab svg .axis, .attention-scale svg .axis { fill: var(--_muted); font-size: 10px; }
.precision-lab svg .line { fill: none; stroke: var(--_fg); stroke-width: 1.8; }
.precision-lab svg .dashed { stroke-dasharray: 5 3; }
.precision-lab svg .f0 { stroke: var(--_src-0); fill: var(--_src-0); }
.precision-lab svg .f1 { stroke: var(--_src-1); fill: var(--_src-1); }
.precision-lab svg .f2 { stroke: var(--_src-2); fill: var(--_src-2); }
.precision-lab svg polyline.line { fill: none; }
.precision-lab .overflow { color: var(--_error); font-weight: 600; white-space: nowrap; }

.visually-hidden { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (prefers-reduced-motion: no-preference) {
  .share-strip > div { transition: flex-grow .12s ease-out; }
}
@media (max-width: 400px) {
  .frame { padding: 1rem .6rem 1.5rem; }
  .nb-title { font-size: 1.4rem; }
  th, td { padding: .3rem .4rem; }
}
${lessonStyles}
`;
