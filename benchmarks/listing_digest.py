"""A digest of every move listing over seeded random games and the fixtures (not a test).

Run ``python benchmarks/listing_digest.py`` (``--only GAME``, ``--games N``) on two trees
and compare the printed digests: a change to how a game lists its moves that keeps the
rules and the order prints the same lines. For every state a player decides in, the
digest takes the whole listing ``tuple(rules.moves(state))`` in order, the listing of each
seat that may act, ``count`` where a game gives one, and ``kinds`` and ``cards`` of each
seat that may act; then the game goes on by ``random.Random(seed).choice`` from the listing
(so a change of order changes the games played, and the digest). The physical and seeded
fixtures of the game (``fixtures/``) are digested state by state the same way.

With ``--states`` it also takes every state itself (written the same way in every process,
``canonical``: a card's hash is its identity, so a set's own order differs from run to run),
before each step of the random games and of the fixtures, and plays each random table a
second time dealt as a physical table sees it (cards nobody saw are ``?``, so hands hold
face-down cards and the claims on them are made): a change to ``apply`` that keeps the
rules prints the same lines too.

Run it from the tree to be measured (it imports ``tablelog`` from beside this folder)::

    python benchmarks/listing_digest.py --only nordekasino --games 300
    python benchmarks/listing_digest.py --only speahx --only vriddiot --games 5 --states
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tablelog.replay.dealer import chance_rng, dealer_move, sample
from tablelog.replay.fold import states
from tablelog.replay.headers import make_header
from tablelog.replay.jsonl import parse_lines
from tablelog.rules import registry
from tablelog.rules.cards import Card
from tablelog.rules.errors import IllegalEvent
from tablelog.rules.events import Event
from tablelog.rules.protocol import RuleSet

PLAYERS = ("Anna", "Bert", "Cleo", "Dirk")
VARIANTS: dict[str, tuple[tuple[tuple[str, ...], dict[str, Any]], ...]] = {
    "nordekasino": (
        (PLAYERS, {}),
        (PLAYERS, {"partnership": True}),
        (PLAYERS[:2], {"thomas_kragh": True, "open_hand_penalty": True}),
        (("A", "B", "C", "D", "E", "F", "G"), {"decks": 2, "jokers": 4, "last_round": 5}),
    ),
    "narrespillet": (
        (PLAYERS, {}),
        (PLAYERS[:3], {"variant": "malderia", "oracle_extra_turn": "optional"}),
        (PLAYERS, {"variant": "althea", "full_tie": "shared", "hermit_window": "own_turn"}),
        (PLAYERS[:2], {"variant": "kroam", "wheel_cap": "literal", "fool_victim": "forfeit"}),
    ),
    "speahx": (
        (PLAYERS, {}),
        (PLAYERS[:2], {}),
        (("A", "B", "C", "D", "E", "F", "G"), {"jokers": 2}),
        (PLAYERS, {"jokers": 1, "four_kind_scope": "single_play"}),
        (PLAYERS, {"torkel": "each_jack", "voluntary_pickup": False}),
        (
            ("A", "B", "C", "D", "E"),
            {
                "chance_may_skip_playable": False,
                "chance_combo_with_pile_run": True,
                "chance_continue_after_burn": False,
                "voluntary_pickup": False,
            },
        ),
        (PLAYERS[:3], {"torkel": "off"}),
    ),
    "vriddiot": (
        (PLAYERS, {}),
        (PLAYERS[:3], {}),
        (("A", "B", "C", "D", "E", "F", "G"), {"jokers": 2}),
        (("A", "B", "C", "D", "E"), {"jokers": 2, "vri_strict": False, "two_in_vri": "ends_vri"}),
        (PLAYERS, {"four_any_value": True, "eight_in_vri_le_8": True, "starter_lowest": True}),
        (
            ("A", "B", "C", "D", "E", "F"),
            {"war_tie_rule": "any_match", "resurrect_out_players": True},
        ),
    ),
}
"""Per game: the tables played (players, options); other games play four with defaults."""


def listing_text(rules: RuleSet[Any], state: Any) -> str:
    """Everything the listing says of one state, as one text."""
    parts = [repr(tuple(rules.moves(state)))]
    if rules.count is not None:
        parts.append(f"count {rules.count(state, None)}")
    for seat in rules.to_act(state):
        parts.append(f"seat {seat}: {tuple(rules.moves(state, seat))!r}")
        if rules.count is not None:
            parts.append(f"count {rules.count(state, seat)}")
        if rules.kinds is not None:
            kinds = rules.kinds(state, seat)
            parts.append(f"kinds {kinds}")
            if rules.cards is not None:
                parts.extend(f"cards {kind} {rules.cards(state, seat, kind)}" for kind in kinds)
    return "\n".join(parts)


def canonical(value: object) -> object:
    """``value`` as plain nested tuples whose ``repr`` is the same in every process: a
    card by its text, an attrs value by its class and compared fields, a set or a mapping
    sorted."""
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


def random_digest(
    name: str, games: int, cap: int = 5_000, *, with_states: bool = False
) -> tuple[str, int]:
    """The digest of every decision's listing in ``games`` seeded random games per table
    (``with_states``: every state too, and each table dealt as a physical one as well)."""
    rules = registry.get(name)
    digest = hashlib.sha256()
    decisions = 0
    for players, options in VARIANTS.get(name, ((PLAYERS, {}),)):
        for seed in range(games):
            for known in (True, False) if with_states else (True,):
                header = make_header(rules, players, options, seed=seed if known else None)
                decisions += _play(rules, header, seed, cap, known, with_states, digest)
    return digest.hexdigest()[:16], decisions


def _play(
    rules: RuleSet[Any],
    header: Any,
    seed: int,
    cap: int,
    known: bool,
    with_states: bool,
    digest: Any,
) -> int:
    """One random game into ``digest``; how many decisions it had."""
    rng = random.Random(seed)
    state = rules.start(header)
    seq = decisions = 0
    while rules.outcome(state) is None and seq < cap:
        seq += 1
        if with_states:
            digest.update(repr(canonical(state)).encode())
        if known:
            move = dealer_move(rules, state, seed, seq)
        else:  # what a physical table sees: the cards nobody saw are ``?``
            step = rules.chance(state)
            move = None if step is None else sample(step, chance_rng(seed, seq), known=False)
        if move is None:
            listing = tuple(rules.moves(state))
            digest.update(listing_text(rules, state).encode())
            if not listing:
                digest.update(b"stuck")
                break
            move = rng.choice(listing)
            decisions += 1
        try:
            state = rules.apply(state, Event(seq, move.actor, move.payload))
        except IllegalEvent as refusal:  # a physical draw the claims forbid: said, the end
            digest.update(f"refused {refusal}".encode())
            break
    digest.update(f"end {seq} {rules.outcome(state)!r}".encode())
    if with_states:
        digest.update(repr(canonical(state)).encode())
    return decisions


def fixture_digest(name: str, *, with_states: bool = False) -> tuple[str, int]:
    """The digest of the listing of every state of the game's fixture files (and of the
    states themselves, ``with_states``)."""
    digest = hashlib.sha256()
    files = sorted((ROOT / "fixtures").glob(f"{name}*.jsonl"))
    files += sorted((ROOT / "fixtures" / name).glob("*.jsonl"))
    count = 0
    for path in files:
        for game in parse_lines(path.read_text(encoding="utf-8").splitlines()):
            for _, state in states(game.rules, game.header, game.events):
                if with_states:
                    digest.update(repr(canonical(state)).encode())
                digest.update(listing_text(game.rules, state).encode())
                count += 1
    return digest.hexdigest()[:16], count


def main(argv: Sequence[str] | None = None) -> int:
    """Print one line per game and source: the digest and how many states it covers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=registry.names())
    parser.add_argument("--games", type=int, default=200, help="seeded games per table")
    parser.add_argument(
        "--states", action="store_true", help="every state too, and physical deals as well"
    )
    args = parser.parse_args(argv)
    for name in args.only or ("nordekasino", "narrespillet"):
        played = random_digest(name, args.games, with_states=args.states)
        print(name, "random", *played, flush=True)
        print(name, "fixtures", *fixture_digest(name, with_states=args.states), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
