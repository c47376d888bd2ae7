"""Hostile input for the attack tests and ``benchmarks/attack.py``: move texts and
JSON Lines files as a careless or malicious user would type or edit them.

Everything is drawn from a ``random.Random`` so that a failing case is reproduced by its
seed (the tests drive the seeds with Hypothesis). ``try_move`` is the CLI's path for one
typed move (notation, then the validator): it returns how the move ended, and anything
but a sentence (``TablelogError``) escapes it, which is what the tests look for.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any

from tablelog.ledger import GameRecord, LedgerStore
from tablelog.replay.codec import encode_event, encode_header
from tablelog.replay.dealer import dealer_move
from tablelog.replay.fold import Replayer
from tablelog.replay.headers import make_header
from tablelog.replay.notation import format_event_move, parse_move
from tablelog.rules.errors import IllegalEvent, NotationError, RefusedMove
from tablelog.rules.events import Event
from tablelog.rules.protocol import Header, RuleSet, S

__all__ = ["WEIRD", "hostile_move", "mutate_jsonl", "sample_states", "try_move"]

WEIRD = (
    "²", "①", "٣", "\u00a0", "\u202e", "\u200b", "\ufeff", "ß", "ǅ", "🂡", "♥", "♠", "♣",
    "♦", "=", "#", "(", ")", "+", "%", "&", ":", ",", "?", "-", "'", '"', "\\", "[/]",
    "[red]", "\x1b[2J", "\x00", "\t", "\n", "∞", "NaN", "-0", "0x10", "1e9", "½",
)  # fmt: skip
"""Characters and tokens that have broken parsers: other scripts' digits, controls,
markup, operators, invisible and bidirectional characters."""

_VERBS = (
    "deal", "take", "build", "trail", "adams", "reveal", "open", "undo", "note", "flip",
    "joker", "draw", "chance", "pickup", "done", "pass", "joins", "blind", "turn", "remove",
    "place", "discard", "call", "show", "forfeit", "load", "vote", "play", "more", "mod",
    "all", "for", "partner", "to", "yes", "no",
)  # fmt: skip


class _Table:
    """A stand-in for a loaded game: what ``parse_move`` reads."""

    def __init__(self, rules: RuleSet[S], state: S) -> None:
        self.rules = rules
        self.state = state


def sample_states(rules: RuleSet[S], seed: int, count: int, players: int | None = None) -> list[
    tuple[Header, Replayer]
]:  # fmt: skip
    """``count`` replayers at points of random seeded games of ``rules`` (with the header
    each belongs to), the first at the start, then every few moves."""
    rng = random.Random(seed)
    low, high = rules.seats
    out: list[tuple[Header, Replayer]] = []
    game = 0
    while len(out) < count:
        seats = players or rng.randint(low, min(high, low + 3))
        names = [f"P{i}" for i in range(seats)]
        header = make_header(rules, names, {}, seed=seed * 1000 + game)
        game += 1
        for replayer in _walk(rules, header, rng):
            out.append((header, replayer.copy()))
            if len(out) >= count:
                break
    return out


def store_replayed(
    ledger: LedgerStore, rules: RuleSet[S], header: Header, replayer: Replayer[S]
) -> GameRecord:
    """The game ``replayer`` holds (its effective events, numbered 1, 2, 3...), imported
    into ``ledger``."""
    events = [Event(i, e.actor, e.payload) for i, e in enumerate(replayer.effective, 1)]
    encoded = [encode_event(rules, e) for e in events]
    return ledger.import_game(rules.name, rules.version, encode_header(header), encoded)


def _walk(rules: RuleSet[S], header: Header, rng: random.Random) -> Iterator[Replayer]:
    assert header.seed is not None
    replayer = Replayer(rules, header)
    for seq in range(1, 401):
        if rules.outcome(replayer.state) is not None:
            return
        move = dealer_move(rules, replayer.state, header.seed, seq)
        if move is None:
            yield replayer
            choices = list(islice(rules.moves(replayer.state), 32))
            if not choices:
                return
            move = rng.choice(choices)
        replayer.push(Event(seq, move.actor, move.payload), check=True)


def _legal_texts(rules: RuleSet[S], state: S) -> list[str]:
    """The text of the first few legal moves here (what a person would type)."""
    return [format_event_move(rules, move, state) for move in islice(rules.moves(state), 16)]


def hostile_move(rng: random.Random, rules: RuleSet[S], header: Header, state: S) -> str:
    """One move text: a legal move's words mutated, weird tokens, huge numbers, nesting."""
    legal = _legal_texts(rules, state)
    words = [*_VERBS, *header.players, *(w for t in legal for w in t.split())]
    kind = rng.randrange(10)
    if kind >= 7 and legal:  # a legal move with one word swapped for another (a slip)
        tokens = rng.choice(legal).split()
        tokens[rng.randrange(len(tokens))] = rng.choice(words)
        return " ".join(tokens)
    if kind == 0:  # a deep nest of parentheses or a huge number after a build sign
        inner = rng.choice(words)
        depth = rng.choice((5, 20, 200, 1500))
        return f"build {rng.choice(words)} =" + "(" * depth + inner + ")" * rng.randrange(depth + 1)
    if kind == 1:
        digits = "".join(rng.choice("0123456789²①٣") for _ in range(rng.choice((3, 30, 900))))
        return f"{rng.choice(words)} {rng.choice(('=', '#', 'flip ', 'blind ', '=more '))}{digits}"
    if kind == 2:  # long text
        return " ".join(rng.choice(words) for _ in range(rng.choice((50, 400, 3000))))
    tokens = [rng.choice(words) for _ in range(rng.randint(1, 6))]
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(tokens))
        action = rng.randrange(5)
        if action == 0:
            tokens[i] = tokens[i] + rng.choice(WEIRD)
        elif action == 1:
            tokens.insert(i, rng.choice(WEIRD))
        elif action == 2 and len(tokens[i]) > 1:
            j = rng.randrange(len(tokens[i]))
            tokens[i] = tokens[i][:j] + rng.choice(WEIRD) + tokens[i][j + 1 :]
        elif action == 3:
            tokens[i] = tokens[i].upper() if rng.random() < 0.5 else tokens[i].lower()
        else:
            tokens.insert(i, rng.choice(words))
    return " ".join(tokens)


