// Points the engine client at a Blob worker built from the page's inline worker source.
// Works from file:// (no fetch, no module workers, no separate .wasm).
import { setWorkerFactory } from '../src/engine-client.js';

const source = document.getElementById('attnbook-worker-source');
if (source) {
  const url = URL.createObjectURL(new Blob([source.textContent], { type: 'text/javascript' }));
  setWorkerFactory(() => new Worker(url, { name: 'attnbook-engine' }));
}
