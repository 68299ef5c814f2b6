// The author page's starting points, built from what the engine says (no DOM; unit-tested):
//   - the template: a notebook with one cell of each type the validator knows (`cell_types`),
//     each preceded by a prose cell that explains its fields in the words of
//     docs/notebook-format.md (field-docs.js), so JSON's lack of comments costs nothing;
//   - snippets: each cell type's example, as the engine filled it from its own defaults.
// A cell type added to the engine appears in both with no change here.

/**
 * A cell with its fields in the order the validator lists them (`fields` of its cell_types
 * entry: type, id, depths, title, then the type's own), any others after: the engine's JSON
 * objects come back with their keys sorted.
 */
export function orderedCell(cell, fields = ['type', 'id', 'depths', 'title']) {
  const out = {};
  for (const f of fields) if (cell[f] !== undefined) out[f] = cell[f];
  for (const [k, v] of Object.entries(cell)) if (!(k in out)) out[k] = v;
  return out;
}

/** The explanation of one cell type as Markdown (a prose cell's text). */
export function explainType(type, docs) {
  const d = docs?.types?.[type.type];
  const lines = [];
  if (d?.intro) lines.push(d.intro, '');
  lines.push(`The next cell is a \`${type.type}\` cell. Its fields:`, '');
  for (const field of type.fields) {
    const required = field === 'type' || type.required.includes(field);
    const text = d?.fields?.[field] || docs?.common?.[field] || '';
    lines.push(`- \`${field}\`${required ? ' (required)' : ''}${text ? `: ${text}` : ''}`);
  }
  if (d?.notes) lines.push('', d.notes);
  return lines.join('\n');
}

/**
 * The template document. `limits`: the engine's `limits` answer; `cellTypes`: its `cell_types`
 * answer; `docs`: parseFieldDocs() of docs/notebook-format.md (or null).
 */
export function templateDocument(limits, cellTypes, docs) {
  const cells = [{
    type: 'prose',
    id: 'start',
    text: 'This template has one cell of each type. Before each one, a cell like this explains its ' +
      'fields. Change anything: the preview redraws as you type, and every mistake is underlined ' +
      'in the editor and listed below it.',
  }];
  for (const t of cellTypes.cell_types) {
    if (!t.example) continue;
    cells.push({ type: 'prose', title: `About the ${t.type} cell`, text: explainType(t, docs) });
    cells.push(orderedCell(t.example, t.fields));
  }
  return {
    format: limits.notebook.format,
    id: 'my-notebook',
    title: 'My notebook',
    version: '1.0.0',
    description: 'A notebook started from the attnbook template.',
    depths: limits.notebook.depths,
    cells,
  };
}

/** JSON text as the editor shows it: two-space indentation, a final newline. */
export function documentText(doc) {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** A cell's JSON text indented to sit at `indent` inside the cells array (first line unindented). */
export function snippetText(cell, indent, fields) {
  return JSON.stringify(orderedCell(cell, fields), null, 2).split('\n').join(`\n${indent}`);
}
