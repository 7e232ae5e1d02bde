"""The studio: a page on this computer for designing a tileset's tiles by pointing and clicking.

`pnp studio FILE` serves it (:mod:`pnp.studio.server`). The file stays the
designer's own: edits change the YAML in place (:mod:`pnp.studio.document`,
:mod:`pnp.studio.edits`), every edit is read back through the same loader as
the command line before it is accepted (:mod:`pnp.studio.session`), and the
tiles are drawn by the same code that draws the PDF.
"""
