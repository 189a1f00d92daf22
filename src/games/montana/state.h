// The Montana state. Private to this folder: applications use core/game.h.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/small_vec.h"
#include "core/story.h"
#include "games/montana/montana.h"

namespace parlour::montana {

inline constexpr std::uint8_t kGap = kEmptySlot;  // a cell with no card

// The moves of a position, on the stack: four gaps, each taking one card, or
// in the first column one of the four Twos.
using Moves = SmallVec<Move, 16>;

// What the last transition did, for narration (core/story.h).
struct Event {
  enum Kind : std::uint8_t { kNone, kDeal, kMove, kRedeal };
  Kind kind = kNone;
  Card card;  // kMove: the card moved, from one cell to another
  int from = 0, to = 0;
  int redeal = 0;  // kRedeal: which
  // The game ended: whether won, the cards in sequence, the redeals used.
  bool over = false, won = false;
  int placed = 0, redeals = 0;
};

class MontanaState final : public Narrated<MontanaState, Event> {
 public:
  explicit MontanaState(const Rules& rules) : r_(rules) {}

  Seat to_move() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  void fill_view(Seat viewer, View& v) const override;
  static void tell(const Rules& r, const Event& e, const Words& w, std::vector<std::string>& out);
  Outcome outcome() const override;
  // What outcome() and the story say of a game that ended.
  static std::string summary(bool won, int placed, int redeals);
  void all_cards(std::vector<Card>& out) const override;
  int actions_applied() const override { return actions_; }

  // ---- Read access for the solver, the bots and tests of this folder ----
  const Rules& rules() const { return r_; }
  bool dealt() const { return dealt_; }
  // The card in a cell, or kGap.
  std::uint8_t at(int cell) const { return grid_[static_cast<std::size_t>(cell)]; }
  // Where a card lies (kGap: set aside, an ace).
  std::uint8_t where(Card c) const { return pos_[c.index()]; }
  int redeals_used() const { return redeals_; }
  int redeals_left() const { return r_.redeals - redeals_; }
  std::string undo_forbidden() const {
    return dealt_ && redeals_ > 0 && moved_since_redeal_ == 0
               ? "a redeal cannot be taken back: it has shown where the shuffle put the cards"
               : "";
  }
  std::string unsolvable() const { return ""; }
  // The card each gap takes (kGap: none), by the gap's cell; fills `out`
  // with the moves: the solver's and legal_actions' one source.
  template <class Out>
  void moves(Out& out) const;  // into a std::vector<Move>, or Moves
  // Cards in sequence from their row's start (a Two in the first column, then
  // up in its suit), by row. Under Blue Moon (Aces::kLeft) a row runs in the
  // suit of the ace at its left: row r in Suit(r).
  int in_sequence(int row) const;
  int placed() const;  // in all four rows: 48 when won
  bool won() const { return placed() == 4 * (kColumns - 1); }
  std::uint64_t hash() const { return hash_; }
  // For the solver: a card to a gap and back, nothing else kept (no undo,
  // no end, no story). REQUIRES: a move of moves(); then its step.
  void step(const Move& m);
  void unstep(const Move& m) { step(Move::place(m.to, m.from)); }
  // The redeals' seed is hidden from every view; the resampler draws another.
  void set_shuffles(std::uint64_t s) { shuffles_ = s; }

  // For tests: deals these 52 cards, row by row, then removes the aces.
  void set_deal(std::span<const Card> cards, std::uint64_t shuffles);
  // Takes back the last move; false where none, or a redeal came since, or
  // it is more than kUndo moves back (Table::undo then replays the game).
  bool undo();

 private:
  void lay(std::span<const Card> cards, std::span<const int> cells);
  void redeal();
  void settle_end();
  void rehash();

  Rules r_;
  bool dealt_ = false, over_ = false;
  std::array<std::uint8_t, kCells> grid_{};
  std::array<std::uint8_t, 52> pos_{};
  std::uint64_t shuffles_ = 0;
  std::uint64_t hash_ = 0;
  int redeals_ = 0;
  int actions_ = 0;
  // For undo: the last kUndo moves since the redeal, of fixed size so that a
  // move allocates nothing (a Two may go back and forth between two empty
  // first cells for ever: no number of moves bounds them all).
  static constexpr std::size_t kUndo = 512;
  struct Moved {
    std::uint8_t from = 0, to = 0;
  };
  SmallVec<Moved, kUndo> since_redeal_;
  int moved_since_redeal_ = 0;
};

}  // namespace parlour::montana

namespace parlour::montana {

// The solver (solve.cc): a depth-first search over the moves, every card and
// the shuffles of the redeals to come known. A card that extends its row's
// sequence is moved at once (the gap it fills takes no other card, so nothing
// is lost); a Two is never moved from one row's start to another's; positions
// met before are not searched again (a table of their hashes, which may
// forget, never invent). kLost only when the search ended within its limits.
SolveReport solve(const MontanaState& s, const SolveLimits& limits);

}  // namespace parlour::montana
