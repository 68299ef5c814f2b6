## Why the lab's programs (the transformer block, PyTorch's rules, the mistakes) check to 1e-10:
## random draws (numpy's default_rng, the same doubles as the engine's) pass through dot products
## of up to 1024 terms and exp of logits up to about 100, so numpy's summation order moves the
## last bits by more than in the small examples.
# numpy's exp and its sums (pairwise, BLAS) may round the last bits differently from the
# engine's own exp and left-to-right sums; over dot products of up to 1024 terms that is at most
# 1024 roundings of 1.1e-16 each (1.1e-13 of the terms' size), and exp turns that error in a logit
# of up to about 100 into a relative 1e-11 at most: the check allows a relative 1e-10.
