// For the tests of the banking games (Macao, Vingt-et-un, Baccara): the story
// against the chip ledger (issue 36: every line the program prints is a
// claim). With the other helpers the games' tests share (conformance.h);
// a game that pays in other words can join by telling its payments alike.
//
// The story tells what each punter won or lost ("Seat 2 ... wins 3 chips",
// "... loses 1 counter") and what each hand did to the bank ("Hand 4: Seat 0's
// bank won 5 chips." / "paid out" / "broke even"). Over every hand, what it
// tells each seat must be what the seat's balance moved, and at the end the
// balances must hold every chip issued.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <regex>
#include <string>
#include <vector>

#include "conformance.h"
#include "core/chips.h"
#include "core/table.h"

namespace parlour::testing {

// What one line of the story tells each seat won (below 0: lost), added to
// `told`; true if the line ends a hand (its summary of the bank).
inline bool add_told(const std::string& line, std::array<int, kMaxSeats>& told) {
  static const std::regex punter(
      R"(Seat (\d+)((?:(?!Seat )[^;])*?)\b(wins|loses) (\d+) (?:chips?|counters?)\b)");
  static const std::regex bank(
      R"(^(?:Hand|Coup) \d+: .*Seat (\d+)'s bank (won|paid out|broke even)(?: (\d+))?)");
  static const std::regex idle(R"(^(?:Hand|Coup) \d+: nobody staked against)");
  for (auto it = std::sregex_iterator(line.begin(), line.end(), punter);
       it != std::sregex_iterator(); ++it) {
    const int n = std::stoi((*it)[4]);
    told[static_cast<std::size_t>(std::stoi((*it)[1]))] += (*it)[3] == "wins" ? n : -n;
  }
  std::smatch m;
  if (std::regex_search(line, m, bank)) {
    const int n = m[3].matched ? std::stoi(m[3]) : 0;
    told[static_cast<std::size_t>(std::stoi(m[1]))] += m[2] == "won"        ? n
                                                       : m[2] == "paid out" ? -n
                                                                            : 0;
    return true;
  }
  return std::regex_search(line, idle);
}

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

// Plays `games` random games of every preset of `game` for each player count
// and checks, hand by hand, the story told to everyone against the Chips.
inline void check_story_pays_as_ledger(std::string_view game, int games) {
  int issued = 0;
  std::array<int, kMaxSeats> told{}, start{};
  auto begin = [&](const State& s, int players) {
    issued = s.chips()->total();
    told.fill(0);
    for (Seat p = 0; p < players; ++p) start[static_cast<std::size_t>(p)] = s.chips()->balance(p);
  };
  auto step = [&](const State& s, int players) {
    const std::vector<std::string> lines = story(s);
    bool over = false;
    for (const std::string& line : lines) over |= add_told(line, told);
    if (!over) return;
    // A hand is over: what the story told each seat is what it won.
    std::string all;
    for (const std::string& l : lines) all += "  " + l + "\n";
    for (Seat p = 0; p < players; ++p) {
      const auto i = static_cast<std::size_t>(p);
      ASSERT_EQ(told[i], s.chips()->balance(p) - start[i])
          << seat_name(p) << " in the hand ending:\n"
          << all;
      start[i] = s.chips()->balance(p), told[i] = 0;
    }
  };
  auto end = [&](const State& s, int players) {
    int sum = 0;
    for (Seat p = 0; p < players; ++p) sum += s.chips()->balance(p);
    EXPECT_EQ(sum, issued) << "the final balances hold every chip issued";
  };
  play_random(game, games, 1000, begin, step, end);
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
        ASSERT_FALSE(std::regex_search(line, wrong)) << line;
  };
  auto none = [](const State&, int) {};
  play_random(game, games, 2000, none, step, none);
}

}  // namespace parlour::testing
