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
