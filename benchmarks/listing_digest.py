"""A digest of every move listing and state of many random games, to compare two trees.

Run ``python benchmarks/listing_digest.py`` (``--only GAME``, ``--games N``, ``--json``) on
the tree before a change to an engine and on the tree after it: equal digests say that
every state the fold made and every answer of ``moves`` (in order), ``count``, ``kinds``
and ``cards`` was the same, so random play, the seeded fuzz and every fixture choose and
reach the same. Not a test: a change meant to be behaviour-preserving is checked by it.

Per game it plays seeded random games as ``benchmarks/random_play.py`` does (each listing
in order, ``random.Random(seed).choice``), under several option sets, and the same games
dealt as a physical table sees them (``known=False``: cards nobody saw are ``?``, so hands
hold face-down cards and the claims on them are made), and it folds every fixture of the
game (``fixtures/``), listing at each state. Each state, each listing and each answer is
hashed into one SHA-256 per game, written the same way in every process (``canonical``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tablelog.replay.dealer import chance_rng, sample
from tablelog.replay.games import make_header
from tablelog.replay.jsonl import parse_lines
from tablelog.rules import registry
from tablelog.rules.cards import Card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event
from tablelog.rules.protocol import RuleSet

GAMES = ("karnoffel", "nordekasino", "speahx", "vriddiot", "narrespillet")
NAMES = ("Anna", "Bert", "Cleo", "Dirk", "Eva", "Finn", "Gro", "Hans", "Ida")

VARIANTS: Mapping[str, tuple[tuple[int, dict[str, Any]], ...]] = {
    "speahx": (
        (4, {}),
        (2, {}),
        (7, {"jokers": 2}),
        (4, {"jokers": 1, "four_kind_scope": "single_play"}),
        (4, {"torkel": "each_jack", "voluntary_pickup": False}),
        (
            5,
            {
                "chance_may_skip_playable": False,
                "chance_combo_with_pile_run": True,
                "chance_continue_after_burn": False,
                "voluntary_pickup": False,
            },
        ),
        (3, {"torkel": "off"}),
    ),
    "vriddiot": (
        (4, {}),
        (3, {}),
        (7, {"jokers": 2}),
        (5, {"jokers": 2, "vri_strict": False, "two_in_vri": "ends_vri"}),
        (4, {"four_any_value": True, "eight_in_vri_le_8": True, "starter_lowest": True}),
        (6, {"war_tie_rule": "any_match", "resurrect_out_players": True}),
    ),
}
"""Players and options per variant (every game not named: four players, defaults)."""


def canonical(value: object) -> object:
    """``value`` as plain nested tuples whose ``repr`` is the same in every process: a
    card by its text, an attrs value by its class and compared fields, a set or a mapping
    sorted (a card's hash is its identity, so a set's own order differs from run to run)."""
    if isinstance(value, Card):
        return value.text
    if attrs.has(type(value)):
        fields = attrs.fields(type(value))
        return (type(value).__name__, *(canonical(getattr(value, f.name)) for f in fields if f.eq))
    if isinstance(value, tuple | list):
        return tuple(canonical(v) for v in value)
    if isinstance(value, set | frozenset):
        return ("set", *sorted((canonical(v) for v in value), key=repr))
    if isinstance(value, Mapping):
        items = ((canonical(k), canonical(v)) for k, v in value.items())
        return ("map", *sorted(items, key=repr))
    return value


def _feed(digest: Any, *parts: object) -> None:
    for part in parts:
        digest.update(repr(canonical(part)).encode())
        digest.update(b"\x1f")


def _answers(rules: RuleSet[Any], state: object) -> Iterator[object]:
    """Every listing answer of one state, in order."""
    listed = tuple(rules.moves(state))
    yield listed
    for seat in rules.to_act(state):
        yield seat, tuple(rules.moves(state, seat))
        if rules.count is not None:
            yield "count", rules.count(state, seat)
        kinds = rules.kinds(state, seat) if rules.kinds is not None else ()
        yield "kinds", kinds
        for kind in kinds:
            yield kind, tuple(rules.moves(state, seat, None, kind))
            if rules.cards is not None:
                leads = rules.cards(state, seat, kind)
                yield "cards", leads
                for card in leads:
                    if card is not None:
                        yield card, tuple(rules.moves(state, seat, card, kind))


def _random_game(
    rules: RuleSet[Any], players: int, options: dict[str, Any], seed: int, known: bool, digest: Any
) -> int:
    header = make_header(rules, NAMES[:players], options, seed=seed if known else None)
    rng = random.Random(seed)
    state = rules.start(header)
    cap = min(rules.max_events(header), 3_000)
    seq = 0
    while rules.outcome(state) is None and seq < cap:
        seq += 1
        _feed(digest, state)
        step = rules.chance(state)
        if step is not None:
            move = sample(step, chance_rng(seed, seq), known)
        else:
            listed = tuple(rules.moves(state))
            for answer in _answers(rules, state):
                _feed(digest, answer)
            if not listed:
                _feed(digest, "stuck")
                break
            move = rng.choice(listed)
        try:
            state = rules.apply(state, Event(seq, move.actor, move.payload))
        except IllegalEvent as refusal:  # a dealer's draw the claims forbid: say so, stop
            _feed(digest, "refused", str(refusal))
            break
    _feed(digest, state, rules.outcome(state))
    return seq


def _fixtures(name: str) -> list[Path]:
    folder = ROOT / "fixtures"
    return sorted([*folder.glob(f"{name}-*.jsonl"), *folder.glob(f"{name}/*.jsonl")])


def _fixture(path: Path, digest: Any) -> int:
    (game,) = parse_lines(path.read_text(encoding="utf-8").splitlines())
    rules = game.rules
    state = rules.start(game.header)
    n = 0
    for event in game.events:
        if event.payload.FAMILY == "meta":
            continue  # notes, undos and rulings are the fold's, not the rules'
        _feed(digest, state)
        for answer in _answers(rules, state):
            _feed(digest, answer)
        state = rules.apply(state, event)
        n += 1
    _feed(digest, state, rules.outcome(state))
    return n


def measure(name: str, games: int) -> dict[str, Any]:
    """The digest of one game's random games (every variant, seeded and physical) and
    fixtures, with how many events it covers."""
    rules = registry.get(name)
    digest = hashlib.sha256()
    events = 0
    for players, options in VARIANTS.get(name, ((4, {}),)):
        for seed in range(games):
            for known in (True, False):
                events += _random_game(rules, players, options, seed, known, digest)
    fixtures = _fixtures(name)
    for path in fixtures:
        events += _fixture(path, digest)
    return {"digest": digest.hexdigest(), "events": events, "fixtures": len(fixtures)}


def main(argv: Sequence[str] | None = None) -> int:
    """Print each game's digest (a line each, or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=GAMES, action="append")
    parser.add_argument("--games", type=int, default=20, help="seeds per variant")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    out = {name: measure(name, args.games) for name in args.only or GAMES}
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for name, row in out.items():
            events, fixtures = row["events"], row["fixtures"]
            print(f"{name:14} {row['digest']}  ({events} events, {fixtures} fixtures)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
