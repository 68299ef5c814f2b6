## The check against the engine's exact numbers of the lab's programs (block.py, pytorch_rules.py,
## mistakes.py) and of attention at scale (scale.py); each says above it why 1e-10 holds for it.
def check(ours, want, name):
    np.testing.assert_allclose(ours, want, rtol=1e-10, atol=1e-12, err_msg=name)
