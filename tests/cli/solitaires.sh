# The solitaires as a user runs them: `parlour solve`, and play with undo
# and a hint.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
expect_status 0 "solve Montana's deals" -- "$PARLOUR" solve montana --deals 20 --threads 2
expect_in out "won" "prints the deals won"
expect_in out "(95%, Wilson)" "with the win rate's interval"
expect_in out "undecided" "and the share left undecided"
expect_in out "Time per deal" "and the time per deal"
expect_status 0 "the first round alone" -- "$PARLOUR" solve montana --deals 5 --opt redeals=0 --limit-seconds 1
expect_in out "redeals=0" "names the option"
expect_status 0 "solve Monte Carlo's deals" -- "$PARLOUR" solve monte-carlo --deals 50
expect_in out "Monte Carlo, 50 deals" "names the game and the deals"
expect_status 0 "Monte Carlo plays to the end under --auto" -- "$PARLOUR" play monte-carlo --auto --seed 4 --record mc.json
expect_in out "You discard" "the story names the pairs discarded"
expect_status 0 "and replays" -- "$PARLOUR" replay mc.json
expect_status 0 "Klondike plays to the end under --auto" -- "$PARLOUR" play klondike --auto --seed 2 --record k.json
expect_in out "You turn" "the story tells the stock turned"
expect_status 0 "and replays" -- "$PARLOUR" replay k.json
# Any move is taken back, as computer solitaires allow (issue 37, item 1);
# with undo=seen, not one that showed a card never seen.
printf 't\nu\nq\n' | "$PARLOUR" play klondike --seed 2 >out 2>err
expect_in out "Move taken back." "undo takes back a turn of the stock"
printf 't\nu\nq\n' | "$PARLOUR" play klondike --seed 2 --opt undo=seen >out 2>err
expect_in out "Cannot undo: that move turned up a card you had not seen" "with undo=seen, undo refuses to hide a card seen again"
expect_status 2 "solve a game without a solver" -- "$PARLOUR" solve old-maid
expect_in err "has no solver; the games with one: klondike, montana, monte-carlo" "says which games have one"
expect_status 0 "Klondike's thoughtful deals" -- "$PARLOUR" solve klondike --deals 5 --opt thoughtful=yes --limit-seconds 1
expect_in out "thoughtful=yes" "names the option"
expect_status 0 "Klondike's deals solved as dealt (issue 36, item 12)" -- "$PARLOUR" solve klondike --deals 5 --limit-seconds 1
expect_in out "every card known to the solver, the face-down ones too" "says the solver reads every card"
# "Deal a winnable game": deal 17 is beyond the budget, deal 18 is proved
# lost, deal 19 is proved won.
expect_status 0 "a winnable Klondike deal" -- "$PARLOUR" play klondike --auto --seed 17 --winnable --record kw.json
expect_in out "A deal the solver has proved winnable (3 deals tried)" "says how many deals it tried"
expect_in out "seed 19" "and deals the one proved won"
expect_status 0 "the deal it chose" -- "$PARLOUR" solve klondike --deals 1 --from 19 --opt thoughtful=yes
expect_in out "won               1" "is won with every card known"
expect_status 0 "the three deals" -- "$PARLOUR" solve klondike --deals 3 --from 17 --opt thoughtful=yes --max-positions 2000000
expect_in out "undecided deals (--from): 17" "names the one left undecided, to try again alone"
expect_status 0 "and replays" -- "$PARLOUR" replay kw.json
printf 'q\n' | "$PARLOUR" play montana --winnable >out 2>err
expect_in out "A deal the solver has proved winnable" "Montana deals a winnable game at random"
expect_status 2 "a winnable deal of a game without a solver" -- "$PARLOUR" play old-maid --winnable
expect_in err "--winnable needs a game with a solver (klondike, montana, monte-carlo)" "says which games have one"
expect_status 2 "solve with a bad time" -- "$PARLOUR" solve montana --limit-seconds 0
expect_in err "--limit-seconds" "names the option"
expect_status 2 "solve with a bad option" -- "$PARLOUR" solve montana --opt redeals=500
# A game played to its end with the solver's moves, recorded and replayed.
expect_status 0 "Montana plays to the end under --auto" -- "$PARLOUR" play montana --auto --seed 3 --record m.json
expect_in out "redeal" "the story tells the moves and redeals"
expect_status 0 "and replays" -- "$PARLOUR" replay m.json
# Part of a game, then: is it still winnable?
printf 'h\nq\n' | "$PARLOUR" play montana --seed 5 --record part.json >out 2>err
expect_in out "Hint (solver):" "a hint names the solver's move"
expect_status 0 "is the position still winnable?" -- "$PARLOUR" solve montana --record part.json
expect_in out "still winnable" "the solver answers with a line"
grep -q '\[\[' out && fail "the line names its cards (no [[n]] tokens)" || pass "the line names its cards"
# Undo takes back a move, not more.
printf 'jc\nu\nu\nq\n' | "$PARLOUR" play montana --seed 5 >out 2>err
expect_in out "Move taken back." "undo takes back the move"
expect_in out "Nothing to undo." "and then there is nothing more to take back"
# Redo plays the move taken back again; with none, it says so.
printf 'jc\nu\ny\ny\nq\n' | "$PARLOUR" play montana --seed 5 --record redo.json >out 2>err
expect_in out "Cannot redo: there is no move taken back to play again" "a second redo has nothing left"
[ "$(grep -c 'You move J♣' out)" = 2 ] && pass "redo plays the move again" || fail "redo plays the move again"
expect_status 0 "the game with a move redone replays" -- "$PARLOUR" replay redo.json
# Turned three at a time, the waste lies fanned: the two cards under the top are said (issue 36, item 14).
printf 't\nq\n' | "$PARLOUR" play klondike --seed 2 --opt draw=3 >out 2>err
grep -qE "waste: 3 cards, top [^ ]+  \(under it: [^ ]+ [^ ]+\)" out && pass "draw 3: the waste's fan is told" || fail "draw 3: $(grep waste: out | tail -1)"
finish
