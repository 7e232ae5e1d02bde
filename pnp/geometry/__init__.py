"""Layer 1, the bottom: shapes and lattices, pure maths with no knowledge of games."""
