## The training programs' settings block (train_program_command.cpp's train_settings): a heading,
## then a line NAME = value per field of the lab's table that the program reads, in the table's
## order. The only lines that change with the settings.
# attnbook, "attention learns": the training lab's run as a numpy program.
# Run it with Python 3 and numpy. It draws the same numbers in the same order as the page,
# so its losses are the page's losses (to about 1e-8: numpy sums in its own order).
@values@
