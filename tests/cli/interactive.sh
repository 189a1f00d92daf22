# A person at the terminal: piped input, bad input re-prompts, end of input quits cleanly.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
# Answers that fit either turn: at an offer "1" is refused and "o" offers; at a
# draw "s" and "o" are refused and "1" draws. So the game moves on to the end.
for i in $(seq 400); do printf 's\no\n1\n'; done >answers
"$PARLOUR" play old-maid --players 3 --seed 11 --record game.json <answers >out 2>err
status=$?
[ $status = 0 ] && pass "a piped game ends with status 0" || fail "exit $status: $(cat err)"
expect_in out "You are Seat 0" "says which seat is yours"
expect_in out "Your hand:" "shows your hand"
expect_in out "Pick a card from Seat 2's hand" "asks for a card when you draw"
expect_in out "o: offer" "offers to let you offer, shuffle or move"
expect_in out "is not a choice here. Accepted: o" "re-prompts bad input with what is accepted"
expect_in out "Final scores:" "plays to the end"
grep -qE "is the Old Maid|are the Old Maid" out && pass "names the loser" || fail "no loser named"
expect_in out "You draw" "narrates your draws"
expect_in out "Seat 1 draws" "narrates the bots' draws"
expect_status 0 "the human game's record replays" -- "$PARLOUR" replay game.json

# End of input mid-game: a clean stop, and the unfinished game is kept.
printf 'm 1 2\n' | "$PARLOUR" play old-maid --players 4 --seed 2 --record part.json >out 2>err
status=$?
[ $status = 0 ] && pass "end of input quits cleanly" || fail "exit $status on end of input"
expect_in out "Input ended" "says the input ended"
expect_in out "saved in part.json" "keeps the unfinished game"
expect_status 0 "an unfinished record replays" -- "$PARLOUR" replay part.json
expect_in out "unfinished" "says the record is unfinished"
printf '?\nq\n' | "$PARLOUR" play old-maid --players 4 --seed 2 >out 2>err
expect_in out "move 1 to 2" "? lists every choice"
expect_in out "You leave the table" "q quits"

# A seed you did not choose is told only at the end: it fixes the deal.
for i in $(seq 400); do printf 's\no\n1\n'; done | "$PARLOUR" play old-maid --players 3 >out 2>err
if head -1 out | grep -q seed; then fail "a generated seed is shown before play"; else pass "a generated seed is not shown before play"; fi
grep -qE "^Seed [0-9]+: \`--seed [0-9]+\` deals this game again" out && pass "the seed is told at the end" || fail "no seed at the end"

# Bachelor Girl at the terminal: choices are listed, and a claim is offered as a choice.
# Random bots make errors, so the person at the table is offered claims (at
# seed 2: the bots' random numbers decide whether one comes).
for i in $(seq 600); do printf '1\nc\n'; done | "$PARLOUR" play bachelor-girl --players 3 --seed 2 --bot random >out 2>err
status=$?
[ $status = 0 ] && pass "a piped Bachelor Girl game ends with status 0" || fail "bachelor-girl exit $status: $(cat err)"
expect_in out "Scores after hand 1" "Bachelor Girl shows the scores after each hand"
expect_in out "Final scores:" "Bachelor Girl plays to the end"
expect_in out "Claim both cards, or let it go." "a claim is offered in words"
expect_in out "claim both cards" "and as a choice"
expect_in out "You notice the error and take" "and taken when you claim"

# Typing whole labels works too.
# A person's results count in the stats, in the database the server uses.
for i in 1 2; do
  for k in $(seq 400); do printf 's\no\n1\n'; done | "$PARLOUR" play old-maid --players 2 --seed $i --name Ann --db stats.db >out 2>err
done
expect_in out "Ann at Old Maid: played 2" "the end of a game tells the player's stats"
expect_status 0 "the stats" -- "$PARLOUR" stats --db stats.db
expect_in out "Ann                      old-maid                  2" "list the player's games"
expect_status 2 "stats of no database" -- "$PARLOUR" stats --db none.db
expect_in err "no database none.db" "says so"
expect_status 2 "a name without a person" -- "$PARLOUR" play old-maid --auto --name Ann
expect_in err "--auto has no person" "says why"
printf 'shuffle\noffer\n' | "$PARLOUR" play old-maid --players 2 --seed 4 >out 2>err
expect_in out "You shuffle the fan face down." "labels are accepted as input"

# A zone named by a card (Michigan's boodle pots) shows the card, not its token.
printf '1\n' | "$PARLOUR" play michigan --players 3 --seed 4 >out 2>err
expect_in out "A♥ boodle: 1 chip" "a boodle pot is named by its card"
grep -q '\[\[[0-9]*\]\] boodle' out && fail "a boodle pot shows a raw card token" || pass "no raw card token names a pot"
# The header over the table calls a hand what the story calls it (issue 36, item 16).
for g in "polignac Deal" "baccara Coup" "farmer Deal" "chase-the-ace Round" "oh-hell Hand"; do
  set -- $g
  printf 'q\n' | "$PARLOUR" play "$1" --players 4 --seed 1 >out 2>err
  grep -qE "^── $2 [0-9]+ " out && pass "$1's header says \"$2 N\"" || fail "$1's header: $(grep '^──' out | head -1)"
  grep -qE "^── (Hand|Deal|Coup|Round) " out && ! grep -q "^── $2 " out && fail "$1's header uses another word"
done
# Conquian at the terminal (issue 38): the faced card is offered with its melds
# as `m` and hand positions; `p` lets it go; a discard is a hand position.
for i in $(seq 600); do printf 'p\n1\n'; done | "$PARLOUR" play conquian --seed 4 --opt deals=1 >out 2>err
status=$?
[ $status = 0 ] && pass "a piped Conquian deal ends with status 0" || fail "conquian exit $status: $(cat err)"
expect_in out "never taken into the hand" "the prompt says a faced card never enters the hand"
expect_in out "You pass" "the person's pass is told"
grep -qE "is ahead: counters|Nobody is ahead" out && pass "the deal ends" || fail "no end: $(tail -5 out)"

finish
