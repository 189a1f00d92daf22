"""Parlour: the traditional card games of the old rule books, for game-AI research.

    import parlour
    game = parlour.load_game("old-maid", players=4)
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance()
        else:
            state.apply_action(state.legal_actions()[0])
    print(state.returns())

Every game runs in the C++ engine; observations are read from each seat's
view, which holds no card the seat cannot see. See python/README.md.
"""
try:
    from parlour._parlour import (  # noqa: F401
        CHANCE, SPECTATOR, TERMINAL, BUILT_FOR, BadConfigError, Bot, Game, IllegalActionError,
        NotPlayerNodeError, ParlourError, State, VectorEnv, load_game)
    from parlour import _parlour
except ImportError as e:  # pragma: no cover - depends on the interpreter
    import sys as _sys
    try:
        from parlour._built_for import BUILT_FOR as _for
    except ImportError:
        _for = "another Python"
    raise ImportError(
        f"parlour's extension was built for {_for}; this is Python "
        f"{_sys.version_info.major}.{_sys.version_info.minor} ({_sys.executable}). "
        "Use that interpreter (make python makes .venv with it), or rebuild with "
        f"PYTHON={_sys.executable} make python. ({e})") from e

from parlour import aec  # noqa: F401,E402

import copyreg as _copyreg
from dataclasses import dataclass as _dataclass


@_dataclass(frozen=True)
class GameSpec:
    """A game as `parlour list` and `parlour rules` tell it."""
    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    options: list  # each a dict: name, default, accepted, help, source
    presets: list  # each a dict: name, summary, settings, min_players, max_players
    bots: list     # names Game.bot and the command line take


def games():
    """Every game Parlour plays, with its options, presets and bots."""
    return [GameSpec(**d) for d in _parlour.games()]



@_dataclass(frozen=True)
class Step:
    """One decision of a seat: what it saw, what it could do, what it did, and
    the reward it received before its next decision (or the end)."""
    observation: object  # numpy float32, game.observation_shape
    action_mask: object  # numpy bool, game.num_distinct_actions
    action: int
    reward: float


@_dataclass(frozen=True)
class Episode:
    """A game played by parlour.run: each seat's decisions, and the payoffs."""
    trajectories: list  # by seat: a list of Step
    payoffs: list       # by seat: returns() at the end
    history: list       # the seats' actions, in order
    record: str         # the Parlour record (`parlour replay` reads it)


def run(game, bots, seed=0, players=None, **options):
    """Plays one game to the end, as RLCard's env.run: `bots` gives each seat a
    player: the name of one of the engine's bots (played by Game.bot with the
    bot stream of `seed`), a Bot, or a callable given the seat's observation
    (a dict: "seat", "observation", "action_mask", "legal_actions"; never the
    state) that returns an action. Chance draws from `seed`, as
    `parlour play --seed` deals. Returns an Episode."""
    if isinstance(game, str):
        game = load_game(game, players, **options)
    elif players is not None or options:
        raise ValueError("a loaded Game carries its players and options already")
    n = game.num_players
    if len(bots) != n:
        raise ValueError(f"{game.name} has {n} seats here; {len(bots)} bots were given")
    players_ = []
    for seat, b in enumerate(bots):
        if isinstance(b, str):
            b = game.bot(b, seat, seed)
        if not (hasattr(b, "step") or callable(b)):
            raise TypeError(f"seat {seat}: a bot is a bot name, a parlour.Bot or a callable")
        players_.append(b)
    state = game.new_initial_state(seed=seed)
    pending = [None] * n  # each seat's last decision, waiting for its reward
    trajectories = [[] for _ in range(n)]
    while True:
        while state.is_chance_node():
            state.apply_chance()
        if state.is_terminal():
            break
        seat = state.current_player()
        if pending[seat] is not None:
            trajectories[seat].append(Step(*pending[seat], 0.0))
        obs = state.observation_tensor(seat)
        mask = state.legal_actions_mask()
        b = players_[seat]
        if hasattr(b, "step"):
            action = b.step(state)
        else:
            action = b({"seat": seat, "observation": obs, "action_mask": mask,
                        "legal_actions": state.legal_actions()})
        state.apply_action(action)
        pending[seat] = (obs, mask, int(action))
    payoffs = state.returns()
    for seat in range(n):
        if pending[seat] is not None:
            trajectories[seat].append(Step(*pending[seat], float(state.rewards()[seat])))
    return Episode(trajectories, payoffs, state.history(), state.serialize())


def _restore(game_name, players, options, record):
    return load_game(game_name, players, **options).deserialize_state(record)


def _reduce(state):
    g = state._game
    return _restore, (g.name, g.num_players, g.options, state.serialize())


_copyreg.pickle(State, _reduce)
