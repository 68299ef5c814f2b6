## The explorable's cell: the `python` command's program (explore_row.py, standard library only),
## then the engine's exact numbers (engine_numbers.py), which it must equal bit for bit.
@program@

@engine@

# Bit for bit: the program repeats the engine's sums in the same order and carries its exp.
assert shares == engine["shares"], (shares, engine["shares"])
assert output == engine["output"], (output, engine["output"])
print("the same doubles as the engine")
