// What every game's test shares: the conformance harness, which every game
// runs, and small fixtures for writing a game's own rule tests.
//
// The harness plays random games (random seats of those that may act, random
// legal actions) through the core driver and checks at every step: cards are
// conserved, each seat that may act is offered exactly its legal actions and
// the others none, choices point at real cards, each seat sees its own hand,
// views reveal nothing a seat may not see (by resampling what it cannot see),
// samplers do not peek, records replay exactly through JSON, the state hash
// and undo (where a game has them) agree with replays, and games end.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/record.h"
#include "core/registry.h"

namespace parlour::testing {

struct ConformanceOptions {
  int games = 20;
  std::uint64_t seed = 1;
  int max_steps = 200000;  // a game longer than this fails "games end"
  int resample_every = 7;  // leak check every Nth step (resampling is costly)
  // check_all_presets: games at the player counts between the fewest, the
  // default and the most, where the same code plays one seat more or fewer
  // (-1: `games`, as at the ends).
  int games_between = -1;
};

// Plays `opt.games` random games of `sel` with `config` and checks every
// invariant at every step, with gtest assertions.
void check_conformance(const Selection& sel, const Config& config,
                       const ConformanceOptions& opt = {});

// The same over every preset and every player count it allows.
void check_all_presets(const GameInfo& game, const ConformanceOptions& opt = {});

// Plays one random game to the end through a Table; returns the record.
Record random_game(const Selection& sel, const Config& config, std::uint64_t seed);

// For a game that renumbered its actions (GameInfo::recode): `now`, a record
// in today's codes, rewritten by `old_code` (the test's own writing of the
// layout before, not the game's recode) wholly, and in its first half alone
// (a stored table begun before the change and finished after), replays move
// for move to today's codes and to the same outcome, with gtest assertions.
// Returns how many of its moves have another code in the old layout.
int expect_old_codes_replay(const Record& now, const std::function<Action(Action)>& old_code);

// ---- Fixtures for a game's own tests ---------------------------------------

// The config of a game or preset by name, with options; a failed test if invalid.
Config test_config(std::string_view name, int players,
                   const std::vector<std::string>& options = {});
// Cards by their short names: cards({"QS", "10H"}).
Card card(std::string_view name);
std::vector<Card> cards(std::initializer_list<const char*> names);
// A seat's legal actions where it stands (none if it may not act).
// The fewest and the most players a selection (a game, or a preset of it) allows.
inline std::pair<int, int> player_range(const Selection& sel) {
  return sel.preset ? std::pair{sel.preset->min_players, sel.preset->max_players}
                    : std::pair{sel.game->min_players, sel.game->max_players};
}

std::vector<Action> legal(const State& s, Seat seat);

// What `bot` chooses at `s` for `seat`, and its reasons (Bot::explain), on a
// fixed random stream: a sampling bot's twin-deal check compares these at two
// positions its seat cannot tell apart.
struct BotAnswer {
  Action action = kNoAction;
  std::string why;
};
BotAnswer answer_of(Bot& bot, const State& s, Seat seat, const Resampler* resampler,
                    std::uint64_t seed);
// Applies a seat's action as the driver would: false, and nothing changes, if
// the seat may not act or the action is not legal for it.
[[nodiscard]] bool play(State& s, Seat seat, Action a);

}  // namespace parlour::testing
