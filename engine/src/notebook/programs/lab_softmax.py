## The softmax of the lab's programs (the transformer block, PyTorch's rules, the mistakes): the
## engine gives a fully masked row zero shares, where a plain softmax would divide 0 by 0.
def softmax(logits, axis=-1):
    """Shares along `axis`; a row whose every logit is -inf (fully masked) gets zeros, as the engine gives."""
    top = logits.max(axis=axis, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    lifted = np.exp(logits - top)
    total = lifted.sum(axis=axis, keepdims=True)
    return np.divide(lifted, total, out=np.zeros_like(lifted), where=total > 0)
