// Issue 19, what the source documents still ask for: the "why it matters" claims and the
// connections cite what they rest on, the systems the sources name are named, and every reference
// is well formed (an arXiv venue agrees with its link, an arXiv number with its year), drawn as a
// link that opens in a new tab. Every author-year citation in a notebook's text must be in that
// notebook's references.
import assert from 'node:assert/strict';
import { test, openPage, notebooks, useSiteAndBrowser, site, browser } from './harness.mjs';

useSiteAndBrowser();
const docs = Object.values(notebooks());
const NAME = "[A-Z][\\p{L}'-]*[\\p{L}]";
const PARTNER = `(?: et al\\.| (?:&|and) ${NAME})?`;
// "(Brown et al., 2020)", "(Shazeer, 2019; Ainslie et al., 2023)", "[Henry et al., 2020](...)",
// "Vaswani et al. (2017)", "Milakov and Gimelshein (2018)"
const CITED = [new RegExp(`(?<=[([;] ?|of )(${NAME})${PARTNER}, ((?:19|20)\\d\\d)\\b`, 'gu'), new RegExp(`\\b(${NAME})${PARTNER} \\(((?:19|20)\\d\\d)\\)`, 'gu')];

/** Every text a reader can be shown: prose, captions, practice and study texts. */
function texts(doc) {
  const out = [];
  const walk = (value, cell) => {
    if (typeof value === 'string') out.push({ cell, text: value });
    else if (Array.isArray(value)) value.forEach((v) => walk(v, cell));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (k !== 'items') walk(v, cell);
  };
  for (const cell of doc.cells) walk(cell, cell);
  return out;
}

export function citations(text) {
  const found = [];
  for (const re of CITED) for (const m of text.matchAll(re)) found.push({ surname: m[1], year: Number(m[2]), at: m[0] });
  return found;
}

const firstAuthor = (ref) => ref.authors.split(/,| & /)[0].trim();

for (const doc of docs) {
  const refs = doc.cells.filter((c) => c.type === 'references').flatMap((c) => c.items);

  test(`${doc.id}: every reference is well formed`, () => {
    assert.ok(refs.length > 0);
    const urls = new Set();
    for (const ref of refs) {
      const what = `${ref.title} (${ref.year})`;
      assert.ok(ref.authors.trim() && ref.title.trim() && ref.venue.trim(), `${what}: authors, title and venue`);
      assert.ok(Number.isInteger(ref.year) && ref.year >= 1950 && ref.year <= 2025, `${what}: a year`);
      assert.ok(ref.url, `${what}: a link`);
      const url = new URL(ref.url);
      assert.equal(url.protocol, 'https:', `${what}: https`);
      assert.ok(!urls.has(ref.url), `${what}: listed once`);
      urls.add(ref.url);
      const arxiv = /^https:\/\/arxiv\.org\/abs\/(\d{2})(\d{2})\.\d{4,5}$/.exec(ref.url);
      if (url.hostname === 'arxiv.org') assert.ok(arxiv, `${what}: an arXiv link is https://arxiv.org/abs/<yymm.number>`);
      if (arxiv) {
        const posted = 2000 + Number(arxiv[1]);
        assert.ok(ref.year >= posted && ref.year <= posted + 3, `${what}: published ${ref.year}, posted to arXiv in ${posted}`);
        assert.ok(Number(arxiv[2]) >= 1 && Number(arxiv[2]) <= 12, `${what}: month of the arXiv number`);
      }
      const venue = /^arXiv:(\d{4}\.\d{4,5})$/.exec(ref.venue);
      if (venue) assert.equal(ref.url, `https://arxiv.org/abs/${venue[1]}`, `${what}: the venue's arXiv number is the link's`);
    }
  });

  test(`${doc.id}: every author-year citation is in the notebook's references`, () => {
    const cited = texts(doc).flatMap(({ cell, text }) => citations(text).map((c) => ({ ...c, cell: cell.id })));
    assert.ok(cited.length > 0);
    for (const c of cited) {
      assert.ok(refs.some((r) => firstAuthor(r) === c.surname && r.year === c.year),
        `${c.cell}: "${c.at}" has no reference (${c.surname}, ${c.year})`);
    }
  });
}

test('the explorable names the systems its sources name and cites each claim', () => {
  const doc = notebooks()['attention-explorable'];
  const why = doc.cells.find((c) => c.id === 'why-it-matters').text;
  for (const [system, surname] of [['GPT-3', 'Brown'], ['Llama', 'Touvron'], ['Stable Diffusion', 'Rombach'], ['Sora', 'Brooks']]) {
    assert.ok(why.includes(system), `names ${system}`);
    assert.ok(citations(why).some((c) => c.surname === surname), `cites ${surname} for ${system}`);
  }
  // Each connection cites the work it rests on (masking is the mechanism itself).
  const connections = doc.cells.find((c) => c.id === 'connections').text.split('\n').filter((l) => l.startsWith('- '));
  assert.ok(connections.length >= 8);
  for (const line of connections) {
    if (line.startsWith('- **Masking**')) continue;
    assert.ok(citations(line).length > 0, `cites its sources: ${line.slice(0, 60)}…`);
  }
  for (const named of ['RoPE', 'FlashAttention', 'Flamingo', 'CLIP', 'Mamba', 'induction head', 'grouped-query']) {
    assert.ok(connections.some((l) => l.includes(named)), `the connections name ${named}`);
  }
});

for (const doc of docs) {
  test(`${doc.id}: the references are drawn as links that open in a new tab`, async () => {
    const depth = doc.depths.at(-1);
    const { page, problems, context } = await openPage(browser, site, `${doc.id}/#${doc.id}.depth=${depth}`);
    try {
      await page.locator('attention-notebook').evaluate((el) => el.ready);
      const drawn = await page.locator('attention-notebook').evaluate((host) =>
        [...host.shadowRoot.querySelectorAll('section:not([hidden]) ol.refs > li')].map((li) => {
          const a = li.querySelector('a.ref-title');
          return { title: a?.textContent, href: a?.getAttribute('href'), target: a?.target, rel: a?.rel, meta: li.querySelector('.ref-meta').textContent };
        }));
      const refs = doc.cells.filter((c) => c.type === 'references' && (c.depths || doc.depths).includes(depth)).flatMap((c) => c.items);
      assert.equal(drawn.length, refs.length);
      // The list's numbers are not cut at the left edge: "24." fits in the list's indent.
      const fits = await page.locator('attention-notebook').evaluate((host) => [...host.shadowRoot.querySelectorAll('section:not([hidden]) ol.refs')].map((ol) => {
        const cs = getComputedStyle(ol.firstElementChild);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        return { marker: ctx.measureText(`${ol.children.length}. `).width, indent: parseFloat(getComputedStyle(ol).paddingLeft) };
      }));
      for (const f of fits) assert.ok(f.marker <= f.indent, `the numbers fit their indent (${f.marker} px in ${f.indent} px)`);
      refs.forEach((ref, i) => {
        assert.equal(drawn[i].title, ref.title);
        assert.equal(drawn[i].href, ref.url);
        assert.equal(drawn[i].target, '_blank');
        assert.match(drawn[i].rel, /noopener/);
        assert.equal(drawn[i].meta, `${ref.authors} (${ref.year}). ${ref.venue}.`);
      });
      assert.deepEqual(await problems(), []);
    } finally {
      await context.close();
    }
  });
}
