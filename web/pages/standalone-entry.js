// The entry of the standalone file (bundled as a classic script, inlined in <id>/standalone.html).
// The engine runs in a worker started from a Blob: its code (the classic engine with the .wasm inlined,
// then the worker bundled as a classic script) sits in the page as <script type="text/plain">.
// Import order matters: the worker factory is set before define.js upgrades the element.
import './standalone-worker.js';
import '../src/define.js';
