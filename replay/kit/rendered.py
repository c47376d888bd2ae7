"""Invariant 5 as printed: no rendered output names a card its viewer has not been shown.

A view that hides a card is not enough if an output prints the card anyway (an event's
notation, a page's embedded data). So the views check also renders, for everyone and for
the seats it samples at each state, what tablelog's outputs print (``RENDERERS``): the
event's line in ``log`` and the transcript with what was said, the replay page's data for
that moment (the viewer's table and the event), and the event's line in a viewer's JSON
Lines copy (its payload as they saw it). Each is made through the privacy gate
(``replay.gate``) exactly as the outputs make it, and read back for card names (``7H``,
``7♥``, ``Seven of Hearts``): a card whose identity the viewer has never been shown must
not appear. A renderer that skips the gate is a fuzz failure like a leaking view.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache, lru_cache
from typing import Any

from tablelog.replay.gate import Gate, Viewer
from tablelog.replay.kit.conservation import cards_text
from tablelog.replay.kit.history import History
from tablelog.replay.kit.walk import InvariantViolation, Step
from tablelog.rules.cards import Card
from tablelog.rules.memo import Kept
from tablelog.rules.protocol import RuleSet

__all__ = ["RENDERERS", "Renderer", "jsonl_event", "log_line", "outputs_hold", "page_moment"]

Renderer = Callable[[Gate, Step], str]
"""What one output prints for the gate's viewer at one step of a history."""


def log_line(gate: Gate, step: Step) -> str:
    """The event's line in ``log``, ``replay`` and the transcript, with what was said."""
    if step.event is None:
        return ""
    before, event, after = step.before, step.event, step.state
    return f"{gate.text(before, event, after)} {gate.says(before, event, after)}"


def page_moment(gate: Gate, step: Step) -> str:
    """The replay page's data for this moment: the viewer's typed table as the page stores
    it (``replay.page.frames.page_table``) and the event (as ``Printed``: its seats and
    places, met state after state, are written and read once each)."""
    from tablelog.replay.page.frames import page_table

    data: dict[str, Any] = {"view": page_table(gate.view(step.state))}
    if step.event is not None:
        data["event"] = gate.text(step.before, step.event, step.state)
    return _printed(data)


class Printed(str):
    """An output's text (the ``str`` itself) that holds parts met before: it is ``rest``
    with the ``n``-th mark (``MARK``, written as JSON) in it replaced by ``parts[n]``.
    The card names in it are those in ``rest`` and those in each part (a name never
    holds the marks' or JSON's quotes, brackets and commas, so none runs across a part's
    edge: ``_names_in``), each part's cards found once (``_Reading.all_known``)."""

    rest: str
    parts: tuple[str, ...]


MARK = "\x00\x01"
"""What a part stands in for in ``Printed.rest`` (followed by its number)."""

_MARK_TEXT = json.dumps(MARK)[:-1]


def _printed(data: dict[str, Any]) -> str:
    """``json.dumps(data, ensure_ascii=False)``, as ``Printed`` with each remembered part
    of its view (``replay.page.frames.remembered``: a seat's, a place's page data) in
    ``parts``; a plain ``str`` if the view holds none or a text of its own holds a mark."""
    from tablelog.replay.page.frames import remembered

    parts: list[str] = []
    view = data.get("view")
    if isinstance(view, dict):
        swapped: dict[str, Any] = {}
        text_of = _TEXTS
        for key, value in view.items():
            if isinstance(value, list):  # a list of no part is kept as it is
                listed: list[Any] | None = None
                for at, item in enumerate(value):
                    if remembered(item):
                        if listed is None:
                            listed = list(value)
                        listed[at] = _mark(len(parts))
                        parts.append(text_of(item))
                if listed is not None:
                    value = listed
            swapped[key] = value
        data = {**data, "view": swapped}
    rest = json.dumps(data, ensure_ascii=False)
    if not parts:
        return rest
    pieces = rest.split(_MARK_TEXT)
    if len(pieces) != len(parts) + 1:
        return json.dumps({**data, "view": view}, ensure_ascii=False)  # a text holds a mark
    out = [pieces[0]]
    for n, (part, piece) in enumerate(zip(parts, pieces[1:], strict=True)):
        number, quote, after = piece.partition('"')
        if number != str(n) or not quote:
            return json.dumps({**data, "view": view}, ensure_ascii=False)
        out += (part, after)
    printed = Printed("".join(out))
    printed.rest, printed.parts = rest, tuple(parts)
    return printed


