#!/bin/bash
# tests/mpi/checkpoint.sh PARLOUR PARLOUR_MPI
#
# A 4-rank parlour-mpi run with --checkpoint has its ranks killed (-9) midway (once its
# checkpoint holds some chunks and not all), resumed with the same flags,
# and must print what an uninterrupted `parlour sim` prints; a checkpoint is
# refused for a run with another seed, with a message naming --seed. The same
# for solve (Montana's deals; its output but the line of times). (Issue 40.)
set -uo pipefail
P="$(realpath "$1")"
PM="$(realpath "$2")"
MPIRUN=(mpirun --allow-run-as-root --oversubscribe)
export OMPI_MCA_btl_vader_single_copy_mechanism=none
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
failed=0
FLAGS=(sim old-maid --players 4 --bots random --games 200000 --seed 7 --format json)
"$P" "${FLAGS[@]}" >one.txt || { echo "FAIL: parlour sim"; exit 1; }

# interrupted FILE ARGS...: a 4-rank run of ARGS with --checkpoint FILE, its
# ranks killed at once (a crash, not a polite stop) at the first checkpoint
# that holds a chunk; sets done_chunks to the chunks FILE then holds.
interrupted() {
  local file="$1"
  shift
  "${MPIRUN[@]}" -n 4 "$PM" "$@" --checkpoint "$file" --checkpoint-every 0.1 >part.txt 2>part.err &
  local job=$!
  for _ in $(seq 1 500); do
    [ -s "$file" ] && grep -q '"done":\[[0-9]' "$file" && break
    sleep 0.02
  done
  pkill -KILL -P "$job" 2>/dev/null
  wait "$job"
  done_chunks=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["runs"][0]["done"]))' \
    "$file" 2>/dev/null || echo 0)
}

interrupted ck.json "${FLAGS[@]}" --chunk 500
if [ "$done_chunks" -gt 0 ] && [ "$done_chunks" -lt 400 ] && [ ! -s part.txt ]; then
  echo "ok: killed with $done_chunks of 400 chunks in the checkpoint, nothing printed"
else
  echo "FAIL: the interrupted run: $done_chunks chunks kept; printed $(wc -c <part.txt) bytes"
  cat part.err | head -5
  failed=1
fi

# Resumed: the same output as the single process.
"${MPIRUN[@]}" -n 4 "$PM" "${FLAGS[@]}" --chunk 500 --checkpoint ck.json >resumed.txt 2>resumed.err
if cmp -s one.txt resumed.txt; then
  echo "ok: resumed, the output is parlour sim's, byte for byte"
else
  echo "FAIL: the resumed run differs"; diff one.txt resumed.txt | head; cat resumed.err | head -5
  failed=1
fi

# Another seed: refused, naming it; the checkpoint is left as it was.
cp ck.json before.json
"${MPIRUN[@]}" -n 2 "$PM" sim old-maid --players 4 --bots random --games 200000 --seed 8 \
  --format json --chunk 500 --checkpoint ck.json >other.txt 2>other.err
status=$?
if [ "$status" = 2 ] && grep -q -- "--seed 7.*--seed 8" other.err && cmp -s ck.json before.json; then
  echo "ok: another seed is refused: $(grep -o 'was written.*' other.err | head -1)"
else
  echo "FAIL: another seed: status $status"; cat other.err | head -5; failed=1
fi
# solve: killed, resumed, the single process's verdicts.
SOLVE=(solve montana --deals 120 --max-positions 400000 --limit-seconds 1000)
"$P" "${SOLVE[@]}" --threads 2 | grep -v '^Time per deal' >one.txt || { echo "FAIL: parlour solve"; exit 1; }
interrupted solve.json "${SOLVE[@]}" --chunk 4
"${MPIRUN[@]}" -n 4 "$PM" "${SOLVE[@]}" --chunk 4 --checkpoint solve.json >resumed.txt 2>resumed.err
if [ "$done_chunks" -gt 0 ] && [ "$done_chunks" -lt 30 ] && [ ! -s part.txt ] &&
   cmp -s one.txt <(grep -v '^Time per deal' resumed.txt); then
  echo "ok: solve killed with $done_chunks of 30 chunks kept, resumed: parlour solve's verdicts"
else
  echo "FAIL: solve: $done_chunks chunks kept; printed $(wc -c <part.txt) bytes before the kill"
  diff one.txt resumed.txt | head; head -5 resumed.err
  failed=1
fi
"${MPIRUN[@]}" -n 2 "$PM" solve montana --deals 120 --max-positions 50000 --limit-seconds 1000 \
  --chunk 4 --checkpoint solve.json >other.txt 2>other.err
status=$?
if [ "$status" = 2 ] && grep -q -- "--max-positions 400000.*--max-positions 50000" other.err; then
  echo "ok: solve with another budget is refused: $(grep -o 'was written.*' other.err | head -1)"
else
  echo "FAIL: solve with another budget: status $status"; head -5 other.err; failed=1
fi
exit $failed
