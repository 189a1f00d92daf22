// Earl of Coventry (Snip Snap Snorem): seed 003 (003_f6f2248119171254.txt).
// The whole pack is dealt; the leader lays any card, and each player in turn
// matches its rank if he can, with a rhyme; the holder of the fourth card,
// the Earl of Coventry, leads the next round. The first out of cards wins a
// counter from each other player for every card they hold. rules.md beside
// this file gives the rules and our readings (`parlour rules earl-of-coventry`).
//
// Design decisions:
// - Matching is compulsory ("matches it, if he can"), so the only choices are
//   the leads; a player who cannot match says so, and everyone then knows he
//   holds none of the rank (the resampler keeps that).
// - One card a turn: a player holding two of the rank plays the second when
//   the turn comes round to him again.
// - Counters are chips (core/chips.h), carried over the deals of a match.
#pragma once

#include <cstdint>
#include <optional>

#include "core/game.h"

namespace parlour::earl_of_coventry {

enum class Words : std::uint8_t { kRhyme, kSnip };

struct Rules {
  int players = 4;
  Words words = Words::kRhyme;
  int deals = 1;  // deals in a match, the deal passing to the left

  static Rules from(const Config& c);
};

// A move: a card laid or matched, or "I have none".
struct Move {
  enum Kind : std::uint8_t { kPlay, kNone };
  Kind kind = kNone;
  Card card;

  static constexpr Move play(Card c) { return {kPlay, c}; }
  static constexpr Move none() { return {kNone, Card()}; }
  constexpr Action encode() const { return kind == kPlay ? card.index() : 100; }
  static constexpr std::optional<Move> decode(Action a) {
    if (a < 52) return play(Card::from_index(static_cast<std::uint8_t>(a)));
    if (a == 100) return none();
    return std::nullopt;
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::earl_of_coventry
