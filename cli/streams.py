"""Standard streams a command can always finish writing to, and arguments read as typed.

A command that has written to the database must not fail afterwards while printing what it
did, or the natural retry writes twice. So the standard streams are set to encode for the
terminal they go to: a character the stream cannot carry falls back to ASCII (a suit as
its letter, ``7♥`` as ``7H``; box lines as ``-``, ``|`` and ``+``; ``…`` as ``...``) or,
for anything else (a name's ``é`` on an ASCII terminal), to an escape (``\\xe9``) that
says exactly which character it was. JSON is written with ``\\uXXXX`` escapes on such a
stream, so it stays the same JSON.

A stream whose reader went away (``tablelog export --all | head``) ends the command
quietly with the status a shell gives a process ended by SIGPIPE, 141.

Arguments are read as the user typed them: in a locale Python reads as ASCII (``LC_ALL=C``
with ``PYTHONUTF8=0``) a typed ``é`` arrives as two escaped bytes, which are read again
as UTF-8 (what terminals send). A file name keeps its bytes (``fs_path``).
"""

from __future__ import annotations

import codecs
import io
import os
import sys
import unicodedata
from collections.abc import Sequence
from typing import Any

import click

__all__ = [
    "SIGPIPE_STATUS",
    "FsPath",
    "fallback",
    "fs_path",
    "install",
    "quiet_broken_pipe",
    "typed",
    "typed_args",
    "unicode_ok",
]

SIGPIPE_STATUS = 141
"""The exit status a shell reports for a process ended by SIGPIPE (128 + 13)."""

ERRORS = "tablelog-fallback"
"""The codec error handler ``install`` sets on the standard streams."""

_ASCII = {
    "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C", "♠": "S", "♤": "S",
    "…": "...", "—": "-", "–": "-", "→": "->", "←": "<-", "‘": "'", "’": "'",
    "“": '"', "”": '"', "·": ".", "×": "x", "✓": "v", "✗": "x", "•": "*", "\u00a0": " ",
}  # fmt: skip


def _one(char: str) -> str:
    """One character a stream cannot carry, in ASCII or as an escape."""
    if char in _ASCII:
        return _ASCII[char]
    code = ord(char)
    if 0xFE00 <= code <= 0xFE0F:  # a variation selector (the emoji form of K♥️)
        return ""
    if 0x2500 <= code <= 0x257F:  # box drawing: rich's table lines
        name = unicodedata.name(char, "")
        if "HORIZONTAL" in name and "VERTICAL" not in name:
            return "-"
        if "VERTICAL" in name and "HORIZONTAL" not in name:
            return "|"
        return "+"
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not text when it was read
        return f"\\x{code - 0xDC00:02x}"
    return char.encode("ascii", "backslashreplace").decode("ascii")


def fallback(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler: what cannot be encoded, in ASCII or escaped."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(_one(c) for c in text), error.end


def _search(name: str) -> codecs.CodecInfo | None:
    """An ASCII codec that always encodes with ``fallback``: click rewraps a stream it sees
    as plain ASCII (with ``?`` for what it cannot write), not this one."""
    if name != "tablelog_ascii":
        return None

    def encode(text: str, errors: str = "strict") -> tuple[bytes, int]:
        return codecs.ascii_encode(text, ERRORS)

    class Encoder(codecs.IncrementalEncoder):
        def encode(self, text: str, final: bool = False) -> bytes:
            return codecs.ascii_encode(text, ERRORS)[0]

    ascii_info = codecs.lookup("ascii")
    return codecs.CodecInfo(
        encode,
        ascii_info.decode,
        name="tablelog-ascii",
        incrementalencoder=Encoder,
        incrementaldecoder=ascii_info.incrementaldecoder,
    )


def install() -> None:
    """Set the standard output and error streams to fall back rather than fail."""
    codecs.register_error(ERRORS, fallback)
    codecs.register(_search)
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if not isinstance(stream, io.TextIOWrapper):
            continue
        if codecs.lookup(stream.encoding).name == "ascii":
            stream.reconfigure(encoding="tablelog_ascii", errors=ERRORS)
        else:
            stream.reconfigure(errors=ERRORS)


def unicode_ok(stream: object = None) -> bool:
    """Whether ``stream`` (standard output) carries every character (a UTF encoding)."""
    encoding = getattr(sys.stdout if stream is None else stream, "encoding", None) or "ascii"
    try:
        return codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return False


def typed(text: str) -> str:
    """``text`` as the user typed it: bytes Python could not read in this locale (escaped
    as lone surrogates) read again as UTF-8; left as they are if they are not UTF-8."""
    if not any(0xDC80 <= ord(c) <= 0xDCFF for c in text):
        return text
    try:
        return os.fsencode(text).decode("utf-8")
    except (UnicodeError, ValueError):
        return text


def typed_args(args: Sequence[str]) -> list[str]:
    """The command-line arguments as typed (``typed`` on each)."""
    return [typed(a) for a in args]


def fs_path(path: str) -> str:
    """``path`` as the file system names it: a name read again by ``typed`` gets its
    bytes back where the file system encoding cannot write it (``LC_ALL=C``)."""
    try:
        os.fsencode(path)
    except UnicodeEncodeError:
        return os.fsdecode(path.encode("utf-8"))
    return path


class FsPath(click.Path):
    """``click.Path`` for a name the file system must find: ``fs_path`` on the value."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The path, with its bytes back if the file system encoding cannot write it."""
        return super().convert(fs_path(value) if isinstance(value, str) else value, param, ctx)


def quiet_broken_pipe() -> None:
    """After a reader went away: standard output goes nowhere from now on, so that nothing
    more is said about it when the interpreter exits."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
