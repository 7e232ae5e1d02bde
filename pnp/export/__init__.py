"""Layer 6: writers that turn scenes and plans into PDF, SVG and PNG bytes."""
