// For the tests of the banking games (Macao, Vingt-et-un, Baccara): the story
// against the chip ledger (issue 36: every line the program prints is a
// claim). It lives here because the three games share it and kit/ and tests/
// lie outside their folders.
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

// Plays `games` random games of `sel` for each player count it allows and
// checks, hand by hand, the story told to everyone against the Chips.
inline void check_story_pays_as_ledger(const Selection& sel, int games) {
  const int lo = sel.preset ? sel.preset->min_players : sel.game->min_players;
  const int hi = sel.preset ? sel.preset->max_players : sel.game->max_players;
  for (int players = lo; players <= hi; ++players) {
    const Config config = test_config(sel.name(), players);
    for (int g = 0; g < games; ++g) {
      const std::uint64_t seed = 1000 + static_cast<std::uint64_t>(g);
      SCOPED_TRACE(std::string(sel.name()) + ", " + std::to_string(players) + " players, seed " +
                   std::to_string(seed));
      Table t(sel, config, seed);
      Rng rng(seed, 5);
      const int issued = t.state().chips()->total();
      std::array<int, kMaxSeats> told{}, start{};
      for (Seat s = 0; s < players; ++s)
        start[static_cast<std::size_t>(s)] = t.state().chips()->balance(s);
      std::vector<Action> legal;
      std::vector<std::string> lines;
      while (!t.state().terminal()) {
        if (t.state().chance()) {
          t.chance();
        } else {
          const Seat seat = t.state().to_move();
          t.state().legal_actions(seat, legal);
          ASSERT_TRUE(t.act(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]).ok());
        }
        lines.clear();
        t.state().narrate(kEveryone, lines);
        bool over = false;
        for (const std::string& line : lines) over |= add_told(line, told);
        if (!over) continue;
        // A hand is over: what the story told each seat is what it won.
        const Chips& now = *t.state().chips();
        for (Seat s = 0; s < players; ++s) {
          const auto i = static_cast<std::size_t>(s);
          ASSERT_EQ(told[i], now.balance(s) - start[i]) << seat_name(s) << " in the hand ending:\n"
                                                        << [&] {
                                                             std::string all;
                                                             for (const std::string& l : lines)
                                                               all += "  " + l + "\n";
                                                             return all;
                                                           }();
          start[i] = now.balance(s), told[i] = 0;
        }
      }
      int sum = 0;
      for (Seat s = 0; s < players; ++s) sum += t.state().chips()->balance(s);
      EXPECT_EQ(sum, issued) << "the final balances hold every chip issued";
    }
  }
}

// The same for every preset of `game`.
inline void check_story_pays_as_ledger(std::string_view game, int games) {
  for (const Selection& sel : all_selections())
    if (sel.game->name == game) check_story_pays_as_ledger(sel, games);
}

}  // namespace parlour::testing
