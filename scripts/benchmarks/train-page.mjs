// The browser half of the training bench (suite-train.mjs): window.benchTrain.run(config, steps)
// trains the lab's model for `steps` steps with the engine (attnbook-bench-web.mjs: the engine's
// own train functions, float64) and with tfjs (its wasm backend, float32) from the same initial
// parameters on the same batches, after checking that both give the same first loss.
import { tfjsTrainer } from './tfjs-train.mjs';
import { loadScript } from './load-script.mjs';
import { wasmModule } from './wasm-module.mjs';

async function tfjsWasm() {
  if (!window.tfTrain) {
    await loadScript('/build/bench/tfjs-train.js');  // suite-train.mjs bundles it
    window.tfTrain.setWasmPaths('/node_modules/@tensorflow/tfjs-backend-wasm/dist/');
  }
  const { tf } = window.tfTrain;
  await tf.setBackend('wasm');
  await tf.ready();
  return tf;
}

const benchModule = () => wasmModule('attnbook-bench-web');

function startEngine(M, config) {
  const text = JSON.stringify(config);
  const bytes = M.lengthBytesUTF8(text) + 1;
  const ptr = M._malloc(bytes);
  M.stringToUTF8(text, ptr, bytes);
  const status = M._bench_train_start(ptr);
  M._free(ptr);
  if (status !== 0) throw new Error(`bench_train_start refused ${text}`);
}

/** The initial parameters and the next `n` batches, copied out of the engine. */
function engineStart(M, config, n) {
  const count = M._bench_train_param_count();
  const per = config.batch * config.context;
  const ptr = M._malloc(4 * (count + 3 * n * per));
  const tokensAt = ptr + 4 * count, targetsAt = tokensAt + 4 * n * per, countedAt = targetsAt + 4 * n * per;
  M._bench_train_params(ptr);
  M._bench_train_batches(n, tokensAt, targetsAt, countedAt);
  const params = M.HEAPF32.slice(ptr >> 2, (ptr >> 2) + count);
  const batches = [];
  for (let i = 0; i < n; i++) {
    batches.push({
      tokens: M.HEAP32.slice((tokensAt >> 2) + i * per, (tokensAt >> 2) + (i + 1) * per),
      targets: M.HEAP32.slice((targetsAt >> 2) + i * per, (targetsAt >> 2) + (i + 1) * per),
      counted: M.HEAPF32.slice((countedAt >> 2) + i * per, (countedAt >> 2) + (i + 1) * per),
    });
  }
  M._free(ptr);
  return { params, batches };
}

window.benchTrain = {
  async run(config, steps, rounds) {
    const [M, tf] = await Promise.all([benchModule(), tfjsWasm()]);
    const B = config.batch, T = config.context;
    startEngine(M, config);
    const { params, batches } = engineStart(M, config, steps);
    const peer = tfjsTrainer(tf, config, params);
    const shaped = batches.map((b) => ({
      tokens: tf.tensor2d(b.tokens, [B, T], 'int32'),
      targets: tf.tensor2d(b.targets, [B, T], 'int32'),
      counted: tf.tensor2d(b.counted, [B, T]),
    }));
    try {
      // The check: the same parameters and batch give the same loss (float32 against float64).
      const first = { engine: M._bench_train_steps(1), tfjs: peer.loss(shaped[0].tokens, shaped[0].targets, shaped[0].counted, B) };
      startEngine(M, config);  // back to step 0
      // Round-robin: each round times `steps` steps of each, so a busy machine's load falls on
      // both alike. The first round trains both on the same batches from the same start; later
      // rounds go on training (the engine on new batches, tfjs on these again: a step's cost
      // depends on the shapes, not on the numbers).
      const times = { engine: [], tfjs: [] };
      const last = {};
      for (let r = 0; r < rounds; r++) {
        let t0 = performance.now();
        last.engine = M._bench_train_steps(steps);
        times.engine.push((performance.now() - t0) / steps);
        t0 = performance.now();
        for (const b of shaped) last.tfjs = peer.step(b.tokens, b.targets, b.counted, B);
        times.tfjs.push((performance.now() - t0) / steps);
      }
      const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      return {
        first, last, steps, rounds,
        engine_ms: median(times.engine), tfjs_ms: median(times.tfjs),
        info: `tfjs ${tf.version_core}, backend ${tf.getBackend()}`,
      };
    } finally {
      tf.dispose(shaped.flatMap((b) => [b.tokens, b.targets, b.counted]));
      peer.dispose();
    }
  },
};
