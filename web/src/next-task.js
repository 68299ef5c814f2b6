// Work split into slices gives the page its turn between them: nextTask(fn) runs fn in a new
// task, after input and painting that are due. A MessageChannel rather than setTimeout(fn, 0),
// which waits at least 4 ms once nested and up to a second in a background tab.
// (The element's cells and formulas are drawn this way: attention-notebook.js, render/typesetter.js.)

/** How long one slice of drawing may run before the page gets its turn (ms). */
export const SLICE_MS = 40;
/** How long a slice waits for a frame that does not come (ms). */
const FRAME_WAIT_MS = 100;

const waiting = [];
let channel = null;

/** Runs `fn` in a task of its own, after the tasks already queued. */
export function nextTask(fn) {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const next = waiting.shift();
      if (next) next();
    };
  }
  waiting.push(fn);
  channel.port2.postMessage(null);
}

/**
 * Runs `fn` in a task of its own after the page has drawn its next frame, so that a frame lays out
 * and paints one slice's worth of new elements rather than everything made since the last frame.
 * A page that draws no frames (a background tab, an iframe scrolled out of view) gets `fn` after
 * FRAME_WAIT_MS instead.
 */
export function afterFrame(fn) {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    nextTask(fn);
  };
  const timer = setTimeout(go, FRAME_WAIT_MS);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(go);
}
