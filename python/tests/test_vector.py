"""VectorEnv: many games a call, the same arrays for any number of threads,
atomic refusal, and the bookkeeping of games that end."""
import json
import os
import subprocess

import numpy as np
import pytest

import parlour
from conftest import PARLOUR


def random_actions(mask, rng):
    """One legal action a row, drawn in numpy from the mask."""
    noise = rng.random(mask.shape) * mask
    return noise.argmax(axis=1).astype(np.int64)


def run(threads, steps=60, name="old-maid", players=4, **kw):
    game = parlour.load_game(name, players=players)
    env = parlour.VectorEnv(game, 64, seed=5, threads=threads, copy=True, **kw)
    obs, mask, to_move = env.reset()
    rng = np.random.default_rng(1)
    out = [obs, mask, to_move]
    for _ in range(steps):
        obs, mask, rewards, terminated, to_move = env.step(random_actions(mask, rng))
        out += [obs, mask, rewards, terminated, to_move, env.final_returns]
    return out, env


@pytest.mark.parametrize("name,players", [("old-maid", 4), ("oh-hell", 3), ("conquian", 2)])
def test_arrays_are_the_same_for_any_number_of_threads(name, players):
    one, _ = run(1, name=name, players=players)
    two, _ = run(2, name=name, players=players)
    assert len(one) == len(two)
    for a, b in zip(one, two):
        assert np.array_equal(a, b)


def test_shapes_and_types():
    game = parlour.load_game("old-maid", players=4)
    env = parlour.VectorEnv(game, 8, seed=1)
    obs, mask, to_move = env.reset()
    assert obs.shape == (8,) + game.observation_shape and obs.dtype == np.float32
    assert mask.shape == (8, game.num_distinct_actions) and mask.dtype == np.bool_
    assert to_move.shape == (8,) and to_move.dtype == np.int8
    assert mask.any(axis=1).all()
    _, _, rewards, terminated, _ = env.step(random_actions(mask, np.random.default_rng(0)))
    assert rewards.shape == (8, 4) and terminated.dtype == np.bool_
    blind = parlour.VectorEnv(game, 8, seed=1, observations=False)
    assert blind.reset()[0] is None


def test_a_bad_action_anywhere_moves_no_game():
    game = parlour.load_game("old-maid", players=4)
    env = parlour.VectorEnv(game, 16, seed=3, copy=True)
    obs, mask, to_move = env.reset()
    actions = random_actions(mask, np.random.default_rng(2))
    bad = actions.copy()
    bad[5] = 99999
    bad[9] = -3
    with pytest.raises(parlour.IllegalActionError, match="row 5.*row 9"):
        env.step(bad)
    again = env.step(actions)
    fresh = parlour.VectorEnv(game, 16, seed=3, copy=True)
    fresh.reset()
    assert np.array_equal(fresh.step(actions)[0], again[0])
    with pytest.raises(ValueError, match="shape"):
        env.step(actions[:3])
    with pytest.raises(ValueError, match="integer"):
        env.step(actions.astype(np.float32))


def test_games_that_end_restart_and_report_their_returns():
    game = parlour.load_game("chase-the-ace", players=3)
    env = parlour.VectorEnv(game, 32, seed=7, learner_seats=[0], opponents="random")
    obs, mask, to_move = env.reset()
    assert (to_move == 0).all()  # only the learner's seat is handed over
    rng = np.random.default_rng(4)
    ended = 0
    for _ in range(200):
        obs, mask, rewards, terminated, to_move = env.step(random_actions(mask, rng))
        for i in np.flatnonzero(terminated):
            ended += 1
            assert np.array_equal(rewards[i], env.final_returns[i])
        assert (rewards[~terminated] == 0).all()
        assert (to_move == 0).all()
    assert ended > 50
    assert env.games_started == 32 + ended


def test_without_auto_reset_an_ended_row_waits():
    game = parlour.load_game("chase-the-ace", players=2)
    env = parlour.VectorEnv(game, 4, seed=1, auto_reset=False)
    obs, mask, to_move = env.reset()
    rng = np.random.default_rng(0)
    kept = {}  # an ended row's observation: the last written, before its final move
    for _ in range(500):
        if (to_move == parlour.TERMINAL).all():
            break
        before = obs.copy()
        actions = np.where(to_move == parlour.TERMINAL, -1, random_actions(mask, rng))
        obs, mask, rewards, terminated, to_move = env.step(actions)
        for i in np.flatnonzero(terminated):
            kept[int(i)] = before[i]
        for i, row in kept.items():
            assert np.array_equal(obs[i], row), i
    assert (to_move == parlour.TERMINAL).all()
    assert not mask.any()
    assert sorted(kept) == [0, 1, 2, 3]


def test_bad_settings():
    game = parlour.load_game("old-maid", players=4)
    for kw in ({"learner_seats": [7]}, {"opponents": "no-such-bot"}, {"threads": 0}):
        with pytest.raises(parlour.BadConfigError):
            parlour.VectorEnv(game, 4, **kw)
    with pytest.raises(parlour.BadConfigError):
        parlour.VectorEnv(game, 0)


