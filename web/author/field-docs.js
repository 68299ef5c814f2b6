// What docs/notebook-format.md says about each field of each cell type, read from its tables at
// build time (scripts/build-site.mjs) so that the author page explains fields in the docs' own
// words and a cell type documented there is explained with no change here. No DOM, no fs.
//
//   parseFieldDocs(markdown) -> {notebook: {field: text}, common: {field: text},
//                                types: {type: {intro, notes, fields: {field: text}}}}
//
// A field's text joins the table's other columns but "required" (the page marks required fields
// from the engine's own list): "limits: Markdown (the subset below), 1–20000 characters".

function cells(row) {
  return row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

/** The rows of the first table in `lines` as {field: text}, with the header naming each column. */
function tableFields(lines) {
  const fields = {};
  const start = lines.findIndex((l) => l.trim().startsWith('|'));
  if (start < 0) return fields;
  const header = cells(lines[start]);
  for (let i = start + 2; i < lines.length && lines[i].trim().startsWith('|'); i++) {
    const row = cells(lines[i]);
    const m = /^`([^`]+)`$/.exec(row[0]);
    if (!m) continue;
    const parts = [];
    for (let c = 1; c < row.length; c++) {
      if (row[c] && header[c] !== 'required') parts.push(`${header[c] || ''}: ${row[c]}`.replace(/^: /, ''));
    }
    fields[m[1]] = parts.join(' · ');
  }
  return fields;
}

/** Sections of the document by heading: [{level, title, lines}]. */
function sections(markdown) {
  const out = [];
  let current = { level: 0, title: '', lines: [] };
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (/^(```|~~~)/.test(line)) fence = !fence;
    const m = !fence && /^(#{1,6}) (.*)$/.exec(line);
    if (m) {
      out.push(current);
      current = { level: m[1].length, title: m[2].trim(), lines: [] };
    } else {
      current.lines.push(line);
    }
  }
  out.push(current);
  return out;
}

export function parseFieldDocs(markdown) {
  const result = { notebook: {}, common: {}, types: {} };
  for (const s of sections(markdown)) {
    if (s.level === 2 && /^The document/i.test(s.title)) result.notebook = tableFields(s.lines);
    if (s.level === 2 && /^Fields of every cell/i.test(s.title)) result.common = tableFields(s.lines);
    const m = s.level === 3 && /^`([a-z0-9-]+)`$/.exec(s.title);
    if (!m) continue;
    const intro = [];
    for (const line of s.lines) {
      if (line.trim().startsWith('|')) break;
      intro.push(line);
    }
    // Bullet lists after the table (the practice answer's forms) belong to the explanation too.
    const after = [];
    let pastTable = false;
    for (const line of s.lines) {
      if (line.trim().startsWith('|')) pastTable = true;
      else if (pastTable) after.push(line);
    }
    result.types[m[1]] = {
      intro: intro.join('\n').trim(),
      notes: after.join('\n').trim(),
      fields: tableFields(s.lines),
    };
  }
  return result;
}

/**
 * What the docs say about field `name` of the object at the end of `frames` (syntax-path.js: the
 * document first): a notebook field, or a cell's, read from its "type" (the common cell fields
 * for any type); null for any other object. Own keys only: a field named "constructor" or
 * "__proto__" has no help.
 */
export function fieldDoc(docs, frames, name) {
  const own = (o, k) => (o !== null && typeof o === 'object' && Object.hasOwn(o, k) ? o[k] : undefined);
  const steps = frames.slice(1).map((f) => f.step);
  if (steps.length === 0) return own(docs.notebook, name) ?? null;
  if (steps.length !== 2 || steps[0] !== 'cells') return null;
  const type = own(frames[2].value, 'type');
  return own(own(own(docs.types, type), 'fields'), name) ?? own(docs.common, name) ?? null;
}
