#!/bin/bash
# tests/mpi/checkpoint.sh PARLOUR PARLOUR_MPI
#
# A 4-rank parlour-mpi run with --checkpoint is killed midway (once its
# checkpoint holds some chunks and not all), resumed with the same flags,
# and must print what an uninterrupted `parlour sim` prints; a checkpoint is
# refused for a run with another seed, with a message naming --seed. (Issue 40.)
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

# Interrupted: killed at the first checkpoint that holds a chunk.
"${MPIRUN[@]}" -n 4 "$PM" "${FLAGS[@]}" --chunk 500 --checkpoint ck.json --checkpoint-every 0.2 \
  >part.txt 2>part.err &
job=$!
for _ in $(seq 1 300); do
  [ -s ck.json ] && grep -q '"done":\[[0-9]' ck.json && break
  sleep 0.05
done
kill -TERM "$job" 2>/dev/null
wait "$job"
done_chunks=$(python3 -c 'import json; print(len(json.load(open("ck.json"))["runs"][0]["done"]))' 2>/dev/null || echo 0)
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
exit $failed
