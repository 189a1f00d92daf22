// Generic invariants over every registered game, every preset and every
// player count it allows. (Every bot playing whole games is in bots_test,
// whose process solves the bots' tables once for all its tests.)
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "conformance.h"
#include "core/seeds.h"
#include "core/story.h"
#include "core/table.h"
#include "games/registry.h"

namespace parlour {
namespace {

TEST(AllGames, RegistryIsNotEmptyAndNamesAreUnique) {
  register_all_games();
  ASSERT_FALSE(games().empty());
  auto sels = all_selections();
  for (std::size_t i = 0; i < sels.size(); ++i)
    for (std::size_t j = i + 1; j < sels.size(); ++j) EXPECT_NE(sels[i].name(), sels[j].name());
}

TEST(AllGames, EveryPresetAndPlayerCountConforms) {
  register_all_games();
  testing::ConformanceOptions opt;
  opt.games = 3;
  // Between the ends and the usual table, one game a count: the long games
  // of Cheat and Old Maid's many presets made this test the slowest.
  opt.games_between = 1;
  for (const GameInfo& g : games()) testing::check_all_presets(g, opt);
}

TEST(AllGames, EveryGameHasRulesOptionsWithSourcesAndABot) {
  register_all_games();
  for (const GameInfo& g : games()) {
    EXPECT_FALSE(g.rules.empty()) << g.name;
    EXPECT_FALSE(g.bots.empty()) << g.name;
    for (const OptionSpec& o : g.options) {
      EXPECT_FALSE(o.help.empty()) << g.name << " " << o.key;
      EXPECT_FALSE(o.source.empty()) << g.name << " " << o.key;
    }
  }
}

// Issue 36: a story is told from what happened, never from the state read
// later. Every game's state is a Narrated (core/story.h), whose narrate() is
// final and hands the game's static tell() the recorded event alone: a story
// that reads the state does not compile. This asks it of every registered
// game, so that a new game cannot narrate any other way.
TEST(AllGames, EveryGameTellsItsStoryFromEvents) {
  register_all_games();
  for (const GameInfo& g : games()) {
    const Table t(Selection{&g, nullptr}, testing::test_config(g.name, g.default_players), 1);
    EXPECT_NE(dynamic_cast<const TellsFromEvents*>(&t.state()), nullptr)
        << g.name << "'s state does not narrate through core/story.h's Narrated";
  }
}

}  // namespace
}  // namespace parlour
