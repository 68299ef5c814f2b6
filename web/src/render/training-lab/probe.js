// The maps' timeline and probe: the timeline goes back to the steps whose models the engine keeps
// (then "now"); the probe box takes tokens separated by spaces or commas, which the engine checks.
// Either asks every run for its attention and draws the answers in the maps.
//
// lab: the lab's state ({ runs, maps, probe, scrubbed, running }); v: the lab's elements
// (view.js); pause() stops training; draw() redraws everything; drawCharts() the charts alone.

import { wholeText } from '../saved.js';
import { showError } from './view.js';

export function createProbe(lab, v, { pause, draw, drawCharts, onStateChange }) {
  const stepOf = () => Math.max(...lab.runs.map((r) => r.step));
  const update = (answers, stepText) => answers.forEach((a, k) => lab.maps[k].update(a.attention, a.probe, stepText(a)));

  function timelineSteps() {
    const kept = lab.runs[0]?.checkpoints ?? [0];
    const now = stepOf();
    return kept.at(-1) === now ? kept : [...kept, now];
  }
  function drawTimeline() {
    const steps = timelineSteps();
    v.timeline.max = String(steps.length - 1);
    if (lab.scrubbed === null) v.timeline.value = v.timeline.max;
    const at = lab.scrubbed ?? steps.at(-1);
    v.timelineLabel.textContent = `step ${at}${lab.scrubbed === null ? ' (now)' : ''}`;
    v.timeline.setAttribute('aria-valuetext', v.timelineLabel.textContent);
  }
  async function scrub() {
    const steps = timelineSteps();
    const i = Number(v.timeline.value);
    if (i >= steps.length - 1) {
      lab.scrubbed = null;
      return draw();
    }
    if (lab.running) pause();
    const at = steps[i];
    lab.scrubbed = at;
    drawTimeline();
    drawCharts();
    try {
      const answers = await Promise.all(lab.runs.map((r) => r.attentionAt(at, lab.probe)));
      if (lab.scrubbed === at) update(answers, () => `step ${at}`);
    } catch (err) {
      showError(v.probeError, err.message);
    }
  }

  function refuse(message) {
    showError(v.probeError, `Not shown: ${message}`);
    v.probeBox.setAttribute('aria-invalid', 'true');
  }
  async function apply() {
    const parts = v.probeBox.value.trim().split(/[\s,]+/).filter(Boolean);
    const tokens = parts.map(wholeText);
    v.probeBox.removeAttribute('aria-invalid');
    if (!parts.length || tokens.some((t) => t === undefined)) return refuse(`“${v.probeBox.value}” is not a list of whole numbers`);
    try {
      const answers = await Promise.all(lab.runs.map((r) => r.attentionAt(lab.scrubbed ?? undefined, tokens)));
      lab.probe = tokens;
      v.probeBox.dataset.typed = 'true';
      v.probeError.hidden = true;
      update(answers, (a) => `step ${a.step}`);
      onStateChange();
    } catch (err) {
      refuse(err.message);
    }
  }

  v.timeline.addEventListener('input', scrub);
  v.probeButton.addEventListener('click', apply);
  // Enter shows the probe, as in a one-line box (a line break means nothing in a token list).
  v.probeBox.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    apply();
  });

  return {
    drawTimeline,
    /** The live maps (not scrubbed back): each run's latest attention, and its probe in the box unless the learner typed one. */
    drawLive() {
      lab.runs.forEach((r, i) => { if (r.attention) lab.maps[i].update(r.attention.attention, r.attention.probe, `step ${r.step}`); });
      const p = lab.runs[0]?.attention?.probe;
      if (p && document.activeElement !== v.probeBox && v.probeBox.dataset.typed !== 'true') v.probeBox.value = p.join(' ');
    },
  };
}
