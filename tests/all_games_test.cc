// Generic invariants over every registered game, every preset and every
// player count it allows.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "conformance.h"
#include "core/seeds.h"
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

TEST(AllGames, EveryBotOfEveryGamePlaysWholeGamesAtEachEndOfTheTable) {
  // Each of a game's own bots in every seat, at the fewest and the most
  // players: only legal moves (the table refuses others and stops), to the end.
  register_all_games();
  for (const GameInfo& g : games())
    for (const BotSpec& b : g.bots)
      for (int players : {g.min_players, g.max_players}) {
        Config config = testing::test_config(g.name, players);
        Table table(Selection{&g, nullptr}, config, 11);
        std::vector<std::unique_ptr<BotPlayer>> bots;
        std::vector<Player*> seats;
        for (int s = 0; s < players; ++s) {
          bots.push_back(std::make_unique<BotPlayer>(b.make(), g.resampler, bot_rng(11, s)));
          seats.push_back(bots.back().get());
        }
        EXPECT_TRUE(table.run(seats)) << g.name << " " << b.name << " at " << players;
        EXPECT_EQ(table.state().to_move(), kTerminal)
            << g.name << " " << b.name << " at " << players;
      }
}

}  // namespace
}  // namespace parlour
