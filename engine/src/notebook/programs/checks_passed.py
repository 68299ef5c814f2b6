## The last line of a program whose checks passed; `how` says how close (to 1e-12, bit for bit).
print("the engine's numbers, @how@")
