"""``tablelog serve``: the web app for phones at a card table (imported only by ``serve``).

``app.py`` is the ASGI app (Starlette); ``links.py`` the per-seat secrets; ``index.html``
and ``table.html`` the two pages, each one self-contained file.
"""
