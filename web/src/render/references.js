// A references cell: authors, year, title (linked when the item has an https URL), venue.

import { h } from '../dom.js';
import { safeHref } from './prose.js';
import { linkAttributes } from '../link-rule.js';

export function renderReferences(cell) {
  const items = (cell.items || []).map((ref) => {
    const href = ref.url && /^https:\/\//i.test(ref.url) ? safeHref(ref.url) : null;
    const title = href
      ? h('a', { class: 'ref-title', ...linkAttributes(href) }, ref.title)
      : h('span', { class: 'ref-title' }, ref.title);
    return h('li', null, title, h('br'),
      h('span', { class: 'ref-meta' }, `${ref.authors} (${ref.year}). ${ref.venue}.`));
  });
  return { el: h('ol', { class: 'refs' }, items) };
}
