// Generic invariants over every registered game, every preset and every
// player count it allows. (Every bot playing whole games is in bots_test,
// whose process solves the bots' tables once for all its tests.)
#include <gtest/gtest.h>

#include <memory>
#include <string_view>
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

// Issue 37, item 8: the rules open with how to play, in plain words, before
// the sources and the options: the browser's rules dialog and the lobby show
// this first. Its five parts, in order, under the title.
TEST(AllGames, EveryGameOpensItsRulesWithHowToPlayInPlainWords) {
  register_all_games();
  const std::vector<std::string_view> parts = {"- **Aim.** ", "- **The deal.** ", "- **A turn.** ",
                                               "- **The end.** ", "- **Scoring.** "};
  for (const GameInfo& g : games()) {
    const std::string_view rules = g.rules;
    const std::size_t title_end = rules.find('\n');
    ASSERT_TRUE(rules.starts_with("# ") && title_end != std::string_view::npos) << g.name;
    const std::string_view after = rules.substr(title_end + 1);
    ASSERT_TRUE(after.starts_with("\n## How to play\n"))
        << g.name << "'s rules.md does not open with \"## How to play\" under its title";
    std::string_view rest = after.substr(std::string_view("\n## How to play\n").size());
    for (std::string_view part : parts) {
      ASSERT_TRUE(rest.starts_with(part)) << g.name << ": expected the line \"" << part << "...\"";
      const std::size_t eol = rest.find('\n');
      const std::string_view line = rest.substr(0, eol);
      // Plain words: no option keys, no seed files, no notes to reviewers.
      for (std::string_view bad : {"`", ".txt", "seed ", "Our reading", "our reading"})
        EXPECT_EQ(line.find(bad), std::string_view::npos)
            << g.name << ": \"" << bad << "\" in how to play: " << line;
      rest = rest.substr(eol + 1);
    }
    EXPECT_TRUE(rest.starts_with("\n")) << g.name << ": how to play has more than its five parts";
  }
}

// A game that says it has timed windows (GameInfo::timed_windows: the lobby
// offers their time) shows one in random play at its usual table; the
// conformance test holds the other way (a window in a game that says none).
TEST(AllGames, AGameWithTimedWindowsShowsOne) {
  register_all_games();
  for (const GameInfo& g : games()) {
    if (!g.timed_windows) continue;
    bool seen = false;
    for (std::uint64_t seed = 1; seed <= 20 && !seen; ++seed) {
      Table t(Selection{&g, nullptr}, testing::test_config(g.name, g.default_players), seed);
      Rng rng(seed, 5);
      std::vector<Action> legal;
      for (int step = 0; step < 5000 && !t.state().terminal() && !seen; ++step) {
        if (t.state().chance()) {
          t.chance();
          continue;
        }
        seen = t.state().actors().pass != kNoAction;
        const Seat s = first_actor(t.state().actors(), t.last_actor(), t.config().players);
        t.state().legal_actions(s, legal);
        ASSERT_TRUE(t.act(s, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]).ok());
      }
    }
    EXPECT_TRUE(seen) << g.name << " says it has timed windows, but 20 random games showed none";
  }
}

}  // namespace
}  // namespace parlour
