"""The Narrespillet notation: what a person types at the table, and ``announce``.

A move is the actor's name (``Demons`` for the Demons, played by their controller), a verb
and its words::

    Kana place Co CoA Co2 Co5 Co6 Co10     a placement (cards in any order, any names)
    Almegaard place St+Cu T3 T4            the Emperor and Empress on two battlefields
    Lucas place Sw SwKn Co5 T1 magic=Co5   the Magician moves Co5 into Swords
    Lucas discard St5 · Kana forfeit Cu · Irmgard load CuA Cu7 · Irmgard unload
    Lucas play T2 Irmgard                  High Priestess: look at Irmgard's hand
    Lucas play T5 fool                     Hierophant: Sw St Cu Co, pictures or fool
    Irmgard play T7 [CARDS]                the Chariot, loaded with CARDS
    Kana play T14 Sw · Kana play T16 Irmgard Co · Irmgard play T20 Kana Cu
    Irmgard play T11 open · Lucas play T10 4 · Demons play T12 Kana
    Almegaard fool · Almegaard pass · Irmgard hermit · Irmgard vote no · Kana call CuQ
    Kana show CoA                           a face-down card of a physical game's hand
    Almegaard reveal FOOL · Almegaard pass  showing what the Hierophant named (physical)
    answer Irmgard · answer nobody          who holds a called card (physical games)
    deal ...                                the shared deal notation, for every draw too

Cards may be written in the canonical text or by name (``sverdridder``, ``ti_staver``,
``Knight of Swords``, ``Døden``); ``format`` writes the canonical text, and
``parse(format(m, s), s) == m``.
"""

from __future__ import annotations

from tablelog.rules.deal_notation import format_deal, parse_deal
from tablelog.rules.errors import NotationError, RefusedMove
from tablelog.rules.events import Deal, Move
from tablelog.rules.names import seat_named, split_name
from tablelog.rules.narrespillet import events as ev
from tablelog.rules.narrespillet.actors import head_step
from tablelog.rules.narrespillet.chance import plan_for
from tablelog.rules.narrespillet.deck import HOUSE_NAMES
from tablelog.rules.narrespillet.place import canonical
from tablelog.rules.narrespillet.placements import classify, describe
from tablelog.rules.narrespillet.state import State, name, seat_of
from tablelog.rules.narrespillet.words import (
    HOUSE_WORDS,
    card_words,
    join_phrases,
    read_card,
    read_field,
)
from tablelog.rules.numbers import is_number

__all__ = ["actor_words", "announce", "format_move", "parse_move"]

VERBS = (
    "place, discard, forfeit, play, load, unload, lift, exorcise, fool, "
    "pass, hermit, vote, call, show, reveal, answer, deal"
)
DEMONS = "demons"
VERB_WORDS = frozenset(VERBS.replace(",", " ").split())


def parse_move(text: str, state: State) -> Move:
    """The move written ``text``; ``NotationError`` saying what was expected."""
    words = join_phrases(text.strip()).split()
    if not words:
        raise NotationError(f"expected a move: a player's name and one of {VERBS}")
    if words[0].casefold() == "deal":
        plan = plan_for(state)
        if plan is None:
            raise RefusedMove("no card is to be dealt or drawn now")
        return Move(None, parse_deal(plan, " ".join(words[1:]), read_card))
    if words[0].casefold() == "answer":
        return Move(None, _answer(state, words[1:]))
    seat, demons, words = actor_words(state, words)
    if not words:
        raise NotationError(f"expected a verb after the name: {VERBS}")
    verb, args = words[0].casefold(), words[1:]
    return Move(seat, _payload(state, verb, args, demons))


def actor_words(state: State, words: list[str]) -> tuple[int | None, bool, list[str]]:
    """The seat a move's words name first (the Demons' controller for ``Demons``), whether
    it is the Demons, and the words after the name."""
    if words[0].casefold() == DEMONS:
        return (state.demons if state.demons >= 0 else None), True, words[1:]
    seat, rest = split_name(" ".join(words), state.players)
    if seat is not None:
        return seat, False, rest.split()
    if state.actor is not None:
        return seat_of(state, state.actor), state.actor == state.n, words
    if words[0].casefold() in VERB_WORDS:  # a move without its player's name
        from tablelog.rules.narrespillet.moves import to_act

        acting = to_act(state)
        if len(acting) == 1:
            return acting[0], False, words
        raise RefusedMove(_who_acts(state, acting, words[0]))
    raise NotationError(f"{words[0]!r} is not a player of this game ({', '.join(state.players)})")


