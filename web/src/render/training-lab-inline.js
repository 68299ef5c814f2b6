// The training lab's code bundled with the element: the single-file page and the SCORM packages,
// which cannot import a second file (scripts/standalone.mjs uses this in place of
// training-lab-loader.js).
import * as lab from './training-lab/lab.js';

export const loadTrainingLab = () => Promise.resolve(lab);
