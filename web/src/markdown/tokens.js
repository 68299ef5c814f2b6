// markdown-it's tokens reduced to what ./dom.js reads, as plain data: the page's parser hands
// these to dom.js, and the site's build stores the same for each shipped text
// (scripts/prerender.mjs, ../render/prerendered.js), so both draw through one path. No DOM here.
//
// A token keeps its type and, where markdown-it set them, tag, content, info, markup, hidden,
// attrs (as an object: {href, title}, {start}) and children.

const FIELDS = ['tag', 'content', 'info', 'markup'];

/** markdown-it tokens -> plain tokens. */
export function plainTokens(tokens) {
  return tokens.map((token) => {
    const plain = { type: token.type };
    for (const field of FIELDS) if (token[field]) plain[field] = token[field];
    if (token.hidden) plain.hidden = true;
    if (token.attrs?.length) plain.attrs = Object.fromEntries(token.attrs);
    if (token.children) plain.children = plainTokens(token.children);
    return plain;
  });
}