def _who_acts(state: State, acting: tuple[int, ...], verb: str) -> str:
    """Why a move without a name cannot be given a player now."""
    if not acting:
        return "cards are to be drawn from the stock first (deal ...)"
    names = ", ".join(state.players[s] for s in acting)
    first = state.players[acting[0]]
    return f"several players may act now ({names}): write the name first, like '{first} {verb}'"


def _answer(state: State, args: list[str]) -> ev.Answer:
    if len(args) != 1:
        raise NotationError("answer NAME (who holds the called card) or answer nobody")
    if args[0].casefold() in ("nobody", "ingen"):
        return ev.Answer(-1)
    return ev.Answer(_target(state, args[0]))


def _target(state: State, word: str) -> int:
    if word.casefold() == DEMONS:
        return state.n
    seat = seat_named(word, state.players)
    if seat is not None:
        return seat
    raise NotationError(
        f"{word!r} is not a player of this game ({', '.join(state.players)}) or Demons"
    )


def _field_of(words: list[str]) -> str:
    """The battlefield of a placement typed without one: the house its cards share."""
    houses = {read_card(w).suit for w in words if not w.casefold().startswith("magic=")}
    if len(houses) != 1 or not houses <= set(HOUSE_NAMES):
        raise NotationError(
            "place FIELD CARDS, like: place Co CoA Co10 (the field may be left out only when"
            " every card is of one house)"
        )
    return houses.pop()


def _payload(state: State, verb: str, args: list[str], demons: bool) -> object:
    if verb == "place":
        if not args:
            raise NotationError("place FIELD CARDS, like: place Co CoA Co10")
        if args[0].casefold() not in HOUSE_WORDS and "+" not in args[0]:
            args = [_field_of(args), *args]  # `place SwKn SwA`: the cards' own house
        fields = args[0].split("+")
        magic = None
        cards = []
        for word in args[1:]:
            if word.casefold().startswith("magic="):
                magic = read_card(word[6:])
            else:
                cards.append(read_card(word))
        also = read_field(fields[1]) if len(fields) > 1 else ""
        return ev.Place(canonical(tuple(cards)), read_field(fields[0]), also, magic)
    if verb in ("discard", "call", "show", "reveal"):
        if len(args) != 1:
            raise NotationError(f"{verb} CARD, like: {verb} SwA")
        card = read_card(args[0])
        kinds = {"discard": ev.Discard, "call": ev.Call, "show": ev.Show, "reveal": ev.Reveal}
        return kinds[verb](card)
    if verb == "forfeit":
        if len(args) != 1:
            raise NotationError("forfeit FIELD, like: forfeit Sw")
        return ev.Forfeit(read_field(args[0]))
    if verb == "load":
        return ev.Load(canonical(tuple(read_card(w) for w in args)))  # in any order
    simple = {"unload": ev.Unload, "lift": ev.Lift, "exorcise": ev.Exorcise}
    if verb in simple:
        return simple[verb]()
    flagged = {"fool": ev.Fool, "pass": ev.Pass, "hermit": ev.Hermit}
    if verb in flagged:
        return flagged[verb](demons)
    if verb == "vote":
        if len(args) != 1 or args[0].casefold() not in ("yes", "no", "ja", "nei"):
            raise NotationError("vote yes or vote no")
        return ev.Vote(args[0].casefold() in ("yes", "ja"))
    if verb == "play":
        return _picture(state, args)
    raise NotationError(f"{verb!r} is not a move: {VERBS}")


def _picture(state: State, args: list[str]) -> ev.Picture:
    if not args:
        raise NotationError("play CARD and what it needs, like: play T14 Sw")
    card = read_card(args[0])
    rest = args[1:]
    r = card.rank if card.suit == "T" else ""
    if r in ("2", "12") and len(rest) == 1:
        return ev.Picture(card, target=_target(state, rest[0]))
    if r in ("16", "20") and len(rest) == 2:
        return ev.Picture(card, target=_target(state, rest[0]), field=read_field(rest[1]))
    if r == "14" and len(rest) == 1:
        return ev.Picture(card, field=read_field(rest[0]))
    if r in ("5", "11") and len(rest) == 1:
        choice = rest[0]
        if r == "5" and choice.casefold() in ("fool", "pictures"):
            choice = choice.casefold()
        elif r == "5":
            choice = read_field(choice)
        return ev.Picture(card, choice=choice.casefold() if r == "11" else choice)
    if r == "10" and len(rest) == 1 and is_number(rest[0]):
        return ev.Picture(card, count=int(rest[0]))
    if r == "7":
        return ev.Picture(card, cards=tuple(read_card(w) for w in rest))
    if rest:
        raise NotationError(
            f"play {card} takes no more words than these: {' '.join(rest)!r} is extra"
        )
    return ev.Picture(card)


