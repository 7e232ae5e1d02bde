"""Layer 7: rulebooks typeset from a Markdown template and the tileset."""
