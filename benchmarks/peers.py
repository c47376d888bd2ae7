"""Random play of peer card-game engines, in decisions per CPU-second (not a test).

Run it with a Python that has the peers installed, in a virtual environment of their own
(never tablelog's)::

    python3 -m venv /tmp/peers && /tmp/peers/bin/pip install rlcard open_spiel
    /tmp/peers/bin/python benchmarks/peers.py --json

RLCard UNO and gin rummy (pure Python) and OpenSpiel crazy_eights and hearts (C++ behind
``pyspiel``) are played with uniformly random legal actions, chance outcomes sampled by
their probabilities; a decision is one player's action. A peer that is not installed is
left out and said so. ``benchmarks/bench.py --peers PYTHON`` runs this script with that
interpreter and prints its rows beside tablelog's.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence


def _rlcard(name: str) -> Callable[[int], int]:
    import rlcard  # type: ignore[import-not-found]

    def one(seed: int) -> int:
        env = rlcard.make(name, config={"seed": seed})
        rng = random.Random(seed)
        state, _ = env.reset()
        decisions = 0
        while not env.is_over():
            action = rng.choice(list(state["legal_actions"]))
            state, _ = env.step(action)
            decisions += 1
        return decisions

    return one


def _openspiel(name: str) -> Callable[[int], int]:
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game(name)

    def one(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions

    return one


PEERS: dict[str, Callable[[], Callable[[int], int]]] = {
    "rlcard_uno": lambda: _rlcard("uno"),
    "rlcard_gin_rummy": lambda: _rlcard("gin-rummy"),
    "openspiel_crazy_eights": lambda: _openspiel("crazy_eights"),
    "openspiel_hearts": lambda: _openspiel("hearts"),
}


def measure(play: Callable[[int], int], cpu_budget: float) -> dict[str, float]:
    """Games of one peer until ``cpu_budget`` CPU-seconds have passed."""
    play(10_000)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < cpu_budget:
        decisions += play(games)
        games += 1
    cpu = time.process_time() - start
    return {"games": games, "decisions": decisions, "random_decisions_per_cpu_s": decisions / cpu}


def main(argv: Sequence[str] | None = None) -> int:
    """Print each installed peer's decisions per CPU-second."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu", type=float, default=5.0, help="CPU-seconds per peer")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    out: dict[str, dict[str, float] | str] = {}
    for name, make in PEERS.items():
        try:
            play = make()
        except ImportError as error:
            out[name] = f"not installed ({error.name})"
            continue
        out[name] = measure(play, args.cpu)
    if args.json:
        print(json.dumps(out))
    else:
        for name, row in out.items():
            text = row if isinstance(row, str) else f"{row['random_decisions_per_cpu_s']:,.0f}"
            print(f"{name:24} {text} decisions/CPU-s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
