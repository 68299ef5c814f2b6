// The entry of the SCORM package's launch file (bundled as a classic script, inlined in
// index.html): the standalone page's worker factory and element, then the SCORM 1.2 adapter.
import '../pages/standalone-worker.js';
import '../src/define.js';
import { connectScorm12 } from './scorm12.js';

const el = document.querySelector('attention-notebook');
const source = el?.querySelector(':scope > script[type="application/json"]');
let doc = null;
try {
  doc = JSON.parse(source?.textContent || 'null');
} catch {
  doc = null; // the element shows the engine's errors; nothing is recorded
}
if (el && doc) connectScorm12(el, doc);
