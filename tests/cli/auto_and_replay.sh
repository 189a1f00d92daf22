# `play --auto` is deterministic, names the loser, and its record replays the same game.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
expect_status 0 "auto game runs" -- "$PARLOUR" play old-maid --auto --players 4 --seed 7
cp out first
expect_in first "is the Old Maid" "the end names the loser"
expect_in first "Final scores:" "the end shows the scores"
"$PARLOUR" play old-maid --auto --players 4 --seed 7 >second 2>&1
cmp -s first second && pass "same text on every run" || fail "two runs with seed 7 differ"
"$PARLOUR" play old-maid --auto --players 4 --seed 8 >third 2>&1
cmp -s first third && fail "seeds 7 and 8 played the same game" || pass "another seed, another game"
expect_status 0 "auto game with a record" -- "$PARLOUR" play old-maid --auto --players 4 --seed 7 --record r.json
grep -v '^Record saved' out >played
cmp -s first played && pass "recording does not change the game" || fail "the recorded game differs from the plain one"
expect_in out "Record saved in r.json" "says where the record went"
expect_status 0 "replay" -- "$PARLOUR" replay r.json
cmp -s first out && pass "replay reproduces the same game, line for line" || { fail "replay differs"; diff first out | head; }
expect_status 0 "replay as one seat" -- "$PARLOUR" replay r.json --seat 2
expect_in out "Seat 2" "a seat's replay tells the story"
# Seat 2 may not see what seat 0 draws from seat 3 (unless it lands face up).
if grep "Seat 0 draws [^ ]* (card .* from Seat 3" out | grep -qv "lays down"; then fail "seat 2's replay shows what seat 0 drew"; else pass "seat 2's replay hides other seats' draws"; fi
grep -q "Seat 0 draws card" out && pass "seat 2's replay tells of seat 0's draws without the card" || fail "no hidden draw narrated"
# Piped output is plain text: no terminal escapes.
if grep -q $'\033' first; then fail "escape codes in piped output"; else pass "plain text when piped"; fi
finish