PARTS_MAX = 1 << 13
"""How many parts' texts (and the names found in them) are remembered."""


def _json_text(part: object) -> str:
    return json.dumps(part, ensure_ascii=False)


_TEXTS: Kept[object, str] = Kept(_json_text, lambda text: True, PARTS_MAX)
"""Each part's JSON text, remembered by the part's identity (a part is met state after
state, the very object of the last state's page); emptied past ``PARTS_MAX``."""


@cache
def _mark(number: int) -> str:
    """The mark standing in for the ``number``-th part."""
    return f"{MARK}{number}"


def _names_in(text: str, pattern: re.Pattern[str]) -> set[str]:
    """Every name ``pattern.findall`` finds in ``text``, read part by part if it is
    ``Printed``: the same names as read whole (what ``_Reading.all_known`` rests on)."""
    if type(text) is not Printed:
        return set(pattern.findall(text))
    found = set(pattern.findall(text.rest))
    for part in text.parts:
        found.update(pattern.findall(part))
    return found


def jsonl_event(gate: Gate, step: Step) -> str:
    """The event's line in a viewer's JSON Lines copy (``export --format jsonl --as``,
    ``replay.export.jsonlview``): its payload as the viewer saw it, and its notation."""
    from tablelog.rules.serial import converter

    if step.event is None:
        return ""
    move = gate.move(step.before, step.event, step.state)
    payload = {} if move is None else converter.unstructure(move.payload)
    text = gate.text(step.before, step.event, step.state)
    return json.dumps({"payload": payload, "notation": text}, ensure_ascii=False, default=str)


RENDERERS: tuple[Renderer, ...] = (log_line, page_moment, jsonl_event)


def outputs_hold(
    rules: RuleSet,
    history: History,
    step: Step,
    seen: dict[int | None, Counter[Any]],
    seats: Sequence[int | None],
    renderers: Iterable[Renderer] = RENDERERS,
    deck: tuple[Card, ...] | None = None,
) -> None:
    """Each renderer's output for each of ``seats`` names only cards the seat has seen
    (``deck``: the history's, when the caller has it at hand)."""
    if deck is None:
        deck = tuple(rules.deck(history.header))
    reading = _reading(deck, rules.vocabulary.describe)
    names, pattern, nested = reading.names, reading.pattern, reading.nested
    renderers = tuple(renderers)
    met: dict[str, frozenset[Card]] = {}  # the cards of each text read whole at this state
    for seat in seats:
        gate = Gate(rules, history.header, Viewer(seat))
        known = {card for card, n in seen[seat].items() if n > 0}
        for render in renderers:
            text = render(gate, step)
            # every name written, found at C speed (a superset of what ``_found`` finds
            # unless a name holds another after a non-letter: ``nested``); only a text
            # naming an unseen card is read name by name
            if not nested and reading.all_known(text, known, met):
                continue
            for found in _found(pattern, text):
                leak = names[found.group()] - known
                if leak:
                    who = "everyone" if seat is None else history.header.players[seat]
                    what = getattr(render, "__name__", "an output")
                    around = text[max(0, found.start() - 80) : found.end() + 40]
                    detail = (
                        f"{what} for {who} names {cards_text(Counter(leak))}, never"
                        f" shown to them: …{around}…"
                    )
                    raise InvariantViolation("views", step.seq, detail)


_LETTER = re.compile(r"[\w♠♥♦♣]")
"""A character that continues a word: a card's name must not follow one."""


