// Work split into slices gives the page its turn between them: nextTask(fn) runs fn in a new
// task, after input and painting that are due. A MessageChannel rather than setTimeout(fn, 0),
// which waits at least 4 ms once nested and up to a second in a background tab.
// (The element's cells and formulas are drawn this way: attention-notebook.js, render/typesetter.js.)

/** How long one slice of drawing may run before the page gets its turn (ms). */
export const SLICE_MS = 40;

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
