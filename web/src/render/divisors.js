// How each of the engine's divisor names (ctx.limits.divisors, the `limits` command) reads on the
// page: its symbol in charts and notes, and its entry in a menu. A name without wording of its own
// (one the engine adds later) shows as itself.

const WORDING = {
  sqrt: { symbol: '√d', menu: '√d (the standard)' },
  d: { symbol: 'd', menu: 'd (divides too much)' },
  1: { symbol: '1', menu: '1 (no scaling)' },
};

const wording = (name) => (Object.hasOwn(WORDING, name) ? WORDING[name] : { symbol: name, menu: name });

/** "√d" for "sqrt". */
export const divisorSymbol = (name) => wording(name).symbol;

/** "√d (the standard)" for "sqrt": the divisor as a menu offers it. */
export const divisorChoice = (name) => wording(name).menu;
