## The engine's exact numbers, which a program checks its own against: `entries` holds one line
## `    "name": value,` per number the program computes.
# The engine's exact numbers for these settings: what the page computed, before it rounded them.
engine = {
@entries@
}
