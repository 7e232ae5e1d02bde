"""Layer 3: reading files (YAML with line numbers, tilesets, mixes, shipped games).

Everything a stranger wrote is checked here, so the layers above trust the model.
"""
