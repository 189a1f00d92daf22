# `parlour odds` and `parlour sim` as a user runs them.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
expect_status 0 "exact odds, 3 players" -- "$PARLOUR" odds old-maid --players 3
expect_in out "seat 2" "odds name every seat"
expect_in out "Exact; precision" "odds say they are exact and how precise"
expect_in out "Method:" "odds print the method"
expect_status 2 "odds for 5 players from the deal" -- "$PARLOUR" odds old-maid --players 5
expect_in err "parlour sim" "points to sim instead"
expect_status 2 "odds of a game without them" -- "$PARLOUR" odds bachelor-girl
"$PARLOUR" play old-maid --auto --players 4 --seed 7 --record r.json >/dev/null
expect_status 0 "odds at a move of a record" -- "$PARLOUR" odds old-maid --record r.json --at 30
expect_in out "after move 30 of" "says where in the record"
expect_status 0 "odds as one seat knows them" -- "$PARLOUR" odds old-maid --record r.json --at 30 --seat 1
expect_in out "as seat 1 can know them" "says whose knowledge"
expect_status 2 "--at past the end" -- "$PARLOUR" odds old-maid --record r.json --at 9999
expect_status 2 "--seat without a record" -- "$PARLOUR" odds old-maid --seat 1
expect_status 2 "--players with a record" -- "$PARLOUR" odds old-maid --record r.json --players 3
expect_status 2 "odds of a missing record" -- "$PARLOUR" odds old-maid --record nothing.json

# The games for stakes: expected results per chip under the optimal play.
expect_status 0 "exact edges of Macao" -- "$PARLOUR" odds macao
expect_in out "banker  +" "Macao names the banker's edge"
expect_in out "ties=banker" "and the figures under each option"
expect_in out "Exact; precision" "and says they are exact"
expect_status 0 "Macao's edge checked by play" -- "$PARLOUR" odds macao --players 2 --check 20000
expect_in out "measured" "the check prints what it measured beside the exact figure"
expect_status 0 "exact edges of Baccara" -- "$PARLOUR" odds baccara --opt packs=1
expect_in out "right  +" "Baccara names each side's figure"
expect_in out "packs=6" "and the figures for each number of packs"
expect_status 0 "Farmer's figures heads-up, in counters" -- "$PARLOUR" odds farmer --players 2 --check 20000
expect_in out "farmer  +0.77" "Farmer names the farmer's counters a deal"
expect_in out "the fair price" "and the price at which the farm is fair"
expect_in out "Exact; precision 1.0e-12 (counters)" "exact heads-up, in counters"
expect_in out "Measured; 95% interval" "the check says it is measured"
expect_status 0 "Farmer's model at four players" -- "$PARLOUR" odds farmer
expect_in out "Not exact; precision" "with more players the figures are a model's, and say so"
expect_status 0 "optimal play against threshold on the same cards" -- "$PARLOUR" odds macao --check 20000 --against threshold
expect_in out "optimal - threshold" "the comparison names both bots"
expect_in out "exactly: as punter" "and gives the exact gain"
expect_status 2 "--against without --check" -- "$PARLOUR" odds macao --against threshold
expect_in err "--check" "says --against wants --check"
expect_status 2 "--against an unknown bot" -- "$PARLOUR" odds macao --check 100 --against clever
expect_in err "unknown bot 'clever'" "names the unknown bot"
expect_status 2 "--check of one hand" -- "$PARLOUR" odds macao --check 1
expect_status 2 "--check where the odds are chances" -- "$PARLOUR" odds old-maid --players 3 --check 1000
expect_status 0 "a duplicate tournament" -- "$PARLOUR" tournament macao --players 2 --bots optimal,threshold --games 40 --duplicate
expect_in out "duplicate (the first's mean score" "compares the bots deal by deal"

# sim: same figures whatever the threads; JSON with seats, lose and lose_ci.
"$PARLOUR" sim old-maid --players 4 --games 200000 --seed 1 --threads 1 --format json >one.json
"$PARLOUR" sim old-maid --players 4 --games 200000 --seed 1 --threads 2 --format json >two.json
cmp -s one.json two.json && pass "sim gives the same figures with 1 and 2 threads" || fail "sim differs by thread count"
python3 - <<'PY' && pass "sim JSON has games and seats with seat, lose and lose_ci" || fail "sim JSON shape"
import json
j = json.load(open("one.json"))
assert j["games"] == 200000
assert [s["seat"] for s in j["seats"]] == [0, 1, 2, 3]
for s in j["seats"]:
    assert 0 <= s["lose_ci"][0] <= s["lose"] <= s["lose_ci"][1] <= 1
PY
# The exact 3-player odds agree with a simulation of a million games.
"$PARLOUR" odds old-maid --players 3 >odds.txt
"$PARLOUR" sim old-maid --players 3 --games 1000000 --threads 2 --format json >sim3.json
python3 - <<'PY' && pass "exact odds agree with sim" || fail "exact odds and sim disagree"
import json, re
odds = [float(x) / 100 for x in re.findall(r"seat \d+\s+([0-9.]+)%", open("odds.txt").read())]
sim = json.load(open("sim3.json"))["seats"]
for o, s in zip(odds, sim):
    assert s["lose_ci"][0] - 0.001 <= o <= s["lose_ci"][1] + 0.001, (o, s)
