"""One decision said in one breath, written as the moves it is made of (issue 23).

The Spilleksempel says a call with its answer ("Kesharen spiller Månen, og kaller på
Begerdronningen ... Professoraen må overlate ham Begerdronningen sin"), the Hierophant
with what is shown ("ber om å få se Narren. Almegaard viser den fram for alle"), a Hermit
turn with what it does ("bruker så en av de tre ekstra turene umiddelbart, spiller
Dommen") and the Wheel's discards ("kaster så fire kort ... Åtte staver, stavess, ...")
in one breath. Each is typed as one entry; the log keeps the moves it is made of, each
its own event exactly as if typed (``RuleSet.compound``, written by ``replay.implied``)::

    Kana play T18 CuQ Irmgard      = Kana play T18 · Kana call CuQ · answer Irmgard
    Kana call CuQ nobody SwA Bo    = Kana call CuQ · answer nobody · Kana call SwA · answer Bo
    Lucas play T5 fool Almegaard   = Lucas play T5 fool · Almegaard reveal FOOL
    Lucas play T5 Co Bo CoA Co2    = Lucas play T5 Co · Bo reveal CoA · Bo reveal Co2
    Irmgard hermit play T20 Kana Cu = Irmgard hermit · Irmgard play T20 Kana Cu
    Lucas discard St9 StA Cu8      = Lucas discard St9 · Lucas discard StA · Lucas discard Cu8
    all vote yes                   = Anna vote yes · Bo vote yes · ... (each player asked)

A holder named for a card the record already knows is checked, not asked (the card is
handed over from where it lies); a card already shown is not shown again.
"""

from __future__ import annotations

from collections.abc import Callable

from tablelog.rules.cards import FOOL, Card
from tablelog.rules.errors import NotationError, RefusedMove
from tablelog.rules.names import split_name
from tablelog.rules.narrespillet.actors import head_step
from tablelog.rules.narrespillet.calls import NOBODY, holders, may_hold
from tablelog.rules.narrespillet.checks import no_vote
from tablelog.rules.narrespillet.deck import HIEROPHANT
from tablelog.rules.narrespillet.notation import actor_words
from tablelog.rules.narrespillet.pictures import CALLS
from tablelog.rules.narrespillet.state import State, name
from tablelog.rules.narrespillet.take import is_unknown
from tablelog.rules.narrespillet.words import join_phrases, read_card
from tablelog.rules.table import where

__all__ = ["compound"]

NOBODY_WORDS = ("nobody", "ingen")
EVERYONE = ("all", "everyone", "alle")


def compound(state: State, text: str) -> tuple[str, ...] | None:
    """The moves the entry ``text`` is made of, in order (each read in the state the one
    before it leaves, so a later one may be split again), or ``None``: one move."""
    words = join_phrases(text.strip()).split()
    if not words or words[0].casefold() in ("deal", "answer"):
        return None
    if words[0].casefold() in EVERYONE and len(words) == 3 and words[1].casefold() == "vote":
        return _everyone_votes(state, words[2])
    try:
        seat, demons, rest = actor_words(state, words)
    except (NotationError, RefusedMove):
        return None  # the move's own parse says why
    if seat is None or not rest:
        return None
    prefix = " ".join(words[: len(words) - len(rest)])
    verb, args = rest[0].casefold(), rest[1:]
    who = state.n if demons else seat

    def said(*tail: str) -> str:
        return " ".join((prefix, *tail)).strip()

    if verb == "hermit" and args:
        return said("hermit"), said(*args)
    if verb == "discard" and len(args) > 1:
        return tuple(said("discard", a) for a in args)
    if verb == "call" and len(args) > 1:
        return _call(state, who, said, args)
    if verb == "play" and len(args) > 1:
        card = read_card(args[0])
        if card in CALLS:
            return said("play", args[0]), said("call", *args[1:])
        if card == HIEROPHANT and len(args) > 2:
            return (said("play", *args[:2]), *_shown(state, args[1], args[2:]))
    return None


