"""Layer 5: designs as vector scenes (tile art, icons, cards and tokens, boards).

A scene is plain data; :mod:`pnp.export` writes it as SVG or as a PDF form.
"""
