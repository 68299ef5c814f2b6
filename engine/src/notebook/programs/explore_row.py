## The `python` command's program: the explorable's row in the standard library only, operation for
## operation as the engine computes it, so its last line holds the engine's doubles. `divisor` is
## the line for the page's choice of divisor; the steps (explore_match.py, explore_live.py,
## explore_share.py, explore_mix.py) are shown on the page too; engine_exp is engine_exp.py.
#!/usr/bin/env python3
# One attention row from attnbook, written out to run and to change.
# Standard library only. The arithmetic follows the engine step for step (sums run left to
# right from 0.0, the largest score is subtracted before exp), so the doubles on the last line
# match the page's exact numbers; only a platform exp that rounds differently could move one ulp.
import json
import math
import struct

names = @names@
query = @query@
key_rows = @key_rows@
value_rows = @value_rows@
allowed = @allowed@  # False removes a source before the softmax
@divisor@


def running_total(numbers):
    total = 0.0
    for x in numbers:
        total += x
    return total


@engine_exp@


# Match: how far the query reaches along each key, divided to keep scores moderate.
@match@

# Share: only differences between scores matter, so lift everything by the largest allowed
# score; every exp argument is then <= 0 and cannot overflow.
@live@
shares = [0.0] * len(scores)
if live_scores:
    @share@

# Mix: each source carries share * value; the output adds the carries coordinate by coordinate.
width_v = len(value_rows[0])
@mix@

print("source   dot   score   share")
for name, dot, score, share in zip(names, dots, scores, shares):
    print(f"{name:>6} {dot:6.3f} {score:7.3f} {share:7.3f}")
print("output", ", ".join(f"{x:.3f}" for x in output))
print(json.dumps({"shares": shares, "output": output}))
