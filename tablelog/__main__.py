"""``python -m tablelog`` runs the ``tablelog`` command."""

from tablelog.cli.main import main

main()
