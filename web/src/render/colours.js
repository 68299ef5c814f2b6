// The colour of each source (key, value, token) i: the stylesheet's classes .src-0 to .src-7
// (web/src/styles.js), used in turn again from the ninth source on.
const SOURCE_COLOURS = 8;

export const sourceColour = (i) => `src-${i % SOURCE_COLOURS}`;
