// Side-effect entry: importing this file registers <attention-notebook>.
import { AttentionNotebook } from './attention-notebook.js';

AttentionNotebook.define();

export { AttentionNotebook };
export { setWorkerFactory, setEngineOptions } from './engine-client.js';
