"""Payloads to bytes and back: msgpack plus a cattrs converter, with event-type versions.

The codec knows nothing of games. It is given a converter and a mapping of type names to
entries with ``cls``, ``version`` and ``upcasters`` (``upcasters[v]`` turns version ``v``'s
unstructured dict into version ``v + 1``'s). Payload classes carry the ClassVars ``TYPE``
and ``VERSION``. Old versions are upcast on read, never rewritten.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import cattrs
import msgpack

from tablelog.ledger.errors import CodecError

__all__ = ["Codec", "canonical", "pack", "unpack"]


def _describe(exc: BaseException) -> str:
    """What went wrong while structuring, each leaf reason with the field it is about."""
    if not isinstance(exc, ExceptionGroup):
        return str(exc)
    return "; ".join(_at(leaf) for leaf in cattrs.transform_error(exc, format_exception=_leaf))


def _at(leaf: str) -> str:
    """``msg @ $.cards[0].card`` → ``msg (at cards[0].card)``."""
    message, _, path = leaf.partition(" @ $")
    path = path.lstrip(".")
    return f"{message} (at {path})" if path else message


def _leaf(exc: BaseException, type_: Any) -> str:
    """A value's own message (``'1Z' is not a card: ...``) where it has one."""
    if isinstance(exc, ValueError) and str(exc):
        return str(exc)
    return cattrs.v.format_exception(exc, type_)


_Upcaster = Callable[[dict[str, Any]], dict[str, Any]]

SMALL = 64
"""The longest payload (bytes) whose decoded object ``Codec.decode`` remembers."""
KEPT = 4096
"""The most small payloads a codec remembers."""


_LEAVES = frozenset({str, int, float, bool, bytes, type(None)})
"""The types ``canonical`` returns as they are: passed over by type, without a call each."""


def canonical(obj: Any) -> Any:
    """``obj`` with every dict's keys sorted, recursively.

    Tuples become lists, and sets and frozensets become sorted lists (their iteration
    order changes from one process to the next, so they must not reach the bytes as is).
    """
    if isinstance(obj, dict):
        leaves = _LEAVES
        return {
            k: v if type(v) in leaves else canonical(v) for k in _sorted(obj) for v in (obj[k],)
        }
    if isinstance(obj, list | tuple):
        leaves = _LEAVES
        return [v if type(v) in leaves else canonical(v) for v in obj]
    if isinstance(obj, set | frozenset):
        return [canonical(v) for v in _sorted(obj)]
    return obj


def _sorted(items: Iterable[Any]) -> list[Any]:
    try:
        return sorted(items)
    except TypeError:  # values of mixed types: order by type name, then text
        return sorted(items, key=lambda v: (type(v).__name__, repr(v)))


def pack(obj: Any) -> bytes:
    """Deterministic msgpack: the same value (dict key order aside) gives the same bytes."""
    try:
        data: bytes = msgpack.packb(canonical(obj), use_bin_type=True)
    except (TypeError, ValueError, OverflowError) as exc:
        raise CodecError(f"cannot encode {type(obj).__name__} as msgpack: {exc}") from exc
    return data


def unpack(data: bytes) -> Any:
    """The value ``pack`` encoded; ``CodecError`` if ``data`` is not one msgpack value."""
    try:
        return msgpack.unpackb(data, raw=False, strict_map_key=False)
    except Exception as exc:  # msgpack raises several unrelated types for bad input
        raise CodecError(f"the stored bytes are not valid msgpack: {exc}") from exc


class _Entry:
    """What the codec caches per type: class, version, upcasters and cattrs hooks."""

    __slots__ = ("cls", "structure", "unstructure", "upcasters", "version")

    def __init__(self, spec: Any, converter: cattrs.Converter) -> None:
        self.cls: type = spec.cls
        self.version: int = spec.version
        self.upcasters: Mapping[int, _Upcaster] = spec.upcasters
        self.structure = converter.get_structure_hook(self.cls)
        self.unstructure = converter.get_unstructure_hook(self.cls)


