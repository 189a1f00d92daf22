"""VectorEnv.play against `parlour sim`: the same tallies, to the last game.

    python python/tests/sim_parity.py old-maid 4 100000 7
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from conftest import PARLOUR  # noqa: E402
import parlour  # noqa: E402


def main(name, players, games, seed):
    game = parlour.load_game(name, players=int(players))
    ours = parlour.VectorEnv(game, 1, threads=2).play(["random"] * int(players), int(games),
                                                      int(seed))
    out = subprocess.run([PARLOUR, "sim", name, "--players", players, "--bots", "random",
                          "--games", games, "--seed", seed, "--format", "json", "--threads", "2"],
                         capture_output=True, text=True, check=True)
    theirs = json.loads(out.stdout)
    print("VectorEnv.play:", json.dumps(ours["seats"]))
    print("parlour sim:   ", json.dumps(theirs["seats"]))
    print("identical" if ours == theirs else "DIFFERENT")
    return 0 if ours == theirs else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