def format_move(move: Move, state: State) -> str:
    """The canonical text of ``move`` in ``state``."""
    p = move.payload
    if isinstance(p, Deal):
        plan = plan_for(state)
        if plan is None:
            raise NotationError("no card is to be dealt or drawn now")
        return format_deal(plan, p)
    if isinstance(p, ev.Answer):
        if p.holder == -1:
            return "answer nobody"
        if not 0 <= p.holder < state.n:
            raise NotationError(f"an answer naming seat {p.holder} has no notation: no such player")
        return f"answer {state.players[p.holder]}"
    demons = getattr(p, "demons", None)
    if demons is None:
        demons = state.actor == state.n and move.actor == state.demons and _is_turn(p)
    if demons:
        who = "Demons"
    elif move.actor is not None and 0 <= move.actor < state.n:
        who = state.players[move.actor]
    else:
        raise NotationError(f"a move by {move.actor!r} has no notation: no such player")
    return f"{who} {_body(state, p)}"


def _is_turn(p: object) -> bool:
    return isinstance(
        p,
        ev.Place
        | ev.Discard
        | ev.Forfeit
        | ev.Picture
        | ev.Load
        | ev.Unload
        | ev.Lift
        | ev.Exorcise,
    )


def _body(state: State, p: object) -> str:
    if isinstance(p, ev.Place):
        field = p.field + (f"+{p.also}" if p.also else "")
        magic = f" magic={p.magic.text}" if p.magic is not None else ""
        return f"place {field} {' '.join(c.text for c in p.cards)}{magic}".rstrip()
    if isinstance(p, ev.Discard | ev.Call | ev.Show | ev.Reveal):
        return f"{_verb(p)} {p.card.text}"
    if isinstance(p, ev.Forfeit):
        return f"forfeit {p.field}"
    if isinstance(p, ev.Load):
        return "load " + " ".join(c.text for c in p.cards)
    if isinstance(p, ev.Vote):
        return "vote yes" if p.agree else "vote no"
    if isinstance(p, ev.Picture):
        parts = ["play", p.card.text]
        if p.target >= 0:
            parts.append("Demons" if p.target == state.n else state.players[p.target])
        if p.field:
            parts.append(p.field)
        if p.choice:
            parts.append(p.choice)
        if p.count:
            parts.append(str(p.count))
        parts.extend(c.text for c in p.cards)
        return " ".join(parts)
    return _verb(p)


def _verb(p: object) -> str:
    return type(p).TYPE.rpartition(".")[2]  # type: ignore[attr-defined]


def announce(move: Move, state: State) -> str:
    """What the move is, in words: ``a Royal Couple on Swords``."""
    p = move.payload
    if isinstance(p, ev.Place):
        kind = classify(p.cards, p.field, p.magic, state.options.variant)
        fields = " and ".join(HOUSE_NAMES[h] for h in (p.field, p.also) if h)
        if isinstance(kind, str):
            return f"no placement: {kind}"
        return f"{describe(kind.kind, p.cards, p.magic)} on {fields}"
    if isinstance(p, ev.Picture):
        text = card_words(p.card)
        if p.target >= 0:
            text += f" on {name(state, p.target)}"
        if p.field:
            text += f" ({HOUSE_NAMES[p.field]})"
        return text[0].upper() + text[1:]
    if isinstance(p, ev.Discard):
        return f"discards {card_words(p.card)}"
    if isinstance(p, ev.Forfeit):
        return f"forfeits {HOUSE_NAMES[p.field]}"
    if isinstance(p, ev.Fool):
        return "the Fool steals the placement"
    if isinstance(p, ev.Call):
        return f"calls {card_words(p.card)}"
    if isinstance(p, ev.Reveal):
        return f"shows {card_words(p.card)} to everyone (the Hierophant)"
    if isinstance(p, ev.Answer):
        holder = "nobody" if p.holder == -1 else name(state, p.holder)
        return f"{holder} holds the called card"
    head = head_step(state)
    if isinstance(p, ev.Pass) and head is not None and head.kind == "reveal":
        return "holds no more of them face down (the Hierophant)"
    return ""
