## The explorable program's match step (explore_row.py), also shown on the page beside its formula
## (explore_python_steps), so a formula is always shown beside the line the program really runs.
dots = [running_total(a * b for a, b in zip(query, key)) for key in key_rows]
scores = [dot / divisor for dot in dots]
