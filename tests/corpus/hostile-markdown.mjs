// Worst cases for a Markdown reader, each made to a given length: unmatched openers that a naive
// parser rescans to the end of the text for (one more time per opener: quadratic), nested
// brackets, long runs of one delimiter. tests/unit/markdown.test.mjs times the parser on them and
// tests/browser/hostile-markdown.test.mjs the page; both against normalProse of the same length.

const fill = (piece, length) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length);

// Backtick runs of growing length, none closed: a code-span search per run.
function growingBackticks(length) {
  let out = '';
  for (let k = 1; out.length < length; k++) out += '`'.repeat(k) + 'a';
  return out.slice(0, length);
}

export const hostileMarkdown = {
  'brackets': (n) => fill('[', n),
  'dollars': (n) => fill('$', n),
  'dollar-letter': (n) => fill('$a', n),
  'dollar after space': (n) => fill(' a$', n),
  'escaped dollars': (n) => fill('\\$', n),
  'stars': (n) => fill('*', n),
  'star-letter': (n) => fill('*a', n),
  'double stars': (n) => fill('**a', n),
  'underscores': (n) => fill('_a ', n),
  'link openers': (n) => fill('](', n),
  'labels then openers': (n) => fill('[a](', n),
  'angle targets': (n) => fill('[a](<', n),
  'backticks': (n) => fill('`', n),
  'growing backtick runs': growingBackticks,
  'nested brackets': (n) => fill('[', n / 2) + fill(']', n / 2),
  'nested links': (n) => fill('[a', n / 2) + fill('](b)', n / 2),
  'brackets and parens': (n) => fill('[(', n),
  'brackets and stars': (n) => fill('[*', n),
  'brackets and dollars': (n) => fill('[$', n),
  'images': (n) => fill('![', n),
  'angle brackets': (n) => fill('<a ', n),
  'ampersands': (n) => fill('&#', n),
  'display maths openers': (n) => fill('$$\n', n),
  'list items': (n) => fill('- a\n', n),
};

/** Ordinary lesson prose of the given length: sentences, a link, emphasis, some inline maths. */
export function normalProse(length) {
  const paragraph = 'The query is compared with each key, and the *scaled* scores become shares that ' +
    'sum to one; see [the paper](https://arxiv.org/abs/1706.03762) for the **whole** story of $q$.\n\n';
  return fill(paragraph, length);
}

// Notebooks of many cells that each pass on their own but together once froze the page (issue 20):
// each entry makes a list of cells. tests/browser/main-thread.test.mjs opens each one and measures
// the longest task the page runs while the notebook draws and the reader scrolls through it.

/** The k-th different formula of the kind: $x_{k}^{i}+\frac{a_i}{b_k}$. */
export function distinctFormula(k) {
  const i = k % 97;
  return `$x_{${k}}^{${i}}+\\frac{a_{${i}}}{b_{${k}}}$`;
}
const formulaText = (from, count) => Array.from({ length: count }, (_, j) => distinctFormula(from + j)).join(' ');

// A TeX array of `rows` rows of "a".
const tallArray = (rows) => `\\begin{array}{c}${'a\\\\'.repeat(rows)}a\\end{array}`;

export const freezingNotebooks = {
  // 20 prose cells of 200 different formulas each (148 KB: 12.7 s in one task before).
  'distinct formulas': () => Array.from({ length: 20 }, (_, c) => ({ type: 'prose', text: formulaText(c * 200, 200) })),
  // 10 practice cells with formulas in every Markdown field (13.6 s before).
  'formulas in every practice field': () => Array.from({ length: 10 }, (_, c) => {
    const base = c * 1000;
    return {
      type: 'practice',
      prompt: formulaText(base, 200),
      answer: {
        kind: 'choice',
        options: [formulaText(base + 200, 20), formulaText(base + 220, 20)],
        correct: 0,
        reasons: [formulaText(base + 240, 100), formulaText(base + 340, 100)],
      },
      hint: formulaText(base + 440, 200),
      worked: formulaText(base + 640, 200),
      explanation: formulaText(base + 840, 160),
    };
  }),
  // 50 maths cells of 1,200-row arrays (67 s and a page 1.4 M px tall before).
  'tall arrays': () => Array.from({ length: 50 }, () => ({ type: 'maths', tex: tallArray(1200) })),
  // A macro that multiplies a short formula: 90 s for one formula of 4,000 characters in KaTeX.
  'macro bomb': () => [{ type: 'maths', tex: `\\def\\a{${'xy'.repeat(200)}}${'\\a'.repeat(200)}` }],
  // 200 prose cells of 20,000 "[" (4 MB: 3.6-5.4 s in one task before); valid, no formulas.
  'brackets at the size limit': () => Array.from({ length: 200 }, () => ({ type: 'prose', text: '['.repeat(20000) })),
  // 5 cells of 200 lowered boxes (a host page 1,967,057 px tall before).
  'lowered boxes': () => Array.from({ length: 5 }, () => ({ type: 'prose', text: Array(200).fill('$\\raisebox{-100em}{Y}$').join(' ') })),
};

// The worst notebooks the validator now accepts (limits from the engine's `limits` command:
// notebook.tex_max_chars, formulas_max, formulas_per_text_max, tex_total_max_chars): they must
// draw without holding the page.
export const worstValidNotebooks = {
  // As many different formulas as a notebook may have, 200 per text.
  'formula budget': (nb) => {
    const cells = [];
    for (let k = 0; k < nb.formulas_max; k += nb.formulas_per_text_max) {
      cells.push({ type: 'prose', text: formulaText(k, Math.min(nb.formulas_per_text_max, nb.formulas_max - k)) });
    }
    return cells;
  },
  // The longest formulas, as many as the TeX budget holds: fractions inside fractions, and arrays
  // as tall as the length allows (KaTeX's slowest per character that we found).
  'longest formulas': (nb) => Array.from({ length: Math.floor(nb.tex_total_max_chars / nb.tex_max_chars) }, (_, c) => {
    const fracs = '\\frac{a+b}{c}'.repeat(Math.floor(nb.tex_max_chars / 13));
    const rows = Math.floor((nb.tex_max_chars - 40) / 3);
    return { type: 'maths', tex: c % 2 ? fracs : tallArray(rows) };
  }),
  'brackets at the size limit': () => freezingNotebooks['brackets at the size limit'](),
};
