## The training program's settings block (train_program_command.cpp fills it from the lab's
## configuration): the only lines that change with the settings.
# attnbook, "attention learns": the training lab's run as a numpy program.
# Run it with Python 3 and numpy. It draws the same numbers in the same order as the page,
# so its losses are the page's losses (to about 1e-8: numpy sums in its own order).
TASK = "@task@"
LAYERS = @layers@
HEADS = @heads@
WIDTH = @width@
CONTEXT = @context@
VOCAB = @vocab@
MLP = @mlp@
DIVISOR = "@divisor@"
LEARNING_RATE = @learning_rate@
BATCH = @batch@
STEPS = @steps@
SEED = @seed@
EVAL_EVERY = @eval_every@
