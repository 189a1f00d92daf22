# Every name `parlour list` shows plays to the end under --auto, for each player count it allows.
source "$(dirname "$0")/lib.bash"
"$PARLOUR" list >"$WORK/list" || fail "parlour list"
n=0
while read -r name rest; do
  range=$(echo "$rest" | sed -n 's/.*(\([0-9]*\)-\([0-9]*\) players)$/\1 \2/p')
  [ -n "$range" ] || { fail "no player range on the list line of $name"; continue; }
  set -- $range
  for p in $(seq "$1" "$2"); do
    if ! "$PARLOUR" play "$name" --auto --players "$p" --seed "$p" >"$WORK/out" 2>&1; then
      fail "$name with $p players exited $?"; continue
    fi
    grep -q "Final scores:" "$WORK/out" || fail "$name with $p players did not finish"
    n=$((n + 1))
  done
done <"$WORK/list"
[ "$n" -ge 100 ] && pass "$n preset and player-count games played to the end" || fail "only $n games"
finish
