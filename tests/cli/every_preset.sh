# Every name `parlour list` shows plays to the end under --auto, for each
# player count it allows; its record replays the same story byte for byte;
# and that story, and (at the fewest and the most players) the same told to
# seat 0 and another with random bots, pass the story lint
# (story_lint.py: issue 36's patterns of a false or garbled line).
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
    story="$WORK/$name-$p"
    if ! "$PARLOUR" play "$name" --auto --players "$p" --seed "$p" --record "$story.json" >"$WORK/out" 2>&1; then
      fail "$name with $p players exited $?"; continue
    fi
    grep -qE "Final scores:|^(Won|Lost)" "$WORK/out" || fail "$name with $p players did not finish"
    grep -v '^Record saved' "$WORK/out" >"$story.play"
    "$PARLOUR" replay "$story.json" >"$story.replay" 2>&1 || fail "$name with $p players: replay exited $?"
    cmp -s "$story.play" "$story.replay" ||
      { fail "$name with $p players: the replay tells another story"; diff "$story.play" "$story.replay" | head -4; }
    # At the fewest and the most players (every count in between is played
    # above): the story as seat 0 was told it ("You" for seat 0, with the
    # verbs for you), and random bots (stories the game's own bots never
    # reach).
    if [ "$p" = "$1" ] || [ "$p" = "$2" ]; then
      "$PARLOUR" replay "$story.json" --seat 0 >"$story.seat" 2>&1 || fail "$name with $p players: replay --seat 0 exited $?"
      "$PARLOUR" play "$name" --auto --players "$p" --seed "$((p + 100))" --bot random >"$story.random" 2>&1 ||
        fail "$name with $p players and random bots exited $?"
    fi
    n=$((n + 1))
  done
done <"$WORK/list"
[ "$n" -ge 100 ] && pass "$n preset and player-count games played to the end" || fail "only $n games"
python3 "$(dirname "$0")/story_lint.py" "$WORK"/*.play "$WORK"/*.random "$WORK"/*.seat >"$WORK/lint" &&
  pass "$(ls "$WORK"/*.play "$WORK"/*.random "$WORK"/*.seat | wc -l) stories pass the story lint (seat 0's among them)" ||
  { fail "$(wc -l <"$WORK/lint") lines fail the story lint"; head -20 "$WORK/lint"; }
finish
