// Hands KaTeX's stylesheet to the maths renderer. The bundler must load .css as text
// (esbuild: loader { '.css': 'text' }), and the KaTeX fonts are expected in a fonts/ folder
// next to the bundle (copy node_modules/katex/dist/fonts/*.woff2 there). Without the text
// loader the import yields no string and maths still renders, with the browser's fonts.

import katexCss from 'katex/dist/katex.min.css';
import { setKatexCss } from './render/maths.js';

if (typeof katexCss === 'string') setKatexCss(katexCss);
