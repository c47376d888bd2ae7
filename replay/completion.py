"""What may be typed next: the completion of ``tablelog record`` and of a phone's text box.

``Completer(game).lines(text)`` answers whole lines that complete ``text`` from the
grouped listing, lazily (a crowded Nørdekasino table has over 100,000 moves, and
completion never lists them all): the recorder's own words, player names, a kind, then a
card, then the moves; a card begun in words (``spar``, ``Herz K``, in Norwegian, Danish,
Swedish or German) is completed in those words, as ``play`` reads them.

A completer may be gated for one viewer (``tablelog serve``): ``seat`` completes that
seat's moves only (its own name, no other seat's moves, no table step), ``viewer`` drops
every move that names a card that viewer does not see (the privacy gate's view, as the
listing does), ``table_steps`` says whether the physical table's steps (a deal's cards)
are offered, and ``commands`` are the words offered beside the moves.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from tablelog.errors import TablelogError
from tablelog.replay.dealer import chance_rng, sample
from tablelog.replay.gate import Gate, Viewer
from tablelog.replay.loaded import LoadedGame
from tablelog.replay.notation import format_move
from tablelog.rules.cards import Card
from tablelog.rules.events import Move
from tablelog.rules.listing import cards_of, kinds_of, move_cards
from tablelog.rules.names import leading_name
from tablelog.rules.native import LANGUAGES
from tablelog.rules.native import name as native_name

__all__ = ["COMMANDS", "Completer"]

COMMANDS = ("undo", "redo", "note ", "? ", "moves", "show", "help", "quit")
"""The recorder's own words, offered by completion beside the moves."""

SCAN = 4000
"""At most this many moves are looked at to complete one line (a crowded table's whole
listing is never made)."""


