## What attention costs: the score matrix's entries, bytes and the two products' FLOPs, computed
## and written as the page writes them. `settings` holds one line `name = value` per field of the
## cost table; engine (engine_numbers.py) the engine's exact numbers; passed (checks_passed.py).
import re

@settings@

copies = heads * layers * batch  # independent score matrices
scores = float(tokens * tokens) * copies
score_bytes = scores * bytes
qk_flops = 2.0 * tokens * tokens * head_width * copies  # Q K^T: a multiply and an add per product
av_flops = 2.0 * tokens * tokens * value_width * copies  # weights V

def three_significant(x):
    return re.sub(r"e\+?(-?)0*(\d)", r"e\1\2", f"{x:.3g}")  # 1e+10 -> 1e10, 4.1e-05 -> 4.1e-5

def count_text(x):
    """Counts as the page writes them: 4096, 1e10, 1.28e12."""
    return f"{x:.0f}" if abs(x) < 1e6 and x == int(x) else three_significant(x)

def bytes_text(b):
    """Decimal units, as memory is sold: 20 GB, 1.5 MB."""
    units = ["B", "kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"]
    u = 0
    while b >= 1000 and u + 1 < len(units):
        b /= 1000
        u += 1
    return f"{three_significant(b)} {units[u]}"

print("scores:     ", count_text(scores))
print("score bytes:", bytes_text(score_bytes))
print("QK^T FLOPs: ", count_text(qk_flops))
print("AV FLOPs:   ", count_text(av_flops))

@engine@
engine_shown = {"scores": @scores_shown@, "score_bytes": @score_bytes_shown@, "qk_flops": @qk_flops_shown@, "av_flops": @av_flops_shown@, }

# Whole numbers: equal to the engine's exactly (below 2^53; above it both round the same products),
# and written as the page writes them.
assert [scores, score_bytes, qk_flops, av_flops] == [engine[k] for k in ("scores", "score_bytes", "qk_flops", "av_flops")]
assert [count_text(scores), bytes_text(score_bytes), count_text(qk_flops), count_text(av_flops)] == list(engine_shown.values())
@passed@
