## The precision lab: one self-attention computed in float64 and again with every result rounded to
## float32, bfloat16 and float16 by the engine's rule (round_to_format, lessons/precision.cpp), in
## the engine's order, with the engine's exp (engine_exp.py), so its errors are the engine's
## doubles, checked bit for bit. `runs` holds one line per run of the engine, in the order of `runs`.
import math
import struct

import numpy as np

lengths = @lengths@  # T: each run once with the logits divided by sqrt(d), once not
head_width = @head_width@  # d
seed = @seed@  # numpy's default_rng(seed) draws q, k and v, normal(size=(T, d)) each
checked_rows = 32  # query rows compared with float64, spread from the first to the last

# Each format: significand bits p (with the implicit leading 1), the exponent of its smallest
# normal number, its largest finite value.
FORMATS = {
    "float32": (24, -126, float(np.finfo(np.float32).max)),
    "bfloat16": (8, -126, (2 - 2**-7) * 2.0**127),
    "float16": (11, -14, 65504.0),
}


def round_to(x, fmt):
    """x rounded to the format as its arithmetic rounds every result: to the nearest number of the
    format, ties to even, with its subnormals, and to infinity past its largest finite value.
    fmt None: float64, nothing rounded."""
    if fmt is None:
        return x
    p, min_exponent, largest = FORMATS[fmt]
    exponent = np.maximum(np.frexp(x)[1] - 1, min_exponent)  # |x| = 1.f * 2^exponent (subnormals: the smallest)
    spacing = np.ldexp(1.0, exponent - p + 1)  # the gap between neighbouring numbers of the format there
    rounded = np.rint(x / spacing) * spacing  # scaling by a power of two is exact; rint rounds ties to even
    return np.where(np.abs(rounded) > largest, np.copysign(np.inf, x), rounded)


# numpy's own float32 and float16 round the same way (bfloat16 has no numpy dtype).
sample = np.random.default_rng(seed).normal(size=1000) * 1000
assert (round_to(sample, "float32") == sample.astype(np.float32)).all()
assert (round_to(sample, "float16") == sample.astype(np.float16)).all()


@engine_exp@


exp = np.vectorize(engine_exp, otypes=[float])  # element by element, the engine's doubles


def logits(q, k, rows, scale, fmt):
    """Pass 1: a_j = round(round(sum_c q_c k_jc) * scale); every product and every partial sum
    rounded, the sum left to right over the width."""
    products = round_to(q[rows, None, :] * k[None, :, :], fmt)  # (rows, T, d)
    dot = np.zeros((len(rows), len(k)))
    for c in range(q.shape[1]):
        dot = round_to(dot + products[:, :, c], fmt)
    return round_to(dot * scale, fmt)


def softmax_mix(a, v, fmt, naive=False):
    """Passes 2 and 3: w_j = exp(a_j - max a) / sum_i exp(a_i - max a), then o = sum_j w_j v_j,
    every step rounded; the naive softmax subtracts nothing. Also says which rows failed: an exp
    that overflowed to inf, or exps that all underflowed to 0 (only the naive softmax can fail)."""
    top = 0.0 if naive else np.fmax.reduce(a, axis=1, keepdims=True)
    e = round_to(exp(round_to(a - top, fmt)), fmt)
    total = np.zeros(len(a))
    for j in range(a.shape[1]):  # the sum, left to right
        total = round_to(total + e[:, j], fmt)
    with np.errstate(invalid="ignore", divide="ignore"):  # a failed row divides inf by inf, or 0 by 0
        w = round_to(e / total[:, None], fmt)
        carries = round_to(w[:, :, None] * v[None, :, :], fmt)  # (rows, T, d)
        out = np.zeros((len(a), v.shape[1]))
        for j in range(a.shape[1]):
            out = round_to(out + carries[:, j], fmt)
    overflow = np.isinf(e).any(axis=1)
    return out, overflow, ~overflow & (total == 0)


