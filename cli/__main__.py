"""``python -m tablelog.cli`` runs the ``tablelog`` command."""

from tablelog.cli.main import main

main()
