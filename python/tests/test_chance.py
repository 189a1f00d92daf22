"""Chance one draw at a time: chance_outcomes() and apply_chance(outcome).

What the tests rest on, apart from the engine's own code:
- pcg32 and the bounded draw, written again here from their published
  definitions (O'Neill's PCG paper and pcg-cpp's pcg32: setseq XSH RR 64/32;
  Lemire's multiply-and-reject): an outcome is the value of one draw, so
  giving the draws this generator makes from a seed must deal exactly what
  apply_chance() deals from that seed, in every game;
- the rules' packs: a Fisher-Yates shuffle of k cards draws below k, k - 1,
  ..., 2, so the outcomes of a deal multiply to k! orderings (Old Maid's 51
  cards: seeds/001, "removing one of the queens"; Oh Hell!'s 52);
- the record's text, edited by hand.
"""
import json
import math
import random

import pytest

import parlour
from conftest import game_configs, play_random

MASK64 = (1 << 64) - 1
MULT = 6364136223846793005


class Pcg32:
    """pcg32(seed, stream) as pcg-cpp makes it, and Parlour's draws from it."""

    def __init__(self, seed, stream=0):
        self.inc = ((stream << 1) | 1) & MASK64
        self.state = ((seed + self.inc) * MULT + self.inc) & MASK64

    def next(self):
        old = self.state
        self.state = (old * MULT + self.inc) & MASK64
        x = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((x >> rot) | (x << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n):
        m = self.next() * n
        low = m & 0xFFFFFFFF
        if low < n:
            threshold = ((1 << 32) - n) % n
            while low < threshold:
                m = self.next() * n
                low = m & 0xFFFFFFFF
        return m >> 32


def draw_counts(state):
    """Each draw's number of outcomes over one chance event, giving outcome 0."""
    counts = []
    events = json.loads(state.serialize()).get("chance", [])
    while state.is_chance_node() and len(json.loads(state.serialize()).get("chance", [])) == len(events):
        outcomes = state.chance_outcomes()
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
        assert [o for o, _ in outcomes] == list(range(len(outcomes)))
        assert len({p for _, p in outcomes}) == 1
        counts.append(len(outcomes))
        state.apply_chance(0)
    return counts


@pytest.mark.parametrize("name,cards", [("old-maid", 51), ("oh-hell", 52)])
def test_a_deal_is_a_shuffle_of_the_whole_pack(name, cards):
    s = parlour.load_game(name, players=4).new_initial_state(seed=3)
    assert draw_counts(s) == list(range(cards, 1, -1))
    assert math.prod(range(cards, 1, -1)) == math.factorial(cards)


def kept(state):
    """The given draws the record keeps."""
    r = json.loads(state.serialize())
    return r.get("chance", []), r.get("pending")


def pending(state):
    """Whether the chance event at hand has draws given and is not decided."""
    return "pending" in json.loads(state.serialize())


@pytest.mark.parametrize("name,players", game_configs())
def test_the_seeds_own_draws_given_deal_what_apply_chance_deals(name, players):
    """Every game: state a resolves chance with apply_chance(), state b gives
    the draws an independent pcg32 makes from the same seed; the tables (every
    card shown) are equal at every step, and so are their ends."""
    game = parlour.load_game(name, players=players)
    for seed in (1, 2):
        a, b = game.new_initial_state(seed), game.new_initial_state(seed)
        stream = Pcg32(seed)
        rng = random.Random(seed)
        events = steps = 0
        while not a.is_terminal() and steps < 300:
            if a.is_chance_node():
                a.apply_chance()
                events += 1
                assert b.is_chance_node()
                while True:  # b's chance event, draw by draw, until decided
                    try:
                        n = len(b.chance_outcomes())
                    except NotImplementedError:  # a seed of the game's own: 32 bits
                        b.apply_chance(stream.next())
                    else:
                        if n > 1:
                            b.apply_chance(stream.below(n))
                        else:  # a draw below 1 (it uses a number), or no draw at all
                            before = kept(b)
                            b.apply_chance(0)
                            if kept(b) != before:
                                stream.below(1)
                    if not pending(b):
                        break
            else:
                action = rng.choice(a.legal_actions())
                a.apply_action(action)
                b.apply_action(action)
                steps += 1
            assert str(a) == str(b), (name, players, seed, steps)
        assert events > 0
        assert a.returns() == b.returns()
        assert a.history() == b.history()
        c = game.deserialize_state(b.serialize())
        assert str(c) == str(b) and c.serialize() == b.serialize()


def test_a_copy_at_chance_stays_at_chance_and_keeps_its_draws():
    game = parlour.load_game("old-maid", players=4)
    s = game.new_initial_state(seed=5)
    import copy
    import pickle
    for c in (s.clone(), copy.deepcopy(s), pickle.loads(pickle.dumps(s))):
        assert c.is_chance_node()  # not dealt by the copy
    s.apply_chance(3)
    s.apply_chance(7)
    record = json.loads(s.serialize())
    assert record["version"] == 3 and record["pending"] == [0, [3, 7]]
    c = s.clone()
    assert c.is_chance_node() and c.serialize() == s.serialize()
    assert c.chance_outcomes() == s.chance_outcomes() and len(s.chance_outcomes()) == 49
    # The rest of the event from the seed, in both: the same deal.
    s.apply_chance()
    c.apply_chance()
    assert not s.is_chance_node() and str(s) == str(c)
    # ... and not the deal of the seed alone (3 and 7 are not its first draws).
    d = game.new_initial_state(seed=5)
    d.apply_chance()
    assert str(d) != str(s)


def test_the_same_draws_deal_the_same_from_any_seed():
    game = parlour.load_game("oh-hell", players=4)
    a, b = game.new_initial_state(seed=1), game.new_initial_state(seed=2)
    for x in (a, b):
        k = 0
        while x.is_chance_node():
            x.apply_chance((k * 5) % len(x.chance_outcomes()))
            k += 1
    assert str(a) == str(b)


def test_bad_outcomes_and_records_are_refused_naming_the_problem():
    game = parlour.load_game("old-maid", players=4)
    s = game.new_initial_state(seed=5)
    before = s.serialize()
    with pytest.raises(parlour.IllegalActionError, match="51 is not below 51"):
        s.apply_chance(51)
    for bad in (True, 1.0, "3", None.__class__):
        with pytest.raises(TypeError):
            s.apply_chance(bad)
    with pytest.raises(parlour.IllegalActionError, match="out of range"):
        s.apply_chance(-1)
    assert s.serialize() == before
    while s.is_chance_node():
        s.apply_chance(1)
    with pytest.raises(parlour.NotPlayerNodeError, match="chance_outcomes at a seat's turn"):
        s.chance_outcomes()
    with pytest.raises(parlour.NotPlayerNodeError, match="apply_chance at a seat's turn"):
        s.apply_chance(0)
    text = s.serialize()
    record = json.loads(text)
    assert record["chance"][0][1][:3] == [1, 1, 1]
    record["chance"][0][1][0] = 51
    with pytest.raises(parlour.ParlourError, match="chance event 0: draw 1 is 51, not below 51"):
        game.deserialize_state(json.dumps(record))
    record["version"] = 2
    with pytest.raises(parlour.ParlourError, match="needs version 3"):
        game.deserialize_state(json.dumps(record))


def test_a_draw_of_32_bits_is_not_listed():
    # Montana shuffles the pack (51 draws), then draws 64 bits for its own
    # reshuffles: too many outcomes to list; apply_chance() draws them.
    s = parlour.load_game("montana").new_initial_state(seed=1)
    for _ in range(51):
        s.apply_chance(len(s.chance_outcomes()) - 1)
    with pytest.raises(NotImplementedError, match="4294967296 outcomes"):
        s.chance_outcomes()
    s.apply_chance()
    assert not s.is_chance_node()


def test_a_record_with_given_chance_replays_in_parlour():
    import os
    import subprocess
    import tempfile
    from conftest import PARLOUR
    game = parlour.load_game("cheat", players=3)
    s = game.new_initial_state(seed=5)
    while s.is_chance_node():
        s.apply_chance(0)
    play_random(s, random.Random(4))
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "r.json")
        open(path, "w").write(s.serialize())
        out = subprocess.run([PARLOUR, "--plain", "replay", path], capture_output=True,
                             text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        assert json.loads(s.serialize())["outcome"]["summary"] in out.stdout
