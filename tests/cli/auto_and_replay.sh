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

# Bridge-Whist (issue 38): a whole rubber ends with the score-sheet (B1),
# ruled in ASCII with --plain: above and below the line, the games, the 100
# rubber points (B3), the totals and the difference.
expect_status 0 "a rubber of Bridge-Whist" -- "$PARLOUR" --plain play bridge-whist --auto --seed 1 --record bw.json
cp out rubber
expect_in rubber "Score-sheet. N-S: Seat 0 and Seat 2; E-W: Seat 1 and Seat 3." "the rubber ends with the score-sheet"
expect_in rubber "================   the line" "with the line ruled in ASCII"
grep -qE "^ +100 +rubber$|^ +100 +rubber$|^ {10,}100   rubber$" rubber && pass "the rubber's 100 above the line" || fail "no rubber line: $(tail -20 rubber)"
grep -qE "^ +[0-9]+ +[0-9]+   games$" rubber && pass "the games won" || fail "no games line"
grep -qE "^ +[0-9]+ +[0-9]+   totals$" rubber && pass "the totals" || fail "no totals line"
grep -qE "win the rubber|are ahead on the totals|totals are level" rubber && pass "and the difference" || fail "no result under the sheet"
if LC_ALL=C grep -q '[^ -~]' <(sed -n '/^Score-sheet/,$p' rubber | grep -v "♠\|♥\|♦\|♣"); then fail "the plain sheet is not ASCII"; else pass "the plain sheet is ASCII"; fi
expect_status 0 "the rubber's record replays" -- "$PARLOUR" replay bw.json
# Seat 1's replay: dummy's cards are told only when laid down, right after
# each deal's opening lead, never before.
expect_status 0 "replay as seat 1" -- "$PARLOUR" replay bw.json --seat 1
awk '/leads? /{lead=NR} /lays down the dummy hand/{ if (lead != NR-1) bad=1; n++ } END { exit (bad || n == 0) }' out \
  && pass "dummy is laid down at each opening lead, and not before" || fail "dummy shown away from the opening lead"
# At the terminal, `s` shows the sheet at any time.
printf 's\nq\n' | "$PARLOUR" --plain play bridge-whist --seed 3 >out 2>err
expect_in out "Score-sheet. We: you and Seat 2; They: Seat 1 and Seat 3." "s shows the score-sheet from the player's side"
# --explain: the bot's reasons for its make name the points needed (B5).
expect_status 0 "a deal with the bots' reasons" -- "$PARLOUR" play bridge-whist --auto --seed 1 --opt scope=deal --explain
expect_in out "reasons: needs 30 for game (nothing below the line)" "the make's reasons name the points needed"

# Conquian (issue 38): each pack, the Spanish names and three players play to
# the end; the record replays.
for opts in "" "--opt pack=ace-to-ten" "--opt names=spanish" "--players 3"; do
  expect_status 0 "conquian $opts" -- "$PARLOUR" play conquian --auto --seed 1 $opts --record cq.json
  expect_in out "eleven cards down" "conquian $opts: a deal is won"
  grep -qE "is ahead: counters|Nobody is ahead" out && pass "conquian $opts: the end" || fail "conquian $opts: no end: $(tail -3 out)"
  expect_status 0 "conquian $opts replays" -- "$PARLOUR" replay cq.json
done
"$PARLOUR" play conquian --auto --seed 1 --opt names=spanish >out 2>&1
grep -qE "(sota|caballo|rey) de (oros|copas|espadas|bastos)" out && pass "the Spanish names in the story" || fail "no Spanish names: $(head -5 out)"
if grep -q "♠\|♥\|♦\|♣" out; then fail "French suits in a Spanish story"; else pass "no French suit in the Spanish story"; fi

# Rum (issue 38): four players by the U.S. rules, and the 1929 English game of
# three; each deal ends with every hand's deadwood and what it pays.
expect_status 0 "rum for four" -- "$PARLOUR" play rum --auto --players 4 --seed 1 --record rum.json
expect_in out "goes out and wins deal 1" "a player goes out"
grep -qE "holds .*: deadwood [0-9]+; Seat [0-9] pays Seat [0-9] [0-9]+ counters?\." out && pass "the others' deadwood and payments" || fail "no deadwood line: $(grep -m3 holds out)"
expect_status 0 "the rum record replays" -- "$PARLOUR" replay rum.json
expect_status 0 "rum-english-1929 for three" -- "$PARLOUR" play rum-english-1929 --auto --players 3 --seed 1
expect_in out "calls \"Rummy\"" "Rummy is called"
grep -qE "unmatched [0-9]+, debited\." out && pass "every hand's unmatched cards debited" || fail "no debit line: $(grep -m3 holds out)"
grep -qE "^Seat [0-9] pays Seat [0-9] [0-9]+ counters?, the difference\." out && pass "and the differences paid" || fail "no difference paid"

finish
