// The Klondike state. Private to this folder: applications use core/game.h.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/small_vec.h"
#include "core/story.h"
#include "games/klondike/klondike.h"

namespace parlour::klondike {

// Six face down and a King-to-Ace run at most.
using Pile = SmallVec<Card, 19>;
// The stock or the waste: the 24 cards the deal leaves at most.
using Stock = SmallVec<Card, 24>;
// The moves of a position, on the stack: the driver asks for them at every
// step. 48 at most: a column's top takes one of two cards (14 in all), a
// King goes to one of up to seven empty columns (28), a foundation takes one
// card (4), and the stock turns.
using Moves = SmallVec<Move, 64>;

// Whether `c` may go up safely onto foundations holding `found` (by suit):
// rules.md, option `auto`.
bool safe_up(Card c, const std::array<int, 4>& found);

// What the last move did, step by step, for narration (core/story.h): the
// move, the cards it turned up and those the rules then played up. Plain
// data, no text: the bots play through apply() too.
struct Told {
  enum Kind : std::uint8_t { kDeal, kTurn, kRecycle, kMove, kTurnUp };
  Kind kind = kDeal;
  Card card;               // kTurn: the waste's new top; kTurnUp: the card turned up
  std::uint8_t count = 0;  // kTurn: the cards turned; kMove: the cards moved (Event::moved)
  std::int8_t to = -1;     // kMove: the column, -1 a foundation; kTurnUp: the column
};
// What the result of a game is made from.
struct Ending {
  int on_foundations = 0, score = 0;
  bool capped = false;  // stopped at kMaxMoves with moves left
};
// Of fixed size, so that a move allocates nothing: a move, then at most 52
// cards up by themselves and 21 turned up.
struct Event {
  SmallVec<Told, 80> steps;
  SmallVec<Card, 80> moved;  // the cards of the kMove steps, in order
  bool over = false;
  Ending ending;  // over: the story tells the result from it
};

class KlondikeState final : public Narrated<KlondikeState, Event> {
 public:
  explicit KlondikeState(const Rules& rules) : r_(rules) {}

  Seat to_move() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  void fill_view(Seat viewer, View& v) const override;
  static void tell(const Rules& r, const Event& e, const Words& w, std::vector<std::string>& out);
  Outcome outcome() const override;
  static Outcome outcome_of(const Rules& r, const Ending& e);
  void all_cards(std::vector<Card>& out) const override;
  int actions_applied() const override { return actions_; }

  // ---- For the bot, the resampler and tests of this folder ----
  const Rules& rules() const { return r_; }
  bool dealt() const { return dealt_; }
  const Pile& column(int c) const { return columns_[static_cast<std::size_t>(c)]; }
  // Face-down cards at the bottom of column c.
  int down(int c) const { return down_[static_cast<std::size_t>(c)]; }
  const Stock& stock() const { return stock_; }  // next card last
  const Stock& waste() const { return waste_; }  // top card last
  // The highest rank on suit s's foundation (0: empty).
  int foundation(int s) const { return found_[static_cast<std::size_t>(s)]; }
  int on_foundations() const;
  int face_down() const;  // cards face down in the columns
  bool won() const { return on_foundations() == 52; }
  int score() const { return score_; }
  int recycles() const { return recycles_; }
  bool played_since_recycle() const { return played_since_recycle_; }
  // The moves, into `out` (cleared first): a std::vector<Move>, or Moves.
  template <class Out>
  void moves(Out& out) const;
  // Whether `c` may lie on `under` in a column: one lower, the other colour.
  static bool builds_on(Card c, Card under);
  // A card that may go to its foundation safely (option `auto` plays it at
  // once): a column's top, or none.
  std::optional<Move> next_safe() const;
  // The hidden cards, for the resampler: the face-down ones and the stock.
  std::vector<Card*> hidden();
  std::uint64_t hash() const;
  // For the solver: the move and what follows from it (cards turned up, safe
  // cards up), nothing recorded or told.
  void play_quiet(const Move& m);
  // For the solver: a copy to search from carries no history or story.
  void forget_history() { since_.clear(), forget_last_event(); }

  // For tests: the 52 cards as dealt (column by column, one to seven, the
  // last of each face up; then the stock, its first card turned first).
  void set_deal(std::span<const Card> cards);
  // For tests: any position. Columns bottom to top, the first `down` of
  // each face down; the stock (its next card last) and the waste (its top
  // last); each suit's highest rank up. Nothing goes up by itself.
  void set_position(const std::array<Pile, kColumns>& columns,
                    const std::array<int, kColumns>& down, std::vector<Card> stock,
                    std::vector<Card> waste, const std::array<int, 4>& found);
  // Takes back the last move; false where none, or a card was turned since
  // with option `undo=seen` (the stock or a face-down card: it has been seen).
  bool undo();
  std::string undo_forbidden() const {
    return dealt_ && actions_ > 0 && since_.empty()
               ? "that move turned up a card you had not seen: it cannot be taken back"
               : "";
  }
  std::string unsolvable() const {
    return r_.thoughtful ? ""
                         : "Klondike is solved with every card known: add --opt thoughtful=yes "
                           "(the face-down cards and the stock are what the player cannot see)";
  }

