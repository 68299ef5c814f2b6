## The explorable program's share step (explore_row.py, where it runs inside `if live_scores:`),
## also shown on the page beside its formulas (explore_python_steps), unindented.
top = max(live_scores)
lifted = [engine_exp(s - top) if ok else 0.0 for s, ok in zip(scores, allowed)]
z = running_total(e for e, ok in zip(lifted, allowed) if ok)
shares = [e / z if ok else 0.0 for e, ok in zip(lifted, allowed)]
