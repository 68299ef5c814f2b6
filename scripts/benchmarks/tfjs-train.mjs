// The training lab's model written with tfjs, for the bench: the same architecture as
// engine/include/attnbook/lessons/train.hpp without the MLP (the lab's default): token +
// position embeddings, `layers` of causal multi-head self-attention with a residual, an
// unembedding, mean cross-entropy over the counted positions, Adam (beta1 0.9, beta2 0.999,
// eps 1e-8). The parameters start from the engine's initial values, so the first loss can be
// checked against the engine's before anything is timed.

/**
 * @param tf     the tfjs namespace (backend already chosen)
 * @param config {layers, heads, width, context, vocab, divisor, learning_rate}
 * @param flat   Float32Array: embed (V, d), position (T, d), per layer wq, wk, wv, wo, unembed (d, V)
 */
export function tfjsTrainer(tf, config, flat) {
  const { layers, heads: H, width: d, context: T, vocab: V } = config;
  const dh = d / H;
  const divisor = { sqrt: Math.sqrt(dh), d: dh, 1: 1 }[config.divisor];
  let at = 0;
  const take = (shape) => {
    const n = shape.reduce((a, b) => a * b, 1);
    const v = tf.variable(tf.tensor(flat.subarray(at, at + n), shape));
    at += n;
    return v;
  };
  const params = { embed: take([V, d]), position: take([T, d]), layers: [] };
  for (let l = 0; l < layers; l++) params.layers.push({ wq: take([d, d]), wk: take([d, d]), wv: take([d, d]), wo: take([d, d]) });
  params.unembed = take([d, V]);
  if (at !== flat.length) throw new Error(`tfjs trainer: ${flat.length} parameters given, ${at} used`);
  // Causal: a large negative number above the diagonal (exp underflows to 0, as the engine's -inf).
  const future = tf.tensor2d(Array.from({ length: T * T }, (_, i) => (i % T > Math.floor(i / T) ? -1e9 : 0)), [T, T]);
  const optimizer = tf.train.adam(config.learning_rate, 0.9, 0.999, 1e-8);

  const lossOf = (tokens, targets, counted, B) => {
    const split = (x) => tf.transpose(tf.reshape(x, [B, T, H, dh]), [0, 2, 1, 3]);
    // The lookup as one_hot(tokens) E: the wasm backend has no kernel for gather's gradient
    // (UnsortedSegmentSum), and the product is the same rows.
    const rows = tf.matMul(tf.cast(tf.oneHot(tf.reshape(tokens, [B * T]), V), 'float32'), params.embed);
    let x = tf.add(tf.reshape(rows, [B, T, d]), params.position);
    for (const p of params.layers) {
      const flatX = tf.reshape(x, [B * T, d]);
      const q = split(tf.matMul(flatX, p.wq)), k = split(tf.matMul(flatX, p.wk)), v = split(tf.matMul(flatX, p.wv));
      const scores = tf.add(tf.div(tf.matMul(q, k, false, true), divisor), future);
      const mixed = tf.reshape(tf.transpose(tf.matMul(tf.softmax(scores), v), [0, 2, 1, 3]), [B * T, d]);
      x = tf.add(x, tf.reshape(tf.matMul(mixed, p.wo), [B, T, d]));
    }
    const logp = tf.logSoftmax(tf.matMul(tf.reshape(x, [B * T, d]), params.unembed));
    const picked = tf.sum(tf.mul(logp, tf.oneHot(tf.reshape(targets, [B * T]), V)), 1);
    const c = tf.reshape(counted, [B * T]);
    return tf.neg(tf.div(tf.sum(tf.mul(picked, c)), tf.sum(c)));
  };

  return {
    /** The loss of one batch at the current parameters, no update. */
    loss(tokens, targets, counted, B) {
      return tf.tidy(() => lossOf(tokens, targets, counted, B).dataSync()[0]);
    },
    /** One step: forward, backward, Adam; the loss before the update. */
    step(tokens, targets, counted, B) {
      const loss = optimizer.minimize(() => lossOf(tokens, targets, counted, B), true);
      const value = loss.dataSync()[0];
      loss.dispose();
      return value;
    },
    dispose() {
      optimizer.dispose();
      tf.dispose([future, params.embed, params.position, params.unembed, ...params.layers.flatMap((p) => Object.values(p))]);
    },
  };
}