def try_move(rules: RuleSet[S], replayer: Replayer, text: str, header: Header | None = None) -> str:
    """``"ok"``, ``"refused"`` (exit 1) or ``"garbled"`` (exit 2) for ``text`` typed now;
    anything else that goes wrong escapes, as it would reach the CLI's last guard. With
    the game's ``header``, a move is tried as ``play`` enters it: with the steps nobody
    decides that it implies (``replay.implied``: a window closed, an unseen draw)."""
    state = replayer.state
    try:
        move = parse_move(_Table(rules, state), text)  # type: ignore[arg-type]
    except RefusedMove:
        direct = "refused"
    except NotationError:
        direct = "garbled"
    else:
        seq = len(replayer.effective) + 1
        try:
            replayer.copy().push(Event(seq, move.actor, move.payload), check=True)
        except IllegalEvent:
            direct = "refused"
        else:
            return "ok"
    if header is None:
        return direct
    from tablelog.replay import implied  # the path ``Games.play`` takes

    try:
        steps = implied.enter(_Game(rules, header, replayer), text, lambda _s, _m, e: e)  # type: ignore[arg-type]
    except RefusedMove:
        return "refused"
    except NotationError:
        return "garbled"
    except IllegalEvent:
        return "refused"
    return direct if steps is None else "ok"


class _Game(_Table):
    """A stand-in for a loaded game: what ``replay.implied`` reads."""

    def __init__(self, rules: RuleSet, header: Header, replayer: Replayer) -> None:
        super().__init__(rules, replayer.state)
        self.header = header
        self.replayer = replayer
        self.seq = len(replayer.effective)
        self.seeded = header.seed is not None


# -- JSON Lines ---------------------------------------------------------------------------

_VALUES: tuple[Any, ...] = (
    None, True, False, 0, -1, 1.5, 2**63, 2**64, -(2**70), "", "x" * 20_000, "1", [1], {},
    [[[[[]]]]], {"a": {"b": {"c": [1, 2]}}}, "\ud800", "[/]", "\x00", 10**30,
)  # fmt: skip


def mutate_jsonl(rng: random.Random, lines: Sequence[str]) -> bytes:
    """An export file damaged one to three ways: bytes, field types, structure or size."""
    out = list(lines)
    for _ in range(rng.randint(1, 3)):
        out = _one_mutation(rng, out)
    text = "\n".join(out) + "\n"
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.25:  # flip bytes: invalid UTF-8 may result, as on a damaged disk
        raw = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        data = bytes(raw)
    return data


def _one_mutation(rng: random.Random, lines: list[str]) -> list[str]:
    if not lines:
        return ['{"format": "tablelog"}']
    i = rng.randrange(len(lines))
    kind = rng.randrange(9)
    if kind == 0:  # delete, duplicate or move a line
        line = lines.pop(i)
        if rng.random() < 0.5:
            lines.insert(rng.randrange(len(lines) + 1), line)
        if rng.random() < 0.3:
            lines.insert(i, line)
        return lines
    if kind == 1:  # cut a line short
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        return lines
    if kind == 2:  # nesting far past the limit
        depth = rng.choice((20, 1000, 100_000))
        lines[i] = lines[i][:-1] + ',"deep":' + "[" * depth + "]" * depth + "}"
        return lines
    if kind == 3:  # a number of thousands of digits
        lines[i] = lines[i][:-1] + ',"n":' + "9" * rng.choice((20, 5000)) + "}"
        return lines
    if kind == 4:  # a lone surrogate or a control character, escaped
        lines[i] = lines[i][:-1] + ',"t":"' + rng.choice(("\\ud800", "\\u0000", "\\udfff")) + '"}'
        return lines
    try:
        data = json.loads(lines[i])
    except (ValueError, RecursionError):  # a line an earlier mutation already broke
        return lines
    if not isinstance(data, dict) or not data:
        return lines
    key = rng.choice(sorted(data))
    if kind in (5, 6, 7):  # a field of another type, or one value from deep inside changed
        data[key] = rng.choice(_VALUES) if kind != 7 else _tweak(rng, data[key])
    else:
        del data[key]
    lines[i] = json.dumps(data, ensure_ascii=rng.random() < 0.5)
    return lines


def _tweak(rng: random.Random, value: Any) -> Any:
    if isinstance(value, list) and value:
        copy = list(value)
        j = rng.randrange(len(copy))
        copy[j] = _tweak(rng, copy[j])
        return copy
    if isinstance(value, dict) and value:
        mapping = dict(value)
        k = rng.choice(sorted(mapping))
        mapping[k] = _tweak(rng, mapping[k])
        return mapping
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + rng.choice((1, -1, 99, 2**64))
    if isinstance(value, str) and value:
        j = rng.randrange(len(value))
        return value[:j] + rng.choice(WEIRD) + value[j + 1 :]
    return rng.choice(_VALUES)
