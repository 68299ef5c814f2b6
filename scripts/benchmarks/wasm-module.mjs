// A built engine module (/build/wasm/NAME.mjs and its .wasm, as the bench server serves them),
// instantiated once per page and shared by every suite that asks for it.
const modules = new Map();

/** Promise of the instantiated module NAME (attnbook-bench-web, attnbook-scale, ...). */
export function wasmModule(name) {
  if (!modules.has(name)) {
    modules.set(name, import(`/build/wasm/${name}.mjs`).then(({ default: create }) =>
      create({ locateFile: (f) => `/build/wasm/${f}` })));
  }
  return modules.get(name);
}
