## The explorable program's allowed scores, the first line of its share step (explore_row.py), also
## shown on the page beside the step's formulas (explore_python_steps).
live_scores = [s for s, ok in zip(scores, allowed) if ok]
