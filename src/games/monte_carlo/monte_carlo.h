// Monte Carlo: seed 002 (002_6b7a1a89f58223bd.txt). Twenty-five cards are
// dealt face up in five rows of five, the other twenty-seven face down as the
// stock. Pairs of the same rank that touch (side by side, above and below,
// or at the corners) are discarded. The gaps are closed by moving every card
// left, the first card of a row to the end of the row above, and the grid is
// filled again from the stock. The game is won when all 52 are discarded.
// rules.md gives the rules, the options and our readings.
//
// Design decisions:
// - One seat. The stock lies face down: its order is what the player cannot
//   see, and what a solver that knows every card ("thoughtful") reads.
// - Closing the gaps is the player's move (option `close-gaps`: whenever he
//   chooses, or only when no pair touches); it deals from the stock, so undo
//   stops at it.
#pragma once

#include <cstdint>
#include <optional>

#include "core/game.h"

namespace parlour::monte_carlo {

inline constexpr int kSide = 5, kCells = kSide * kSide, kStockSize = 52 - kCells;

enum class CloseGaps : std::uint8_t { kAnyTime, kWhenStuck };

struct Rules {
  CloseGaps close = CloseGaps::kAnyTime;
  static Rules from(const Config& c);
};

// A move: discard the pair in cells a < b, or close the gaps.
struct Move {
  int a = 0, b = 0;
  bool close = false;

  static constexpr Move pair(int a, int b) { return {a, b, false}; }
  static constexpr Move close_gaps() { return {0, 0, true}; }
  constexpr Action encode() const {
    return close ? 1 + kCells * kCells : static_cast<Action>(1 + a * kCells + b);
  }
  static constexpr std::optional<Move> decode(Action x) {
    if (x == 1 + kCells * kCells) return close_gaps();
    if (x < 1 || x > kCells * kCells) return std::nullopt;
    const int a = static_cast<int>(x - 1) / kCells, b = static_cast<int>(x - 1) % kCells;
    if (a >= b) return std::nullopt;
    return pair(a, b);
  }
  bool operator==(const Move&) const = default;
};

// Whether cells a and b touch: side by side, above and below, or at the corners.
constexpr bool touch(int a, int b) {
  const int ra = a / kSide, ca = a % kSide, rb = b / kSide, cb = b % kSide;
  const int dr = ra > rb ? ra - rb : rb - ra, dc = ca > cb ? ca - cb : cb - ca;
  return a != b && dr <= 1 && dc <= 1;
}

GameInfo game_info();

}  // namespace parlour::monte_carlo
