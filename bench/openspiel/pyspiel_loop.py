"""The per-state loop a pyspiel user writes on OpenSpiel's oh_hell (4
players, the full pack): legal_actions, random.choice, apply_action; at
chance nodes chance_outcomes and random.choices. Timed as
bench/python_bench.py times Parlour's per-state loop.

    python3 pyspiel_loop.py SECONDS SEED   (pyspiel importable: PYTHONPATH)

prints: player_steps chance_steps seconds. bench/openspiel/pyspiel_loop.cc
runs the same file in an embedded interpreter, with OpenSpiel's oh_hell
bound as pyspiel binds it, where pyspiel itself is not built.
"""
import random
import sys
import time

import pyspiel


def loop(seconds, seed):
    game = pyspiel.load_game("oh_hell(players=4,num_suits=4,num_cards_per_suit=13)")
    rng = random.Random(seed)
    steps = chances = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                actions, probs = zip(*outcomes)
                s.apply_action(rng.choices(actions, probs)[0])
                chances += 1
            else:
                s.apply_action(rng.choice(s.legal_actions()))
                steps += 1
    return steps, chances, time.perf_counter() - start


if __name__ == "__main__":
    steps, chances, elapsed = loop(float(sys.argv[1]), int(sys.argv[2]))
    print(f"{steps} {chances} {elapsed:.6f}")
