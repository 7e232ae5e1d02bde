"""Allow ``python -m pnp`` as well as the ``pnp`` console script."""

from pnp.launch import main

main()
