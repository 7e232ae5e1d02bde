"""Allow ``python -m pnp`` as well as the ``pnp`` console script."""

from pnp.cli import main

main()
