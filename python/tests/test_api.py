"""The API on every game, preset and player count: random games to the end."""
import json
import random

import numpy as np
import pytest

import parlour
from conftest import configs, play_random


def test_games_lists_every_game_with_its_facts():
    specs = parlour.games()
    names = [g.name for g in specs]
    assert "old-maid" in names and "bridge-whist" in names and "rum" in names
    assert len(names) == len(set(names))
    for g in specs:
        assert 1 <= g.min_players <= g.default_players <= g.max_players
        assert g.bots and "random" in g.bots
        for o in g.options:
            assert o["name"] and o["source"] and o["accepted"]


@pytest.mark.parametrize("name,players", configs())
def test_a_random_game_plays_to_the_end(name, players):
    game = parlour.load_game(name, players=players)
    assert game.num_players == players
    n = game.num_distinct_actions
    (size,) = game.observation_shape
    state = game.new_initial_state(seed=5)
    rng = random.Random(5)
    seen = [0]

    def visit(s):
        seat = s.current_player()
        assert 0 <= seat < players
        legal = s.legal_actions()
        assert legal and max(legal) < n
        mask = s.legal_actions_mask()
        assert mask.dtype == np.bool_ and mask.shape == (n,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(legal)
        if seen[0] % 17 == 0:
            obs = s.observation_tensor(seat)
            assert obs.dtype == np.float32 and obs.shape == (size,)
            assert s.observation_tensor(parlour.SPECTATOR).shape == (size,)
            assert isinstance(s.action_to_string(legal[0]), str)
        seen[0] += 1

    play_random(state, rng, visit=visit)
    assert state.current_player() == parlour.TERMINAL
    record = json.loads(state.serialize())
    assert record["outcome"]["scores"] == pytest.approx(state.returns())
    assert len(state.places()) == players
    assert state.history() == [a for _, a in record["actions"]]
    assert not state.legal_actions_mask().any()


def test_clone_and_serialize_carry_on_alike():
    game = parlour.load_game("oh-hell", players=4, max_cards=5)
    s = game.new_initial_state(seed=3)
    play_random(s, random.Random(1), steps=12)
    c = s.clone()
    d = game.deserialize_state(s.serialize())
    import copy
    import pickle
    e = pickle.loads(pickle.dumps(s))
    f = copy.deepcopy(s)
    rng = [random.Random(9) for _ in range(5)]
    for x, r in zip((s, c, d, e, f), rng):
        play_random(x, r)
    assert s.returns() == c.returns() == d.returns() == e.returns() == f.returns()
    assert s.history() == c.history() == d.history() == e.history() == f.history()


def test_view_and_strings():
    game = parlour.load_game("old-maid", players=3)
    s = game.new_initial_state(seed=2)
    while s.is_chance_node():
        s.apply_chance()
    v = s.view(0)
    assert v["players"] == 3 and v["viewer"] == 0
    assert "Seat 0" in s.observation_string(0)
    assert "Seat 1" in str(s)
    with pytest.raises(NotImplementedError, match="samples its chance"):
        game.new_initial_state(1).chance_outcomes()
