# Every name `parlour list` shows plays to the end under --auto, for each player count it allows.
source "$(dirname "$0")/lib.bash"
# The player range at the end of a list line: "(2-12 players)", "(4 players)"
# for a fixed number, "(1 player)" for a solitaire.
range_of() {
  echo "$1" | sed -n -e 's/.*(\([0-9]*\)-\([0-9]*\) players)$/\1 \2/p' -e 's/.*(\([0-9]*\) players\{0,1\})$/\1 \1/p'
}
[ "$(range_of "x A game (2-12 players)")" = "2 12" ] && [ "$(range_of "x Fixed (4 players)")" = "4 4" ] &&
  [ "$(range_of "x A patience (1 player)")" = "1 1" ] && pass "reads ranges, fixed counts and one player" ||
  fail "range_of misreads a list line"
"$PARLOUR" list >"$WORK/list" || fail "parlour list"
n=0
while read -r name rest; do
  range=$(range_of "$rest")
  [ -n "$range" ] || { fail "no player range on the list line of $name"; continue; }
  set -- $range
  for p in $(seq "$1" "$2"); do
    if ! "$PARLOUR" play "$name" --auto --players "$p" --seed "$p" >"$WORK/out" 2>&1; then
      fail "$name with $p players exited $?"; continue
    fi
    grep -qE "Final scores:|^(Won|Lost), with a score" "$WORK/out" || fail "$name with $p players did not finish"
    n=$((n + 1))
  done
done <"$WORK/list"
[ "$n" -ge 100 ] && pass "$n preset and player-count games played to the end" || fail "only $n games"
finish
