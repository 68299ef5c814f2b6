// Training in slices: Start / Pause / Step drive the lab's runs in the worker. The worker trains
// in slices of about 40 ms (web/src/train-job.js); between slices the lab draws and asks for the
// next, so the page never waits on the engine and Pause stops within a slice.
//
// lab: the lab's state ({ runs, settings, running, scrubbed, probe }); el: the cell's element
// (aria-busy while training, data-running, data-busy while a slice is out); buttons: { start,
// step, reset }, the first two kept in step with the runs (showButtons); draw() and announce()
// redraw the numbers and the status line; failed(message) shows an error.

const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 0));

export function createLoop(lab, { el, buttons, draw, announce, failed }) {
  let token = 0;
  let inFlight = 0;

  // The buttons say what a press does now: Pause while training, Resume after some steps, Start
  // before any. A finished run has nothing to resume or step: both are off until Reset or a new
  // setting starts a run, and a keyboard user's focus on them moves to Reset, not to the page.
  function showButtons() {
    const { start, step, reset } = buttons;
    start.textContent = lab.running ? 'Pause' : lab.runs.some((r) => r.step > 0) ? 'Resume' : 'Start';
    start.setAttribute('aria-pressed', lab.running ? 'true' : 'false');
    const focused = el.getRootNode().activeElement;
    start.disabled = step.disabled = !lab.running && lab.runs.length > 0 && lab.runs.every((r) => r.done);
    if (start.disabled && (focused === start || focused === step)) reset.focus();
  }

  function setRunning(on) {
    lab.running = on;
    el.dataset.running = on ? 'true' : 'false';
    showButtons();
  }

  // Slices out in the worker: while any is, the cell says so (data-busy); when the last answers
  // after a pause, the numbers it brought are drawn.
  async function tracked(promise) {
    inFlight++;
    el.dataset.busy = 'true';
    try {
      return await promise;
    } finally {
      if (--inFlight === 0) {
        delete el.dataset.busy;
        if (!lab.running) {
          draw();
          announce();
        }
      }
    }
  }

  async function loop(mine, { steps = Infinity } = {}) {
    el.setAttribute('aria-busy', 'true');
    try {
      let left = steps;
      while (mine === token && left > 0) {
        const live = lab.runs.filter((r) => !r.done);
        if (!live.length) break;
        // The first run's slice is bounded by time; the others then take exactly as many steps, so
        // the three runs of the experiment stay at one step (and keep the same timeline).
        let quota = Math.min(left, lab.settings.steps);
        for (const [i, r] of live.entries()) {
          const before = r.step;
          await tracked(r.slice(quota, lab.probe, { budgetMs: i === 0 ? 40 : 1e9 }));
          if (mine !== token) return;
          if (i === 0) quota = r.step - before;
        }
        left -= quota;
        draw();
        await nextFrame();
      }
    } catch (err) {
      if (mine !== token) return;
      failed(`The engine could not train: ${err.message}`);
    } finally {
      if (mine === token) {
        el.removeAttribute('aria-busy');
        setRunning(false);
        announce();
      }
    }
  }

  function pause() {
    token++;
    setRunning(false);
    el.removeAttribute('aria-busy');
    announce();
  }
  return {
    pause,
    showButtons,
    /** Start, or Pause while training. */
    toggle() {
      if (lab.running) return pause();
      if (lab.runs.every((r) => r.done)) return;
      lab.scrubbed = null;
      setRunning(true);
      loop(++token);
    },
    stepOnce() {
      if (lab.running) pause();
      lab.scrubbed = null;
      loop(++token, { steps: 1 });
    },
  };
}
