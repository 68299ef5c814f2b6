// Folding the long exp helper out of the exported Python, so the program reads in one screen.
// The full text is what gets copied and run; the fold only changes what is shown. No DOM here.

/**
 * Splits the program at `def engine_exp` ... (up to the next blank line pair).
 * @returns {{main: string, helper: string | null}}
 */
export function foldHelper(program) {
  const start = program.indexOf('def engine_exp(');
  if (start < 0) return { main: program, helper: null };
  const end = program.indexOf('\n\n', start);
  const stop = end < 0 ? program.length : end;
  const helper = program.slice(start, stop);
  const note = '# engine_exp(x): the exp the engine uses (fdlibm, as browsers compute Math.exp), folded below.\n' +
    '# math.exp calls the C library, which can round the last bit differently.';
  return { main: program.slice(0, start) + note + program.slice(stop), helper };
}
