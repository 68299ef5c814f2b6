// The training lab's own styles, adopted into the element's shadow root by the lab when it first
// shows (the lab's code, and so these rules, load only on pages with a training lab). The chart,
// series, legend and heat classes are the lesson cells' (lesson-styles.js).
export const labStyles = `
.training-lab .lab-buttons button { min-width: 5.5rem; }
.training-lab button.primary { font-weight: 600; }
.training-lab .lab-counter { font-family: var(--_mono); font-size: .9rem; margin: .25rem 0; }
.training-lab .lab-status { margin: .25rem 0; }
.training-lab .lab-memory { font-size: .85rem; }
.training-lab .curves { max-width: 30rem; }
.training-lab .series .line.thin { stroke-width: 1; stroke-opacity: .55; }
.training-lab .chart .marker { stroke: var(--_muted); stroke-dasharray: 3 3; }
.training-lab .legend-swatch { display: inline-block; width: 18px; height: 3px; background: var(--c); border-radius: 2px; }
.training-lab .legend-swatch.thin { height: 1px; opacity: .7; }
.training-lab .lab-charts { grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); }
.training-lab .lab-maps { display: flex; flex-wrap: wrap; gap: .75rem 1.25rem; margin: .5rem 0 1rem; }
.training-lab .lab-run-maps { min-width: 0; }
.training-lab .lab-run-name { margin: 0 0 .25rem; font-weight: 600; font-size: .9rem; }
.training-lab .attention-maps { display: flex; flex-wrap: wrap; gap: .5rem .75rem; }
.training-lab .attention-figure { margin: 0; }
.training-lab .attention-figure figcaption { font-size: .8rem; color: var(--_muted); text-align: center; }
.training-lab .attention-map { width: 15rem; max-width: 100%; height: auto; display: block; background: var(--_surface); border: 1px solid var(--_border); border-radius: var(--_radius); }
.training-lab .attention-map .pos { fill: var(--_accent); }
.training-lab .attention-map .heat-empty { fill: var(--_bg); }
.training-lab .attention-map .tick-label { font-size: 7px; fill: var(--_muted); font-family: var(--_mono); }
.training-lab input[type=range] { width: min(20rem, 100%); }
/* The probe box grows to its text (field-sizing: Chromium 123+, Safari 26+); elsewhere it keeps two rows and a scrollbar. */
.training-lab .lab-probe { width: min(40rem, 100%); box-sizing: border-box; field-sizing: content; min-height: 2lh; resize: vertical; font-family: var(--_mono); font-size: .9rem; }
.training-lab .lab-summary table { font-size: .88rem; }
`;
