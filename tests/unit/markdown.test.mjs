// The notebook's Markdown parser (web/src/markdown/parser.js): the token stream of each feature of
// the subset in docs/notebook-format.md, what is left out (shown as text), the maths rules, and
// time linear in the text on the worst cases of tests/corpus/hostile-markdown.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMarkdown } from '../../web/src/markdown/parser.js';
import { MAX_FORMULAS } from '../../web/src/markdown/maths-rules.js';
import { hostileMarkdown, normalProse } from '../corpus/hostile-markdown.mjs';

// A compact view of the tokens: block types, and each inline token as "type" or "type:content".
function view(markdown) {
  const out = [];
  for (const token of parseMarkdown(markdown)) {
    if (token.type !== 'inline') {
      out.push(token.type + (token.content ? `:${token.content}` : ''));
      continue;
    }
    for (const child of token.children) {
      const href = child.type === 'link_open' ? `:${child.attrGet('href')}` : '';
      out.push(`  ${child.type}${child.content ? `:${child.content}` : ''}${href}`);
    }
  }
  return out;
}
const text = (markdown) => parseMarkdown(markdown).flatMap((t) => t.children || [])
  .map((c) => c.content).join('');

test('paragraphs, headings, emphasis, code and links', () => {
  assert.deepEqual(view('## Match\n\nThe *query*, a **key**, `code` and [the paper](https://arxiv.org/abs/1706.03762).'), [
    'heading_open', '  text:Match', 'heading_close',
    'paragraph_open', '  text:The ', '  em_open', '  text:query', '  em_close', '  text:, a ', '  strong_open',
    '  text:key', '  strong_close', '  text:, ', '  code_inline:code', '  text: and ',
    '  link_open:https://arxiv.org/abs/1706.03762', '  text:the paper', '  link_close', '  text:.', 'paragraph_close',
  ]);
  const levels = parseMarkdown('# a\n\n### b\n\n###### c').filter((t) => t.type === 'heading_open').map((t) => t.markup);
  assert.deepEqual(levels, ['#', '###', '######']);
});

test('lists, fenced code and backslash escapes', () => {
  assert.deepEqual(view('- one\n- two\n\n1. first'), [
    'bullet_list_open', 'list_item_open', 'paragraph_open', '  text:one', 'paragraph_close', 'list_item_close',
    'list_item_open', 'paragraph_open', '  text:two', 'paragraph_close', 'list_item_close', 'bullet_list_close',
    'ordered_list_open', 'list_item_open', 'paragraph_open', '  text:first', 'paragraph_close', 'list_item_close',
    'ordered_list_close',
  ]);
  const [fence] = parseMarkdown('```python\nprint("<b>")\n```');
  assert.equal(fence.type, 'fence');
  assert.equal(fence.info, 'python');
  assert.equal(fence.content, 'print("<b>")\n');
  assert.equal(text('\\*not em\\* \\[not a link\\](x) \\$5'), '*not em* [not a link](x) $5');
});

test('raw HTML, images, autolinks, quotes, rules, references and entities are text', () => {
  const markdown = '<b>bold</b> <img src=x onerror=alert(1)> ![pic](p.png) <https://x.org> &amp; &#60;';
  const tokens = view(markdown);
  assert.ok(!tokens.some((t) => /html|image|autolink|entity/.test(t)), tokens.join('\n'));
  assert.equal(text(markdown).startsWith('<b>bold</b> <img src=x onerror=alert(1)> !'), true);
  assert.ok(text(markdown).endsWith(' <https://x.org> &amp; &#60;'));
  assert.deepEqual(view('> quoted\n\n---\n\n    indented'), [
    'paragraph_open', '  text:> quoted', 'paragraph_close', 'paragraph_open', '  text:---', 'paragraph_close',
    'paragraph_open', '  text:indented', 'paragraph_close',
  ]);
  assert.deepEqual(view('[x]: https://x.org\n\n[x]'), [
    'paragraph_open', '  text:[x]: https://x.org', 'paragraph_close', 'paragraph_open', '  text:[x]', 'paragraph_close',
  ]);
});

