// How a cell is named: its own "id", else "cell-<position from 1>". The validator reserves the
// automatic form for the cell at that position (an explicit "cell-2" anywhere else is refused,
// engine/src/notebook/validate_cells.cpp), so the two kinds of name never clash: completion,
// SCORM, xAPI and the permalink all name a cell by this one function.
export const cellIdOf = (cell, index) => cell.id || `cell-${index + 1}`;
