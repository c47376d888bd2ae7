"""The links a table's phones open: one secret per seat, one for the recorder, one for
spectators, none stored anywhere.

A link's secret is an HMAC of the game's uid and the role (``seat:1``, ``recorder``,
``spectator``) under the server's key, so the same key gives the same links after a
restart, and several server processes on one PostgreSQL database share them when they
share the key file. The secret rides in the URL's fragment (``/t/3#k=...``), which a
browser never sends in a request line, a ``Referer`` or a log: the page sends it in a
header (``X-Tablelog-Key``) with each request. A request's secret is compared with every
role's in constant time (``hmac.compare_digest``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

import attrs

__all__ = ["KEY_BYTES", "Keys", "Role", "load_key"]

KEY_BYTES = 32
SECRET_CHARS = 26
"""The length of a link's secret: 26 base32 characters, 130 bits."""
SECRETS_KEPT = 4096
"""At most this many secrets are kept made (then they are made anew)."""


@attrs.frozen
class Role:
    """Who a link is for: a ``seat`` (its number), the ``recorder``, or a ``spectator``."""

    kind: str
    seat: int | None = None

    @property
    def name(self) -> str:
        """``seat:2``, ``recorder`` or ``spectator``: what the secret is made from."""
        return f"seat:{self.seat}" if self.kind == "seat" else self.kind

    @property
    def writes(self) -> bool:
        """Whether the link may enter moves (a spectator's may not)."""
        return self.kind != "spectator"


def load_key(path: Path) -> bytes:
    """The server's key from ``path``, made (readable by its owner only) if missing."""
    if path.exists():
        key = path.read_bytes()
        if len(key) < 16:
            raise ValueError(f"{path} holds {len(key)} bytes; a server key needs at least 16")
        return key
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        key = secrets.token_bytes(KEY_BYTES)
        out.write(key)
    return key


@attrs.frozen
class Keys:
    """The server's key, and the secrets it makes for a game's links."""

    key: bytes = attrs.field(repr=False)
    made: dict[tuple[str, str], bytes] = attrs.field(factory=dict, repr=False, eq=False)
    """The secrets made so far (each request compares every role's: made once each)."""

    def secret(self, uid: str, role: Role) -> str:
        """The secret of ``role``'s link to the game ``uid``."""
        return self._secret(uid, role).decode()

    def _secret(self, uid: str, role: Role) -> bytes:
        made = self.made.get((uid, role.name))
        if made is None:
            digest = hmac.new(self.key, f"{uid}:{role.name}".encode(), hashlib.sha256).digest()
            made = base64.b32encode(digest).lower()[:SECRET_CHARS]
            if len(self.made) >= SECRETS_KEPT:
                self.made.clear()
            self.made[(uid, role.name)] = made
        return made

    def roles(self, players: int) -> list[Role]:
        """Every role of a game of ``players``: each seat, the recorder, a spectator."""
        seats = [Role("seat", n) for n in range(players)]
        return [*seats, Role("recorder"), Role("spectator")]

    def role_of(self, uid: str, players: int, secret: str | None) -> Role | None:
        """The role whose secret ``secret`` is, or ``None``; every role is compared, in
        constant time each, so the answer's timing says nothing of the secret."""
        given = (secret or "").strip().lower().encode()
        found = None
        for role in self.roles(players):
            if hmac.compare_digest(given, self._secret(uid, role)):
                found = role
        return found
