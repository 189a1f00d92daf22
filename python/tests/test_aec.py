"""parlour.aec's agent-environment cycle, with no third-party package: whose
turn it gives, what last() shows, finished agents stepped with None, rewards
that add up to the outcome, and reset(seed) that repeats."""
import random

import numpy as np
import pytest

import parlour
import parlour.aec
from conftest import game_configs


def cycle(env, seed, rng):
    """Plays one game through the cycle; each agent's summed rewards and the steps."""
    env.reset(seed=seed)
    total = {a: 0.0 for a in env.possible_agents}
    finished = set()
    moves = []
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        total[agent] += reward
        assert obs["observation"].dtype == np.float32
        assert obs["observation"].shape == env.game.observation_shape
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (env.game.num_distinct_actions,)
        if termination or truncation:
            assert not mask.any()
            if not finished:
                with pytest.raises(ValueError, match="None"):
                    env.step(0)
            finished.add(agent)
            env.step(None)
            continue
        # Only the agent to move is yielded, and its mask is its legal actions.
        seat = env.possible_agents.index(agent)
        assert env.state.current_player() == seat
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(env.state.legal_actions())
        if len(moves) % 20 == 0:  # (every step: a third of the test's time)
            for other in env.possible_agents:
                if other != agent:
                    assert not env.observe(other)["action_mask"].any()
            with pytest.raises(ValueError, match="None"):
                env.step(None)
        action = int(rng.choice(np.flatnonzero(mask)))
        moves.append(action)
        env.step(action)
    assert finished == set(env.possible_agents) and env.agents == []
    return total, moves


@pytest.mark.parametrize("name,players", game_configs())
def test_the_cycle_plays_a_game_and_pays_its_outcome(name, players):
    env = parlour.aec.env(name, players=players)
    total, moves = cycle(env, 3, np.random.default_rng(3))
    # The rewards an agent is given add up to its score in the outcome.
    assert [total[a] for a in env.possible_agents] == pytest.approx(env.state.returns())
    assert env.state.history() == moves


def test_reset_with_a_seed_repeats():
    env = parlour.aec.env("oh-hell", players=4, max_cards=3)
    a = cycle(env, 9, np.random.default_rng(1))
    b = cycle(env, 9, np.random.default_rng(1))
    assert a == b
    env.reset(seed=9)
    first = env.observe(env.agent_selection)["observation"]
    env.reset(seed=9)
    assert np.array_equal(first, env.observe(env.agent_selection)["observation"])


def test_render_shows_the_public_table():
    env = parlour.aec.env("old-maid", players=3, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert "Seat 0" in text and "(you)" not in text
    # The spectator's table: no hand's faces (old-maid hands are held face down).
    assert text == env.state.observation_string(parlour.SPECTATOR)
    assert parlour.aec.env("old-maid").render() is None
    with pytest.raises(ValueError, match="render_mode"):
        parlour.aec.env("old-maid", render_mode="rgb")


def test_bad_use_is_refused():
    env = parlour.aec.env("old-maid", players=3)
    with pytest.raises(RuntimeError, match="reset"):
        env.last()
    env.reset(seed=1)
    with pytest.raises(parlour.IllegalActionError):
        env.step(99999)
    with pytest.raises(ValueError, match="not an agent"):
        env.observe("seat_9")
    with pytest.raises(parlour.BadConfigError):
        parlour.aec.env("no-such-game")
