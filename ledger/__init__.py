"""The append-only event store: SQLite or PostgreSQL, msgpack payloads, a hash chain,
optimistic concurrency.

``ledger/`` stores and hashes bytes and events; it never imports ``rules``, ``replay`` or
``cli``. Payload classes reach it only through a ``Codec`` built by the caller.
"""

from tablelog.ledger.backends import open_ledger
from tablelog.ledger.codec import Codec, canonical, pack, unpack
from tablelog.ledger.contract import EventStore, LedgerStore, ReadModels, is_postgres_url
from tablelog.ledger.errors import (
    ChainBroken,
    CodecError,
    ConcurrencyConflict,
    DuplicateGame,
    EventIdTaken,
    LedgerError,
    StorageFault,
    UnknownGame,
)
from tablelog.ledger.hashing import event_hash, genesis_hash, short_hash, verify_records
from tablelog.ledger.records import (
    ChainedRecord,
    ChainProblem,
    GameRecord,
    GameSummary,
    NewEvent,
    StoredEvent,
    utc_now,
)
from tablelog.ledger.schema import SCHEMA_VERSION, create_schema, prepare_connection
from tablelog.ledger.store import Ledger
from tablelog.ledger.summaries import ResultRow

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
    "EventStore",
    "GameRecord",
    "GameSummary",
    "Ledger",
    "LedgerError",
    "LedgerStore",
    "NewEvent",
    "ReadModels",
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
