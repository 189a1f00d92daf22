# Bad input ends with a clear message and exit status 2, never a crash.
source "$(dirname "$0")/lib.bash"
cd "$WORK"
expect_status 2 "unknown option" -- "$PARLOUR" play old-maid --auto --opt colour=red
expect_in err "unknown option 'colour'" "names the unknown option"
expect_in err "discards" "lists the accepted options"
expect_status 2 "bad option value" -- "$PARLOUR" play old-maid --auto --opt discards=sideways
expect_in err "discards takes up|down" "says what the option takes"
expect_status 2 "option without =" -- "$PARLOUR" play old-maid --auto --opt discards
expect_status 2 "too many players" -- "$PARLOUR" play old-maid --auto --players 13
expect_in err "2 to 12 players, not 13" "says the allowed player counts"
expect_status 2 "too few players" -- "$PARLOUR" play old-maid --auto --players 1
expect_status 2 "preset player range" -- "$PARLOUR" play vieux-garcon --auto --players 2
expect_in err "3 to 12 players" "uses the preset's range"
expect_status 2 "one pack for nine" -- "$PARLOUR" play old-maid --auto --players 9 --opt packs=1
expect_status 2 "unknown game" -- "$PARLOUR" play old-mayd --auto
expect_in err "known games: " "lists the known games"
expect_in err "old-maid, " "among them old-maid"
expect_status 2 "rules of an unknown game" -- "$PARLOUR" rules chess
expect_status 2 "seat out of range" -- "$PARLOUR" play old-maid --players 3 --seat 3
expect_status 2 "seed not a number" -- "$PARLOUR" play old-maid --auto --seed seven
expect_status 2 "negative seed" -- "$PARLOUR" play old-maid --auto --seed -1
expect_status 2 "players not a number" -- "$PARLOUR" play old-maid --auto --players many
expect_status 2 "unknown bot" -- "$PARLOUR" play old-maid --bot genius
expect_in err "blind, random" "lists the bots"
expect_status 2 "dd-sample with no deals" -- "$PARLOUR" play bridge-whist --auto --bot dd-sample:0
expect_in err "accepted: dd-sample:DEALS (1 to 10000 deals a card) or dd-sample:SECONDSs" "names the forms"
# The bluffing games and tournaments.
expect_status 2 "cheat for two" -- "$PARLOUR" play cheat --auto --players 2
expect_in err "cheat is for 3 to 12 players, not 2" "says Cheat's player counts"
expect_status 2 "bridge for three" -- "$PARLOUR" play bridge-whist --auto --players 3
expect_in err "bridge-whist is for 4 players, not 3" "says Bridge's one player count"
# Conquian (issue 38): its player counts and its packs.
expect_status 2 "conquian for four" -- "$PARLOUR" play conquian --auto --players 4
expect_in err "conquian is for 2 to 3 players, not 4" "says Conquian's player counts"
expect_status 2 "conquian's unknown pack" -- "$PARLOUR" play conquian --opt pack=full
expect_in err "pack takes spanish|ace-to-ten" "says what the pack takes"
expect_status 2 "conquian's stake of nothing" -- "$PARLOUR" play conquian --auto --opt stake=0
expect_in err "stake" "names the stake"
# Rum (issue 38): its player counts, the 1929 game's, and its options.
expect_status 2 "rum for seven" -- "$PARLOUR" play rum --auto --players 7
expect_in err "rum is for 2 to 6 players, not 7" "says Rum's player counts"
expect_status 2 "the 1929 rum for two" -- "$PARLOUR" play rum-english-1929 --auto --players 2
expect_in err "3 to 5" "says the 1929 game's player counts"
expect_status 2 "rum's unknown ace" -- "$PARLOUR" play rum --auto --opt ace=middle
expect_in err "ace takes low|high-or-low" "says what the ace takes"
expect_status 2 "rum's call at nothing" -- "$PARLOUR" play rum --auto --opt call-at=0
expect_in err "call-at" "names call-at"
expect_status 2 "cheat's unknown sequence" -- "$PARLOUR" play cheat --auto --opt sequence=sideways
expect_in err "sequence takes up|down|next" "says what the sequence takes"
expect_status 2 "tournament of one bot" -- "$PARLOUR" tournament cheat --bots sharp --games 2
expect_in err "two or more" "asks for two bots or more"
expect_status 2 "tournament with an unknown bot" -- "$PARLOUR" tournament paskahousu --players 3 --bots genius,sharp,random
expect_in err "unknown bot 'genius'; paskahousu has: sharp, random, ismcts" "lists the game's bots"
expect_status 2 "a search of no iterations" -- "$PARLOUR" tournament cheat --players 3 --bots ismcts:0,sharp,random
expect_in err "ismcts:ITERATIONS" "says how a search's budget is written"
expect_status 2 "unknown command" -- "$PARLOUR" dance
expect_status 2 "no command" -- "$PARLOUR"
expect_in err "name a command: list, rules, bots, play" "lists the commands"
# Issue 36 (17): a word that names no command is said to be one.
expect_status 2 "an unknown command" -- "$PARLOUR" foo
expect_in err 'no command is named "foo"; the commands are list, rules, bots, play' "names the unknown command and lists the commands"
expect_status 2 "missing record" -- "$PARLOUR" replay no-such-file.json
expect_in err "cannot read record file" "says it cannot read the file"

