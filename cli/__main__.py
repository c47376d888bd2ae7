"""``python -m cli`` runs the ``tablelog`` command."""

from cli.main import main

main()
