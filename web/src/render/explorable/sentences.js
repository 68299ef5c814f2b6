// The sentences the explorable writes about the engine's numbers. They read only the engine's
// pairs ({exact, shown}) and never contradict them: a tie is called a tie, a share that
// underflows or rounds to 0 is not called masked, and a fully masked row has no output.
// No DOM here (tests/unit).

/** "A", "A and B", "A, B and C". */
export function listText(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const vecShown = (pairs) => `[${pairs.map((p) => p.shown).join(', ')}]`;

/** How one allowed source's share reads in a sentence (normalizer: the result's, if not softmax). */
export function shareText(label, share, normalizer) {
  // sparsemax and entmax15 give an exact 0 on purpose: the source scored too far below the top.
  if (share.exact === 0 && (normalizer === 'sparsemax' || normalizer === 'entmax15')) return `${label} gets exactly 0 (${normalizer})`;
  if (share.exact === 0) return `${label} gets exactly 0 (its share underflows in double precision; ${label} is not masked)`;
  if (Number(share.shown) === 0) return `${label} gets less than 0.0005 (shown as 0; ${label} is not masked)`;
  return `${label} gets ${share.shown}`;
}

/**
 * The one-paragraph reading of an explore result.
 * @param {{scores: object[], shares: object[], output: object[], all_masked: boolean}} r
 * @param {string[]} labels
 * @param {boolean[]} mask true = allowed
 */
export function summarySentence(r, labels, mask) {
  const masked = labels.filter((_, i) => !mask[i]);
  if (r.all_masked) {
    return 'Every source is masked, so there is nothing to share attention between: this row has no shares that mean anything and no output.';
  }
  const open = labels.map((_, i) => i).filter((i) => mask[i]);
  const top = Math.max(...open.map((i) => r.scores[i].exact));
  const tied = open.filter((i) => r.scores[i].exact === top);
  const rest = open.filter((i) => !tied.includes(i)).sort((a, b) => r.shares[b].exact - r.shares[a].exact);
  let lead;
  if (open.length === 1) {
    lead = `Only ${labels[open[0]]} is allowed, so it takes all of the attention (share ${r.shares[open[0]].shown})`;
  } else if (tied.length === open.length) {
    lead = `q matches ${tied.length === 2 ? 'both' : 'all'} allowed keys equally (score ${r.scores[tied[0]].shown} each), so the attention is split evenly: ${listText(tied.map((i) => labels[i]))} get ${r.shares[tied[0]].shown} each`;
  } else if (tied.length > 1) {
    lead = `q matches ${listText(tied.map((i) => `${labels[i]}’s`))} keys equally well (score ${r.scores[tied[0]].shown} each), so they get ${r.shares[tied[0]].shown} each`;
  } else {
    const b = tied[0];
    lead = `q matches ${labels[b]}’s key best (score ${r.scores[b].shown}), so ${labels[b]} gets the largest share, ${r.shares[b].shown}`;
  }
  const others = rest.map((i) => shareText(labels[i], r.shares[i], r.normalizer));
  return `${lead}${others.length ? `; ${listText(others)}` : ''}. Output o = ${vecShown(r.output)}.` +
    `${masked.length ? ` Masked (left out before the ${r.normalizer || 'softmax'}): ${listText(masked)}.` : ''}` +
    `${r.normalizer === 'softmax1' ? ` Under softmax1 the shares add up to ${r.total.shown}, not 1: the rest goes to nothing.` : ''}`;
}

/** Two engine numbers the same within 1e-12 (absolute)? */
export const UNCHANGED_WITHIN = 1e-12;
export function unchanged(a, b) {
  return Math.abs(a.exact - b.exact) <= UNCHANGED_WITHIN;
}

const allUnchanged = (xs, ys, mask) => xs.every((x, i) => (mask && !mask[i]) || unchanged(x, ys[i]));

/**
 * "Scores changed; shares unchanged; output unchanged." for the current result against the
 * reference query's result (same keys, values and mask). Masked sources' scores count too (the
 * page shows them); an all-masked row has no shares or output to compare.
 */
export function compareSentence(cur, ref) {
  const part = (name, same) => `${name} ${same ? 'unchanged' : 'changed'}`;
  const scores = part('scores', allUnchanged(cur.scores, ref.scores));
  if (cur.all_masked) return `${cap(scores)}; no shares or output to compare (every source is masked).`;
  return `${cap(scores)}; ${part('shares', allUnchanged(cur.shares, ref.shares))}; ${part('output', allUnchanged(cur.output, ref.output))}.`;
}

const cap = (t) => t[0].toUpperCase() + t.slice(1);

/**
 * Is the goal met? goal = {source: index, above: 0.9}: that source's exact share is above.
 */
export function goalMet(r, goal) {
  return Boolean(r && !r.all_masked && goal && r.shares[goal.source].exact > goal.above);
}
