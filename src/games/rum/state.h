// The Rum state. Private to this folder: applications use core/game.h.
#pragma once

#include <array>
#include <vector>

#include "core/chips.h"
#include "core/small_vec.h"
#include "core/story.h"
#include "games/rum/rum.h"
#include "kit/cut.h"
#include "kit/melds.h"

namespace parlour::rum {

using Hand = SmallVec<Card, kMaxHand>;
using Pile = SmallVec<Card, 104>;
using kit::CardBits;

// A deal is abandoned, nobody paying, after this many turns without anyone
// going out (players who will not meld can draw and discard for ever); the
// story says so.
inline constexpr int kTurnCap = 120;

// What the last transition did, for narration: plain data.
struct Event {
  enum Kind : std::uint8_t {
    kNone,
    kCut,
    kDeal,
    kDrawStock,
    kDrawDiscard,
    kMeld,
    kLayOff,
    kDiscard,
    kCall
  };
  Kind kind = kNone;
  Seat actor = kNobody;
  Card card;            // drawn, laid off, discarded; the upcard (kDeal)
  CardBits meld = 0;    // kMeld: the cards; kLayOff: the meld laid off on
  bool turned = false;  // kDrawStock: the discard pile was turned over first
  int deal = 0;
  bool deal_done = false, over = false, rummy = false, capped = false;
  Seat winner = kNobody;
};

// The bulky facts, for narration (core/story.h).
struct Scene {
  kit::Cut cut;
  SeatCards<kMaxPlayers * kMaxHand, kMaxPlayers> dealt;
  SeatCards<kMaxPlayers * kMaxHand, kMaxPlayers> left;  // the hands at the end of a deal
  std::array<int, kMaxPlayers> deadwood{}, paid{};
  // The call (D1): each two players settle the difference of their debits.
  struct Transfer {
    Seat from = kNobody, to = kNobody;
    int n = 0;
  };
  SmallVec<Transfer, 16> transfers;
  // The match ended: the chips, from which the story tells the outcome (told,
  // not written, at the end: the last step allocates nothing).
  Chips chips;
};

class RumState final : public Narrated<RumState, Event, Scene> {
 public:
  explicit RumState(const Rules& rules);

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

  enum class Phase : std::uint8_t { kCut, kDeal, kDraw, kPlay, kOver };

  // ---- Read access for the bots, the resampler and this folder's tests ----
  const Rules& rules() const { return r_; }
  const kit::MeldRules& meld_rules() const { return meld_; }
  Phase phase() const { return phase_; }
  Seat dealer() const { return dealer_; }
  Seat turn() const { return turn_; }
  Seat left(Seat s, int k = 1) const { return (s + k) % r_.players; }
  const Hand& hand(Seat s) const { return hands_[static_cast<std::size_t>(s)]; }
  // The cards of `s`'s hand every player knows: taken from the discard pile.
  const Hand& known(Seat s) const { return known_[static_cast<std::size_t>(s)]; }
  const SmallVec<CardBits, kMaxMelds>& melds() const { return melds_; }
  const Pile& stock() const { return stock_; }
  const Pile& discards() const { return discards_; }
  // The card taken from the discard pile this turn, which may not be
  // discarded in it (D2); invalid if none.
  Card taken() const { return taken_; }
  int deals_done() const { return deals_; }
  int debited(Seat s) const { return debited_[static_cast<std::size_t>(s)]; }
  // The hand's deadwood: the value of every card in it (D2), or of those
  // left unmatched when it is laid out as well as it can be (D1).
  int hand_value(Seat s) const;
  int unmatched(Seat s) const;
  CardBits hand_bits(Seat s, std::uint32_t mask) const;

  // ---- For the resampler and tests ----
  Hand& mutable_hand(Seat s) { return hands_[static_cast<std::size_t>(s)]; }
  Pile& mutable_stock() { return stock_; }
  void sort_hand(Seat s);
  // A position for tests: dealer, hands by seat, melds on the table, the
  // stock and the discard pile (last cards on top), `turn` to draw (or, with
  // `drawn`, to play having drawn).
  void set_position(Seat dealer, const std::vector<std::vector<Card>>& hands,
                    const std::vector<std::vector<Card>>& melds, const std::vector<Card>& stock,
                    const std::vector<Card>& discards, Seat turn, bool drawn = false);

 private:
  void end_turn();
  void end_deal(Seat winner);
  // After a card leaves `s`'s hand: out, or the turn goes on.
  bool went_out(Seat s);
  void forget_known(Seat s, Card c);

  Rules r_;
  kit::MeldRules meld_;
  Phase phase_ = Phase::kCut;
  Seat dealer_ = 0, turn_ = 0;
  std::array<Hand, kMaxPlayers> hands_{}, known_{};
  SmallVec<CardBits, kMaxMelds> melds_;
  Pile stock_, discards_;
  Card taken_;
  std::array<bool, kMaxPlayers> melded_before_{};  // melded or laid off in an earlier turn
  bool melded_now_ = false;
  int turns_ = 0;
  Chips chips_;
  int deals_ = 0;
  // The cards cut for the first deal, on the table until that deal ends:
  // the story names them, so they are shown.
  SmallVec<Card, 104> cut_;
  std::array<int, kMaxPlayers> last_change_{};  // what each seat won or lost in the last deal
  std::array<int, kMaxPlayers> debited_{};      // the call (D1): every debit so far
  Seat last_winner_ = kNobody;
  bool last_rummy_ = false, last_capped_ = false;
  int actions_ = 0;
};

}  // namespace parlour::rum
