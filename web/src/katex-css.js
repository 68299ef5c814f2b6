// KaTeX's stylesheet as text, imported with KaTeX (render/maths.js loads both the first time a
// formula is typeset). The bundler must load .css as text (esbuild: loader { '.css': 'text' }), and
// the KaTeX fonts are expected in a fonts/ folder beside the code (scripts/build-site.mjs copies
// node_modules/katex/dist/fonts/*.woff2 there). Without the text loader the import yields no
// string and maths still renders, with the browser's fonts.

import katexCss from 'katex/dist/katex.min.css';

export default typeof katexCss === 'string' ? katexCss : '';
