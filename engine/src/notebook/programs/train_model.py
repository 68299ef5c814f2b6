## The training lab's model, task and training loop in numpy (lessons/train.hpp written with
## numpy's arrays): the same draws from numpy.random.default_rng(SEED) in the same order as the
## engine, the forward pass, the backward pass written out by hand (numpy has no autodiff, and the
## gradient through the softmax is what the lesson is about), and Adam. General in the settings
## (programs/train_settings.py), which come first; it leaves the curves in `record`.
import json

import numpy as np

T, d, H, V = CONTEXT, WIDTH, HEADS, VOCAB
dh = d // H                      # each head's width
f = 4 * d                        # the MLP's hidden width
scale = {"sqrt": np.sqrt(dh), "d": float(dh), "1": 1.0}[DIVISOR]
rng = np.random.default_rng(SEED)

# 1. Parameters. Token and position embeddings with variance 1/2 each, so their sum has unit
#    variance per component; projections with variance 1/d, so q and k start with unit variance
#    per component (the assumption behind dividing by sqrt(d)). Drawn in this order.
params = {"embed": rng.normal(0.0, np.sqrt(0.5), (V, d)),
          "position": rng.normal(0.0, np.sqrt(0.5), (T, d))}
for layer in range(LAYERS):
    for name in ("wq", "wk", "wv", "wo"):
        params[f"{name}{layer}"] = rng.normal(0.0, 1 / np.sqrt(d), (d, d))
    if MLP:
        params[f"w1{layer}"] = rng.normal(0.0, 1 / np.sqrt(d), (d, f))
        params[f"b1{layer}"] = np.zeros(f)
        params[f"w2{layer}"] = rng.normal(0.0, 1 / np.sqrt(f), (f, d))
        params[f"b2{layer}"] = np.zeros(d)
params["unembed"] = rng.normal(0.0, 1 / np.sqrt(d), (d, V))


# 2. The task: sequences of tokens, the token to predict at each position, and where it counts.
def draw_batch(count):
    u = rng.random((count, T))
    targets, counted = np.zeros((count, T), int), np.zeros((count, T))
    if TASK == "induction":
        # A random pattern of period h repeated: from its second copy on, the next token can be
        # found by looking back one period to where the current token last appeared.
        periods = T // 4 + np.floor(u[:, 0] * (T // 2 - T // 4 + 1)).astype(int)
        tokens = np.zeros((count, T), int)
        for i, h in enumerate(periods):
            tokens[i] = np.floor(u[i, 1 + np.arange(T) % h] * V)
            targets[i, h:T - 1], counted[i, h:T - 1] = tokens[i, h + 1:], 1
        return tokens, targets, counted
    tokens = np.floor(u * V).astype(int)
    if TASK == "previous":
        targets[:, 1:], counted[:, 1:] = tokens[:, :-1], 1
    else:  # "largest": the largest token so far
        targets, counted[:] = np.maximum.accumulate(tokens, axis=1), 1
    return tokens, targets, counted


future = np.triu(np.ones((T, T), bool), 1)   # causal: position t sees only positions <= t


def heads(x):     # (batch, T, d) -> (batch, H, T, dh)
    return x.reshape(len(x), T, H, dh).transpose(0, 2, 1, 3)


def concat(x):    # (batch, H, T, dh) -> (batch, T, d)
    return x.transpose(0, 2, 1, 3).reshape(len(x), T, d)


# 3. Forward: embeddings, then per layer x + attention(x) (and x + MLP(x)), then logits.
def forward(tokens):
    x = params["embed"][tokens] + params["position"]
    saved = []
    for layer in range(LAYERS):
        q, k, v = (heads(x @ params[f"{w}{layer}"]) for w in ("wq", "wk", "wv"))
        scores = q @ k.transpose(0, 1, 3, 2) / scale
        scores[:, :, future] = -np.inf
        weights = np.exp(scores - scores.max(-1, keepdims=True))
        weights /= weights.sum(-1, keepdims=True)
        mixed = concat(weights @ v)
        y = x + mixed @ params[f"wo{layer}"]
        s = dict(x=x, q=q, k=k, v=v, weights=weights, mixed=mixed, y=y)
        if MLP:
            s["pre"] = y @ params[f"w1{layer}"] + params[f"b1{layer}"]
            y = y + np.maximum(s["pre"], 0) @ params[f"w2{layer}"] + params[f"b2{layer}"]
        saved.append(s)
        x = y
    return x, x @ params["unembed"], saved


