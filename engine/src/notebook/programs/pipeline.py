## The volume knob's program: one word's raw scores divided by the knob's setting, made shares, and
## the values blended in them. The shared pieces: engine (engine_numbers.py), check
## (small_check.py), passed (checks_passed.py).
import numpy as np

words = @words@
scores = np.array(@scores@)  # one word's raw scores
values = np.array(@values@)  # one value per word
divisor = @divisor@  # the knob's setting (sqrt(@width@) is the standard one)

divided = scores / divisor
lifted = np.exp(divided - divided.max())
shares = lifted / lifted.sum()
blend = shares @ values

print("divided", "  ".join(f"{x:.2f}" for x in divided))
print("shares ", "  ".join(f"{x:.2f}" for x in shares))
print(f"the shares add up to {shares.sum():.2f}")
print("blend  ", "  ".join(f"{x:.2f}" for x in blend))

@engine@

@check@

for name, ours in [("divided", divided), ("shares", shares), ("sum", shares.sum()), ("blend", blend)]:
    check(ours, engine[name], name)
@passed@
