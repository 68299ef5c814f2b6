// Side-effect entry: importing this file registers <attention-notebook>.
import { AttentionNotebook } from './attention-notebook.js';

AttentionNotebook.define();

export { AttentionNotebook };
export { setWorkerFactory } from './engine-client.js';
