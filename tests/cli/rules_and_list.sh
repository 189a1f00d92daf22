# `parlour list`, `parlour rules` and `parlour bots`.
source "$(dirname "$0")/lib.bash"
expect_status 0 "list" -- "$PARLOUR" list
for name in old-maid schwarzer-peter vieux-garcon pouilleux babanuki jiji-nuki jackass scabby-queen old-maid-colour old-maid-picture; do
  grep -q "^$name " "$WORK/out" && pass "list shows $name first on its line" || fail "list lacks $name"
done
expect_status 0 "rules" -- "$PARLOUR" rules old-maid
for key in packs odd removed pairs first direction keep-drawing discards scoring hands penalty title; do
  expect_in "$WORK/out" "\`$key\` (" "rules list option $key with its label"
done
expect_in "$WORK/out" "default queen" "rules give defaults"
expect_in "$WORK/out" "seed 004" "rules cite the seeds"
expect_status 0 "rules of a preset" -- "$PARLOUR" rules schwarzer-peter
expect_in "$WORK/out" "Preset schwarzer-peter" "a preset's rules say what it sets"
expect_in "$WORK/out" "odd=jack" "and its settings"
expect_status 0 "help" -- "$PARLOUR" --help
expect_in "$WORK/out" "play" "help lists the commands"
# Issue 36 (17): `parlour bots GAME`, named in rules and notes, lists the bots a line each.
expect_status 0 "bots" -- "$PARLOUR" bots cheat
expect_in "$WORK/out" "- \`sharp\`: " "bots list the game's own"
expect_in "$WORK/out" "- \`random\`: " "and random"
expect_in "$WORK/out" "- \`ismcts\`, " "and the search, where the game can deal what a seat cannot see"
expect_status 2 "bots of no game" -- "$PARLOUR" bots nope
expect_in "$WORK/err" "unknown game 'nope'" "names the unknown game"
finish
