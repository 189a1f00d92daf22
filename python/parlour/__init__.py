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
        CHANCE, SPECTATOR, TERMINAL, BUILT_FOR, BadConfigError, Game, IllegalActionError,
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



def _restore(game_name, players, options, record):
    return load_game(game_name, players, **options).deserialize_state(record)


def _reduce(state):
    g = state._game
    return _restore, (g.name, g.num_players, g.options, state.serialize())


_copyreg.pickle(State, _reduce)
