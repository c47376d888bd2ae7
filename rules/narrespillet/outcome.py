"""The result: battlefields won per round, the final ranking with its tie-breaks, and the
settlement when the game is played for stakes.

Most wins; then most wins on Swords, then Staves, Cups, Coins; then the most recent win
on Swords, then on Staves, Cups, Coins ("siste seier på henholdsvis Sverd, Staver,
Begere og Mynter"). Players equal in all of these share a place.

Stakes ("Narrespillet som pengespill"): "hver enkelt seier (tjue til sammen i et fem
runders spill) gir en liten gevinst, med en ekstra pott til den som vinner spillet som
helhet. Eksempelvis kan fire spillere satse seks mynter hver slik at hver seier er verdt
én mynt og vinneren får fire mynter ekstra." The options name what a victory pays
(``victory_coins``) and the winner's extra pot (``winner_coins``); the pot is what all
victories and the extra pot pay, and each player stakes an equal share of it (four
players, one coin a victory, four extra: 20 + 4 = 24, six each). A battlefield two
players share splits its coins; one nobody wins (option ``full_tie=none``) adds its coins
to the winner's pot; a shared first place splits the winner's pot. The scores are then
each player's net coins, exact (a ``Fraction`` where a share does not divide), and they
sum to zero.
"""

from __future__ import annotations

from fractions import Fraction

from tablelog.rules.narrespillet.deck import HOUSE_NAMES, HOUSES
from tablelog.rules.narrespillet.state import OVER, State
from tablelog.rules.protocol import Outcome

__all__ = ["outcome", "settlement", "stake", "tiebreak_key"]


def tiebreak_key(state: State, seat: int) -> tuple[int, ...]:
    """Greater is better: total wins, wins per house, the latest round won per house."""
    per = [0] * 4
    last = [0] * 4
    for rnd, result in enumerate(state.results, start=1):
        for i, seats in enumerate(result):
            if seat in seats:
                per[i] += 1
                last[i] = rnd
    return (sum(per), *per, *last)


def _exact(value: Fraction) -> int | Fraction:
    return value.numerator if value.denominator == 1 else value


def stake(state: State) -> int | Fraction:
    """What each player stakes: an equal share of every victory's coins and the
    winner's extra pot (0 when the game is not played for stakes)."""
    opts = state.options
    pot = opts.victory_coins * len(HOUSES) * opts.rounds + opts.winner_coins
    return _exact(Fraction(pot, state.n))


def settlement(
    state: State, ranking: tuple[tuple[int, ...], ...]
) -> dict[int, int | Fraction] | None:
    """Each seat's net coins when the game is played for stakes (else ``None``)."""
    opts = state.options
    if not opts.victory_coins and not opts.winner_coins:
        return None
    won = {s: Fraction(0) for s in range(state.n)}
    extra = Fraction(opts.winner_coins)
    for result in state.results:
        for seats in result:
            if not seats:
                extra += opts.victory_coins
            for s in seats:
                won[s] += Fraction(opts.victory_coins, len(seats))
    first = ranking[0] if ranking else tuple(range(state.n))
    for s in first:
        won[s] += extra / len(first)
    paid = Fraction(stake(state))
    return {s: _exact(won[s] - paid) for s in range(state.n)}


def outcome(state: State) -> Outcome | None:
    """``None`` while running, else the ranking, the scores (wins per player, or net
    coins when played for stakes) and each round's fields."""
    if state.phase != OVER:
        return None
    keys = {s: tiebreak_key(state, s) for s in range(state.n)}
    ranking = tuple(
        tuple(s for s in range(state.n) if keys[s] == key)
        for key in sorted(set(keys.values()), reverse=True)
    )
    coins = settlement(state, ranking)
    scores: dict[str, int | Fraction] = {
        state.players[s]: keys[s][0] if coins is None else coins[s] for s in range(state.n)
    }
    rounds = tuple(
        {
            HOUSE_NAMES[h]: [state.players[s] for s in seats]
            for h, seats in zip(HOUSES, r, strict=True)
        }
        for r in state.results
    )
    return Outcome(ranking, scores, rounds)
