#!/bin/bash
# bench/mpi_scaling.sh [BUILD]: parlour-mpi's scaling on this machine (issue 40).
#
# Wall time T(n) at n ranks of one thread for a fixed number of games, two
# workloads: 10^7 Old Maid games on the fast path, and 10^5 Bachelor Girl
# games through the generic engine with its greedy bot (its default, the
# search bot, takes about a second a game: 10^5 would be a day). Prints
# E(n) = T(1) / (n T(n)), MPI's own cost (1 rank against `parlour sim
# --threads 1`), 4 ranks against 2 (oversubscribed on 2 cores), 2 ranks x 1
# thread against 1 rank x 2 threads, and the share of rank 0's time spent
# handing chunks out at the default chunk size, against the issue's targets.
set -euo pipefail
BUILD="${1:-build}"
P="$BUILD/parlour"
PM="$BUILD/parlour-mpi"
[ -x "$PM" ] || { echo "mpi_scaling: no $PM (make build, with Open MPI installed)" >&2; exit 2; }
# --bind-to none: Open MPI binds each rank to one core when there are at most
# two, which leaves a rank's second thread nowhere to run.
MPIRUN=(mpirun --allow-run-as-root --oversubscribe --bind-to none)
export OMPI_MCA_btl_vader_single_copy_mechanism=none
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
REPS="${REPS:-2}"  # each time the least of REPS runs: this machine's neighbours come and go
secs() {  # the wall time of a command, its output dropped
  local t0 t1 best=""
  for _ in $(seq "$REPS"); do
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>"$log"
    t1=$(date +%s.%N)
    best=$(awk -v a="$t0" -v b="$t1" -v m="$best" 'BEGIN { t = b - a; if (m != "" && m < t) t = m; printf "%.3f", t }')
  done
  echo "$best"
}
ratio() { awk "BEGIN { printf \"%.3f\", $1 }"; }
# Bachelor Girl's 10^5 games are two chunks at the default size: 4,096 a
# chunk lets the ranks share them (the hand-out figure is Old Maid's).
for w in "old-maid --players 4 --games 10000000 --seed 7|" \
         "bachelor-girl --bots greedy --games 100000 --seed 7|--chunk 4096"; do
  read -r -a W <<<"${w%|*}"
  read -r -a C <<<"${w#*|}"
  echo "== ${W[0]}: ${W[*]:1}"
  ref=$(secs "$P" sim "${W[@]}" --threads 1)
  t1=$(secs "${MPIRUN[@]}" -n 1 "$PM" sim "${W[@]}" "${C[@]}" --threads 1)
  t2=$(secs "${MPIRUN[@]}" -n 2 "$PM" sim "${W[@]}" "${C[@]}" --threads 1 --traffic)
  traffic=$(grep -o '[0-9.]*% of' "$log" | head -1)
  t4=$(secs "${MPIRUN[@]}" -n 4 "$PM" sim "${W[@]}" "${C[@]}" --threads 1)
  t12=$(secs "${MPIRUN[@]}" -n 1 "$PM" sim "${W[@]}" "${C[@]}" --threads 2)
  printf '  parlour sim --threads 1: %.2f s\n' "$ref"
  printf '  T(1) %.2f s  T(2) %.2f s  T(4) %.2f s\n' "$t1" "$t2" "$t4"
  echo "  MPI's own cost: parlour sim / 1 rank = $(ratio "$ref / $t1") (target at least 0.97)"
  echo "  E(2) = $(ratio "$t1 / (2 * $t2)") (target at least 0.90)"
  echo "  4 ranks / 2 ranks throughput = $(ratio "$t2 / $t4") (target at least 0.90); E(4) = $(ratio "$t1 / (4 * $t4)")"
  echo "  2 ranks x 1 thread / 1 rank x 2 threads time = $(ratio "$t2 / $t12") (target within 0.90 to 1.10)"
  echo "  chunk hand-out at 2 ranks: ${traffic% of} of rank 0's wall time (target under 1%)"
done
