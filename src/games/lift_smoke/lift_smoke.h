// Lift Smoke (Linger Longer, Sift Smoke): seed 003 (003_f6f2248119171254.txt)
// keeps only its ending; the rest is from the Hoyle-style account at
// pokerwiner.com ("Lift Smoke") and Denexa's "Linger Longer (a.k.a. Sift
// Smoke)". Each player is dealt as many cards as there are players, the next
// card is turned for trumps, and each trick's winner alone draws a card from
// the stock: players whose cards run out drop out, and the last with cards
// wins. rules.md beside this file gives the rules and our readings
// (`parlour rules lift-smoke`).
//
// Design decisions:
// - The trick machinery is shared (kit/tricks.h). Players who have
//   dropped out are skipped: the trick keeps its own list of who played.
// - The first dealer is the last seat, so seat 0 leads first.
// - The score is Hoyle's pot: each antes one chip and the winner takes the
//   pot; places rank the others by how long they lasted.
// - Where the dealer keeps the turned card (Hoyle), everyone knows he holds
//   it until he plays it: his hand shows it face up, and the resampler keeps
//   it there.
// - What is public about a hand: a player who did not follow a suit held
//   none of it then, but may have drawn some since. The state keeps, for
//   each seat and suit, the most cards of it the seat can hold (0 after a
//   void, one more with each card drawn, one fewer with each played), and
//   the resampler deals within those limits.
#pragma once

#include <cstdint>
#include <optional>

#include "core/game.h"

namespace parlour::lift_smoke {

inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 7;

struct Rules {
  int players = 4;
  // Option trump-card=dealer (Hoyle): the dealer's last card is turned for
  // trumps and stays in his hand; else the next card is turned and set aside.
  bool dealer_keeps_trump = false;

  static Rules from(const Config& c);
};

// A move: a card played. An Action only at the interface.
struct Move {
  Card card;

  static constexpr Move play(Card c) { return {c}; }
  constexpr Action encode() const { return card.index(); }
  static constexpr std::optional<Move> decode(Action a) {
    if (a < 52) return play(Card::from_index(static_cast<std::uint8_t>(a)));
    return std::nullopt;
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::lift_smoke
