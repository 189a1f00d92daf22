"""The API on every game, preset and player count: random games to the end."""
import json
import random

import numpy as np
import pytest

import parlour
from conftest import configs, game_configs, play_random


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
        if seen[0] in (0, 40):
            (info_size,) = game.information_state_shape
            info = s.information_state_tensor(seat)
            assert info.dtype == np.float32 and info.shape == (info_size,)
            assert np.array_equal(info[:size], s.observation_tensor(seat))
            assert not s.rewards() or not any(s.rewards())
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
    # The deal one draw at a time (test_chance.py): 51 cards, a draw below 51 first.
    outcomes = game.new_initial_state(1).chance_outcomes()
    assert [o for o, _ in outcomes] == list(range(51)) and outcomes[0][1] == 1 / 51


ROW = None


def rows(game, state, seat):
    """The information state's rows of the hand, each (actor, changes)."""
    (size,) = game.observation_shape
    p = game.num_players
    width = p + p * 5 + (p + 1) * 81
    info = state.information_state_tensor(seat)[size:].reshape(-1, width)
    return [r for r in info if r[:p].any()]


def test_the_information_state_tells_what_the_seat_saw():
    # Cheat, three players: seat 1 lays cards face down and claims them.
    # Seat 0's row for it: seat 1 (one seat on) acted, seat 1's hand lost
    # that many unknown cards and the table gained them, no face among them;
    # seat 1's own row shows the faces it laid. The counts are checked
    # against the seats' card counts in the views, which the rows do not read.
    game = parlour.load_game("cheat", players=3)
    s = game.new_initial_state(seed=4)
    while s.is_chance_node():
        s.apply_chance()
    rng = random.Random(2)

    def put_down():
        return [a for a in s.legal_actions() if s.action_to_string(a).startswith("put down")]

    while s.current_player() != 1 or not put_down():
        s.apply_action(rng.choice(s.legal_actions()))
        while s.is_chance_node():
            s.apply_chance()
    held = s.view(0)["seats"][1]["cards"]
    s.apply_action(put_down()[0])
    laid = held - s.view(0)["seats"][1]["cards"]
    assert laid > 0
    p = 3
    seen = rows(game, s, 0)[-1]
    assert seen[:p].tolist() == [0, 1, 0]
    cards = seen[p + p * 5:].reshape(p + 1, 81)
    assert cards[1, 80] == -laid and cards[1, :80].sum() == 0   # seat 1's hand, backs only
    # The table: the cards laid, face down (a play shown there before may go).
    assert cards[3, 80] == laid and cards[3, :80].max() <= 0
    own = rows(game, s, 1)[-1]
    assert own[:p].tolist() == [1, 0, 0]                          # seat 1 is itself seat 0
    mine = own[p + p * 5:].reshape(p + 1, 81)
    assert mine[0, :80].sum() == -laid and mine[0, 80] == 0       # its own faces left its hand


@pytest.mark.parametrize("name,players", game_configs())
def test_an_information_state_read_as_the_game_goes_is_the_one_read_afresh(name, players):
    # A state reads each seat's information state on from where its last
    # call left it; a state made from the record has read nothing, and
    # replays the game from the deal. Every seat and the spectator are asked
    # in turn. Some chance events are given (apply_chance(outcome)) after a
    # seat's reading began: its replay must start again to be told of them.
    # A seat asked twice at one position reads the same; a clone, played on
    # apart, reads its own game, and the original's reading is unmoved by it.
    game = parlour.load_game(name, players=players)
    s = game.new_initial_state(seed=6)
    rng = random.Random(6)
    viewers = list(range(players)) + [parlour.SPECTATOR]
    step = compared = 0
    while not s.is_terminal() and step < 240:
        if s.is_chance_node():
            try:
                give = step % 3 == 1 and len(s.chance_outcomes())
            except NotImplementedError:
                give = 0
            s.apply_chance(rng.randrange(give)) if give else s.apply_chance()
            continue
        viewer = viewers[step % len(viewers)]
        info = s.information_state_tensor(viewer)
        assert np.array_equal(info, s.information_state_tensor(viewer)), ("again", step, viewer)
        if step % 11 == 3:  # a copy goes its own way; the original reads on where it was
            c = s.clone()
            c.apply_action(rng.choice(c.legal_actions()))
            c_info = c.information_state_tensor(viewer)
            fresh = game.deserialize_state(c.serialize())
            assert np.array_equal(c_info, fresh.information_state_tensor(viewer)), ("copy", step)
        if step % 7 == 0:
            fresh = game.deserialize_state(s.serialize())
            assert np.array_equal(info, fresh.information_state_tensor(viewer)), (step, viewer)
            compared += 1
        s.apply_action(rng.choice(s.legal_actions()))
        step += 1
    fresh = game.deserialize_state(s.serialize())  # and where the game stopped, every viewer
    for viewer in viewers:
        assert np.array_equal(s.information_state_tensor(viewer),
                              fresh.information_state_tensor(viewer)), ("end", viewer)
    assert compared >= 1


def test_engine_bots_and_run():
    game = parlour.load_game("oh-hell", players=4, max_cards=4)
    spec = next(g for g in parlour.games() if g.name == "oh-hell")
    s = game.new_initial_state(seed=6)
    while s.is_chance_node():
        s.apply_chance()
    seat = s.current_player()
    for name in spec.bots[:3]:
        bot = game.bot(name, seat, seed=6)
        before = s.serialize()
        assert bot.step(s) in s.legal_actions()
        assert s.serialize() == before
    with pytest.raises(parlour.NotPlayerNodeError):
        game.bot("random", (seat + 1) % 4, seed=6).step(s)
    with pytest.raises(parlour.BadConfigError, match="no-such-bot"):
        game.bot("no-such-bot", 0)
    with pytest.raises(ValueError):
        game.bot("random", 4)
    picked = []

    def first(obs):
        picked.append(obs["seat"])
        assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == sorted(obs["legal_actions"])
        return obs["legal_actions"][0]

    ep = parlour.run(game, ["random", first, game.bot(spec.bots[0], 2, seed=1), "random"], seed=8)
    assert set(picked) == {1}
    assert [sum(step.reward for step in t) for t in ep.trajectories] == pytest.approx(ep.payoffs)
    assert sum(len(t) for t in ep.trajectories) == len(ep.history)
    assert [st.action for st in ep.trajectories[1]] == \
        [a for (seat, a) in json.loads(ep.record)["actions"] if seat == 1]
    with pytest.raises(ValueError, match="4 seats"):
        parlour.run(game, ["random"] * 3)
