// Where a place in a JSON text lies, read from its Lezer syntax tree (@lezer/json, the editor's
// parser), which has a shape even while the text does not parse: the containers from the
// document down to the place, each with the step (key or index) that leads into it and its value.
// No DOM and no editor: `slice(from, to)` gives the text (tests/unit/author-syntax-path.test.mjs).
//
//   framesTo(node, slice, skip) -> [{step, value}]   the document first (step undefined)
//   itemsBefore(array, pos), literal(node, slice), valueOf(node, slice, skip), VALUE_NODES
//
// An object's value is read lazily, member by member as a reader looks at it: a frame's value is
// then cheap for the 4 MB notebook the engine allows (issue 20), and a condition of the schema
// that tests a sibling's constant (a cell's "type") reads only that sibling.

/** The syntax nodes that are a JSON value (the others: punctuation, property names, error nodes). */
export const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

/** The JSON value a scalar node's text spells, or undefined (an unfinished string, an error node). */
export function literal(node, slice) {
  try {
    return JSON.parse(slice(node.from, node.to));
  } catch {
    return undefined;
  }
}

/**
 * The value of a node: an object of its members (each read when looked at; a Property whose
 * name node starts at `skip` is left out: the key being typed), a list, a scalar, or undefined.
 * A list is read as an empty one: no step needs its items (each frame has its own value) and
 * no condition the schema walk tests looks inside one.
 */
export function valueOf(node, slice, skip = -1) {
  if (!node) return undefined;
  if (node.name === 'Array') return [];
  if (node.name !== 'Object') return literal(node, slice);
  const out = Object.create(null); // own keys only: a member named "__proto__" is a member
  for (const prop of node.getChildren('Property')) {
    const key = prop.firstChild?.name === 'PropertyName' ? literal(prop.firstChild, slice) : undefined;
    if (typeof key !== 'string' || prop.firstChild.from === skip) continue;
    const member = VALUE_NODES.has(prop.lastChild?.name) ? prop.lastChild : null;
    Object.defineProperty(out, key, { enumerable: true, configurable: true, get: () => valueOf(member, slice) });
  }
  return out;
}

/** How many items of the Array node `array` end before `pos`: the index of an item there. */
export function itemsBefore(array, pos) {
  let count = 0;
  for (let c = array.firstChild; c && c.to <= pos; c = c.nextSibling) if (VALUE_NODES.has(c.name)) count++;
  return count;
}

/**
 * The frames from the document down to the container `node` (an Object or Array): each one's
 * step from its parent (a key, an index; undefined for the document) and its value. Null when
 * `node` does not hang from the document by keys and indices (text in an error node).
 */
export function framesTo(node, slice, skip = -1) {
  const frames = [];
  for (let at = node; at; ) {
    const parent = at.parent;
    let step;
    let up = parent;
    if (parent?.name === 'JsonText') up = null;
    else if (parent?.name === 'Property' && parent.lastChild?.from === at.from && parent.firstChild?.name === 'PropertyName') {
      step = literal(parent.firstChild, slice);
      up = parent.parent;
      if (typeof step !== 'string') return null;
    } else if (parent?.name === 'Array') step = itemsBefore(parent, at.from);
    else return null;
    frames.unshift({ step, value: valueOf(at, slice, skip) });
    at = up;
  }
  return frames;
}