def _everyone_votes(state: State, vote: str) -> tuple[str, ...]:
    """``all vote yes``: the vote of every player still asked ("bare dersom alle spillerne
    godtar det"), in seat order."""
    head = head_step(state)
    if head is None or head.kind != "vote":
        raise RefusedMove(no_vote())
    return tuple(f"{state.players[s]} vote {vote}" for s in head.asked)


def _call(state: State, caller: int, said: Callable[..., str], args: list[str]) -> tuple[str, ...]:
    """``call CARD [HOLDER] [CARD [HOLDER] ...]``: the first attempt, the table's answer
    if the record must ask it, and the further attempts (split again when reached)."""
    card = read_card(args[0])
    rest = args[1:]
    parts = [said("call", args[0])]
    holder = _holder(state, rest)
    if holder is not None:
        rest = rest[1:]
        answer = _answer(state, caller, card, holder)
        if answer is not None:
            parts.append(answer)
    if rest:
        parts.append(said("call", *rest))
    return tuple(parts)


def _holder(state: State, words: list[str]) -> int | None:
    """The holder the first of ``words`` names (``nobody``: ``NOBODY``), or ``None`` when
    it names a card (the next attempt) or nothing."""
    if not words:
        return None
    if words[0].casefold() in NOBODY_WORDS:
        return NOBODY
    seat, _ = split_name(words[0].replace("_", " "), state.players)
    if seat is not None:
        return seat
    try:
        read_card(words[0])
    except NotationError:
        raise NotationError(
            f"{words[0]!r} is neither a card nor a player of this game "
            f"({', '.join(state.players)}) nor 'nobody': call CARD [WHO HOLDS IT] ..."
        ) from None
    return None


def _answer(state: State, caller: int, card: Card, holder: int) -> str | None:
    """The table's answer to write after the call of ``card`` (``answer Bo``), ``None``
    when the record knows where ``card`` is and ``holder`` agrees; ``RefusedMove`` when
    it does not."""
    said = "nobody" if holder == NOBODY else state.players[holder]
    for other in range(state.n + 1):
        zones = (state.hands[other], state.opens[other], state.chariots[other])
        if other != caller and any(card in z.cards for z in zones):
            if holder == other:
                return None  # handed over at once, from where the record sees it
            raise RefusedMove(
                f"{card} is known to be with {name(state, other)}: the call takes it from "
                f"there, not from {said}"
            )
    if is_unknown(state, card) and may_hold(state, caller):
        if holder != NOBODY and holder not in holders(state, caller):
            raise RefusedMove(
                f"{said} cannot hold {card} face down: only "
                f"{', '.join(state.players[p] for p in holders(state, caller))} or nobody"
            )
        return f"answer {said}"
    if holder == NOBODY:
        return None  # nobody can hand it over: the attempt fails by itself
    raise RefusedMove(f"{said} cannot hand over {card}: {where(state, card)}")


def _shown(state: State, choice: str, words: list[str]) -> tuple[str, ...]:
    """The Hierophant's ``NAME CARD ...`` (for the Fool, ``NAME`` alone): each card the
    player shows, as ``NAME reveal CARD``, unless the record already shows it in that
    hand."""
    fool = choice.casefold() == "fool"
    parts: list[str] = []
    seat: int | None = None
    named = False
    for word in words:
        found, _ = split_name(word.replace("_", " "), state.players)
        if found is not None:
            if fool:
                parts.extend(_reveal(state, found, FOOL))
            seat, named = found, True
            continue
        if seat is None:
            raise NotationError(
                f"play {HIEROPHANT} {choice} NAME CARDS ...: name who shows {word!r} first"
            )
        if fool:
            raise NotationError(f"the Fool is one card: play {HIEROPHANT} fool NAME")
        parts.extend(_reveal(state, seat, read_card(word)))
    assert named
    return tuple(parts)


def _reveal(state: State, seat: int, card: Card) -> tuple[str, ...]:
    if card in state.hands[seat].cards:
        return ()  # the record shows it already
    return (f"{state.players[seat]} reveal {card.text}",)
