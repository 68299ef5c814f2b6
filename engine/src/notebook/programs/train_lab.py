## The training lab's cell (ipynb_programs_train.cpp): the `train_program` command's program
## without its last line (the curves as JSON, for the tests' runner: in a notebook the table it
## prints as it trains is the output), then a check of its first steps against the engine's. The
## whole run is the learner's to wait for in Jupyter; the export trains only those first steps,
## so writing the notebook stays quick in the page and at build time.
@settings@

@model@

# The engine's first @steps@ steps of this run (exact doubles), written by the export.
engine = @engine@

@tolerance@
np.testing.assert_allclose(record["train_loss"][:@steps@], engine["train_loss"], rtol=1e-6)
np.testing.assert_allclose(record["eval_loss"][0], engine["held_out_loss_at_0"], rtol=1e-6)
@passed@
