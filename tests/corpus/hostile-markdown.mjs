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