def loss_of(tokens, targets, counted):
    _, logits, _ = forward(tokens)
    shifted = logits - logits.max(-1, keepdims=True)
    log_p = shifted - np.log(np.exp(shifted).sum(-1, keepdims=True))
    picked = np.take_along_axis(log_p, targets[..., None], -1)[..., 0]
    right = (logits.argmax(-1) == targets) * counted
    return -(picked * counted).sum() / counted.sum(), right.sum() / counted.sum()


# 4. Backward, by the chain rule from the loss to every parameter.
def gradients(tokens, targets, counted):
    x, logits, saved = forward(tokens)
    n = counted.sum()
    shifted = logits - logits.max(-1, keepdims=True)
    p = np.exp(shifted) / np.exp(shifted).sum(-1, keepdims=True)
    # Cross-entropy through softmax: d loss / d logits = (p - one_hot(target)) / n where counted.
    d_logits = p
    np.put_along_axis(d_logits, targets[..., None], np.take_along_axis(p, targets[..., None], -1) - 1, -1)
    d_logits *= counted[..., None] / n
    grads = {"unembed": np.einsum("btd,btv->dv", x, d_logits)}
    dx = d_logits @ params["unembed"].T
    for layer in reversed(range(LAYERS)):
        s = saved[layer]
        if MLP:
            hidden = np.maximum(s["pre"], 0)
            grads[f"w2{layer}"] = np.einsum("btf,btd->fd", hidden, dx)
            grads[f"b2{layer}"] = dx.sum((0, 1))
            d_pre = (dx @ params[f"w2{layer}"].T) * (s["pre"] > 0)
            grads[f"w1{layer}"] = np.einsum("btd,btf->df", s["y"], d_pre)
            grads[f"b1{layer}"] = d_pre.sum((0, 1))
            dx = dx + d_pre @ params[f"w1{layer}"].T
        grads[f"wo{layer}"] = np.einsum("btd,bte->de", s["mixed"], dx)
        d_mixed = heads(dx @ params[f"wo{layer}"].T)
        a = s["weights"]
        d_weights = d_mixed @ s["v"].transpose(0, 1, 3, 2)
        dv = a.transpose(0, 1, 3, 2) @ d_mixed
        # Through the softmax (its Jacobian diag(a) - a a^T, row by row), then the divisor.
        d_scores = a * (d_weights - (a * d_weights).sum(-1, keepdims=True)) / scale
        dq, dk = d_scores @ s["k"], d_scores.transpose(0, 1, 3, 2) @ s["q"]
        for name, d_part in (("wq", dq), ("wk", dk), ("wv", dv)):
            grads[f"{name}{layer}"] = np.einsum("btd,bte->de", s["x"], concat(d_part))
            dx = dx + concat(d_part) @ params[f"{name}{layer}"].T
    grads["embed"] = np.zeros_like(params["embed"])
    np.add.at(grads["embed"], tokens, dx)
    grads["position"] = dx.sum(0)
    return grads


# 5. Train: a held-out set first, then per step a fresh batch, its gradients and one Adam step
#    (beta1 0.9, beta2 0.999, eps 1e-8; the bias corrections as running products).
held_out = draw_batch(32)
m = {name: np.zeros_like(w) for name, w in params.items()}
v = {name: np.zeros_like(w) for name, w in params.items()}
beta1_power = beta2_power = 1.0
record = {"train_loss": [], "eval_loss": [], "eval_accuracy": []}
print("step  held-out loss  accuracy")
for step in range(STEPS + 1):
    if step % EVAL_EVERY == 0 or step == STEPS:
        loss, accuracy = loss_of(*held_out)
        record["eval_loss"].append(loss)
        record["eval_accuracy"].append(accuracy)
        print(f"{step:4d}  {loss:13.4f}  {accuracy:8.3f}")
    if step == STEPS:
        break
    batch = draw_batch(BATCH)
    record["train_loss"].append(loss_of(*batch)[0])
    grads = gradients(*batch)
    beta1_power *= 0.9
    beta2_power *= 0.999
    for name in params:
        m[name] = 0.9 * m[name] + 0.1 * grads[name]
        v[name] = 0.999 * v[name] + 0.001 * grads[name] * grads[name]
        step_size = (m[name] / (1 - beta1_power)) / (np.sqrt(v[name] / (1 - beta2_power)) + 1e-8)
        params[name] -= LEARNING_RATE * step_size
