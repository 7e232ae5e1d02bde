"""Layer 2: the immutable tileset as plain data. Reads no files, draws nothing."""
