#!/bin/bash
# bench/openspiel_compare.sh OPEN_SPIEL [ABSEIL]
#
# Oh Hell!, four players, random playouts on one thread: Parlour's generic
# engine (`parlour sim oh-hell --bots random --threads 1`) against OpenSpiel's
# C++ `oh_hell` (players=4, the full pack: up to 12 tricks) in decisions (seat
# actions) a second of the whole process's CPU time, run in turn five times
# each (RUNS), and the median ratio: this machine's speed drifts from run to
# run by a third at times, and a pair run together shares the drift.
#
# OPEN_SPIEL: a checkout of OpenSpiel (https://github.com/google-deepmind/open_spiel;
# the folder holding open_spiel/). ABSEIL: a checkout of abseil-cpp at the
# version OpenSpiel's install script names (open_spiel/scripts/global_variables.sh:
# OPEN_SPIEL_ABSL_VERSION), used where OPEN_SPIEL has no open_spiel/abseil-cpp
# of its own. Both are built here, outside Parlour's tree (build/openspiel/),
# with Debian's compilers; OpenSpiel's json comes from Debian's nlohmann-json.
# Only OpenSpiel's core files and its oh_hell are compiled, with Parlour's own
# driver (bench/openspiel/oh_hell_random.cc). Nothing of theirs is committed.
#
# Then from Python, where Parlour's module is built (make python): OpenSpiel's
# loop (bench/openspiel/pyspiel_loop.py) under pyspiel itself, with
# PYSPIEL=FOLDER (where a build of OpenSpiel's `pyspiel` target put
# pyspiel*.so: cmake -DCMAKE_BUILD_TYPE=Release -DOPEN_SPIEL_BUILDING_WHEEL=ON
# on OpenSpiel's tree, as its setup.py does, then `cmake --build . --target
# pyspiel`), and under a pyspiel-style binding of oh_hell alone
# (bench/openspiel/pyspiel_loop.cc, where Debian's python3-dev and
# pybind11-dev are installed), against Parlour's per-state loop and
# VectorEnv, in player steps a second.
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${BUILD:-$HERE/build}"
OS="${1:-}"
if [ -z "$OS" ] || [ ! -f "$OS/open_spiel/spiel.h" ]; then
  echo "openspiel_compare: no OpenSpiel checkout given (${OS:-none}): pass the folder that holds open_spiel/spiel.h" >&2
  echo "  (git clone https://github.com/google-deepmind/open_spiel; and abseil-cpp at the tag its" >&2
  echo "   open_spiel/scripts/global_variables.sh names, as the second argument)" >&2
  exit 2
