# Seat odds under the default rules, 2 to 8 players (four counts), against an independent
# simulator (tests/independent/old_maid.py: Python, written from the seed texts,
# sharing nothing with Parlour).
source "$(dirname "$0")/lib.bash"
INDEPENDENT="$(dirname "$0")/../independent/old_maid.py"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
# Four counts of the seven: the fewest, the most, and two between (the
# Python simulator is most of the test's time; every count is compared with
# Parlour's exact odds by old_maid_test).
for p in 2 3 5 8; do
  "$PY" "$INDEPENDENT" "$p" 50000 "$p" >"$WORK/ind.json" || { fail "the independent simulator failed for $p players"; continue; }
  "$PARLOUR" sim old-maid --players "$p" --games 500000 --threads 2 --format json >"$WORK/sim.json"
  "$PY" - "$WORK/ind.json" "$WORK/sim.json" "$p" <<'PY' && pass "$p players agree seat by seat" || fail "$p players disagree"
import json, math, sys
ind = json.load(open(sys.argv[1])); sim = json.load(open(sys.argv[2]))["seats"]
n_ind, n_sim = 50000, 500000
for seat, (a, s) in enumerate(zip(ind, sim)):
    b = s["lose"]
    se = math.sqrt(a * (1 - a) / n_ind + b * (1 - b) / n_sim)
    if abs(a - b) > 4.5 * se:
        print(f"seat {seat}: independent {a:.4f}, parlour {b:.4f}, {abs(a - b) / se:.1f} standard errors apart")
        sys.exit(1)
PY
done
finish
