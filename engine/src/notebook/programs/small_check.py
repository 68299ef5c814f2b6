## The check of the small examples (the hand example, the held sequence, the volume knob, online
## softmax, the Jacobian), whose numbers are a handful of products, exps and sums of a few terms each.
# numpy's exp and its sums (pairwise, BLAS) may round the last bits differently from the
# engine's own exp and left-to-right sums: a few units in the last place (2.2e-16) over sums of a
# handful of terms, far below the relative 1e-12 the check allows.
@check@
