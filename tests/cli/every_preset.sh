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
# Each game's story as played (told/; at the fewest and most players also in
# replay-told/) and as its record replays it (replayed/), under the same
# name: checked together after the loop, in one process each rather than
# several per game (a process costs some 25 ms here, and there are about 500
# games).
mkdir "$WORK/told" "$WORK/replay-told" "$WORK/replayed"
n=0
while read -r name rest; do
  range=$(range_of "$rest")
  [ -n "$range" ] || { fail "no player range on the list line of $name"; continue; }
  set -- $range
  for p in $(seq "$1" "$2"); do
    id="$name-$p"
    if ! "$PARLOUR" play "$name" --auto --players "$p" --seed "$p" --record "$WORK/$id.json" >"$WORK/told/$id" 2>&1; then
      fail "$name with $p players exited $?"; continue
    fi
    # At the fewest and the most players (every count in between is played
    # above, and replayed in process by all_games_test): the record replayed
    # by the program, the story as seat 0 was told it ("You" for seat 0, with
    # the verbs for you), and random bots (stories the game's own bots never
    # reach).
    if [ "$p" = "$1" ] || [ "$p" = "$2" ]; then
      "$PARLOUR" replay "$WORK/$id.json" >"$WORK/replayed/$id" 2>&1 || fail "$name with $p players: replay exited $?"
      "$PARLOUR" replay "$WORK/$id.json" --seat 0 >"$WORK/$id.seat" 2>&1 || fail "$name with $p players: replay --seat 0 exited $?"
      "$PARLOUR" play "$name" --auto --players "$p" --seed "$((p + 100))" --bot random >"$WORK/$id.random" 2>&1 ||
        fail "$name with $p players and random bots exited $?"
    fi
    n=$((n + 1))
  done
done <"$WORK/list"
[ "$n" -ge 100 ] && pass "$n preset and player-count games played to the end" || fail "only $n games"
unfinished=$(grep -LE "Final scores:|^(Won|Lost)" "$WORK"/told/*)
[ -z "$unfinished" ] && pass "every story ends with the final scores or the result" ||
  fail "these stories do not finish: $(echo $unfinished | head -c 300)"
# Saying where the record went is the play's alone; the rest, byte for byte,
# is what replaying the record tells.
sed -i '/^Record saved/d' "$WORK"/told/*
(cd "$WORK/replayed" && cp -t "$WORK/replay-told" $(printf "$WORK/told/%s " *))
diff -r "$WORK/replay-told" "$WORK/replayed" >"$WORK/diff" &&
  pass "$(ls "$WORK/replayed" | wc -l) records replay the stories they were played with" ||
  { fail "$(grep -c '^diff' "$WORK/diff") replays tell another story"; head -12 "$WORK/diff"; }
python3 "$(dirname "$0")/story_lint.py" "$WORK"/told/* "$WORK"/*.random "$WORK"/*.seat >"$WORK/lint" &&
  pass "$(ls "$WORK"/told/* "$WORK"/*.random "$WORK"/*.seat | wc -l) stories pass the story lint (seat 0's among them)" ||
  { fail "$(wc -l <"$WORK/lint") lines fail the story lint"; head -20 "$WORK/lint"; }
finish