fi
OUT="$BUILD/openspiel"
mkdir -p "$OUT"
# The tree OpenSpiel's includes expect: open_spiel/abseil-cpp/absl/... and
# open_spiel/json/include/nlohmann/json.hpp, beside its own sources.
TREE="$OUT/tree"
mkdir -p "$TREE/open_spiel/json/include"
for f in "$OS"/open_spiel/*; do
  case "$(basename "$f")" in abseil-cpp|json) ;; *) ln -sfn "$f" "$TREE/open_spiel/$(basename "$f")" ;; esac
done
ln -sfn /usr/include/nlohmann "$TREE/open_spiel/json/include/nlohmann"
ABSL="${2:-$OS/open_spiel/abseil-cpp}"
if [ ! -f "$ABSL/absl/base/config.h" ]; then
  echo "openspiel_compare: no abseil-cpp at $ABSL: pass a checkout of the version $(grep -o 'ABSL_VERSION:-"[0-9.]*' "$OS/open_spiel/scripts/global_variables.sh" | grep -o '[0-9.]*$') as the second argument" >&2
  exit 2
fi
ln -sfn "$ABSL" "$TREE/open_spiel/abseil-cpp"
# ABSL_BUILD: where abseil is built (or was: a build of the same checkout).
ABSL_BUILD="${ABSL_BUILD:-$OUT/absl}"
if [ ! -f "$ABSL_BUILD/absl/strings/libabsl_strings.a" ]; then
  echo "== building abseil-cpp ($ABSL) in $ABSL_BUILD (some minutes)"
  cmake -S "$ABSL" -B "$ABSL_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_STANDARD=17 \
    -DABSL_BUILD_TESTING=OFF -DABSL_PROPAGATE_CXX_STD=ON >/dev/null
  cmake --build "$ABSL_BUILD" -j "$(nproc)" >/dev/null
fi
BIN="$OUT/oh_hell_random"
if [ ! -x "$BIN" ] || [ "$HERE/bench/openspiel/oh_hell_random.cc" -nt "$BIN" ]; then
  echo "== building OpenSpiel's core and oh_hell with bench/openspiel/oh_hell_random.cc"
  mkdir -p "$OUT/obj"
  objs=()
  for f in spiel.cc spiel_utils.cc game_parameters.cc observer.cc canonical_game_strings.cc \
           utils/usage_logging.cc utils/status.cc games/oh_hell/oh_hell.cc; do
    o="$OUT/obj/$(echo "$f" | tr / _).o"
    [ -f "$o" ] || g++ -std=c++17 -O3 -DNDEBUG -I"$TREE" -I"$ABSL" -c "$TREE/open_spiel/$f" -o "$o"
    objs+=("$o")
  done
  g++ -std=c++17 -O3 -DNDEBUG -I"$TREE" -I"$ABSL" "$HERE/bench/openspiel/oh_hell_random.cc" "${objs[@]}" \
    -Wl,--start-group $(find "$ABSL_BUILD/absl" -name 'libabsl_*.a' | sort) -Wl,--end-group \
    -lpthread -o "$BIN"
fi
# The same from Python: OpenSpiel's oh_hell bound as pyspiel binds it, in an
# embedded Debian CPython (bench/openspiel/pyspiel_loop.cc), where Debian's
# python3-dev and pybind11-dev are installed.
PYLOOP="$OUT/pyspiel_loop"
PYINC="$(/usr/bin/python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null || true)"
PYVER="$(/usr/bin/python3 -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")' 2>/dev/null || true)"
if [ -f "$PYINC/Python.h" ] && [ -f /usr/include/pybind11/embed.h ] &&
   { [ ! -x "$PYLOOP" ] || [ "$HERE/bench/openspiel/pyspiel_loop.cc" -nt "$PYLOOP" ]; }; then
  echo "== building bench/openspiel/pyspiel_loop.cc (OpenSpiel's oh_hell in an embedded python$PYVER)"
  g++ -std=c++17 -O3 -DNDEBUG -I"$TREE" -I"$ABSL" -I"$PYINC" "$HERE/bench/openspiel/pyspiel_loop.cc" \
    "$OUT"/obj/*.o -Wl,--start-group $(find "$ABSL_BUILD/absl" -name 'libabsl_*.a' | sort) -Wl,--end-group \
    -lpython"$PYVER" -lpthread -o "$PYLOOP"
fi
PARLOUR="$BUILD/parlour"
[ -x "$PARLOUR" ] || { echo "openspiel_compare: build Parlour first (make build)" >&2; exit 2; }
# CPU seconds (user + system) of a whole process, and what it printed.
cpu_of() {
  /usr/bin/time -f '%U %S' -o "$OUT/time" "$@" >"$OUT/stdout"
  awk '{print $1 + $2}' "$OUT/time"
}
GAMES_P="${GAMES_P:-60000}"   # Parlour's games (each several hands)
GAMES_O="${GAMES_O:-200000}"  # OpenSpiel's (one deal each)
ratios=()
RUNS="${RUNS:-5}"
for run in $(seq 1 "$RUNS"); do
  t_p=$(cpu_of "$PARLOUR" sim oh-hell --players 4 --bots random --threads 1 --games "$GAMES_P" --seed "$run" --format json)
  d_p=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(round(d["games"] * d["length"]["mean"]))' "$OUT/stdout")
  t_o=$(cpu_of "$BIN" "$GAMES_O" "$run")
  d_o=$(awk '{print $2}' "$OUT/stdout")
  r=$(python3 -c "print(f'{($d_p / $t_p) / ($d_o / $t_o):.2f}')")
  printf 'run %d: Parlour %d decisions in %.2f s (%.2f M/s); OpenSpiel %d in %.2f s (%.2f M/s): %sx\n' \
    "$run" "$d_p" "$t_p" "$(python3 -c "print($d_p / $t_p / 1e6)")" "$d_o" "$t_o" \
    "$(python3 -c "print($d_o / $t_o / 1e6)")" "$r"
  ratios+=("$r")
done
printf 'Oh Hell!, 4 players, random playouts, one thread: Parlour / OpenSpiel decisions a second, median of %d: %sx\n' \
  "$RUNS" "$(printf '%s\n' "${ratios[@]}" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p")"

# From Python (section 8.4 of the issue): the per-state loop and the
# VectorEnv (N = 1,024, actions drawn in numpy, observations off: neither
# loop encodes one), in player steps a second, each against OpenSpiel's loop
# (bench/openspiel/pyspiel_loop.py) run just before it: under pyspiel itself
# where PYSPIEL names a folder it imports from (a build of OpenSpiel's
# `pyspiel` target, as its pip package builds it), else under the embedded
# pyspiel-style binding; with both, both, so that the binding can be checked
# against the real thing.
PYSPIEL="${PYSPIEL:-}"
if [ -n "$PYSPIEL" ] && ! PYTHONPATH="$PYSPIEL" /usr/bin/python3 -c 'import pyspiel' 2>/dev/null; then
  echo "openspiel_compare: PYSPIEL=$PYSPIEL: /usr/bin/python3 cannot import pyspiel from there" >&2
  exit 2
fi
loops=()
[ -n "$PYSPIEL" ] && loops+=(pyspiel)
[ -x "$PYLOOP" ] && loops+=(pyspiel-style)
if [ "${#loops[@]}" -gt 0 ] && [ -d "$BUILD/python/parlour" ]; then
  for run in 1 2 3; do
    for which in "${loops[@]}"; do
      if [ "$which" = pyspiel ]; then
        read -r os_steps _ os_secs < <(PYTHONPATH="$PYSPIEL" /usr/bin/python3 \
          "$HERE/bench/openspiel/pyspiel_loop.py" 3 "$run")
      else
        read -r os_steps _ os_secs < <("$PYLOOP" 3 "$run" "$HERE/bench/openspiel")
      fi
      PYTHONPATH="$BUILD/python:$HERE/bench" /usr/bin/python3 - "$which" "$os_steps" "$os_secs" <<'PY'
import sys
from python_bench import Vector, per_state_loop
which, os_rate = sys.argv[1], int(sys.argv[2]) / float(sys.argv[3])
loop, _ = per_state_loop("oh-hell", 4)
v = Vector("oh-hell", 4, 1024, observations=False)
vec, _ = v.python(400)
print(f"python: {which} loop {os_rate:,.0f} player steps/s; Parlour per-state loop "
      f"{loop:,.0f} ({loop / os_rate:.1f}x, target 1.0x); VectorEnv N=1024 {vec:,.0f} "
      f"({vec / os_rate:.1f}x, target 10x)")
PY
    done
  done
else
  echo "openspiel_compare: no Python comparison (needs /usr/bin/python3 and Parlour's module in $BUILD/python (make python), and PYSPIEL or python3-dev with pybind11-dev)"
fi
