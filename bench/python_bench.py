"""The Python API's speed, as ratios to C++ doing the same work in the same run.

    PYTHONPATH=build/python python3 bench/python_bench.py   (or .venv/bin/python)

1. The per-state loop (legal_actions, random.choice, apply_action, and
   apply_chance at chance nodes) against the engine's generic driver playing
   the same game with random bots (`parlour sim`, whose Old Maid has a fast
   path: Oh Hell!, which has none, is the generic figure), in seat actions a
   second.
2. VectorEnv.step with N games and masked random actions drawn in numpy,
   observations on and off, against the same steps with the actions drawn in
   C++ (VectorEnv.step_random: step, bots and encoding, no Python per step);
   with observations off, also the loop drawing from env.legal_actions()'s
   lists, which costs the same at any mask width, and the loop with one
   learner seat against the game's default bot. Each step of the N rows is
   also given in parts (the draw, step(), the C++ step), with the ratio the
   draw alone would allow were step() as fast as C++.
3. VectorEnv with threads=2 against threads=1: the env alone (step_random)
   and the numpy loop (whose drawing in numpy is one thread's work).
4. (--every-game) 2.'s ratios for every game at its default player count
   (with observations off, also drawing from the lists):
   the numpy draw's cost is the mask's width, the env's the game's step, so
   the ratio is lowest for the cheapest games (Old Maid's and Oh Hell!'s
   steps are the fastest of all) and the widest masks (Montana's 2,706).
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


ONES = np.uint64(0x0101010101010101)
HIGH = np.uint64(0x8080808080808080)


def masked_random(mask, rng):
    """A uniformly random legal action for each row (-1 for a row with none),
    drawn in numpy from the mask: each row's k-th legal action, k uniform
    below the row's count. A wide mask is read as 64-bit words (by_words);
    a narrow one by np.flatnonzero, which costs about 3 ns a legal action
    found and is cheaper below a few hundred actions a row (for 1,024 rows,
    Oh Hell!'s 82: 46 us against 104; Old Maid's 173, whose offers list up to
    156 moves a row and 37 on average: 164 against 189)."""
    n, width = mask.shape
    if width >= 256 and mask.size % 8 == 0 and mask.flags.c_contiguous:
        return by_words(mask, rng)
    legal = np.flatnonzero(mask)  # row i's legal actions, as i * width + action
    # Each row's count is where its legal actions start and end in that list
    # (np.searchsorted over N + 1 values), not a second pass over the mask.
    bounds = np.searchsorted(legal, np.arange(n + 1) * width)
    starts, counts = bounds[:-1], np.diff(bounds)
    pick = starts + (rng.random(n) * counts).astype(np.intp)
    return np.where(counts > 0, legal[np.minimum(pick, len(legal) - 1)] - np.arange(n) * width, -1)


def by_words(mask, rng):
    """masked_random over the mask's bytes 8 at a time: the words holding a
    legal action are found in one pass (words != 0, then np.flatnonzero over
    an eighth as many), and each row's pick is located by ranks: a word's
    bytes are 0 or 1, so word * 0x0101...01 holds in its byte j the number of
    legal actions among its bytes 0 to j (no carry: at most 8), and a byte
    compare of those prefix counts (SWAR) finds the pick's byte."""
    n, width = mask.shape
    words = mask.reshape(-1).view(np.uint64)
    nzw = np.flatnonzero(words != 0)
    if len(nzw) == 0:
        return np.full(n, -1)
    last = len(nzw) - 1
    prefix = words[nzw] * ONES
    per = prefix >> np.uint64(56)  # legal actions in the word
    upto = np.cumsum(per)  # ... in it and every word before
    start = np.arange(n + 1, dtype=np.int64) * width  # each row's first byte
    first = np.searchsorted(nzw, start >> 3)  # the first such word at or after it
    clamp = np.minimum(first, last)
    before = np.where(first > 0, upto[np.maximum(first - 1, 0)], np.uint64(0))
    # A row starting inside a word: the legal actions of that word before it.
    off = (start & 7).astype(np.uint64)
    partial = (prefix[clamp] >> (np.uint64(8) * off - np.uint64(8))) & np.uint64(0xFF)
    before += np.where((nzw[clamp] == start >> 3) & (off > 0), partial, np.uint64(0))
    counts = np.diff(before)
    k = before[:-1] + (rng.random(n) * counts).astype(np.uint64)  # the pick's rank over all rows
    word = np.minimum(np.searchsorted(upto, k, side="right"), last)
    v = k - (upto[word] - per[word]) + np.uint64(1)  # its rank in the word, from 1
    # Bytes whose prefix count is at least v (each byte 128 + prefix - v keeps its high bit).
    at_least = ((((prefix[word] | HIGH) - v * ONES) & HIGH) >> np.uint64(7)) * ONES >> np.uint64(56)
    pos = nzw[word] * 8 + (8 - at_least.astype(np.int64))
    return np.where(counts > 0, pos - start[:-1], -1)


