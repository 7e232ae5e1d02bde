"""Layer 5: imposition, which piece goes where on which page of which paper."""
