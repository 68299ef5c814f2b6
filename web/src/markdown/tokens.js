// markdown-it's tokens reduced to what ./dom.js reads, as plain data: the page's parser hands
// these to dom.js, and the site's build stores the same for each shipped text
// (scripts/prerender.mjs, ../render/prerendered.js), so both draw through one path. No DOM here.
//
// A token keeps its type, content and info (strings, '' when empty) and, where markdown-it set
// them, tag, markup, hidden, attrs (as an object: {href, title}, {start}) and children.

/** markdown-it tokens -> plain tokens. */
export function plainTokens(tokens) {
  return tokens.map((token) => {
    const plain = { type: token.type, content: token.content, info: token.info };
    if (token.tag) plain.tag = token.tag;
    if (token.markup) plain.markup = token.markup;
    if (token.hidden) plain.hidden = true;
    if (token.attrs?.length) plain.attrs = Object.fromEntries(token.attrs);
    if (token.children) plain.children = plainTokens(token.children);
    return plain;
  });
}
