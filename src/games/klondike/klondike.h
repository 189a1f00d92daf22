// Klondike: seed 002 (002_6b7a1a89f58223bd.txt) names it and its object,
// "to fill up the suit stacks, each stack containing one suit in sequence,
// from ace to king"; the deal and the play are the standard game as the
// usual accounts give it (rules.md names them). Seven columns of one to
// seven cards, the top of each face up; the stock turned one or three cards
// at a time onto the waste; build down in alternating colours, a King (or a
// run from one) into an empty column; the foundations from the Ace up in
// suit.
//
// Design decisions:
// - One seat. Face-down cards and the stock are what the player cannot see;
//   option `thoughtful` shows every card (the solvers' "thoughtful" game).
// - A face-down card left on top of a column turns at once; with option
//   `auto` (the default) a card that can go to its foundation safely (no card
//   could ever need it to build on) goes there at once, as part of the move.
// - The game ends, lost, when no move is left: the stock may be turned again
//   only if a card was played since it was last turned over. Our reading, to
//   bound play: a game also ends, lost, after 1000 moves.
#pragma once

#include <cstdint>
#include <optional>

#include "core/game.h"

namespace parlour::klondike {

inline constexpr int kColumns = 7, kMaxMoves = 1000;
inline constexpr int kUnlimited = -1;

enum class Scoring : std::uint8_t { kStandard, kVegas, kNone };

struct Rules {
  int draw = 3;              // cards turned from the stock at a time
  int redeals = kUnlimited;  // times the waste may be turned over to form the stock
  Scoring scoring = Scoring::kStandard;
  bool thoughtful = false;  // every card face up to the player
  bool auto_foundation = true;
  bool undo_all = true;  // option `undo`: every move may be taken back

  static Rules from(const Config& c);
};

// Where a card moves from or to.
enum Place : int {
  kWaste = 0,
  kColumn0 = 1,      // columns 1..7
  kFoundation0 = 8,  // foundations 8..11, by suit
  kPlaces = 12,
};

// A move: turn the stock, turn the waste over, or `count` cards from `from`
// to `to` (a column, or kFoundation0 for the card's own foundation).
struct Move {
  enum Kind : std::uint8_t { kTurn, kRecycle, kShift };
  Kind kind = kTurn;
  int from = 0, to = 0, count = 1;

  static constexpr Move turn() { return {kTurn, 0, 0, 1}; }
  static constexpr Move recycle() { return {kRecycle, 0, 0, 1}; }
  static constexpr Move shift(int from, int to, int count) { return {kShift, from, to, count}; }
  constexpr Action encode() const {
    if (kind == kTurn) return 1;
    if (kind == kRecycle) return 2;
    return static_cast<Action>(3 + (from * kPlaces + to) * 14 + count);
  }
  static constexpr std::optional<Move> decode(Action a) {
    if (a == 1) return turn();
    if (a == 2) return recycle();
    if (a < 3 || a >= 3 + kPlaces * kPlaces * 14) return std::nullopt;
    const int x = static_cast<int>(a - 3);
    const int count = x % 14, ft = x / 14;
    if (count < 1) return std::nullopt;
    return shift(ft / kPlaces, ft % kPlaces, count);
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::klondike
