// An Emscripten module's .wasm downloaded beside its JavaScript glue instead of after it: the glue
// asks for the .wasm only once it has been fetched and run, one round trip later. The worker starts
// the .wasm's fetch with the glue's import and hands the response to the glue through Emscripten's
// `instantiateWasm` hook (Module.instantiateWasm(imports, receive): instantiate, then call
// receive(instance, module)), compiled as it streams in. No worker or DOM code here (tests/unit).

/**
 * Options for an Emscripten factory that instantiate the .wasm from `response` (a Promise of its
 * Response), and `failed`: a Promise that rejects when that fails (the factory's own promise would
 * never settle: Emscripten reports only a hook that throws at once). A response that cannot be
 * compiled as it streams (a host that sends another Content-Type than application/wasm) is read
 * whole and compiled then, as the glue itself does.
 */
export function streamingInstantiation(response) {
  let fail;
  const failed = new Promise((_, reject) => { fail = reject; });
  const options = {
    instantiateWasm(imports, receive) {
      response
        .then(async (res) => {
          if (!res.ok) throw new Error(`${res.url || 'the .wasm'}: HTTP ${res.status}`);
          try {
            return await WebAssembly.instantiateStreaming(res.clone(), imports);
          } catch {
            return WebAssembly.instantiate(await res.arrayBuffer(), imports);
          }
        })
        .then(({ instance, module }) => receive(instance, module), fail);
      return {}; // the exports come later, through receive
    },
  };
  return { options, failed };
}
