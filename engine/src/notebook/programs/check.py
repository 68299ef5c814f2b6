## The check closing most programs: numpy's numbers against the engine's exact ones at a relative
## tolerance, which the comment above it in the program justifies; the absolute 1e-12 is for
## numbers that should be 0, where no relative tolerance can hold.
def check(ours, want, name):
    np.testing.assert_allclose(ours, want, rtol=@tolerance@, atol=1e-12, err_msg=name)
