"""Where an export writes: standard output, or a file written whole or not at all.

An export to a file is written to a temporary file beside it, which is renamed over the
target only once everything is written: a failure (a full disk, an error in the data)
leaves an existing target as it was and removes only the temporary file, which is ours.
A target that is not a regular file (a FIFO, ``/dev/null``, a terminal) is written
directly, and never removed. A file that cannot be written while it is being written (a
full disk, an I/O error) is a storage fault, exit status 1, naming the file.
"""

from __future__ import annotations

import errno
import io
import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import IO

from tablelog.cli.errors import BadInput, StorageRefused

__all__ = ["STORAGE_ERRNOS", "new_file", "output"]

STORAGE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG, errno.EROFS})
"""Errors of the storage itself, not of the path a person named: a storage fault."""


def _fault(path: str, error: OSError, what: str) -> StorageRefused | BadInput:
    reason = error.strerror or str(error)
    if error.errno in STORAGE_ERRNOS:
        return StorageRefused(f"cannot write {what} to {path}: {reason}; {_left(path)}")
    return BadInput(f"cannot write {what} to {path}: {reason}; {_left(path)}")


def _left(path: str) -> str:
    return f"{path} is left as it was" if os.path.lexists(path) else "nothing was written"


def _special(path: str) -> bool:
    """Whether ``path`` exists and is not a regular file (a FIFO, a device)."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


@contextmanager
def output(path: str | None, what: str) -> Iterator[IO[str]]:
    """Standard output (UTF-8, whatever the terminal), or the file at ``path``, replaced
    only when the export succeeds."""
    if path is None:
        sys.stdout.flush()
        stream = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="")
        try:
            yield stream
            stream.flush()
        finally:
            stream.detach()
        return
    if _special(path):
        yield from _direct(path, what)
        return
    target = os.path.realpath(path)  # a symbolic link is written through, not replaced
    with new_file(target, what) as temporary:
        try:
            handle = open(temporary, "w", encoding="utf-8", newline="")  # noqa: SIM115
        except OSError as error:
            raise _fault(path, error, what) from None
        try:
            with handle:
                yield handle
        except OSError as error:
            if isinstance(error, BrokenPipeError):
                raise
            raise _fault(path, error, what) from None
        _keep_mode(target, temporary)
        os.replace(temporary, target)


def _direct(path: str, what: str) -> Iterator[IO[str]]:
    try:
        with open(path, "w", encoding="utf-8", newline="") as handle:
            yield handle
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            raise
        raise _fault(path, error, what) from None


def _keep_mode(target: str, temporary: str) -> None:
    """The temporary file gets the target's mode, or a new file's (0666 less the umask)."""
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    with suppress(OSError):
        os.chmod(temporary, mode)


@contextmanager
def new_file(path: str, what: str) -> Iterator[str]:
    """A temporary path beside ``path`` for the caller to write; removed again unless the
    caller moved it into place. A directory that cannot take it is named."""
    directory = os.path.dirname(os.path.abspath(path))
    try:
        descriptor, temporary = tempfile.mkstemp(
            dir=directory, prefix=f".{os.path.basename(path)}.", suffix=".partial"
        )
    except OSError as error:
        raise _fault(path, error, what) from None
    os.close(descriptor)
    try:
        yield temporary
    finally:
        if os.path.lexists(temporary):
            os.remove(temporary)
