"""The Python API's speed, as ratios to C++ doing the same work in the same run.

    PYTHONPATH=build/python python3 bench/python_bench.py   (or .venv/bin/python)

1. The per-state loop (legal_actions, random.choice, apply_action, and
   apply_chance at chance nodes) against the engine's generic driver playing
   the same game with random bots (`parlour sim`, whose Old Maid has a fast
   path: Oh Hell!, which has none, is the generic figure), in seat actions a
   second.
2. VectorEnv.step with N games and masked random actions drawn in numpy,
   observations on and off, against VectorEnv.play of the same game (whole
   games in C++, no Python per step).
3. VectorEnv with threads=2 against threads=1.
"""
import os
import random
import sys
import time

import numpy as np

import parlour


def per_state_loop(name, players, seconds=3.0):
    game = parlour.load_game(name, players=players)
    rng = random.Random(1)
    steps = chances = seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = game.new_initial_state(seed)
        seed += 1
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_chance()
                chances += 1
            else:
                s.apply_action(rng.choice(s.legal_actions()))
                steps += 1
    return steps / (time.perf_counter() - start), chances


def engine(name, players, games):
    """Seat actions a second of whole random games in C++ (parlour sim's loop)."""
    env = parlour.VectorEnv(parlour.load_game(name, players=players), 1)
    start = time.perf_counter()
    r = env.play(["random"] * players, games, 1)
    return r["length"]["mean"] * games / (time.perf_counter() - start)


def vector(name, players, n, steps, threads=1, observations=True):
    game = parlour.load_game(name, players=players)
    env = parlour.VectorEnv(game, n, seed=1, threads=threads, observations=observations)
    obs, mask, to_move = env.reset()
    rng = np.random.default_rng(0)
    start = time.perf_counter()
    for _ in range(steps):
        actions = (rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)
        obs, mask, rewards, terminated, to_move = env.step(actions)
    return n * steps / (time.perf_counter() - start)


def main():
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores; seat actions a second")
    for name, players, games in (("old-maid", 4, 20000), ("oh-hell", 4, 3000)):
        py, _ = per_state_loop(name, players)
        cpp = engine(name, players, games)
        print(f"1. per-state loop, {name} {players}p: {py:,.0f}; C++ sim {cpp:,.0f}; "
              f"ratio {py / cpp:.3f} (target at least 1/15 = 0.067 of the generic engine)")
    for name, players in (("old-maid", 4), ("oh-hell", 4)):
        on = vector(name, players, 1024, 60)
        off = vector(name, players, 1024, 60, observations=False)
        cpp = engine(name, players, 3000)
        print(f"2. VectorEnv.step N=1024, {name}: observations on {on:,.0f} ({on / cpp:.2f} of "
              f"C++ whole games), off {off:,.0f} ({off / cpp:.2f})")
    one = vector("old-maid", 4, 4096, 30, threads=1)
    two = vector("old-maid", 4, 4096, 30, threads=2)
    print(f"3. VectorEnv N=4096, old-maid: threads=2 {two:,.0f} / threads=1 {one:,.0f} = "
          f"{two / one:.2f} (target at least 1.7)")


if __name__ == "__main__":
    main()