@pytest.mark.parametrize("name,players", [("old-maid", 4), ("chase-the-ace", 3)])
def test_step_random_is_the_same_for_any_number_of_threads_and_plays_on(name, players):
    game = parlour.load_game(name, players=players)
    out = []
    for threads in (1, 2):
        env = parlour.VectorEnv(game, 32, seed=9, threads=threads, copy=True)
        env.reset()
        arrays = env.step_random(150, 4)
        out.append((arrays, env.games_started))
    (one, started), (two, _) = out
    for a, b in zip(one, two):
        assert np.array_equal(a, b)
    # Games ended and restarted: the rows moved (an illegal draw would not).
    assert started > 32
    obs, mask, rewards, terminated, to_move = one
    assert mask.any(axis=1).all() and (to_move >= 0).all()


def test_step_before_reset_is_refused_and_arrays_outlive_the_env():
    game = parlour.load_game("oh-hell", players=4)
    env = parlour.VectorEnv(game, 8, seed=2)
    with pytest.raises(parlour.ParlourError, match="reset"):
        env.step(np.zeros(8, dtype=np.int64))
    with pytest.raises(parlour.ParlourError, match="reset"):
        env.step_random(1)
    obs, mask, to_move = env.reset()
    kept = obs.copy()
    del env
    import gc
    gc.collect()
    # The arrays hold the env's buffers alive: reading them is safe.
    assert np.array_equal(obs, kept) and mask.any(axis=1).all()


@pytest.mark.parametrize("name,players", [("old-maid", 4), ("oh-hell", 4), ("cheat", 3)])
def test_the_benchmarks_numpy_draw_is_uniform_over_each_rows_legal_actions(name, players):
    # bench/python_bench.py's masked_random (by 64-bit words where the mask is
    # wide): what it draws rests on the mask alone, each legal action of a
    # row as likely (within 5 standard deviations over 4,000 draws), no other.
    import importlib.util
    path = os.path.join(os.path.dirname(__file__), "..", "..", "bench", "python_bench.py")
    spec = importlib.util.spec_from_file_location("python_bench", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    env = parlour.VectorEnv(parlour.load_game(name, players=players), 64, seed=4,
                            observations=False, auto_reset=False)
    _, mask, _ = env.reset()
    env.step_random(3)
    _, mask, *_ = env.step_random(1, 2)
    offsets, actions = env.legal_actions()
    rng = np.random.default_rng(1)
    # The draw from the lists, over the same position: only the mask's legal
    # actions, each as often.
    listed = np.array([bench.listed_random(offsets, actions, rng) for _ in range(4000)])
    mask = mask.copy()
    mask[5] = False  # a row with no legal action draws -1
    draws = np.array([bench.masked_random(mask, rng) for _ in range(4000)])
    assert (draws[:, 5] == -1).all()
    for row in range(mask.shape[0]):
        legal = np.flatnonzero(mask[row])
        if len(legal) == 0:
            assert (draws[:, row] == -1).all()
            continue
        p = 1 / len(legal)
        sd = np.sqrt(4000 * p * (1 - p))
        for drawn in (draws, listed):
            assert np.isin(drawn[:, row], legal).all()
            counts = np.array([(drawn[:, row] == a).sum() for a in legal])
            assert (np.abs(counts - 4000 * p) <= 5 * sd + 1).all(), (row, counts)


@pytest.mark.parametrize("spec", parlour.games(), ids=lambda g: g.name)
def test_legal_actions_are_each_rows_mask_as_lists(spec):
    # Against the mask (each row's true entries, no action twice), through
    # steps where games end: with auto_reset off an ended row has none.
    game = parlour.load_game(spec.name, players=spec.max_players)
    env = parlour.VectorEnv(game, 16, seed=2, observations=False, auto_reset=False)
    offsets, actions = env.legal_actions()  # before reset(): none
    assert offsets.tolist() == [0] * 17 and len(actions) == 0
    _, mask, to_move = env.reset()
    for step in range(40):
        offsets, actions = env.legal_actions()
        assert offsets.dtype == np.int64 and actions.dtype == np.int32
        assert offsets[0] == 0 and offsets[-1] == len(actions)
        for row in range(16):
            mine = actions[offsets[row]:offsets[row + 1]]
            assert len(set(mine.tolist())) == len(mine)
            assert sorted(mine.tolist()) == np.flatnonzero(mask[row]).tolist(), (step, row)
            assert (len(mine) > 0) == (to_move[row] >= 0)
        _, mask, _, _, to_move = env.step_random(1, step)


def test_the_arrays_in_place_are_read_only_and_copies_are_not():
    # The env writes its buffers alone: a mask row is cleared only where the
    # env set it, so a scribble would stay, and the check of a step's actions
    # reads the mask's buffer (numpy refuses to make these arrays writable).
    game = parlour.load_game("old-maid", players=4)
    env = parlour.VectorEnv(game, 4, seed=1)
    obs, mask, to_move = env.reset()
    for a in (obs, mask, to_move):
        with pytest.raises(ValueError, match="read-only"):
            a.reshape(-1)[0] = 1
    obs, mask, to_move = parlour.VectorEnv(game, 4, seed=1, copy=True).reset()
    mask[0, 0] = True
    obs[0, 0] = 1.0