 private:
  void play(const Move& m);
  void shift(const Move& m);
  void turn_tops();
  void auto_foundations();
  void settle_end();
  Ending ending() const;
  Card top_of(int place) const;

  Rules r_;
  bool dealt_ = false, over_ = false;
  std::array<Pile, kColumns> columns_{};
  std::array<int, kColumns> down_{};
  Stock stock_, waste_;
  std::array<int, 4> found_{};
  int score_ = 0, recycles_ = 0, actions_ = 0;
  bool played_since_recycle_ = true;
  // The cards the player has seen face up, ever: a move that shows none
  // other may be taken back (issue 36, item 10: undo was refused after any
  // turn of the stock, even through cards seen on an earlier pass).
  std::uint64_t seen_ = 0;
  std::uint64_t visible() const;
  bool quiet_ = false;  // playing for the solver: no story
  // Undo: the position before the first move that may be taken back (with
  // `undo=seen`, the first since a card was last shown), and the moves since,
  // as actions; undo() plays all but the last again from it. Of fixed size
  // (two bytes a move, kMaxMoves at most), so that a move allocates nothing.
  struct Position {
    std::array<Pile, kColumns> columns;
    std::array<int, kColumns> down;
    Stock stock, waste;
    std::array<int, 4> found;
    int score, recycles;
    bool played;
  };
  Position position() const;
  void restore(const Position& p);
  Position start_{};
  SmallVec<std::uint16_t, kMaxMoves> since_;
};

// The solver (solve.cc): a depth-first search of the thoughtful game (every
// card known), complete: kLost means no line wins. Positions that differ
// only in what lies on which of two like cards, in the stock's turning, or
// in a loose card up or down, are searched once. Its line is the game's
// actions, turns of the stock included.
SolveReport solve(const KlondikeState& s, const SolveLimits& limits);

// The solver's key of a position (solve.cc), its safe cards up: alike for
// positions it searches once, those that differ only in the order of the
// columns or in which of two like cards (same rank and colour) a run lies
// on. Tests read it.
std::uint64_t solver_key(const KlondikeState& s);

// Whether some card of the thoughtful game can never go up, whatever is
// played: true only where no line wins (a sound test, not a complete one).
// The solver cuts its search wherever this holds. It asks of each card
// whether it could ever be had, even were every other card free to go
// wherever the rules let it once nothing lay on it; what lies under a card
// comes out only once that card can leave, in the column's order.
bool deadlocked(const KlondikeState& s);

// The honest player's planner (solve.cc), after lonelybot's: from `seen`, a
// deal of what the player cannot see whose stock is as the player knows it
// (so that only the face-down cards are unknown), the lines of moves that
// turn up nothing, each ending in one that turns a card up or plays one
// from the stock. Each line is tried on deals of the face-down cards made
// afresh, solved within `budget` positions: the lines race on the same
// deals (kit/race.h) till one is left, or the one ahead has been tried on
// `samples` deals (4 × `samples` at most in all; fewer where the answer is
// plain); a line that turns a card up starts a fifth of its deals ahead,
// for what a card shown tells, which hindsight cannot see. The plan is the
// line ahead, as the game's actions up to the card it turns up. No actions
// where there is no such line (then no card can ever turn up nor come from
// the stock, and the game is lost), or where a card going up by itself
// would turn one over (lines -1).
struct Plan {
  std::vector<Action> actions;
  int wins = 0, tries = 0;  // the line's deals won, of those tried
  int deals = 0;            // deals tried in all, on every line
  int lines = 0;            // lines weighed; none: the game is lost; -1: not planned
};
// `stop`, asked between rounds of deals, ends the weighing early with the
// line ahead (a deadline); none: never.
Plan plan_by_hindsight(const KlondikeState& seen, Rng& rng, int samples, std::uint64_t budget,
                       const std::function<bool()>& stop = {});

// The honest player (bot.cc): sees what the player sees, remembers the stock
// once it has turned through it, and from then on plays the plans of
// plan_by_hindsight(`samples`, `budget`); before (where the stock's redeals
// are counted), the move that wins the most of a few deals of what it cannot
// see, each solved within 20 × `budget` positions.
std::unique_ptr<Bot> hindsight_bot(int samples, std::uint64_t budget);

}  // namespace parlour::klondike