def _found(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    r"""Each card name ``pattern`` finds in ``text`` that no letter precedes: what
    ``(?<![\w♠♥♦♣])`` in front of the pattern would find, at a seventh of the cost (a
    pattern that opens with an alternation of words lets the engine skip to the
    characters that can start one; a look-behind in front does not)."""
    search, letter = pattern.search, _LETTER.match
    found = search(text)
    while found is not None:
        start = found.start()
        if start and letter(text, start - 1):
            found = search(text, start + 1)  # inside a longer word: look on from the next
            continue
        yield found
        found = search(text, found.end())


@lru_cache(maxsize=32)
def _reader(
    deck: tuple[Card, ...], words: Callable[[Card], str]
) -> tuple[dict[str, frozenset[Card]], re.Pattern[str]]:
    """Every way an output writes each card of ``deck`` (text, symbol form, words), and one
    pattern finding any of them followed by no letter (longest first); ``_found`` keeps
    those no letter precedes."""
    out: dict[str, set[Card]] = {}
    for card in set(deck):
        for form in (card.text, card.pretty, words(card)):
            out.setdefault(form, set()).add(card)
    ordered = sorted(out, key=len, reverse=True)
    alternation = "|".join(re.escape(form) for form in ordered)
    pattern = re.compile(rf"(?:{alternation})(?![\w♠♥♦♣])")
    return {form: frozenset(cards) for form, cards in out.items()}, pattern


class _Reading:
    """How the outputs of one deck are read: ``_reader``'s names and pattern, whether a
    name nests in another (``_nested``) or may run across a part's edge (``_joins``); the
    cards each part of a ``Printed`` text names are kept (``_PART_CARDS``: a part's text is
    met state after state and seat after seat, its names found and made cards once)."""

    def __init__(self, deck: tuple[Card, ...], words: Callable[[Card], str]) -> None:
        self.names, self.pattern = _reader(deck, words)
        self.nested = _nested(deck, words)
        self.whole = _joins(deck, words)

    def cards(self, text: str) -> frozenset[Card]:
        """Every card a name in ``text`` (as ``findall`` finds them) may stand for."""
        names = self.names
        return frozenset().union(*(names[f] for f in self.pattern.findall(text)))

    def all_known(
        self, text: str, known: set[Card] | frozenset[Card], met: dict[str, frozenset[Card]]
    ) -> bool:
        """Whether every card a name in ``text`` may stand for is in ``known``: ``text``
        read whole, or ``rest`` and each part of a ``Printed`` text, each part's cards
        found once. ``met``: the cards of the texts read whole so far at this state (the
        viewers of one state are mostly printed the same line)."""
        if self.whole or type(text) is not Printed:
            cards = met.get(text)
            if cards is None:
                cards = met[text] = self.cards(text)
            return cards <= known
        rest = met.get(text.rest)
        if rest is None:
            rest = met[text.rest] = self.cards(text.rest)
        if not rest <= known:
            return False
        parts = _PART_CARDS
        for part in text.parts:
            found = parts.get(part)
            if found is not None and found[0] is self:
                cards = found[1]
            else:
                if len(parts) >= PARTS_MAX:
                    parts.clear()
                cards = self.cards(part)
                parts[part] = (self, cards)
            if not cards <= known:
                return False
        return True


_PART_CARDS: dict[str, tuple[_Reading, frozenset[Card]]] = {}
"""The cards each part's text names, with the ``_Reading`` that found them (a part read for
another deck is read again); emptied past ``PARTS_MAX``."""


@lru_cache(maxsize=32)
def _reading(deck: tuple[Card, ...], words: Callable[[Card], str]) -> _Reading:
    """The ``_Reading`` of ``deck`` written with ``words``, made once."""
    return _Reading(deck, words)


@lru_cache(maxsize=32)
def _nested(deck: tuple[Card, ...], words: Callable[[Card], str]) -> bool:
    """Whether one of ``_reader``'s names holds another after a character that is no
    letter: then a name that ``findall`` passes over inside a longer one may be a real one,
    and only ``_found`` finds every name."""
    names, _ = _reader(deck, words)
    return any(_nests(outer, inner) for outer in names for inner in names if inner != outer)


@lru_cache(maxsize=32)
def _joins(deck: tuple[Card, ...], words: Callable[[Card], str]) -> bool:
    """Whether one of ``_reader``'s names holds a character that JSON writes between a
    ``Printed`` text's parts (a quote, a bracket, a brace, a comma, a colon, a backslash):
    then a name might run across a part's edge, and the text is read whole."""
    names, _ = _reader(deck, words)
    return any(char in name for name in names for char in '"[]{},:\\')


def _nests(outer: str, inner: str) -> bool:
    """Whether ``inner`` starts inside ``outer`` after a character that is no letter."""
    at = outer.find(inner, 1)
    while at > 0:
        if not _LETTER.match(outer, at - 1):
            return True
        at = outer.find(inner, at + 1)
    return False
