// Styles of the three-depth lesson's live cells (pipeline, charts, heatmaps, the editable hand
// example, rules, mistakes, calculators). Appended to the element's stylesheet by styles.js.
export const lessonStyles = `
.chart, .heatmap { width: 100%; max-width: 26rem; height: auto; display: block; background: var(--_surface); border: 1px solid var(--_border); border-radius: var(--_radius); }
.heatmap { max-width: 18rem; }
.chart .axis { stroke: var(--_muted); stroke-width: 1; }
.chart .tick { stroke: var(--_muted); }
.chart .grid { stroke: var(--_border); stroke-dasharray: 2 3; }
.chart text, .heatmap text { font-family: var(--attnbook-font, system-ui, sans-serif); fill: var(--_fg); }
.chart .tick-label, .heatmap .tick-label { font-size: 10px; fill: var(--_muted); }
.chart .axis-label { font-size: 11px; fill: var(--_muted); }
.series .line, .legend-key .line { fill: none; stroke: var(--c); stroke-width: 2; }
.series .line.dashed, .legend-key .line.dashed { stroke-dasharray: 3 4; stroke-width: 3; stroke-opacity: .85; }
.s-d { --c: var(--_fg); }
.series circle { fill: var(--c); }
.s-a { --c: var(--_src-0); } .s-b { --c: var(--_src-3); } .s-c { --c: var(--_src-2); }
.heatmap .pos, .heatmap-key .pos { fill: var(--_accent); } .heatmap .neg, .heatmap-key .neg { fill: var(--_error); }
.heatmap .heat-empty, .heatmap-key .heat-empty { fill: var(--_bg); stroke: var(--_border); stroke-width: 1; }
.heat-figure { margin: 0; min-width: 0; }
.heat-key { font-size: .85rem; color: var(--_muted); margin: .3rem 0 0; max-width: 36rem; }
.heatmap-key { vertical-align: -1px; }
.heatmap .heat-text { font-size: 10px; font-family: var(--_mono); paint-order: stroke; stroke: var(--_bg); stroke-width: 2.5px; stroke-opacity: .7; }
.charts { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; margin: .5rem 0 1rem; }
@container (max-width: 34rem) { .charts { grid-template-columns: 1fr; } }
.charts figure { margin: 0; min-width: 0; }
.charts figcaption { font-size: .85rem; color: var(--_muted); margin-top: .25rem; }
.legend { display: flex; flex-wrap: wrap; gap: .2rem .9rem; font-size: .82rem; color: var(--_muted); }
.legend span { display: inline-flex; align-items: center; gap: .3rem; }
.flow { display: grid; gap: .35rem; margin: .5rem 0 .75rem; }
.flow-row { display: grid; grid-template-columns: 8.5rem 1fr; gap: .5rem; align-items: center; }
.flow-row > .what { font-size: .88rem; color: var(--_muted); }
.flow-cells { display: grid; grid-template-columns: repeat(var(--n), minmax(0, 1fr)); gap: .35rem; }
.flow-cells > div { background: var(--_surface); border: 1px solid var(--_border); border-radius: var(--_radius); padding: .2rem .35rem; text-align: center; font-size: .9rem; }
.flow-cells .word { font-weight: 600; border-color: transparent; background: none; }
.flow-cells .bar { position: relative; overflow: hidden; }
.flow-cells .bar > i { position: absolute; left: 0; bottom: 0; top: 0; background: var(--c); opacity: .22; }
.flow-cells .bar > span { position: relative; }
.flow-arrow { text-align: center; color: var(--_muted); font-size: .8rem; line-height: 1; }
@container (max-width: 30rem) { .flow-row { grid-template-columns: 1fr; gap: .15rem; } }
.knob { display: grid; gap: .25rem; margin: .75rem 0; }
.knob input[type="range"] { width: 100%; accent-color: var(--_accent); }
.knob-ends { display: flex; justify-content: space-between; font-size: .8rem; color: var(--_muted); }
.knob-scale { position: relative; height: 1.1rem; font-size: .75rem; color: var(--_accent); }
.knob-scale > span { position: absolute; transform: translateX(-50%); white-space: nowrap; }
.knob-row { display: flex; flex-wrap: wrap; gap: .4rem .9rem; align-items: center; }
.grid-input { display: grid; grid-template-columns: repeat(var(--cols), 3.6rem); gap: .2rem; }
.grid-input input { width: 3.6rem; font-family: var(--_mono); font-size: .9rem; padding: .15rem .25rem; }
.grid-input input[aria-invalid="true"] { border-color: var(--_error); outline: 1px solid var(--_error); }
.editor { display: flex; flex-wrap: wrap; gap: .8rem 1.5rem; }
.editor fieldset { border: 1px solid var(--_border); border-radius: var(--_radius); padding: .4rem .6rem .6rem; margin: 0; }
.editor legend { font-size: .85rem; font-weight: 600; padding: 0 .25rem; }
.input-error { color: var(--_error); font-size: .85rem; margin: .25rem 0 0; }
.rule { border-top: 1px solid var(--_border); padding-top: .75rem; margin-top: .75rem; }
.rule:first-child { border-top: 0; padding-top: 0; margin-top: 0; }
.rule h4, .rule h5 { margin: 0 0 .35rem; font-size: 1rem; }
.flag-bad { color: var(--_error); font-weight: 600; }
.flag-ok { color: var(--_ok); font-weight: 600; }
.message { font-family: var(--_mono); font-size: .82rem; background: var(--_surface); border: 1px solid var(--_border); border-radius: var(--_radius); padding: .4rem .6rem; overflow-wrap: anywhere; margin: .25rem 0 .5rem; }
.calc-inputs { display: grid; grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr)); gap: .5rem .9rem; margin: .25rem 0 .75rem; }
.calc-inputs label { display: grid; gap: .15rem; font-size: .85rem; }
.calc-inputs input { width: 100%; }
.result-list { display: grid; grid-template-columns: auto 1fr; gap: .2rem 1rem; margin: .25rem 0 .75rem; }
.result-list dt { color: var(--_muted); font-size: .9rem; }
.result-list dd { margin: 0; }
details.program summary { cursor: pointer; font-weight: 600; margin: .25rem 0; }
/* Wide enough for a row of five weights beside its label without scrolling (at 390 px the table scrolls). */
.alt-table { width: 100%; }
.alt-table .exact-zero .num { font-weight: 700; }
.alt-table .zero-mark { margin-left: .2rem; color: var(--_accent); font-weight: 700; }
.method-notes { font-size: .88rem; margin: .5rem 0 0; }
.method-notes dt { font-weight: 600; margin-top: .4rem; }
.method-notes dd { margin: 0 0 0 1rem; }
.zero { color: var(--_muted); }
`;
