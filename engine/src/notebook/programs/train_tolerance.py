## Why the training cells check the program's first steps to 1e-6 relative (train_lab.py,
## train_divisors.py).
# numpy sums, multiplies matrices and exponentiates in its own order, so its curves leave the
# engine's in the last bits, and Adam amplifies that (it divides by the square root of small
# moments). Over these first steps the two agree to about 1e-8; a wrong gradient, draw or Adam
# term moves them by 1e-3 within a few steps. The check allows 1e-6 relative.