# serve: arguments checked before anything starts.
expect_status 2 "serve port out of range" -- "$PARLOUR" serve --port 70000
expect_in err "70000" "names the bad port"
expect_status 2 "serve bot delay not a number" -- "$PARLOUR" serve --bot-delay soon
expect_status 2 "serve request time of none" -- "$PARLOUR" serve --request-seconds 0
expect_in err "request-seconds" "names the bad request time"
# Issue 35: the server's caps on bots' thinking and on abandoned tables.
expect_status 2 "serve bot budget of no time" -- "$PARLOUR" serve --bot-budget 0
expect_status 2 "serve bot budget not a number" -- "$PARLOUR" serve --bot-budget .
expect_status 2 "serve bot iterations beyond the range" -- "$PARLOUR" serve --bot-iterations 99999999999
expect_status 2 "serve bot memory of none" -- "$PARLOUR" serve --bot-memory 0
expect_in err "bot-memory" "names the bad bot memory"
expect_status 2 "serve expiry negative" -- "$PARLOUR" serve --expire-days -1
expect_status 2 "serve hint burst of none" -- "$PARLOUR" serve --hint-burst 0
expect_in err "hint-burst" "names the bad hint burst"
expect_status 1 "serve host not an address" -- "$PARLOUR" serve --host nowhere --port 18999 --db "$WORK/s.db"
expect_in err "--host nowhere: not an IP address" "names the bad host"
expect_status 1 "serve database in a missing folder" -- "$PARLOUR" serve --port 18999 --db "$WORK/no/such/dir/s.db"
expect_in err "cannot open the database" "says it cannot open the database"

# Records: malformed and tampered.
"$PARLOUR" play old-maid --auto --players 4 --seed 3 --record good.json >/dev/null
echo '{"format": "parlour-record", "version": 1, "game": "old-maid"' >trunc.json
expect_status 2 "truncated record" -- "$PARLOUR" replay trunc.json
expect_in err "not valid JSON" "says the JSON is broken"
echo '[]' >array.json
expect_status 2 "record of the wrong shape" -- "$PARLOUR" replay array.json
head -c 0 /dev/null >empty.json
expect_status 2 "empty record" -- "$PARLOUR" replay empty.json
sed 's/"seed": 3/"seed": 4/' good.json >seed.json
expect_status 2 "record with a changed seed" -- "$PARLOUR" replay seed.json
sed 's/"players": 4/"players": 40/' good.json >players.json
expect_status 2 "record with a bad player count" -- "$PARLOUR" replay players.json
sed 's/"discards": "up"/"discards": "under"/' good.json >opt.json
expect_status 2 "record with a bad option" -- "$PARLOUR" replay opt.json
expect_in err "discards takes up|down" "names the bad option"
python3 - <<'PY'
import json
r = json.load(open("good.json"))
r["outcome"]["scores"] = [-1 if s == 0 else 0 for s in r["outcome"]["scores"]]
json.dump(r, open("outcome.json", "w"))
r = json.load(open("good.json"))
r["actions"][5][1] = 999
json.dump(r, open("action.json", "w"))
r = json.load(open("good.json"))
r["actions"][5][0] = (r["actions"][5][0] + 1) % 4
json.dump(r, open("seat.json", "w"))
r = json.load(open("good.json"))
r["actions"] = r["actions"][:-3] + [[0, 0]] * 4
json.dump(r, open("extra.json", "w"))
r = json.load(open("good.json"))
r["actions"][2] = [77, 0]
json.dump(r, open("noseat.json", "w"))
# A record as version 1 wrote it: plain action numbers, no seats.
r = json.load(open("good.json"))
r["version"] = 1
r["actions"] = [a for s, a in r["actions"]]
json.dump(r, open("v1.json", "w"))
r = json.load(open("good.json"))
r["actions"] = "lots"
json.dump(r, open("type.json", "w"))
PY
expect_status 2 "record with a changed outcome" -- "$PARLOUR" replay outcome.json
expect_in err "the record was changed" "says it was tampered with"
expect_status 2 "record with an illegal action" -- "$PARLOUR" replay action.json
expect_in err "action 6 (Seat" "names the illegal action and its seat"
expect_in err ", 999) is not legal" "and the action"
expect_status 2 "record with an action of a seat that may not act" -- "$PARLOUR" replay seat.json
expect_in err "may not act now" "says the seat may not act"
expect_status 2 "record naming no real seat" -- "$PARLOUR" replay noseat.json
expect_in err "[seat, action]" "says what an action must be"
expect_status 0 "a version-1 record (no seats) still replays" -- "$PARLOUR" replay v1.json
expect_status 2 "record with changed actions" -- "$PARLOUR" replay extra.json
expect_status 2 "record with actions of the wrong type" -- "$PARLOUR" replay type.json
sed 's/"preset": "old-maid"/"preset": "\\u001b[2Jfake"/' good.json >preset.json
expect_status 2 "record with a made-up preset" -- "$PARLOUR" replay preset.json
expect_in err "is not a preset of old-maid" "names the bad preset"
expect_status 0 "the untouched record replays" -- "$PARLOUR" replay good.json
finish
