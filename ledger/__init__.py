"""The append-only event store: SQLite or PostgreSQL, msgpack payloads, a hash chain,
optimistic concurrency.

``ledger/`` stores and hashes bytes and events; it never imports ``rules``, ``replay`` or
``cli``. Payload classes reach it only through a ``Codec`` built by the caller.
"""

from ledger.backends import open_ledger
from ledger.codec import Codec, canonical, pack, unpack
from ledger.contract import LedgerStore, is_postgres_url
from ledger.errors import (
    ChainBroken,
    CodecError,
    ConcurrencyConflict,
    DuplicateGame,
    EventIdTaken,
    LedgerError,
    StorageFault,
    UnknownGame,
)
from ledger.hashing import event_hash, genesis_hash, short_hash, verify_records
from ledger.records import (
    ChainedRecord,
    ChainProblem,
    GameRecord,
    GameSummary,
    NewEvent,
    StoredEvent,
    utc_now,
)
from ledger.schema import SCHEMA_VERSION, create_schema, prepare_connection
from ledger.store import Ledger
from ledger.summaries import ResultRow

__all__ = [
    "SCHEMA_VERSION",
    "ChainBroken",
    "ChainProblem",
    "ChainedRecord",
    "Codec",
    "CodecError",
    "ConcurrencyConflict",
    "DuplicateGame",
    "EventIdTaken",
    "GameRecord",
    "GameSummary",
    "Ledger",
    "LedgerError",
    "LedgerStore",
    "NewEvent",
    "ResultRow",
    "StorageFault",
    "StoredEvent",
    "UnknownGame",
    "canonical",
    "create_schema",
    "event_hash",
    "genesis_hash",
    "is_postgres_url",
    "open_ledger",
    "pack",
    "prepare_connection",
    "short_hash",
    "unpack",
    "utc_now",
    "verify_records",
]
