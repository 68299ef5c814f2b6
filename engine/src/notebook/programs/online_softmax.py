## Online softmax's program: the row read a tile of keys at a time, as FlashAttention reads it, then
## all at once. The shared pieces: engine (engine_numbers.py), check (small_check.py), passed
## (checks_passed.py).
import numpy as np

scores = np.array(@scores@)  # one row of scores
values = np.array(@values@)  # one value row per key
tile = @tile@  # keys read at a time

running_max, running_sum = -np.inf, 0.0
output = np.zeros(values.shape[1])  # normalised over the keys read so far
for first in range(0, len(scores), tile):
    part = slice(first, first + tile)
    new_max = max(running_max, scores[part].max())
    rescale = np.exp(running_max - new_max)  # what was kept was measured against the old maximum
    e = np.exp(scores[part] - new_max)
    new_sum = running_sum * rescale + e.sum()
    output = (output * running_sum * rescale + e @ values[part]) / new_sum
    running_max, running_sum = new_max, new_sum
    print(f"keys {first}..{min(first + tile, len(scores)) - 1}: max {running_max:.4f}  sum {running_sum:.4f}  "
          f"output {np.array2string(output, precision=4, floatmode='fixed')}")

# The same row all at once.
w = np.exp(scores - scores.max())
unfused_output = (w / w.sum()) @ values
print("all at once:", np.array2string(unfused_output, precision=4, floatmode="fixed"))
print(f"largest difference: {np.abs(output - unfused_output).max():.2e}")

@engine@

@check@

for name, ours in [("output", output), ("unfused_output", unfused_output)]:
    check(ours, engine[name], name)
@passed@
