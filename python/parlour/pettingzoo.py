"""parlour.aec's environment as a `pettingzoo.AECEnv`, with gymnasium spaces:
`parlour.pettingzoo.env("oh-hell", players=4)`.

PettingZoo and gymnasium are imported when env() is called; without them it
raises ImportError naming the package missing (`pip install pettingzoo`
brings both, where a registry is reachable). observation_space(agent) is a
Dict of "observation" (Box of float32, game.observation_shape) and
"action_mask" (Box of int8, 0 or 1, game.num_distinct_actions);
action_space(agent) is Discrete(num_distinct_actions).
"""
import numpy as _np

from parlour import aec as _aec

_CLASS = None


def _require():
    try:
        import gymnasium
    except ImportError as e:
        raise ImportError("parlour.pettingzoo needs the gymnasium package, which is not "
                          "installed (pip install gymnasium pettingzoo)") from e
    try:
        import pettingzoo
    except ImportError as e:
        raise ImportError("parlour.pettingzoo needs the pettingzoo package, which is not "
                          "installed (pip install pettingzoo)") from e
    return gymnasium, pettingzoo


def _env_class():
    global _CLASS
    if _CLASS is not None:
        return _CLASS
    gymnasium, pettingzoo = _require()
    spaces = gymnasium.spaces

    class ParlourAECEnv(_aec.AECEnv, pettingzoo.AECEnv):
        """A Parlour game under PettingZoo's AEC API."""

        metadata = dict(_aec.AECEnv.metadata)

        def __init__(self, game, players=None, render_mode=None, **options):
            pettingzoo.AECEnv.__init__(self)
            _aec.AECEnv.__init__(self, game, players=players, render_mode=render_mode, **options)
            (size,) = self.game.observation_shape
            n = self.game.num_distinct_actions
            obs = spaces.Dict({
                "observation": spaces.Box(-_np.inf, _np.inf, (size,), _np.float32),
                "action_mask": spaces.Box(0, 1, (n,), _np.int8),
            })
            self.observation_spaces = {a: obs for a in self.possible_agents}
            self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}

        def observation_space(self, agent):
            return self.observation_spaces[agent]

        def action_space(self, agent):
            return self.action_spaces[agent]

    _CLASS = ParlourAECEnv
    return _CLASS


def env(game, players=None, render_mode=None, **options):
    """A pettingzoo.AECEnv for a game or preset (ImportError without pettingzoo)."""
    return _env_class()(game, players=players, render_mode=render_mode, **options)