class Codec:
    """Encode payloads to ``(type, version, bytes)`` and decode them back, upcasting."""

    def __init__(self, converter: cattrs.Converter, types: Mapping[str, Any]) -> None:
        self.converter = converter
        self.types = types
        self._cache: dict[str, _Entry] = {}
        self._small: dict[tuple[str, int, bytes], Any] = {}

    def _entry(self, type_name: str) -> _Entry:
        entry = self._cache.get(type_name)
        if entry is None:
            spec = self.types.get(type_name)
            if spec is None:
                raise CodecError(
                    f"events of type {type_name!r} are not known to any installed rule set;"
                    " install the rule set that recorded them"
                )
            entry = self._cache[type_name] = _Entry(spec, self.converter)
        return entry

    def encode(self, payload: Any) -> tuple[str, int, bytes]:
        """The payload's type name, version and msgpack bytes."""
        type_name = getattr(type(payload), "TYPE", None)
        if not isinstance(type_name, str):
            raise CodecError(
                f"{type(payload).__name__} is not an event payload: it has no TYPE class variable"
            )
        entry = self._entry(type_name)
        if not isinstance(payload, entry.cls):
            raise CodecError(
                f"event type {type_name!r} is registered for {entry.cls.__name__},"
                f" not {type(payload).__name__}"
            )
        try:
            data = entry.unstructure(payload)
        except Exception as exc:
            raise CodecError(f"cannot encode a {type_name!r} event: {exc}") from exc
        return type_name, entry.version, pack(data)

    def decode(self, type: str, version: int, data: bytes) -> Any:
        """The payload stored as ``data``, upcast from ``version`` to the current version.

        A small payload (at most ``SMALL`` bytes: a card played, a pickup) is decoded once
        and the object remembered by its type, version and bytes (at most ``KEPT`` of them,
        forgotten all at once when full): payload objects are frozen, so the events of a
        log share them, and most events of an archive repeat a few such payloads. A
        payload that does not decode is never remembered: it raises each time."""
        if len(data) > SMALL or data.__class__ is not bytes:  # (``type`` is the type's name)
            return self._decode(type, version, data)
        key = (type, version, data)
        found = self._small.get(key)
        if found is None:
            found = self._decode(type, version, data)
            if len(self._small) >= KEPT:
                self._small.clear()
            self._small[key] = found
        return found

    def _decode(self, type: str, version: int, data: bytes) -> Any:
        entry = self._checked(type, version)
        try:
            fields = msgpack.unpackb(data, raw=False, strict_map_key=False)
        except Exception as exc:  # msgpack raises several unrelated types for bad input
            raise CodecError(
                f"the stored payload of a {type!r} event is not valid msgpack: {exc}"
            ) from exc
        return self._structure(entry, type, version, fields)

    def structure(self, type: str, version: int, fields: Any) -> Any:
        """The payload whose fields, as ``unpack`` gives them back from its bytes, are
        ``fields``: ``decode`` without the bytes (an importer that holds the fields it just
        packed). ``fields`` may be changed by an upcaster: pass a copy you still need."""
        return self._structure(self._checked(type, version), type, version, fields)

    def _checked(self, type: str, version: int) -> _Entry:
        entry = self._entry(type)
        if version > entry.version:
            raise CodecError(
                f"this {type!r} event is version {version}, newer than this tablelog knows"
                f" (version {entry.version}); upgrade tablelog or the rule set"
            )
        return entry

    def _structure(self, entry: _Entry, type: str, version: int, fields: Any) -> Any:
        while version < entry.version:
            upcaster = entry.upcasters.get(version)
            if upcaster is None:
                raise CodecError(
                    f"there is no way to read {type!r} events of version {version}:"
                    f" the rule set has no upcaster from version {version} to {version + 1}"
                )
            try:
                fields = upcaster(fields)
            except Exception as exc:
                raise CodecError(
                    f"a {type!r} event could not be upcast from version {version}: {exc}"
                ) from exc
            version += 1
        try:
            return entry.structure(fields, entry.cls)
        except Exception as exc:
            raise CodecError(
                f"its fields do not fit {entry.cls.__name__}: {_describe(exc)}"
            ) from exc