class Completer:
    """The lines that complete what is typed on one game as it is now, for one viewer."""

    def __init__(
        self,
        game: LoadedGame,
        *,
        seat: int | None = None,
        viewer: Viewer | None = None,
        table_steps: bool = True,
        commands: Sequence[str] = COMMANDS,
    ) -> None:
        self.game = game
        self.seat = seat
        self.table_steps = table_steps and seat is None
        self.commands = tuple(commands)
        self.seen: Counter[Card] | None = None
        if viewer is not None:
            self.seen = Gate(game.rules, game.header, viewer).seen_cards(game.state)

    def lines(self, text: str, limit: int = 60) -> Iterator[str]:
        """Whole lines that complete ``text``, filtered as typed (case-insensitive), at
        most ``limit``; in words only when the line is not begun in the canonical text."""
        canonical = list(itertools.islice(_unique(self._completions(text)), limit))
        if canonical:
            return iter(canonical)
        return itertools.islice(_unique(self._native(text)), limit)

    def _named(self, rest: str, players: Sequence[str]) -> tuple[str, int | None, str] | None:
        """A whole player's name and a space at the start of ``rest``: the prefix, the
        seat and the rest; ``None`` when it names a seat this completer does not complete."""
        named, end = leading_name(rest, players)
        if named is None or rest[end : end + 1] != " ":
            return "", None, rest
        if self.seat is not None and named != self.seat:
            return None
        return f"{players[named]} ", named, rest[end + 1 :]

    def _native(self, text: str) -> Iterator[str]:
        """Legal moves written with their cards in the words ``text`` begins (Norwegian,
        Danish, Swedish, German), as ``play`` reads them."""
        vocabulary = self.game.rules.vocabulary
        rest = text.lstrip()
        if not vocabulary.native or not rest or rest[0].isdigit():
            return
        prefix, seat = "", None
        first, space, after = rest.partition(" ")
        for s, player_name in enumerate(self.game.header.players):
            if space and first.casefold() == player_name.casefold():
                if self.seat is not None and s != self.seat:
                    return
                prefix, seat, rest = f"{player_name} ", s, after
        folded = rest.casefold()
        for _stem, group in self._groups(seat):
            for move_text in itertools.islice(group.moves, SCAN):
                for lang in NATIVE:
                    said = " ".join(_in_words(vocabulary, word, lang) for word in move_text.split())
                    if said.casefold().startswith(folded) and said != move_text:
                        yield prefix + said

    def _completions(self, text: str) -> Iterator[str]:
        players = self.game.header.players
        named = self._named(text.lstrip(), players)
        if named is None:
            return
        prefix, seat, rest = named
        words = rest.split(" ")
        folded = rest.casefold()
        if not prefix and len(words) == 1:
            yield from (c for c in self.commands if c.startswith(folded) and folded != c.strip())
            yield from (
                f"{n} "
                for s, n in enumerate(players)
                if n.casefold().startswith(folded) and self.seat in (None, s)
            )
        done = len(words) - 1  # the words typed in full; the last one is being typed
        for stem, group in self._groups(seat):
            parts = stem.split(" ")
            if not _agrees(parts, words):
                continue
            if done < len(parts) - 1 or (done < len(parts) and stem != group.first):
                yield prefix + " ".join(parts[: done + 1]) + " "  # a kind, then a card
                continue
            for move_text in itertools.islice(group.moves, SCAN):
                if move_text.casefold().startswith(folded):
                    yield prefix + move_text

    def _groups(self, seat: int | None) -> Iterator[tuple[str, _Group]]:
        """For each (seat, kind, lead card) that has a move the viewer may see: the text
        its first move starts with (one or two words) and the lazily formatted moves of
        the group."""
        game, state, rules = self.game, self.game.state, self.game.rules
        seat = self.seat if self.seat is not None else seat
        step = rules.chance(state) if self.table_steps else None
        if step is not None and not game.seeded:
            example = format_move(game, sample(step, chance_rng(0, game.seq + 1), known=False))
            yield example.split(" ", 1)[0], _Group(example, iter(()))
        seats = [s for s in sorted(rules.to_act(state)) if seat is None or s == seat]
        for s in seats:
            for kind in kinds_of(rules, state, s):
                for card in cards_of(rules, state, s, kind):
                    if card is not None and self.seen is not None and not self.seen[card]:
                        continue
                    found = (m for m in rules.moves(state, s, card, kind) if self._sees(m))
                    moves = (format_move(game, m) for m in found)
                    first = next(moves, None)
                    if first is None:
                        continue
                    stem = " ".join(first.split(" ")[:2])
                    yield _lead(stem), _Group(first, itertools.chain((first,), moves))

    def _sees(self, move: Move) -> bool:
        """Whether the viewer sees every card ``move`` names."""
        return self.seen is None or not Counter(move_cards(move)) - self.seen


NATIVE = tuple(lang for lang in LANGUAGES if lang != "en")
"""The languages a card may be typed in words, besides its canonical text."""


def _in_words(vocabulary: Any, word: str, lang: str) -> str:
    """``word`` as ``lang`` names it when it is a card (``QS`` → ``spar dame``)."""
    try:
        return native_name(vocabulary.read(word), lang)
    except TablelogError:
        return word


def _unique(lines: Iterator[str]) -> Iterator[str]:
    """``lines`` without repeats, lazily (the caller stops when it has enough)."""
    seen: set[str] = set()
    for line in lines:
        if line not in seen:
            seen.add(line)
            yield line


def _lead(stem: str) -> str:
    """The first word of a move's text, with the second when the first is a kind word
    (``build KD``), never a player's chosen value."""
    head, _, second = stem.partition(" ")
    return head if not second or second.startswith(("=", "#")) else stem


class _Group(NamedTuple):
    """The moves of one seat, kind and lead card: the first one's text, then all of them
    lazily formatted."""

    first: str
    moves: Iterator[str]


def _agrees(parts: list[str], words: list[str]) -> bool:
    """Whether a group whose moves start with the words ``parts`` can complete the typed
    ``words``."""
    done = words[:-1]  # every word but the one being typed is complete
    for i, word in enumerate(done[: len(parts)]):
        if parts[i].casefold() != word.casefold():
            return False
    if len(done) < len(parts):
        return parts[len(done)].casefold().startswith(words[-1].casefold())
    return True
