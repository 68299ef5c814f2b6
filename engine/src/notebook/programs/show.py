## The small examples' `show`: numpy prints more digits than the page, so the programs print their
## vectors and matrices at the page's number of decimals, to be read against it.
def show(name, rows, decimals):
    """Print a vector or a matrix rounded the way the page shows it."""
    print(name)
    for row in np.atleast_2d(rows):
        print("   " + "  ".join(f"{x:{decimals + 6}.{decimals}f}" for x in row))
