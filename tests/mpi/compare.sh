#!/bin/bash
# tests/mpi/compare.sh PARLOUR PARLOUR_MPI
#
# parlour-mpi prints, byte for byte, what parlour prints for the same flags,
# at 1 to 4 ranks (4 oversubscribed on two cores; the odd count included):
# Old Maid on its fast path, Old Maid through the generic engine (a bot that
# is not blind), Bachelor Girl, a duplicate tournament and fairness over 2
# to 5 players; small chunks, so that every rank plays several and they come
# back out of order; and solve, Montana's, Klondike's and Monte Carlo's deals
# (every line but the one of times, which no two runs share). Bad flags:
# status 2 from mpirun, with the CLI's message.
# (Issue 40: the fact it rests on is the single process's own output.)
set -uo pipefail
P="$(realpath "$1")"
PM="$(realpath "$2")"
MPIRUN=(mpirun --allow-run-as-root --oversubscribe)
# Containers may forbid cross-memory attach; shared memory still serves.
export OMPI_MCA_btl_vader_single_copy_mechanism=none
failed=0
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

same() {  # RANKS CHUNK COMMAND ARGS...: parlour-mpi at RANKS ranks, --chunk CHUNK, against parlour
  local n="$1" chunk="$2" times=cat
  shift 2
  [ "$1" = solve ] && times="grep -v ^Time.per.deal"
  "$P" "$@" >one.txt 2>one.err || { echo "FAIL: parlour $* exited $?"; cat one.err; failed=1; return; }
  "${MPIRUN[@]}" -n "$n" "$PM" "$@" --chunk "$chunk" >many.txt 2>many.err || {
    echo "FAIL: $n ranks: parlour-mpi $* exited $?"
    cat many.err
    failed=1
    return
  }
  if [ -s one.txt ] && cmp -s <($times one.txt) <($times many.txt); then
    echo "ok: $n ranks: $*"
  else
    echo "FAIL: $n ranks: parlour-mpi $* differs from parlour:"
    diff one.txt many.txt | head -20
    failed=1
  fi
}

for n in 1 2 3 4; do
  same "$n" 7000 sim old-maid --players 4 --games 100000 --seed 7 --format json
done
for n in 2 3; do
  same "$n" 300 sim old-maid --players 4 --bots random --games 4000 --seed 7
  same "$n" 120 sim bachelor-girl --bots random --games 1500 --seed 3 --format csv --threads 2
done
same 4 100 sim old-maid --players 5 --bots random --games 3000 --seed 2 --format json
same 3 100 tournament old-maid --players 2 --bots random,blind --duplicate --games 3000 --format json
same 3 2000 fairness old-maid --from 2 --to 5 --games 8000 --plot f.svg
# Limited by positions alone (not seconds), so the verdicts are the same on
# every run: some deals undecided, and listed.
for n in 2 4; do
  same "$n" 3 solve montana --deals 60 --max-positions 20000 --limit-seconds 1000
done
same 3 2 solve klondike --deals 30 --max-positions 20000 --limit-seconds 1000 --threads 2
same 2 5 solve monte-carlo --deals 50 --max-positions 20000 --limit-seconds 1000 --opt close-gaps=any-time

# Bad flags: refused before any work, by rank 0, with the CLI's message.
"${MPIRUN[@]}" -n 2 "$PM" sim old-maid --bots no-such-bot --games 10 >out.txt 2>err.txt
status=$?
if [ "$status" = 2 ] && grep -q "unknown bot 'no-such-bot'" err.txt && [ ! -s out.txt ] &&
   [ "$(grep -c "unknown bot" err.txt)" = 1 ]; then
  echo "ok: a bad bot is refused once, status 2"
else
  echo "FAIL: a bad bot: status $status"; cat err.txt; failed=1
fi
"${MPIRUN[@]}" -n 2 "$PM" sim old-maid --games 10 --chunk 0 >out.txt 2>err.txt
status=$?
if [ "$status" = 2 ] && grep -q -- "--chunk" err.txt; then
  echo "ok: --chunk 0 is refused, status 2"
else
  echo "FAIL: --chunk 0: status $status"; cat err.txt; failed=1
fi
exit $failed
