// How a cell is named: its own "id", else "cell-<position from 1>". The validator reserves the
// automatic form for the cell at that position (an explicit "cell-2" anywhere else is refused,
// engine/src/notebook/validate_cells.cpp), so the two kinds of name never clash: completion,
// SCORM, xAPI and the permalink all name a cell by this one function.
export const cellIdOf = (cell, index) => cell.id || `cell-${index + 1}`;

// The rule for a notebook's and a cell's id, as the engine checks it (validate_context.cpp) and
// the schema states it ($defs/id, tests/unit/cell-id.test.mjs holds the two equal): the pages and
// the site build that read an id before the engine does use this one copy.
export const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
