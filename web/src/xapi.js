// xAPI-shaped statements for what a learner does in a notebook (verbs as H5P sends them). No
// actor: the page does not know who the learner is; the host that records the statement adds it.
// Activity ids are URNs built from the notebook's id and the cell's id, so the same notebook
// gives the same ids on every site and in every package. No DOM (tests/unit/xapi.test.mjs).
//
// Never in a statement: anything the learner typed (the result says only whether it was right).

export const VERBS = {
  experienced: 'http://adlnet.gov/expapi/verbs/experienced',
  answered: 'http://adlnet.gov/expapi/verbs/answered',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
};
const ACTIVITY = {
  lesson: 'http://adlnet.gov/expapi/activities/lesson',
  module: 'http://adlnet.gov/expapi/activities/module',
  interaction: 'http://adlnet.gov/expapi/activities/cmi.interaction',
};

export const notebookIri = (id) => `urn:attnbook:notebook:${encodeURIComponent(id)}`;
export const cellIri = (id, cellId) => `${notebookIri(id)}:cell:${encodeURIComponent(cellId)}`;

function notebookActivity(notebook) {
  return {
    objectType: 'Activity',
    id: notebookIri(notebook.id),
    definition: { type: ACTIVITY.lesson, name: { en: notebook.title } },
  };
}

function cellActivity(notebook, cell, cellId) {
  const definition = { type: cell.type === 'practice' ? ACTIVITY.interaction : ACTIVITY.module, name: { en: cell.title || cellId } };
  if (cell.type === 'practice') definition.interactionType = cell.answer?.kind === 'choice' ? 'choice' : 'numeric';
  return { objectType: 'Activity', id: cellIri(notebook.id, cellId), definition };
}

function statement(verb, object, notebook, extra = {}, timestamp = new Date().toISOString()) {
  const s = { verb: { id: VERBS[verb], display: { en: verb } }, object, timestamp, ...extra };
  if (object.id !== notebookIri(notebook.id)) {
    s.context = { contextActivities: { parent: [{ objectType: 'Activity', id: notebookIri(notebook.id) }] } };
  }
  return s;
}

/** The learner opened the notebook. */
export const openedStatement = (notebook, timestamp) => statement('experienced', notebookActivity(notebook), notebook, {}, timestamp);
/** The learner saw cell `index` (its first time in this visit). */
export const seenStatement = (notebook, index, cellId, timestamp) =>
  statement('experienced', cellActivity(notebook, notebook.cells[index], cellId), notebook, {}, timestamp);
/** The learner checked an answer to practice cell `index`; only whether it was right goes out. */
export const answeredStatement = (notebook, index, cellId, correct, timestamp) =>
  statement('answered', cellActivity(notebook, notebook.cells[index], cellId), notebook, { result: { success: Boolean(correct) } }, timestamp);
/** The notebook is complete (docs/embedding.md says when). `score`: fraction of practice answered correctly, or null. */
export const completedStatement = (notebook, score, timestamp) =>
  statement('completed', notebookActivity(notebook), notebook,
    { result: { completion: true, ...(score === null ? {} : { score: { scaled: score } }) } }, timestamp);
