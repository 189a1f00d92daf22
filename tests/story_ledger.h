// For the tests of the banking games (Macao, Vingt-et-un, Baccara): the
// story as each seat is told it, with the other helpers the games' tests
// share (conformance.h). Whether the story's payments are what the chips
// did is checked for every paying game at once (tests/payments_test.cc).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include "conformance.h"
#include "core/table.h"

namespace parlour::testing {

// The story of the last transition as `viewer` is told it.
inline std::vector<std::string> story(const State& s, Seat viewer = kEveryone) {
  std::vector<std::string> out;
  s.narrate(viewer, out);
  return out;
}

// Whether some line holds `text`.
inline bool says(const std::vector<std::string>& lines, const std::string& text) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

// Plays `games` random games (seeds from `seed`) of every preset of `game`
// at each player count it allows; step(state, players, seed) after every
// transition, start(state, players) before the first, end(state, players)
// after the last.
template <class Start, class Step, class End>
void play_random(std::string_view game, int games, std::uint64_t seed, Start start, Step step,
                 End end) {
  for (const Selection& sel : all_selections()) {
    if (sel.game->name != game) continue;
    const int lo = sel.preset ? sel.preset->min_players : sel.game->min_players;
    const int hi = sel.preset ? sel.preset->max_players : sel.game->max_players;
    for (int players = lo; players <= hi; ++players)
      for (std::uint64_t g = seed; g < seed + static_cast<std::uint64_t>(games); ++g) {
        SCOPED_TRACE(std::string(sel.name()) + ", " + std::to_string(players) + " players, seed " +
                     std::to_string(g));
        Table t(sel, test_config(sel.name(), players), g);
        Rng rng(g, 5);
        std::vector<Action> legal;
        start(t.state(), players);
        while (!t.state().terminal()) {
          if (t.state().chance()) {
            t.chance();
          } else {
            const Seat seat = t.state().to_move();
            t.state().legal_actions(seat, legal);
            ASSERT_TRUE(
                t.act(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]).ok());
          }
          step(t.state(), players);
          if (::testing::Test::HasFatalFailure()) return;
        }
        end(t.state(), players);
      }
  }
}

// Plays `games` random games of every preset of `game` for each player count,
// and checks that the story told to each seat never says "You" with a verb
// for another ("You refuse to double, gives up", "You are crevé, and pays").
inline void check_story_says_you_rightly(std::string_view game, int games) {
  // A verb for another right after "You", or after a comma or "and" in the
  // same clause.
  static const std::string verbs =
      "(?:is|has|stakes|sits|draws|stands|deals|shows|wins|loses|pays|holds|takes|refuses|"
      "doubles|calls|lets|turns|ties|gives)\\b";
  static const std::regex wrong("\\bYou (?:" + verbs + "|(?:(?!Seat |[;.:]).)*?(?:,|\\band) " +
                                verbs + ")");
  auto step = [&](const State& s, int players) {
    for (Seat viewer = 0; viewer < players; ++viewer)
      for (const std::string& line : story(s, viewer))
        // (std::regex is slow, and a line without "You" cannot match.)
        ASSERT_FALSE(line.find("You ") != std::string::npos && std::regex_search(line, wrong))
            << line;
  };
  auto none = [](const State&, int) {};
  play_random(game, games, 2000, none, step, none);
}

}  // namespace parlour::testing
