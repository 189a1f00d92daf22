// The Conquian state. Private to this folder: applications use core/game.h.
#pragma once

#include <array>
#include <vector>

#include "core/chips.h"
#include "core/small_vec.h"
#include "core/story.h"
#include "games/conquian/conquian.h"
#include "kit/cut.h"
#include "kit/melds.h"

namespace parlour::conquian {

using Hand = SmallVec<Card, kHandSize>;
using Pile = SmallVec<Card, 40>;
using kit::CardBits;

// How the card on offer came to be faced.
enum class Faced : std::uint8_t { kNone, kTurned, kDiscarded };

// What the last transition did, for narration: plain data.
struct Event {
  enum Kind : std::uint8_t { kNone, kCut, kDeal, kMeld, kDiscard, kPass, kForce };
  Kind kind = kNone;
  Seat actor = kNobody;
  Card card;           // the faced card melded, passed or forced; the card discarded
  CardBits added = 0;  // kMeld: the cards from the hand
  Seat forced = kNobody;
  bool dead = false;      // kPass: nobody took it: turned down
  Card turned;            // kDeal, kPass: the next card turned from the stock, if any
  Seat turner = kNobody;  // who turned it
  int deal = 0;
  // The deal's end: its winner (kNobody: a tableau), the payments.
  bool deal_done = false, over = false;
  Seat winner = kNobody, loser = kNobody;
  int paid = 0, pool_won = 0, pool_in = 0;
  std::array<int, kMaxPlayers> returned{};  // the match over: the pool given back
};

// The bulky facts, for narration (core/story.h).
struct Scene {
  kit::Cut cut;
  SeatCards<40, kMaxPlayers> dealt;
  std::array<Hand, kMaxPlayers> shown;  // the hands at the end of a deal, face up
  std::array<Seat, 2> players{};        // who played the deal (with three, the dealer sits out)
  // The match ended: the chips, from which the story tells the outcome (told,
  // not written, at the end: the last step allocates nothing).
  Chips chips;
};

class ConquianState final : public Narrated<ConquianState, Event, Scene> {
 public:
  explicit ConquianState(const Rules& rules);

  Seat to_move() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  std::string why_not(Seat seat, std::string_view word,
                      std::span<const CardRef> picks) const override;
  void fill_view(Seat viewer, View& v) const override;
  static void tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                   std::vector<std::string>& out);
  Outcome outcome() const override;
  // The result of a match that ended with `chips`: what outcome() and the story say.
  static Outcome outcome_of(const Rules& r, const Chips& chips);
  void all_cards(std::vector<Card>& out) const override;
  const Chips* chips() const override { return &chips_; }
  int actions_applied() const override { return actions_; }

  enum class Phase : std::uint8_t { kCut, kDeal, kOffer, kDiscard, kOver };

  // ---- Read access for the bots, the resampler and this folder's tests ----
  const Rules& rules() const { return r_; }
  const kit::MeldRules& meld_rules() const { return meld_; }
  Phase phase() const { return phase_; }
  Seat dealer() const { return dealer_; }
  // Whether `s` plays this deal (with three, the dealer sits out: C2).
  bool plays(Seat s) const { return r_.players == 2 || s != dealer_; }
  // The other player of this deal.
  Seat opponent(Seat s) const;
  Seat left(Seat s, int k = 1) const { return (s + k) % r_.players; }
  // The first player of the deal: the dealer's left, or with three the
  // dealer's left among those who play.
  Seat eldest() const { return left(dealer_); }
  const Hand& hand(Seat s) const { return hands_[static_cast<std::size_t>(s)]; }
  CardBits melded(Seat s) const { return table_[static_cast<std::size_t>(s)]; }
  int melded_count(Seat s) const;
  Card faced() const { return faced_; }
  Faced faced_how() const { return how_; }
  Seat faced_by() const { return from_; }
  Seat offered_to() const { return turn_; }
  // Whether a pass now lets the card go for good (it was offered to the
  // other player already, or is a discard).
  bool last_offer() const { return last_; }
  const Pile& stock() const { return stock_; }
  const Pile& dead() const { return dead_; }
  int deals_done() const { return deals_; }
  int pool() const { return chips_.pot(0); }
  int carried() const { return carry_; }
  // The cards of `s`'s hand at the positions of `mask`.
  CardBits hand_bits(Seat s, std::uint16_t mask) const;
  // Whether `s`'s melds with `extra` can all be laid out as melds.
  bool lays_out(Seat s, CardBits extra) const;
  // The melds of `s` as shown: one layout of them.
  kit::MeldList layout(Seat s) const;

  // ---- For the resampler and tests ----
  Hand& mutable_hand(Seat s) { return hands_[static_cast<std::size_t>(s)]; }
  Pile& mutable_stock() { return stock_; }
  // A deal in progress, for tests: dealer, hands by seat, melds by seat, the
  // stock (its last card the top), and the faced card offered to `to`, as
  // turned by `by` (turned) or discarded by `by`.
  void set_position(Seat dealer, const std::vector<std::vector<Card>>& hands,
                    const std::vector<std::vector<Card>>& melds, const std::vector<Card>& stock,
                    Card faced, Faced how, Seat by, Seat to, bool last);

  // Puts `s`'s hand in order: by suit, then by sequence.
  void sort_hand(Seat s);

 private:
  // Turns the stock's top card for `s`; at the end of the stock, a tableau.
  void turn_next(Seat s);
  void end_deal(Seat winner);

  Rules r_;
  kit::MeldRules meld_;
  Phase phase_ = Phase::kCut;
  Seat dealer_ = 0, turn_ = 0;
  std::array<Hand, kMaxPlayers> hands_{};
  std::array<CardBits, kMaxPlayers> table_{};
  Pile stock_, dead_;
  Card faced_;
  Faced how_ = Faced::kNone;
  Seat from_ = kNobody;
  bool last_ = false;
  Chips chips_;
  int carry_ = 0;  // tableaux carried to the next deal's winner (tableau=carry)
  std::array<int, kMaxPlayers> pool_in_{};  // what each seat put into the pool
  int deals_ = 0;
  // The cards cut for the first deal, on the table until that deal ends:
  // the story names them, so they are shown.
  SmallVec<Card, 104> cut_;
  std::array<int, kMaxPlayers> last_change_{};  // what each seat won or lost in the last deal
  Seat last_winner_ = kNobody, last_loser_ = kNobody;  // the last deal's
  int last_paid_ = 0;
  int actions_ = 0;
};

}  // namespace parlour::conquian
