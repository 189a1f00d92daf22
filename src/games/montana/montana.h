// Montana (Gaps, Blue Moon): seed 002 (002_6b7a1a89f58223bd.txt). The 52
// cards are dealt face up in four rows of thirteen and the aces removed,
// leaving four gaps. A gap takes the card one higher, of the same suit, than
// the card on its left; only a Two goes in the first column, and nothing
// after a King. When no card can move, the cards not in sequence from their
// row's start are gathered with the aces, shuffled, dealt back into the
// empty places, and the aces removed again: three redeals are allowed. The
// game is won when four rows run 2 to King in suit. rules.md gives the
// rules, the options and our readings.
//
// Design decisions:
// - One seat; every card on the table lies face up. The only thing hidden
//   is the order of the shuffles to come: the deal draws, beside the cards, a
//   seed for the redeals' shuffles, which no view shows. So after the deal a
//   game is a function of its moves, as a solver that knows every card (a
//   "thoughtful" solver) needs, and a redeal is a move of the player's: the
//   one he has when no card can move.
// - A redeal cannot be taken back (undo stops at it): undoing it would show
//   where the shuffle puts cards, and let the player play otherwise first.
#pragma once

#include <cstdint>
#include <optional>

#include "core/game.h"

namespace parlour::montana {

inline constexpr int kRows = 4, kColumns = 13, kCells = kRows * kColumns;

// Where the gaps fall at a redeal.
enum class Gaps : std::uint8_t {
  kShuffledIn,     // seed 002: the aces are shuffled in, dealt, and removed again
  kAfterSequence,  // Gaps as Wikipedia gives it: a gap just right of each row's sequence
};

// Where the aces go at the deal.
enum class Aces : std::uint8_t {
  kRemoved,  // seed 002: set aside; any Two starts any row
  kLeft,     // Blue Moon: one at the left of each row, in suit order; the row is its suit's
};

struct Rules {
  int redeals = 3;
  Gaps gaps = Gaps::kShuffledIn;
  Aces aces = Aces::kRemoved;

  static Rules from(const Config& c);
};

// A move: the card in cell `from` to the gap `to`, or the redeal.
struct Move {
  int from = 0, to = 0;
  bool redeal = false;

  static constexpr Move place(int from, int to) { return {from, to, false}; }
  static constexpr Move redeal_move() { return {0, 0, true}; }
  constexpr Action encode() const {
    return redeal ? 1 + kCells * kCells : static_cast<Action>(1 + from * kCells + to);
  }
  static constexpr std::optional<Move> decode(Action a) {
    if (a == 1 + kCells * kCells) return redeal_move();
    if (a < 1 || a > kCells * kCells) return std::nullopt;
    return place(static_cast<int>(a - 1) / kCells, static_cast<int>(a - 1) % kCells);
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::montana
