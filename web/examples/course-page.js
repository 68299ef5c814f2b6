// Sizes the attnbook iframes on this page from their height messages, and logs practice results.
// Copy this file as it is: it trusts a message only when it comes from one of the iframes' windows
// (event.source) AND from the origin that serves embed.html (event.origin). The window alone is not
// enough: a page the frame navigated to (any site) is still that window, and could post a fake
// "complete" or a height of 30,000,000 px.
const frames = [...document.querySelectorAll('iframe.attnbook')];
const originOf = (frame) => new URL(frame.src, location.href).origin;

window.addEventListener('message', (event) => {
  const frame = frames.find((f) => f.contentWindow === event.source);
  const msg = event.data;
  if (!frame || event.origin !== originOf(frame) || !msg || typeof msg !== 'object') return;
  if (msg.type === 'attnbook:height' && Number.isFinite(msg.height) && msg.height > 0) {
    frame.style.height = `${Math.ceil(msg.height)}px`;
  } else if (msg.type === 'attnbook:event') {
    logEvent(`${msg.id}: ${msg.name}`, msg.detail);
  }
});

// The element version sends the same events as DOM events on the element.
for (const el of document.querySelectorAll('attention-notebook')) {
  for (const name of ['notebookopen', 'practice', 'practicecomplete']) {
    el.addEventListener(name, (event) => logEvent(`element: ${name}`, event.detail));
  }
}

function logEvent(what, detail) {
  const log = document.getElementById('progress-log');
  if (!log) return;
  const li = document.createElement('li');
  li.textContent = `${what} ${detail ? JSON.stringify(detail) : ''}`;
  log.append(li);
}
