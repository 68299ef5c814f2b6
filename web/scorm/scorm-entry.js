// The entry of the SCORM package's launch file (bundled as a classic script, inlined in
// index.html): the standalone page's worker factory and element, then the SCORM adapter (1.2 or 2004,
// whichever API the LMS offers).
import '../pages/standalone-worker.js';
import '../src/define.js';
import { connectScorm } from './scorm-adapter.js';
import { CHECKED_FORMAT } from '../src/checked-notebook.js';

const el = document.querySelector('attention-notebook');
const source = el?.querySelector(':scope > script[type="application/json"]');
let doc = null;
try {
  doc = JSON.parse(source?.textContent || 'null');
  // The launch file carries the notebook's checked form (web/src/checked-notebook.js): its notebook.
  if (doc?.format === CHECKED_FORMAT) doc = doc.verdict?.notebook ?? null;
} catch {
  doc = null; // the element shows the engine's errors; nothing is recorded
}
if (el && doc) connectScorm(el, doc);
