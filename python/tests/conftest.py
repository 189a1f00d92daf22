"""What the Python tests share: every name `parlour play` takes, and random play."""
import os
import random
import sys

# Run from a checkout: the package built beside the engine (build/python), if
# PYTHONPATH or an installed parlour does not already provide it.
try:
    import parlour  # noqa: F401
except ImportError:
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "build", "python"))
    import parlour  # noqa: F401


def selections():
    """(name, fewest players, most players) for every game and preset."""
    out = []
    for g in parlour.games():
        if not any(p["name"] == g.name for p in g.presets):
            out.append((g.name, g.min_players, g.max_players))
        for p in g.presets:
            out.append((p["name"], p["min_players"], p["max_players"]))
    return out


def configs():
    """Every game and preset at its fewest and most players."""
    return sorted({(n, p) for n, lo, hi in selections() for p in (lo, hi)})


def game_configs():
    """Every game (its default rules) at its fewest and most players."""
    return sorted({(g.name, p) for g in parlour.games() for p in (g.min_players, g.max_players)})


def play_random(state, rng, steps=None, visit=None):
    """Plays at random to the end (or for `steps` seat actions); `visit(state)` before each."""
    done = 0
    while not state.is_terminal() and (steps is None or done < steps):
        if state.is_chance_node():
            state.apply_chance()
            continue
        if visit:
            visit(state)
        state.apply_action(rng.choice(state.legal_actions()))
        done += 1
    return state


BUILD = os.environ.get("PARLOUR_BUILD",
                       os.path.join(os.path.dirname(__file__), "..", "..", "build"))
PARLOUR = os.path.join(BUILD, "parlour")
