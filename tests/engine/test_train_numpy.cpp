// The engine's training run against an independent numpy program of the same model, data and
// optimiser (written here, vectorised over the batch and heads, with numpy's own exp, log and
// matrix products; native only: it starts Python).
#include <catch2/catch.hpp>

#include <fstream>

#include "attnbook/notebook/commands.hpp"
#include "python_runner.hpp"
#include "train_curves.hpp"

using namespace attnbook;
using nlohmann::json;

#ifdef ATTNBOOK_PYTHON
namespace {

const char* kNumpyTraining = R"py(
import json, sys
import numpy as np

cfg = json.load(open(sys.argv[1]))
T, d, H, V, n_layers = cfg["context"], cfg["width"], cfg["heads"], cfg["vocab"], cfg["layers"]
mlp, dh, f = cfg["mlp"], cfg["width"] // cfg["heads"], 4 * cfg["width"]
divisor = {"sqrt": np.sqrt(dh), "d": float(dh), "1": 1.0}[cfg["divisor"]]
rng = np.random.default_rng(cfg["seed"])

# Parameters, drawn in the lesson's order.
p = {"E": rng.normal(0.0, np.sqrt(0.5), (V, d)), "P": rng.normal(0.0, np.sqrt(0.5), (T, d))}
for l in range(n_layers):
    for w in ("wq", "wk", "wv", "wo"):
        p[w + str(l)] = rng.normal(0.0, 1 / np.sqrt(d), (d, d))
    if mlp:
        p["w1" + str(l)] = rng.normal(0.0, 1 / np.sqrt(d), (d, f)); p["b1" + str(l)] = np.zeros(f)
        p["w2" + str(l)] = rng.normal(0.0, 1 / np.sqrt(f), (f, d)); p["b2" + str(l)] = np.zeros(d)
p["U"] = rng.normal(0.0, 1 / np.sqrt(d), (d, V))

def batch(n):
    u = rng.random((n, T))
    targets, counted = np.zeros((n, T), int), np.zeros((n, T))
    if cfg["task"] == "induction":
        periods = T // 4 + np.floor(u[:, 0] * (T // 2 - T // 4 + 1)).astype(int)
        tokens = np.zeros((n, T), int)
        for i, h in enumerate(periods):
            tokens[i] = np.floor(u[i, 1 + np.arange(T) % h] * V)
            targets[i, h:T - 1], counted[i, h:T - 1] = tokens[i, h + 1:], 1
    else:
        tokens = np.floor(u * V).astype(int)
        if cfg["task"] == "previous":
            targets[:, 1:], counted[:, 1:] = tokens[:, :-1], 1
        else:
            targets, counted[:] = np.maximum.accumulate(tokens, axis=1), 1
    return tokens, targets, counted

causal = np.triu(np.ones((T, T), bool), 1)
split = lambda x: x.reshape(x.shape[0], T, H, dh).transpose(0, 2, 1, 3)       # (B, H, T, dh)
merge = lambda x: x.transpose(0, 2, 1, 3).reshape(x.shape[0], T, d)

def loss_and_grads(tokens, targets, counted, want_grads=True):
    B, N = len(tokens), counted.sum()
    x = p["E"][tokens] + p["P"]                                                # (B, T, d)
    caches = []
    for l in range(n_layers):
        L = str(l)
        q, k, v = split(x @ p["wq" + L]), split(x @ p["wk" + L]), split(x @ p["wv" + L])
        s = q @ k.transpose(0, 1, 3, 2) / divisor                             # (B, H, T, T)
        s[:, :, causal] = -np.inf
        a = np.exp(s - s.max(-1, keepdims=True)); a /= a.sum(-1, keepdims=True)
        z = merge(a @ v)
        y = x + z @ p["wo" + L]
        c = dict(x=x, q=q, k=k, v=v, a=a, z=z, y=y)
        if mlp:
            c["pre"] = y @ p["w1" + L] + p["b1" + L]
            y = y + np.maximum(c["pre"], 0) @ p["w2" + L] + p["b2" + L]
        caches.append(c)
        x = y
    logits = x @ p["U"]
    shifted = logits - logits.max(-1, keepdims=True)
    logp = shifted - np.log(np.exp(shifted).sum(-1, keepdims=True))
    picked = np.take_along_axis(logp, targets[..., None], -1)[..., 0]
    loss = -(picked * counted).sum() / N
    accuracy = ((logits.argmax(-1) == targets) * counted).sum() / N
    if not want_grads:
        return loss, accuracy, None
    g = {}
    dlogits = np.exp(logp); dlogits[np.arange(B)[:, None], np.arange(T)[None, :], targets] -= 1
    dlogits *= counted[..., None] / N
    g["U"] = np.einsum("btd,btv->dv", x, dlogits)
    dx = dlogits @ p["U"].T
    for l in reversed(range(n_layers)):
        L, c = str(l), caches[l]
        if mlp:
            hidden = np.maximum(c["pre"], 0)
            g["w2" + L] = np.einsum("btf,btd->fd", hidden, dx); g["b2" + L] = dx.sum((0, 1))
            dpre = (dx @ p["w2" + L].T) * (c["pre"] > 0)
            g["w1" + L] = np.einsum("btd,btf->df", c["y"], dpre); g["b1" + L] = dpre.sum((0, 1))
            dx = dx + dpre @ p["w1" + L].T
        g["wo" + L] = np.einsum("btd,bte->de", c["z"], dx)
        dz = split(dx @ p["wo" + L].T)
        a = c["a"]
        da = dz @ c["v"].transpose(0, 1, 3, 2)
        dv = a.transpose(0, 1, 3, 2) @ dz
        ds = a * (da - (a * da).sum(-1, keepdims=True)) / divisor
        dq, dk = ds @ c["k"], ds.transpose(0, 1, 3, 2) @ c["q"]
        for w, dw in (("wq", dq), ("wk", dk), ("wv", dv)):
            g[w + L] = np.einsum("btd,bte->de", c["x"], merge(dw))
            dx = dx + merge(dw) @ p[w + L].T
    g["E"] = np.zeros_like(p["E"]); np.add.at(g["E"], tokens, dx)
    g["P"] = dx.sum(0)
    return loss, accuracy, g

held = batch(32)
m = {n: np.zeros_like(w) for n, w in p.items()}; v2 = {n: np.zeros_like(w) for n, w in p.items()}
b1p = b2p = 1.0
out = {"train_loss": [], "eval_loss": [], "eval_accuracy": []}
for step in range(cfg["steps"] + 1):
    if step % cfg["eval_every"] == 0 or step == cfg["steps"]:
        loss, acc, _ = loss_and_grads(*held, want_grads=False)
        out["eval_loss"].append(loss); out["eval_accuracy"].append(acc)
    if step == cfg["steps"]:
        break
    loss, _, g = loss_and_grads(*batch(cfg["batch"]))
    out["train_loss"].append(loss)
    b1p *= 0.9; b2p *= 0.999                                                  # Adam
    for n in p:
        m[n] = 0.9 * m[n] + 0.1 * g[n]; v2[n] = 0.999 * v2[n] + 0.001 * g[n] * g[n]
        p[n] -= cfg["learning_rate"] * (m[n] / (1 - b1p)) / (np.sqrt(v2[n] / (1 - b2p)) + 1e-8)
print(json.dumps({k: [float(x) for x in vals] for k, vals in out.items()}))
)py";

}  // namespace

