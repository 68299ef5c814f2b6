## The explorable program's mix step (explore_row.py), also shown on the page beside its formulas
## (explore_python_steps).
carries = [[w * v for v in row] if ok else [0.0] * width_v
           for w, row, ok in zip(shares, value_rows, allowed)]
output = [running_total(carry[j] for carry in carries) for j in range(width_v)]
