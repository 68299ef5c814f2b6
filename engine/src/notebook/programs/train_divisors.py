## The divisor experiment's cell (ipynb_programs_train.cpp): the training lab's program run once
## per divisor, the same model and seed each time (the settings without DIVISOR, which the loop
## sets; the model indented under it), then a check of each run's first steps against the engine's.
@settings@

records = {}
for DIVISOR in (@divisors@):
    print(f"\nscores divided by {DIVISOR}:")
    @model@
    records[DIVISOR] = record

# The engine's first @steps@ steps of each run (exact doubles), written by the export.
engine = @engine@

@tolerance@
for name, run in records.items():
    np.testing.assert_allclose(run["train_loss"][:@steps@], engine[name]["train_loss"], rtol=1e-6, err_msg=name)
    np.testing.assert_allclose(run["eval_loss"][0], engine[name]["held_out_loss_at_0"], rtol=1e-6, err_msg=name)
@passed@