PY
expect_status 0 "sim as csv" -- "$PARLOUR" sim old-maid --players 3 --games 1000 --format csv
expect_in out "seat,bot,games,win" "csv header"
expect_status 2 "sim with a bad format" -- "$PARLOUR" sim old-maid --format xml
expect_status 2 "sim with an unknown bot" -- "$PARLOUR" sim old-maid --bots clever
expect_status 2 "sim with too few bots" -- "$PARLOUR" sim old-maid --players 3 --bots blind,blind
expect_status 2 "sim with zero games" -- "$PARLOUR" sim old-maid --games 0
# fairness: tables, verdicts and a plot.
expect_status 0 "fairness for 2 to 4 players" -- "$PARLOUR" fairness old-maid --from 2 --to 4 --games 20000 --plot fair.svg
expect_in out "Verdict:" "fairness gives verdicts"
expect_in out "the dealer offers first" "fairness compares who offers first"
expect_in out "equal hands, spare cards aside" "and equal hands"
[ -s fair.svg ] && grep -q "<svg" fair.svg && pass "fairness draws an SVG plot" || fail "no SVG plot"
expect_status 2 "fairness with a bad plot name" -- "$PARLOUR" fairness old-maid --from 2 --to 2 --games 2000 --plot fair.txt
expect_status 2 "fairness beyond the player range" -- "$PARLOUR" fairness old-maid --from 2 --to 20
expect_status 2 "fairness of a game without variants" -- "$PARLOUR" fairness bachelor-girl
# Double-dummy tables of bridge deals (DDS), and bad deals refused.
apart="N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
expect_status 0 "the table of a deal" -- "$PARLOUR" dd --deal "$apart"
expect_in out "NT     0   0   0   0" "at no trumps the leader's long suit takes all"
expect_in out "S     13   0  13   0" "North's thirteen spades take all for North and South"
expect_status 0 "random deals, timed" -- "$PARLOUR" dd --random 3 --seed 1
expect_in out "3 deals solved by DDS in" "says the total time"
expect_in out "the slowest, deal" "and the slowest deal"
expect_status 2 "a card dealt twice" -- "$PARLOUR" dd --deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543A"
expect_in err "AC is dealt twice" "names the card"
expect_status 2 "hands of unequal size" -- "$PARLOUR" dd --deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543"
expect_in err "unequal size" "names the hands' sizes"
expect_status 2 "neither a deal nor --random" -- "$PARLOUR" dd
# Double dummy inside a record of a trick game: each legal card at a
# position, and a replay that weighs every card, told after each trick.
"$PARLOUR" play bridge-whist --auto --seed 2 --opt scope=deal --record bwd.json >/dev/null
expect_status 0 "double dummy at a position of a record" -- "$PARLOUR" --ascii dd --record bwd.json --at 12
expect_in out "Double dummy after move 12 of" "says where in the record"
expect_in out "this trick included, after each card:" "says what the figures count"
expect_status 0 "a replay weighing every card" -- "$PARLOUR" --ascii replay bwd.json --dd
[ "$(grep -c "Double dummy: " out)" = 13 ] || fail "replay --dd tells $(grep -c "Double dummy: " out) tricks of a deal's 13"
expect_status 2 "double dummy before the play" -- "$PARLOUR" dd --record bwd.json --at 0
expect_in err "no card is to be played" "says the position has no card to play"
expect_status 2 "a record without --at" -- "$PARLOUR" dd --record bwd.json
expect_in err "--at MOVE" "asks for the move"
expect_status 2 "double dummy of a game without tricks" -- "$PARLOUR" dd --record r.json --at 5
expect_in err "has no double-dummy analysis; the games that have it: bridge-whist" "names the games that have it"
expect_status 2 "replay --dd as one seat" -- "$PARLOUR" replay bwd.json --dd --seat 1
expect_in err "goes without --seat" "refuses a seat's view with every hand read"
# A game that counts points, not tricks (Polignac's Jacks): the fewest
# counters the player can be held to, in counters.
"$PARLOUR" play polignac --auto --seed 2 --opt deals=1 --record pol.json >/dev/null
expect_status 0 "double dummy of Polignac's counters" -- "$PARLOUR" --ascii dd --record pol.json --at 5
expect_in out "the counters Seat 2 takes from here, this trick included, after each card (the fewest, every other player giving it the most):" "says what the figures count"
expect_in out "  AH  2 counters" "counts counters"
expect_status 0 "a replay of Polignac weighing every card" -- "$PARLOUR" --ascii replay pol.json --dd
expect_in out "cost Seat 3 two counters" "tells a card's cost in counters"
[ "$(grep -c "Double dummy: " out)" = 8 ] || fail "replay --dd tells $(grep -c "Double dummy: " out) tricks of a deal's 8"

# A game where a bid is wanted (Oh Hell!): each card the fewest and the most
# tricks, what the bid needs, and a replay that tells only the cards that
# put a bid out of reach.
"$PARLOUR" play oh-hell --auto --players 4 --seed 3 --opt max-cards=3 --record oh.json >/dev/null
at=$(python3 -c "
import json, sys
r = json.load(open('oh.json'))
print(len(r['actions']) - 2)")
expect_status 0 "double dummy of a bid" -- "$PARLOUR" --ascii dd --record oh.json --at "$at"
expect_in out "the fewest and the most tricks Seat" "gives both counts"
expect_in out "'s bid: it wants" "says what the bid still wants"
expect_status 0 "a replay of Oh Hell! weighing every card" -- "$PARLOUR" --ascii replay oh.json --dd
grep -q "cost Seat" out && fail "a card of Oh Hell! said to cost tricks: $(grep -m1 "cost Seat" out)"
grep -qE "Double dummy: (no card of this trick put a bid out of reach|.*out of reach \(it wanted)" out ||
  fail "no trick weighed against the bids: $(grep -m2 "Double dummy" out)"

finish
