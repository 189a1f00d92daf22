"""An AEC environment (PettingZoo's agent-environment cycle) over any Parlour
game, with no third-party package: `parlour.aec.env("old-maid", players=4)`.

    env = parlour.aec.env("oh-hell", players=4)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None                 # a finished agent is stepped with None
        else:
            action = random.choice(np.flatnonzero(obs["action_mask"]))
        env.step(action)

Agents are "seat_0" ... "seat_{n-1}". Chance (the deal, a card drawn) is
resolved inside reset() and step(), from the seed, so no agent is ever asked
to act for it. An observation is {"observation": float32 tensor read from the
seat's view, "action_mask": int8 of game.num_distinct_actions}, the mask all
zero when the seat is not to move. Parlour scores a game at its end: every
reward is 0 until then, and there each agent's is its return.
"""
import random as _random

import numpy as _np

from parlour._parlour import load_game as _load_game
from parlour._parlour import Game as _Game


def _agent(seat):
    return f"seat_{seat}"


class AECEnv:
    """The agent-environment cycle over one Parlour game at a time."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game, players=None, render_mode=None, **options):
        if isinstance(game, _Game):
            if players is not None or options:
                raise ValueError("a loaded Game carries its players and options already")
            self.game = game
        else:
            self.game = _load_game(game, players, **options)
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode {render_mode!r}: accepted are None, 'ansi', 'human'")
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"parlour_{self.game.name}")
        self.possible_agents = [_agent(s) for s in range(self.game.num_players)]
        self.agents = []
        self.state = None
        self.agent_selection = None
        self.rewards, self._cumulative_rewards = {}, {}
        self.terminations, self.truncations, self.infos = {}, {}, {}

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    def reset(self, seed=None, options=None):
        """A new game, dealt from `seed` (as `parlour play --seed`); None: a random seed."""
        if seed is None:
            seed = _random.SystemRandom().getrandbits(63)
        self.state = self.game.new_initial_state(seed=seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._settle()

    def _seat(self, agent):
        if agent not in self.possible_agents:
            raise ValueError(f"{agent!r} is not an agent here: {', '.join(self.possible_agents)}")
        return self.possible_agents.index(agent)

    def _settle(self):
        # Chance until a seat is to move or the game is over, then whose turn.
        while self.state.is_chance_node():
            self.state.apply_chance()
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.rewards()):
                if a in self.agents:
                    self.rewards[a] = float(r)
                    self.terminations[a] = True
            self.agent_selection = self.agents[0] if self.agents else None
        else:
            self.agent_selection = _agent(self.state.current_player())
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]

    def observe(self, agent):
        """The agent's observation: its tensor and its action mask."""
        seat = self._seat(agent)
        mask = _np.zeros(self.game.num_distinct_actions, dtype=_np.int8)
        if not self.state.is_terminal() and self.state.current_player() == seat:
            mask[self.state.legal_actions()] = 1
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def last(self, observe=True):
        """(observation, cumulative reward, termination, truncation, info) of the agent to act."""
        a = self.agent_selection
        if a is None:
            raise RuntimeError("no agent is to act: call reset()")
        return (self.observe(a) if observe else None, self._cumulative_rewards[a],
                self.terminations[a], self.truncations[a], self.infos[a])

    def agent_iter(self, max_iter=2**63):
        """The agent to act, one after another, until every agent is done."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action):
        """Plays `action` for the agent to act (None for a finished agent)."""
        agent = self.agent_selection
        if agent is None:
            raise RuntimeError("no agent is to act: call reset()")
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"{agent} is done: step it with None, not {action!r}")
            self.agents.remove(agent)
            for d in (self.rewards, self._cumulative_rewards, self.terminations,
                      self.truncations, self.infos):
                del d[agent]
            self.agent_selection = self.agents[0] if self.agents else None
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for a finished agent")
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self.state.apply_action(action)
        self._settle()
        if self.render_mode == "human":
            self.render()

    def render(self):
        """The public (spectator's) table as text: returned ("ansi") or printed ("human")."""
        if self.render_mode is None or self.state is None:
            return None
        from parlour._parlour import SPECTATOR
        text = self.state.observation_string(SPECTATOR)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass

    def __str__(self):
        return self.metadata["name"]


def env(game, players=None, render_mode=None, **options):
    """An AECEnv for a game or preset (a name, as `parlour play` takes it, or a Game)."""
    return AECEnv(game, players=players, render_mode=render_mode, **options)