test('inline maths: $tex$ with the TeX as written; not after an escape, a space or another $', () => {
  assert.deepEqual(view('the output $o_1 = \\sum_i *a_i*$. done'), [
    'paragraph_open', '  text:the output ', '  maths_inline:o_1 = \\sum_i *a_i*', '  text:. done', 'paragraph_close',
  ]);
  assert.deepEqual(view('costs \\$5 and \\$6'), ['paragraph_open', '  text:costs $5 and $6', 'paragraph_close']);
  assert.deepEqual(view('$ x$ and $$'), ['paragraph_open', '  text:$ x$ and $$', 'paragraph_close']);
  assert.deepEqual(view('$a\\$b$ $c\\\\$'), [
    'paragraph_open', '  maths_inline:a\\$b', '  text: ', '  maths_inline:c\\\\', 'paragraph_close',
  ]);
  assert.deepEqual(view('`$x$` $y`z$`'), [
    'paragraph_open', '  code_inline:$x$', '  text: ', '  maths_inline:y`z', '  text:`', 'paragraph_close',
  ]);
  assert.deepEqual(view('[a $](b)$'), ['paragraph_open', '  text:[a ', '  maths_inline:](b)', 'paragraph_close']);
});

test('display maths: one line, several lines, unclosed, and interrupting a paragraph', () => {
  assert.deepEqual(view('$$x^2$$'), ['maths_block:x^2']);
  assert.deepEqual(view('$$\n\\frac{a}{b}\n= c $$\nafter'), [
    'maths_block:\\frac{a}{b}\n= c', 'paragraph_open', '  text:after', 'paragraph_close',
  ]);
  assert.deepEqual(view('text\n$$ y $$'), ['paragraph_open', '  text:text', 'paragraph_close', 'maths_block:y']);
  assert.deepEqual(view('$$\nz\n\nstill maths'), ['maths_block:z\n\nstill maths']);
});

test('one text typesets at most MAX_FORMULAS formulas; later ones are text', () => {
  const count = (markdown, type) => parseMarkdown(markdown).flatMap((t) => [t, ...(t.children || [])])
    .filter((t) => t.type === type).length;
  assert.equal(MAX_FORMULAS, 200);
  assert.equal(count('$a$ '.repeat(150), 'maths_inline'), 150);
  assert.equal(count('$a$ '.repeat(300), 'maths_inline'), 200);
  assert.equal(text('$a$ '.repeat(300)).endsWith(' $a$ $a$'), true);
  assert.equal(count('$$x$$\n\n'.repeat(300), 'maths_block'), 200);
  // display blocks are counted first: 150 of them leave 50 for the text's inline maths
  assert.equal(count('$$x$$\n\n'.repeat(150) + '$a$ '.repeat(100), 'maths_inline'), 50);
  // each text has its own count
  assert.equal(count('$a$ '.repeat(200), 'maths_inline') + count('$b$', 'maths_inline'), 201);
});

test('the parser reads each worst case in time linear in its length', () => {
  // 100000 characters (5 times the validator's limit for one text): a parser that rescans to the
  // end for each opener takes seconds to minutes here. The bound is generous: 10 times ordinary
  // prose of the same length, plus a second.
  const length = 100000;
  const time = (markdown) => {
    let best = Infinity;
    for (let run = 0; run < 2; run++) {
      const start = performance.now();
      parseMarkdown(markdown);
      best = Math.min(best, performance.now() - start);
    }
    return best;
  };
  const normal = time(normalProse(length));
  for (const [name, make] of Object.entries(hostileMarkdown)) {
    const markdown = make(length);
    assert.equal(markdown.length, length, name);
    const ms = time(markdown);
    assert.ok(ms < 10 * normal + 1000, `${name}: ${ms.toFixed(0)} ms, ordinary prose ${normal.toFixed(0)} ms`);
  }
});
