// Where the training lab's code comes from on the site: dist/training-lab.js, beside the element's
// bundle (scripts/build-site.mjs bundles web/src/render/training-lab/lab.js there), imported the
// first time a lab is shown. The single-file page cannot import (file://), so
// scripts/standalone.mjs bundles training-lab-inline.js in place of this file.
export const loadTrainingLab = () => import(/* webpackIgnore: true */ new URL('./training-lab.js', import.meta.url).href);
