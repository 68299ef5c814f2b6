// Seeded random CLI command lines, for the tests that run them through both builds
// (cli-contract.test.mjs, differential.test.mjs). A fixed seed, so a failure can be replayed.
//
//   for (const args of randomCommandLines({ seed, rounds, pieces, commands, options, maxOptions })) ...
//
// Each line is a command followed by up to maxOptions - 1 options, each "--name value" or
// "--name=value", the value one to three pieces joined by "," or ";". A scaling line ends with
// small --pairs and --trials so it stays quick.
export function* randomCommandLines({ seed, rounds, pieces, commands, options, maxOptions }) {
  let state = seed;
  const rand = (n) => { state = (state * 1103515245 + 12345) % 2147483648; return state % n; };
  for (let round = 0; round < rounds; round++) {
    const args = [commands[rand(commands.length)]];
    for (let k = rand(maxOptions); k > 0; k--) {
      const value = Array.from({ length: 1 + rand(3) }, () => pieces[rand(pieces.length)]).join(rand(2) ? ',' : ';');
      if (rand(3) === 0) args.push(`${options[rand(options.length)]}=${value}`);
      else args.push(options[rand(options.length)], value);
    }
    if (args[0] === 'scaling') args.push('--pairs', '30', '--trials', '4');
    yield args;
  }
}