TEST_CASE("training matches an independent numpy program", "[train][python]") {
    const json settings = GENERATE(
        json{{"task", "previous"}, {"steps", 200}},
        json{{"task", "induction"}, {"layers", 2}, {"heads", 2}, {"width", 16}, {"context", 12}, {"vocab", 8},
             {"steps", 120}, {"seed", 7}, {"divisor", "1"}, {"learning_rate", 0.02}},
        json{{"task", "largest"}, {"mlp", true}, {"heads", 4}, {"width", 16}, {"context", 8}, {"vocab", 6},
             {"batch", 5}, {"steps", 100}, {"seed", 3}, {"divisor", "d"}, {"eval_every", 10}});
    const json ours = run_command("train", settings);
    const json& c = ours["config"];
    json cfg = c;
    cfg["eval_every"] = settings.value("eval_every", 25);
    const std::string arg = "/tmp/attnbook-test-train-numpy.json";
    std::ofstream(arg) << cfg.dump();
    const json theirs = json::parse(attnbook_test::last_line(
        attnbook_test::run_python(kNumpyTraining, "train-numpy", {arg})));
    INFO(settings.dump());
    attnbook_test::check_train_curve(ours["train_loss"], theirs["train_loss"], "train_loss");
    attnbook_test::check_train_curve(ours["eval"]["loss"], theirs["eval_loss"], "eval_loss");
    attnbook_test::check_train_curve(ours["eval"]["accuracy"], theirs["eval_accuracy"], "eval_accuracy");
}
#endif
