"""Steps nobody at the table decides: written by the entry that makes them due.

At a real table one entry is typed per decision. What follows from it by itself is
written by the same command, each step its own event exactly as if it had been typed, so
the log, ``verify`` and replay do not change (issue 23):

- a chance step nobody sees (``ChanceStep.unseen``: a refill drawn face down, an
  all-face-down deal) is entered with every card ``?`` (``replay.dealer.sample`` with
  ``known`` false), in a game without a seed (the seeded dealer deals the rest);
- a move the rules force (``RuleSet.forced``: a flipped table card that cannot be laid is
  taken in);
- an open response window (``RuleSet.passes``) is closed as "everyone passed" when the
  next in-turn move is entered instead of a response;
- a card turned or drawn that is immediately laid is entered with the move that lays it
  (``10C`` while the flipped card waits to be named enters ``reveal 10C`` first), and a
  move that uses a face-down card of a hand shows it first (``RuleSet.shows``);
- a pending card nobody saw (``reveal ?``) is entered face down when the next move is
  entered without naming it;
- one decision said in one breath (``RuleSet.compound``: Narrespillet's ``Kana play T18
  CuQ Irmgard``) is entered as the moves it is made of, each as if typed on its own.

The rules say which steps these are (``rules/`` stays pure); this module only writes
them. A move that is refused every way is refused with the reason of the position it
was most likely meant for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from tablelog.replay.dealer import dealer_move, sample
from tablelog.replay.fold import Replayer
from tablelog.replay.notation import parse_move
from tablelog.rules.errors import IllegalEvent, NotationError, RefusedMove, TablelogError
from tablelog.rules.events import Event, Move

if TYPE_CHECKING:
    from tablelog.replay.loaded import LoadedGame

__all__ = ["MAX_IMPLIED", "Steps", "enter", "entry_start", "follow", "restated"]

MAX_IMPLIED = 64
"""More implied steps than this after one entry means a rule set that never settles."""

Refuse = Callable[[Any, Move, IllegalEvent], IllegalEvent]
"""How a refused move is worded for the person (the label, nothing leaked)."""


class Steps:
    """Events about to be written after ``game``'s log: the fold of them, and the state
    before each (to write them in notation)."""

    def __init__(self, game: LoadedGame, replayer: Replayer) -> None:
        self.game = game
        self.replayer = replayer
        self.events: list[Event] = []
        self.befores: list[Any] = []

    @property
    def state(self) -> Any:
        return self.replayer.state

    def copy(self) -> Steps:
        other = Steps(self.game, self.replayer.copy())
        other.events = list(self.events)
        other.befores = list(self.befores)
        return other

    def push(self, move: Move, *, check: bool = True) -> None:
        """Fold ``move`` on (``IllegalEvent`` if refused, nothing changed then)."""
        event = Event(self.game.seq + len(self.events) + 1, move.actor, move.payload)
        before = self.state
        self.replayer.push(event, check=check)
        self.events.append(event)
        self.befores.append(before)


def _face_down(step: Any) -> Move:
    """A chance step entered as a real table sees it: no card named that nobody saw."""
    import random  # only for a step entered face down: not every start-up pays for it

    move: Move = sample(step, random.Random(0), known=False)
    return move


def _shows_nothing(game: LoadedGame, state: Any, move: Move) -> bool:
    """Whether ``move`` (a chance step entered face down) shows no card to anybody."""
    shown = game.rules.shown(state, Event(game.seq + 1, move.actor, move.payload))
    return not shown.everyone and not any(shown.seats.values())


def follow(steps: Steps) -> None:
    """Add the steps that follow by themselves: forced moves and, in a game without a
    seed, chance steps nobody sees."""
    rules = steps.game.rules
    for _ in range(MAX_IMPLIED):
        if rules.forced is not None:
            forced = rules.forced(steps.state)
            if forced is not None:
                steps.push(forced)
                continue
        if not steps.game.seeded:
            step = rules.chance(steps.state)
            if step is not None and step.unseen:
                steps.push(_face_down(step))
                continue
        return


def _close(steps: Steps) -> bool:
    """Close the open response window as "everyone passed" (and what follows); ``False``
    when none is open."""
    rules = steps.game.rules
    if rules.passes is None or not rules.passes(steps.state):
        return False
    for _ in range(MAX_IMPLIED):
        passes = rules.passes(steps.state)
        if not passes:
            break
        steps.push(passes[0])
    follow(steps)
    return True


def _card_words(game: LoadedGame, text: str) -> Iterator[str]:
    """The words of ``text`` that read as cards (in the game's vocabulary)."""
    native = game.rules.vocabulary.normalize(text)
    for word in native.split():
        try:
            game.rules.vocabulary.read(word)
        except NotationError:
            continue
        yield word


def _named(steps: Steps, text: str) -> Iterator[Steps]:
    """The pending reveal or turned card entered as the card the move lays (``10C`` →
    ``reveal 10C``, then ``10C``), or face down when the move names none of it."""
    step = steps.game.rules.chance(steps.state)
    if step is None or steps.game.seeded:
        return
    for word in dict.fromkeys(_card_words(steps.game, text)):
        tried = steps.copy()
        try:
            tried.push(parse_move(steps.game, f"{step.kind} {word}", tried.state))
        except TablelogError:
            continue
        yield tried
    move = _face_down(step)
    if _shows_nothing(steps.game, steps.state, move):
        tried = steps.copy()
        try:
            tried.push(move)
        except TablelogError:
            return
        follow(tried)
        yield tried


def _attempt(steps: Steps, text: str) -> tuple[Move | None, TablelogError | None]:
    """Enter ``text`` at the end of ``steps``: the move (pushed), or why not."""
    try:
        move = parse_move(steps.game, text, steps.state)
    except TablelogError as error:
        return None, error
    rules = steps.game.rules
    shows = rules.shows(steps.state, move) if rules.shows is not None else ()
    tried = steps.copy()
    try:
        for show in shows:
            tried.push(show)
        tried.push(move)
    except IllegalEvent as refused:
        return move, refused
    steps.events, steps.befores, steps.replayer = tried.events, tried.befores, tried.replayer
    return move, None


def enter(game: LoadedGame, text: str, refuse: Refuse) -> Steps | None:
    """The events one entry writes: the move ``text`` with the steps it implies before and
    after it; for a compound entry (``RuleSet.compound``), each of its moves so. ``None``
    for text that is no player's move (``undo``, a note, a deal): it is entered as it is."""
    return _entered(Steps(game, game.replayer.copy()), text, refuse, 0)


def _entered(base: Steps, text: str, refuse: Refuse, depth: int) -> Steps | None:
    """``text`` entered at the end of ``base``, a compound entry move by move."""
    game = base.game
    parts = game.rules.compound(base.state, text) if game.rules.compound is not None else None
    if parts is None or (len(parts) == 1 and parts[0] == text) or depth > MAX_IMPLIED:
        return _one(base, text, refuse)
    steps = base
    for part in parts:
        if game.seeded:
            _deal(steps)
        entered = _entered(steps, part, refuse, depth + 1)
        if entered is None:  # the table's answer, a draw: as it is, in its place
            _push_typed(steps, part, refuse)
            follow(steps)
        else:
            steps = entered
    return steps


def _deal(steps: Steps) -> None:
    """The seeded dealer's chance steps due before the next move of a compound entry."""
    seed = steps.game.header.seed
    assert seed is not None
    for _ in range(MAX_IMPLIED):
        move = dealer_move(
            steps.game.rules, steps.state, seed, steps.game.seq + len(steps.events) + 1
        )
        if move is None:
            return
        steps.push(move, check=False)


def _push_typed(steps: Steps, text: str, refuse: Refuse) -> None:
    """A part of a compound entry that is no player's move, pushed as typed."""
    move = parse_move(steps.game, text, steps.state)
    try:
        steps.push(move)
    except IllegalEvent as refused:
        raise refuse(steps.state, move, refused) from None


def _one(base: Steps, text: str, refuse: Refuse) -> Steps | None:
    """One move ``text`` entered at the end of ``base`` with the steps it implies."""
    game = base.game
    try:
        first = parse_move(game, text, base.state)
    except (NotationError, RefusedMove):  # unreadable here, or not now: tried further on
        first = None
    if first is not None and first.payload.FAMILY != "move":
        return None
    meant: tuple[Steps, Move | None, TablelogError] | None = None
    last: tuple[Steps, Move | None, TablelogError] | None = None
    for steps in _positions(base, text):
        move, error = _attempt(steps, text)
        if error is None:
            follow(steps)
            return steps
        last = (steps, move, error)
        if meant is None and move is not None and move.actor in game.rules.to_act(steps.state):
            meant = last  # the move answers the position it was typed in
    steps, move, error = meant or last or (base, None, NotationError("expected a move"))
    if isinstance(error, IllegalEvent) and move is not None:
        raise refuse(steps.state, move, error) from None
    raise error


def _positions(base: Steps, text: str) -> Iterator[Steps]:
    """Where the entry may be meant: as it is; after the unseen steps due; after each
    open window closed; with a pending card named by the move or entered face down."""
    yield base
    steps = base.copy()
    try:
        follow(steps)
    except TablelogError:
        return
    if steps.events:
        yield steps
    for _ in range(MAX_IMPLIED):
        yield from _named(steps, text)
        try:
            if not _close(steps):
                return
        except TablelogError:
            return
        yield steps.copy()


def restated(game: LoadedGame, text: str) -> tuple[Event, Move] | None:
    """A chance step typed again after the tool entered it face down: the event it
    entered and the move typed now (the same move: nothing to write; cards named that
    the table saw: the typed step replaces it), else ``None``.

    A recorder used to typing each draw (``draw ?`` after every play) is not refused;
    nor is one who saw the cards drawn and names them.
    """
    replayer = game.replayer
    if game.seeded or not len(replayer):
        return None
    index = len(replayer) - 1
    last = replayer.effective[index]
    before = replayer.before(index)
    if last.family != "chance" or not _shows_nothing(game, before, last.move):
        return None
    step = game.rules.chance(before)
    if step is None or not step.unseen:
        return None
    try:
        move = parse_move(game, text, before)
    except TablelogError:
        return None
    if move.payload.FAMILY != "chance":
        return None
    return last, move


def entry_start(game: LoadedGame) -> int | None:
    """The index in the effective events from which one ``undo`` entry takes back: the
    last move with the steps the tool wrote after it (chance steps nobody saw, a forced
    move), so ``undo`` takes back what one entry wrote. ``None``: nothing to undo."""
    replayer = game.replayer
    start = replayer.undo_target()
    if start is None or game.seeded:
        return start
    rules = game.rules
    while start > 0:
        event = replayer.effective[start]
        before = replayer.before(start)
        step = rules.chance(before) if event.family == "chance" else None
        by_itself = step is not None and step.unseen and _shows_nothing(game, before, event.move)
        forced = rules.forced(before) if rules.forced is not None else None
        if not by_itself and (forced is None or forced.payload != event.payload):
            break
        start -= 1
    return start