def listed_random(offsets, actions, rng):
    """A uniformly random legal action for each row (-1 for a row with none),
    drawn from VectorEnv.legal_actions()'s lists: a few numpy calls over N
    values, whatever the mask's width."""
    counts = np.diff(offsets)
    if len(actions) == 0:
        return np.full(len(counts), -1)
    pick = offsets[:-1] + (rng.random(len(counts)) * counts).astype(np.int64)
    return np.where(counts > 0, actions[np.minimum(pick, len(actions) - 1)], -1)


class Vector:
    """A VectorEnv at a given N, threads and observations, warmed."""

    def __init__(self, name, players, n, threads=1, observations=True, learner_seats=None):
        self.n = n
        self.env = parlour.VectorEnv(parlour.load_game(name, players=players), n, seed=1,
                                     threads=threads, observations=observations,
                                     learner_seats=learner_seats)
        _, self.mask, _ = self.env.reset()
        self.env.step_random(2)  # every row's buffers at their size
        self.rng = np.random.default_rng(0)

    def python(self, steps):
        """Seat actions a second of a Python loop: actions drawn in numpy from
        the mask, then step(); and the same counting only the time in step()."""
        in_step = 0.0
        start = time.perf_counter()
        for _ in range(steps):
            actions = masked_random(self.mask, self.rng)
            t = time.perf_counter()
            _, self.mask, _, _, _ = self.env.step(actions)
            in_step += time.perf_counter() - t
        return self.n * steps / (time.perf_counter() - start), self.n * steps / in_step

    def python_lists(self, steps):
        """The same loop with the actions drawn from legal_actions()."""
        start = time.perf_counter()
        for _ in range(steps):
            actions = listed_random(*self.env.legal_actions(), self.rng)
            self.env.step(actions)
        return self.n * steps / (time.perf_counter() - start)

    def cpp(self, steps):
        """Seat actions a second of the same steps with the actions drawn in
        C++ (step_random): step, bots and encoding, no Python per step."""
        start = time.perf_counter()
        _, self.mask, _, _, _ = self.env.step_random(steps, 1)
        return self.n * steps / (time.perf_counter() - start)


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def main():
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores; seat actions a second; "
          f"each ratio the median of 5 paired runs")
    for name, players, games in (("old-maid", 4, 20000), ("oh-hell", 4, 3000)):
        py, _ = per_state_loop(name, players)
        cpp = engine(name, players, games)
        print(f"1. per-state loop, {name} {players}p: {py:,.0f}; C++ sim {cpp:,.0f}; "
              f"ratio {py / cpp:.3f} (target at least 1/15 = 0.067 of the generic engine)")
    for name, players in (("old-maid", 4), ("oh-hell", 4)):
        for observations in (True, False):
            v = Vector(name, players, 1024, observations=observations)
            steps = 40 if observations else 400
            runs = [(v.python(steps), v.cpp(steps)) for _ in range(5)]
            whole = median([py / cpp for (py, _), cpp in runs])
            step = median([st / cpp for (_, st), cpp in runs])
            target = 0.5 if observations else 0.7
            # Per step of the N rows, in microseconds: the draw (with the
            # loop's Python) is the time outside step().
            us = [(v.n / py * 1e6, v.n / st * 1e6, v.n / cpp * 1e6) for (py, st), cpp in runs]
            draw = median([loop - in_step for loop, in_step, _ in us])
            in_step = median([x[1] for x in us])
            cpp_us = median([x[2] for x in us])
            print(f"2. VectorEnv.step N=1024, {name}, observations "
                  f"{'on' if observations else 'off'}: numpy loop {median([r[0][0] for r in runs]):,.0f}, "
                  f"C++ {median([r[1] for r in runs]):,.0f}: ratio {whole:.2f} (target at least "
                  f"{target}); the time in step() alone {step:.2f}")
            print(f"   a step of the 1,024 rows: the draw {draw:.0f} us, step() {in_step:.0f} us, "
                  f"the C++ step {cpp_us:.0f} us; were step() as fast as C++, the draw would "
                  f"still hold the ratio to {cpp_us / (cpp_us + draw):.2f}")
            if not observations:
                lists = median([v.python_lists(steps) / v.cpp(steps) for _ in range(5)])
                print(f"   the same loop drawing from env.legal_actions() instead of the mask: "
                      f"ratio {lists:.2f}")
                # One learner against the game's default bot: each step() also
                # plays the three other seats in C++, so the draw weighs less.
                b = Vector(name, players, 1024, observations=False, learner_seats=[0])
                bots = median([b.python(steps // 4)[0] / b.cpp(steps // 4) for _ in range(5)])
                bot = next(g for g in parlour.games() if g.name == name).bots[0]
                print(f"   with seat 0 the learner and the default bot ({bot}) at the others: "
                      f"ratio {bots:.2f}")
    for name, observations in (("old-maid", True), ("old-maid", False), ("oh-hell", False)):
        one = Vector(name, 4, 4096, threads=1, observations=observations)
        two = Vector(name, 4, 4096, threads=2, observations=observations)
        steps = 15 if observations else 150
        env = median([two.cpp(steps) / one.cpp(steps) for _ in range(5)])
        loop = median([two.python(steps)[0] / one.python(steps)[0] for _ in range(5)])
        print(f"3. VectorEnv N=4096, {name}, observations {'on' if observations else 'off'}: "
              f"threads=2 / threads=1: the env (C++ actions) {env:.2f} (target at least 1.7), "
              f"the numpy loop {loop:.2f}")


def every_game():
    print("4. VectorEnv.step N=1024, each game at its default players: seat actions a second "
          "in C++ (step_random) and the numpy loop's ratio to it, observations off and on "
          "(median of 3 paired runs)")
    for spec in parlour.games():
        row = []
        for observations in (False, True):
            v = Vector(spec.name, spec.default_players, 1024, observations=observations)
            steps = 100 if not observations else 10
            runs = [(v.python(steps), v.cpp(steps)) for _ in range(3)]
            row.append((median([c for _, c in runs]), median([py / c for (py, _), c in runs])))
            if not observations:
                lists = median([v.python_lists(steps) / v.cpp(steps) for _ in range(3)])
        (off_cpp, off), (on_cpp, on) = row
        print(f"   {spec.name:<22} {spec.default_players}p  mask {v.env.game.num_distinct_actions:>6}: "
              f"off C++ {off_cpp:>12,.0f} ratio {off:.2f} (lists {lists:.2f}); "
              f"on C++ {on_cpp:>10,.0f} ratio {on:.2f}")


if __name__ == "__main__":
    if "--every-game" in sys.argv[1:]:
        every_game()
    else:
        main()
