// The Monte Carlo state. Private to this folder: applications use core/game.h.
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "core/small_vec.h"
#include "core/story.h"
#include "games/monte_carlo/monte_carlo.h"

namespace parlour::monte_carlo {

inline constexpr std::uint8_t kGap = kEmptySlot;

// The stock, of fixed size (a step allocates nothing), and the moves of a
// position, on the stack: the pairs of cells that touch (40 in a row or
// column, 32 on a diagonal), and closing the gaps.
inline constexpr int kTouching = 2 * kSide * (kSide - 1) + 2 * (kSide - 1) * (kSide - 1);
using Stock = SmallVec<Card, kStockSize>;
using Moves = SmallVec<Move, kTouching + 1>;

// What the last transition did, for narration (core/story.h).
struct Event {
  enum Kind : std::uint8_t { kNone, kDeal, kPair, kClose };
  Kind kind = kNone;
  Card a, b;      // kPair: the pair discarded
  int stock = 0;  // kClose: the cards left in the stock after
  // The game ended: whether won, and the cards discarded.
  bool over = false, won = false;
  int discarded = 0;
};

class MonteCarloState final : public Narrated<MonteCarloState, Event> {
 public:
  explicit MonteCarloState(const Rules& rules) : r_(rules) {}

  Seat to_move() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  void fill_view(Seat viewer, View& v) const override;
  static void tell(const Rules& r, const Event& e, const Words& w, std::vector<std::string>& out);
  Outcome outcome() const override;
  // What outcome() and the story say of a game that ended.
  static std::string summary(bool won, int discarded);
  void all_cards(std::vector<Card>& out) const override;
  int actions_applied() const override { return actions_; }

  // ---- For the solver, the bot, the resampler and tests of this folder ----
  const Rules& rules() const { return r_; }
  bool dealt() const { return dealt_; }
  std::uint8_t at(int cell) const { return cells_[static_cast<std::size_t>(cell)]; }
  // The stock, its next card last.
  const Stock& stock() const { return stock_; }
  Stock& mutable_stock() { return stock_; }
  int discarded() const { return discarded_; }
  bool won() const { return discarded_ == 52; }
  // The pairs that touch; then, where the rules allow it now, closing the gaps.
  // Into `out` (cleared first): a std::vector<Move>, or Moves.
  template <class Out>
  void moves(Out& out) const;
  // Whether closing the gaps would change anything.
  bool can_close() const;
  std::uint64_t hash() const;
  // Takes back the last move; false where none, or the gaps were closed since.
  bool undo();
  std::string undo_forbidden() const {
    return dealt_ && closes_ > 0 && pairs_.empty()
               ? "closing the gaps cannot be taken back: it has shown cards from the stock"
               : "";
  }
  std::string unsolvable() const { return ""; }

  // For tests: these 52 cards, the first 25 row by row, the rest the stock
  // (its first card dealt first).
  void set_deal(std::span<const Card> cards);
  // For the solver: a pair taken off and put back (nothing else kept).
  void take(const Move& m);
  void put_back(const Move& m, std::uint8_t ca, std::uint8_t cb);

 private:
  void close();
  void settle_end();

  struct Taken {
    Move m;
    std::uint8_t ca = 0, cb = 0;
  };
  Rules r_;
  bool dealt_ = false, over_ = false;
  std::array<std::uint8_t, kCells> cells_{};
  Stock stock_;
  int discarded_ = 0, closes_ = 0, actions_ = 0;
  SmallVec<Taken, 26> pairs_;  // since the last close, for undo
  SmallVec<Card, 52> pile_;    // the discards, in order
};

// The solver (solve.cc): a depth-first search over the pairs and the closing
// of the gaps, every card and the stock's order known; positions met before
// (by hash) are not searched again. kLost only when the search ended within
// its limits.
SolveReport solve(const MonteCarloState& s, const SolveLimits& limits);

}  // namespace parlour::monte_carlo
