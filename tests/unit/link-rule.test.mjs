// The link rule (web/src/link-rule.js) on the payload corpus its C++ twin also runs
// (tests/engine/test_link_rule.cpp), and the same rule at work inside the Markdown parser: a
// refused target never becomes a link, an allowed one always does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { linkTargetAllowed, linkTargetProblem } from '../../web/src/link-rule.js';
import { createParser, parseMarkdown } from '../../web/src/markdown/parser.js';

const { cases } = JSON.parse(fs.readFileSync(new URL('../corpus/link-targets.json', import.meta.url), 'utf8'));
const show = (c) => `${JSON.stringify(c.target)} (${c.why})`;

test('the corpus has 40+ payloads, allowed and refused', () => {
  assert.ok(cases.length >= 40, `${cases.length} cases`);
  assert.ok(cases.filter((c) => c.allowed).length >= 10);
  assert.ok(cases.filter((c) => !c.allowed).length >= 30);
});

test('every corpus target is allowed or refused as the corpus says', () => {
  for (const c of cases) {
    const problem = linkTargetProblem(c.target);
    assert.equal(problem === '', c.allowed, `${show(c)}: ${problem || 'allowed'}`);
    assert.equal(linkTargetAllowed(c.target), c.allowed, show(c));
  }
});

test("an allowed target stays allowed as markdown-it's normalised href (what validateLink sees)", () => {
  const md = createParser();
  for (const c of cases.filter((x) => x.allowed)) {
    const href = md.normalizeLink(c.target);
    assert.ok(linkTargetAllowed(href), `${show(c)} -> ${JSON.stringify(href)}: ${linkTargetProblem(href)}`);
  }
});

// The links markdown-it makes of a text: each link_open's href.
function hrefs(markdown) {
  const out = [];
  for (const block of parseMarkdown(markdown)) {
    for (const token of block.children || []) if (token.type === 'link_open') out.push(token.attrGet('href'));
  }
  return out;
}

test('written as a link, a corpus target is a link exactly when it is allowed', () => {
  let tried = 0;
  for (const c of cases) {
    // Bare where markdown-it reads the whole target bare; else "<...>" where that can hold it.
    const bare = !/[\u0000-\u0020\u007f]/.test(c.target) && balanced(c.target);
    if (!bare && /[\n\r<>]/.test(c.target)) continue;
    // CommonMark reads NUL as U+FFFD before anything else: markdown-it never sees that target.
    if (c.target.includes('\u0000')) continue;
    const markdown = bare ? `See [the link](${c.target}) here.` : `See [the link](<${c.target}>) here.`;
    tried += 1;
    const found = hrefs(markdown);
    if (c.allowed) {
      assert.equal(found.length, 1, `${show(c)} as ${JSON.stringify(markdown)}`);
      assert.ok(linkTargetAllowed(found[0]), `${show(c)}: href ${found[0]}`);
    } else {
      assert.deepEqual(found, [], `${show(c)} as ${JSON.stringify(markdown)}`);
    }
  }
  assert.ok(tried >= 70, `${tried} tried`);
});

function balanced(text) {
  let level = 0;
  for (const ch of text) {
    if (ch === '(') level += 1;
    if (ch === ')' && --level < 0) return false;
  }
  return level === 0;
}

test("issue 9's payloads make no link: a target on the next line, /\\host, and decoded references", () => {
  assert.deepEqual(hrefs('See [the page](\nhttp://evil.example) now.'), []);
  assert.deepEqual(hrefs('[c](/\\evil.example/)'), []);
  assert.deepEqual(hrefs('[c](\\/evil.example)'), []);
  assert.deepEqual(hrefs('[j](&#106;avascript:alert(1))'), []);
  assert.deepEqual(hrefs('[j](java&#x09;script:alert(1))'), []);
  assert.deepEqual(hrefs('[e](javascript%3Aalert(1))'), []);
  assert.deepEqual(hrefs('[e](<java script:alert(1)>)'), []);
  // markdown-it's normalisation would turn this into https://evil.example; the written form is refused
  assert.deepEqual(hrefs('[e](https://@evil.example)'), []);
  assert.deepEqual(hrefs('[ok](https://example.org/a) and [rel](a/b.html#c)'), ['https://example.org/a', 'a/b.html#c']);
});
