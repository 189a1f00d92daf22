"""PettingZoo's own conformance test on every game. PettingZoo and gymnasium
are not Debian packages, and no Python registry is reachable here, so this
skips unless they are installed (pip install pettingzoo gymnasium, then
`make test` or python -m pytest python/tests/test_pettingzoo.py)."""
import pytest

pettingzoo = pytest.importorskip(
    "pettingzoo", reason="pettingzoo is not installed (not in Debian 12; pip install pettingzoo)")
pytest.importorskip("gymnasium", reason="gymnasium is not installed (pip install gymnasium)")
from pettingzoo.test import api_test  # noqa: E402

import parlour  # noqa: E402
import parlour.pettingzoo  # noqa: E402


@pytest.mark.parametrize("name", [g.name for g in parlour.games()])
def test_api_test(name):
    api_test(parlour.pettingzoo.env(name), num_cycles=1000)


def test_spaces():
    env = parlour.pettingzoo.env("old-maid", players=4)
    space = env.observation_space("seat_0")
    assert space["action_mask"].shape == (env.game.num_distinct_actions,)
    assert env.action_space("seat_3").n == env.game.num_distinct_actions