def lab(tokens, unscaled):
    """One self-attention in float64 and in each format: the largest errors against float64."""
    rng = np.random.default_rng(seed)
    q = rng.normal(size=(tokens, head_width))
    k = rng.normal(size=(tokens, head_width))
    v = rng.normal(size=(tokens, head_width))
    scale = 1.0 if unscaled else 1.0 / np.sqrt(head_width)
    n = min(tokens, checked_rows)
    rows = [0] if n == 1 else [r * (tokens - 1) // (n - 1) for r in range(n)]
    a = logits(q, k, rows, scale, None)
    reference, _, _ = softmax_mix(a, v, None)
    largest_output = np.abs(reference).max()
    result = {"tokens": tokens, "unscaled": unscaled, "max_logit": a.max(), "formats": {}}
    for fmt in FORMATS:
        q_f, k_f, v_f = round_to(q, fmt), round_to(k, fmt), round_to(v, fmt)
        a_f = logits(q_f, k_f, rows, scale, fmt)
        stable, _, _ = softmax_mix(a_f, v_f, fmt)
        naive, overflow, underflow = softmax_mix(a_f, v_f, fmt, naive=True)
        error = np.abs(stable - reference).max()
        result["formats"][fmt] = {
            "max_abs_error": error,
            "max_rel_error": error / largest_output if largest_output > 0 else 0.0,
            "naive_overflow": bool(overflow.any()),
            "naive_underflow": bool(underflow.any()),
            "naive_max_abs_error": None if (overflow | underflow).any() else np.abs(naive - reference).max(),
        }
    return result


runs = [lab(tokens, unscaled) for tokens in lengths for unscaled in (False, True)]
by_setting = {(r["tokens"], r["unscaled"]): r for r in runs}

print("Largest error against float64 (stable softmax)")
print(f"{'format, logits':<30}" + "".join(f"{'T = ' + str(t):>22}" for t in lengths))
for fmt in FORMATS:
    for unscaled, label in ((False, "divided by sqrt(d)"), (True, "not divided")):
        cells = []
        for t in lengths:
            r = by_setting[(t, unscaled)]["formats"][fmt]
            cells.append(f"{r['max_abs_error']:.2e}" + (" naive: inf" if r["naive_overflow"] else ""))
        print(f"{fmt + ', ' + label:<30}" + "".join(f"{c:>22}" for c in cells))
print("naive: inf: the softmax without its maximum overflowed. exp(x) overflows above "
      + ", ".join(f"{math.log(largest):.2f} in {fmt}" for fmt, (_, _, largest) in FORMATS.items()))
print(f"Largest logit at T = {lengths[-1]}: {by_setting[(lengths[-1], False)]['max_logit']:.2f} divided, "
      f"{by_setting[(lengths[-1], True)]['max_logit']:.2f} not divided")

# The engine's exact numbers for these settings, run by run in the order of `runs`.
engine = [
@runs@
]

# Bit for bit: every step above is an IEEE double operation the engine also does, in the same
# order, rounded by the same rule, and exp is the engine's; so the errors are the engine's doubles.
for ours, want in zip(runs, engine):
    setting = (ours["tokens"], "not divided" if ours["unscaled"] else "divided")
    assert ours["max_logit"] == want["max_logit"], (setting, ours["max_logit"], want["max_logit"])
    for fmt in FORMATS:
        for name, value in ours["formats"][fmt].items():
            assert value == want["formats"][fmt][name], (setting, fmt, name, value, want["formats"][fmt][name])
        largest = FORMATS[fmt][2]
        assert largest == want["formats"][fmt]["largest"], fmt
        # Where exp overflows, ln(largest): math.log and the engine's log1p (fdlibm) are each within
        # one unit in the last place, so within two of each other (4.4e-16 relative).
        assert math.isclose(math.log(largest), want["formats"][fmt]["exp_overflows_above"], rel_tol=4.5e-16), fmt
@passed@
