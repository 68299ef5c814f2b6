## fdlibm's exp (e_exp.c), operation for operation, in Python. It is the algorithm of the engine's
## det_exp and of browsers' Math.exp; CPython's math.exp calls the C library, whose last bit
## differs on roughly one input in ten, which would make the program disagree with the page.
def engine_exp(x):
    """exp(x) rounded exactly as the attnbook engine and browsers' Math.exp (fdlibm) round it.
    math.exp uses the C library, which can differ in the last bit."""
    bits = struct.unpack("<Q", struct.pack("<d", x))[0]
    high = (bits >> 32) & 0x7FFFFFFF
    negative = bits >> 63
    if high >= 0x40862E42:  # |x| >= 709.78: overflow, underflow, inf, nan
        if high >= 0x7FF00000:
            return x if (x != x or not negative) else 0.0
        if x > 7.09782712893383973096e+02:
            return math.inf
        if x < -7.45133219101941108420e+02:
            return 0.0
    k, hi, lo = 0, 0.0, 0.0
    if high > 0x3FD62E42:  # |x| > ln2/2: reduce x = k ln2 + r with |r| <= ln2/2
        if high < 0x3FF0A2B2:  # |x| < 1.5 ln2: k is +1 or -1
            if x == 1.0:
                return math.e
            k = -1 if negative else 1
            hi = x - k * 6.93147180369123816490e-01
            lo = k * 1.90821492927058770002e-10
        else:
            k = int(1.44269504088896338700e+00 * x + (-0.5 if negative else 0.5))
            hi = x - k * 6.93147180369123816490e-01  # ln2 split in two so k*ln2_hi is exact
            lo = k * 1.90821492927058770002e-10
        x = hi - lo
    elif high < 0x3E300000:  # |x| < 2^-28
        return 1.0 + x
    t = x * x  # a rational approximation of exp(r) on [-ln2/2, ln2/2] (Remez, degree 5)
    c = x - t * (1.66666666666666019037e-01 + t * (-2.77777777770155933842e-03 + t * (
        6.61375632143793436117e-05 + t * (-1.65339022054652515390e-06 + t * 4.13813679705723846039e-08))))
    if k == 0:
        return 1.0 - ((x * c) / (c - 2.0) - x)
    y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi)
    return math.ldexp(y, k)  # exact scaling by 2^k (one rounding when the result is subnormal)
