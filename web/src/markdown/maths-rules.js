// markdown-it rules for the notebook's maths: $tex$ inline and $$ ... $$ display blocks. The TeX
// goes to KaTeX as written (no Markdown inside it). Both rules run in time linear in the text:
// an unmatched "$" never rescans the rest of the paragraph (each paragraph's closers are found in
// one pass, the first time a "$" needs one), and a display block is read line by line once.
//
// One text holds at most MAX_FORMULAS formulas (display blocks count first, as markdown-it reads
// blocks before their inline text); after that "$" is plain text. A formula costs a typesetting
// and dozens of elements, so "$a$a$a..." would otherwise cost the page ~100 times what the same
// length of prose does. Real lessons have about one formula per 500 characters of text.

export const MAX_FORMULAS = 200;
const DOLLAR = 0x24;
const BACKSLASH = 0x5c;

/**
 * closers[i] = index of the first "$" at or after i that no backslash escapes, or -1.
 * A "$" is escaped by an odd run of backslashes right before it ("\$" is a dollar sign, "\\$" a
 * backslash and then a "$"), the same pairs markdown-it's escape rule reads.
 */
function unescapedDollars(src) {
  const closers = new Int32Array(src.length + 1);
  const escaped = new Uint8Array(src.length);
  let run = 0;
  for (let i = 0; i < src.length; i++) {
    escaped[i] = run % 2;
    run = src.charCodeAt(i) === BACKSLASH ? run + 1 : 0;
  }
  closers[src.length] = -1;
  for (let i = src.length - 1; i >= 0; i--) {
    closers[i] = src.charCodeAt(i) === DOLLAR && !escaped[i] ? i : closers[i + 1];
  }
  return closers;
}

const isSpace = (code) => code === 0x20 || code === 0x09 || code === 0x0a;

// Whether one more formula fits in this text (markdown-it's env is one per parse); counts it
// unless markdown-it is only looking ahead (silent).
function takeFormula(state, silent) {
  const env = state.env;
  if (env.attnbookFormulasLeft === undefined) env.attnbookFormulasLeft = MAX_FORMULAS;
  if (env.attnbookFormulasLeft <= 0) return false;
  if (!silent) env.attnbookFormulasLeft -= 1;
  return true;
}

/** Inline maths: "$" + TeX + "$"; the TeX is not empty and does not start with white space. */
export function mathsInline(state, silent) {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== DOLLAR) return false;
  const next = state.src.charCodeAt(start + 1);
  if (next === DOLLAR || Number.isNaN(next) || isSpace(next)) return false;
  // One table per inline run of text (markdown-it makes a new state for each paragraph or heading).
  if (!state.attnbookDollars) state.attnbookDollars = unescapedDollars(state.src);
  const end = state.attnbookDollars[start + 1];
  if (end < 0 || end >= state.posMax || !takeFormula(state, silent)) return false;
  if (!silent) {
    const token = state.push('maths_inline', 'span', 0);
    token.content = state.src.slice(start + 1, end);
    token.markup = '$';
  }
  state.pos = end + 1;
  return true;
}

function lineText(state, line) {
  return state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]);
}

/**
 * Display maths: a line that starts with "$$". "$$ tex $$" on one line, or lines up to one that
 * ends with "$$" (or to the end of the cell or list item that holds it, when none does).
 */
export function mathsBlock(state, startLine, endLine, silent) {
  const first = lineText(state, startLine).trimEnd();
  if (first.charCodeAt(0) !== DOLLAR || first.charCodeAt(1) !== DOLLAR) return false;
  if (!takeFormula(state, silent)) return false;
  if (silent) return true;
  let tex = first.slice(2);
  let next = startLine + 1;
  if (tex.length >= 2 && tex.endsWith('$$')) {
    tex = tex.slice(0, -2);
  } else {
    const body = [tex];
    for (; next < endLine; next++) {
      const text = lineText(state, next).trimEnd();
      // A line indented less than the block's container ends the container (and the maths).
      if (text && state.sCount[next] < state.blkIndent) break;
      if (text.endsWith('$$')) {
        body.push(text.slice(0, -2));
        next += 1;
        break;
      }
      body.push(text);
    }
    tex = body.join('\n');
  }
  state.line = next;
  const token = state.push('maths_block', 'div', 0);
  token.content = tex.trim();
  token.markup = '$$';
  token.map = [startLine, next];
  return true;
}
