## The scaling study's cell: the scaling program (scaling_program_command.cpp), then the engine's
## exact tables (engine_numbers.py), which its draws must reproduce.
import numpy as np

@program@

@engine@

# The draws are the same doubles; numpy's pairwise sums (std, mean, einsum) round differently
# from the engine's left-to-right sums over tens of thousands of terms: agree to 1e-10 relative.
for name, want in engine.items():
    np.testing.assert_allclose(columns[name], want, rtol=1e-10, err_msg=name)
print("the engine's tables, to 1e-10")
