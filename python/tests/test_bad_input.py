"""Bad input from Python: a clear error of the kinds parlour names, never a crash."""
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour


def ready(name="old-maid", players=4, seed=7):
    s = parlour.load_game(name, players=players).new_initial_state(seed)
    while s.is_chance_node():
        s.apply_chance()
    return s


def test_an_illegal_action_changes_nothing_and_lists_the_legal_ones():
    s = ready()
    before, history = s.serialize(), s.history()
    with pytest.raises(parlour.IllegalActionError) as e:
        s.apply_action(99999)
    assert "99999" in str(e.value) and "seat 0" in str(e.value)
    assert "(offer)" in str(e.value)  # the legal ones, with their labels
    assert isinstance(e.value, ValueError) and isinstance(e.value, parlour.ParlourError)
    assert s.serialize() == before and s.history() == history


def test_actions_at_chance_and_at_the_end():
    g = parlour.load_game("chase-the-ace", players=3)
    s = g.new_initial_state(1)
    assert s.is_chance_node() and s.current_player() == parlour.CHANCE
    with pytest.raises(parlour.NotPlayerNodeError, match="chance"):
        s.apply_action(0)
    while s.is_chance_node():
        s.apply_chance()
    with pytest.raises(parlour.NotPlayerNodeError, match="seat"):
        s.apply_chance()
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_chance()
        else:
            s.apply_action(s.legal_actions()[0])
    with pytest.raises(parlour.NotPlayerNodeError, match="over"):
        s.apply_action(0)
    with pytest.raises(parlour.NotPlayerNodeError, match="over"):
        s.apply_chance()


@pytest.mark.parametrize("bad", [True, False, 1.0, "1", None, [1], b"1"])
def test_actions_of_the_wrong_type(bad):
    with pytest.raises(TypeError):
        ready().apply_action(bad)


@pytest.mark.parametrize("bad", [-1, 2**32, 2**64, -(2**70)])
def test_actions_out_of_range(bad):
    with pytest.raises(parlour.IllegalActionError):
        ready().apply_action(bad)


def test_numpy_integers_are_actions():
    s = ready()
    a = s.legal_actions()[0]
    for t in (np.int8, np.int32, np.int64, np.uint32, np.uint64):
        c = s.clone()
        c.apply_action(t(a))
        assert c.history()[-1] == a


@pytest.mark.parametrize("call,match", [
    (lambda: parlour.load_game("no-such-game"), "unknown game"),
    (lambda: parlour.load_game("old-maid", players=40), "players"),
    (lambda: parlour.load_game("old-maid", no_such_option=1), "no-such-option"),
    (lambda: parlour.load_game("oh-hell", max_cards=999), "max-cards"),
])
def test_bad_configs(call, match):
    with pytest.raises(parlour.BadConfigError, match=match):
        call()


def test_seats_out_of_range():
    s = ready()
    for bad in (4, -2, 99):
        with pytest.raises(ValueError, match="seat"):
            s.observation_tensor(bad)
        with pytest.raises(ValueError):
            s.view(bad)
    assert s.observation_tensor(parlour.SPECTATOR).shape == s.get_game().observation_shape


def test_broken_and_tampered_records():
    g = parlour.load_game("old-maid", players=4)
    s = ready()
    s.apply_action(s.legal_actions()[0])
    text = s.serialize()
    for bad in ("", "{", "[]", text.replace('"actions"', '"axions"'),
                text.replace('"seed"', '"sead"'),
                text.replace('"players": 4', '"players": 44')):
        with pytest.raises(parlour.ParlourError):
            g.deserialize_state(bad)
    with pytest.raises(parlour.ParlourError, match="oh-hell"):
        parlour.load_game("oh-hell").deserialize_state(text)


values = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8),
                   st.binary(max_size=4), st.lists(st.integers(), max_size=3))
OK = (parlour.ParlourError, TypeError, ValueError, OverflowError, NotImplementedError)


@settings(max_examples=int(os.environ.get("PARLOUR_HYPOTHESIS", "2000")), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(which=st.integers(0, 12), a=values, b=values)
def test_any_value_anywhere_is_refused_cleanly(which, a, b):
    s = ready("rum", 2, 3)
    deal = parlour.load_game("rum", players=2).new_initial_state(3)  # at chance
    calls = [
        lambda: deal.apply_chance(a),
        lambda: deal.chance_outcomes(),
        lambda: s.apply_chance(a),
        lambda: s.apply_action(a),
        lambda: s.action_to_string(a),
        lambda: s.observation_tensor(a),
        lambda: s.observation_string(a),
        lambda: s.view(a),
        lambda: parlour.load_game(a),
        lambda: parlour.load_game("rum", players=a),
        lambda: parlour.load_game("rum", **{str(a): b}),
        lambda: s.get_game().deserialize_state(a),
        lambda: s.get_game().new_initial_state(a),
    ]
    try:
        calls[which]()
    except OK:
        pass
