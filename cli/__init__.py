"""The ``tablelog`` command-line interface (click); thin: it calls ``replay/`` and prints."""
