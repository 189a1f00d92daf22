"""No tensor tells a seat a card it cannot see: deals the seat cannot tell
from the real one (dealt by the game's resampler) give the same observation,
and so do the spectator's and the text the seat is shown."""
import random

import numpy as np
import pytest

import parlour
from conftest import configs, play_random


@pytest.mark.parametrize("name,players", configs())
def test_resampled_deals_give_the_same_observation(name, players):
    game = parlour.load_game(name, players=players)
    state = game.new_initial_state(seed=11)
    rng = random.Random(11)
    compared = [0]

    def visit(s):
        if rng.random() > 0.2 or compared[0] >= 10:
            return
        seat = s.current_player()
        mine = s.observation_tensor(seat)
        for k in range(3):
            other = s._resampled_observation(seat, 100 * compared[0] + k)
            if other is None:
                return
            assert np.array_equal(other, mine), f"seat {seat} told a hidden card apart"
        compared[0] += 1

    play_random(state, rng, visit=visit)
