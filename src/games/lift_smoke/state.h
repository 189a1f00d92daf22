// The Lift Smoke state. Private to this folder: applications use core/game.h.
#pragma once

#include <array>
#include <vector>

#include "core/small_vec.h"
#include "core/story.h"
#include "games/lift_smoke/lift_smoke.h"
#include "kit/tricks.h"

namespace parlour::lift_smoke {

inline constexpr SeatMask bit(Seat s) {
  return SeatMask{1} << s;
}

// A hand never holds more than it was dealt: the winner of a trick draws one
// card for the one he played.
using Hand = SmallVec<Card, kMaxPlayers>;
using Pile = SmallVec<Card, 52>;

// What the last transition did, for narration.
struct Event {
  enum Kind : std::uint8_t { kNone, kDeal, kPlay };

  Kind kind = kNone;
  Seat actor = kNobody;
  Card card;
  bool trick_done = false;
  Seat winner = kNobody;  // of the trick
  Card drawn;             // what the winner drew (invalid: the stock was empty)
  SeatMask dropped = 0;   // who ran out of cards with this trick
  // The game is over: who won the pot; whether by being the last with cards
  // (else nobody has any, and the trick's winner wins); whether by the card
  // just drawn, the adversary having none.
  bool over = false;
  Seat pot_winner = kNobody;
  bool last_with_cards = false, by_card_drawn = false;
  // kDeal: the card turned for trumps, and each seat's hand.
  Card turned;
};

// The bulky facts of a deal or a hand's end, for narration (core/story.h).
struct Scene {
  SeatCards<52, kMaxPlayers> dealt;
};

class LiftSmokeState final : public Narrated<LiftSmokeState, Event, Scene> {
 public:
  explicit LiftSmokeState(const Rules& rules);

  Seat to_move() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  void fill_view(Seat viewer, View& v) const override;
  static void tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                   std::vector<std::string>& out);
  Outcome outcome() const override;
  void all_cards(std::vector<Card>& out) const override;
  int actions_applied() const override { return actions_; }

  enum class Phase : std::uint8_t { kDeal, kPlay, kOver };

  // ---- Read access for the bot, the resampler and this folder's tests ----
  const Rules& rules() const { return r_; }
  Phase phase() const { return phase_; }
  Seat dealer() const { return dealer_; }
  Seat turn() const { return turn_; }
  const Hand& hand(Seat s) const { return hands_[s]; }
  const Pile& stock() const { return stock_; }
  const Pile& discards() const { return discards_; }
  Card turned() const { return turned_; }
  // Whether the dealer holds the turned card still (trump-card=dealer): it
  // is public, and stays his in every sample.
  bool turned_held() const {
    return r_.dealer_keeps_trump && turned_.valid() && !(gone_ & kit::card_bit(turned_));
  }
  Suit trump() const { return turned_.valid() ? turned_.suit() : kit::kNoTrump; }
  const kit::Trick& trick() const { return trick_; }
  // The seat that played the i-th card of the trick in play.
  Seat trick_seat(int i) const { return order_[i]; }
  // Seats that still hold cards.
  SeatMask in() const { return in_; }
  bool is_in(Seat s) const { return in_ >> s & 1; }
  // The trick after which seat s ran out (tricks counted from 1; 0: still in).
  int out_at(Seat s) const { return out_at_[s]; }
  int tricks() const { return tricks_; }
  Seat winner() const { return winner_; }
  // The most cards of `suit` seat s can hold, from what everyone has seen.
  int cap(Seat s, Suit suit) const { return caps_[s][suit]; }
  kit::CardBits gone() const { return gone_; }  // played (public)
  // The next seat still in after s, to its left.
  Seat next_in(Seat s) const;
  const Event& last_event() const { return ev_; }

  // ---- For the resampler and tests ----
  Hand& mutable_hand(Seat s) { return hands_[s]; }
  Pile& mutable_stock() { return stock_; }
  // Starts play with these hands (by seat), turned card and stock (its top
  // card last), `leader` to lead. For tests. REQUIRES: with
  // dealer_keeps_trump, the dealer's hand holds the turned card.
  void set_position(const std::vector<std::vector<Card>>& hands, Card turned,
                    const std::vector<Card>& stock, Seat leader);

 private:
  void start_play(Seat leader);  // from hands_, turned_ and stock_ as they lie
  void end_trick();
  void sort_hand(Hand& h) const;
  void note_play(Seat s, Card c);

  Rules r_;
  Phase phase_ = Phase::kDeal;
  Seat dealer_ = 0, turn_ = 0;
  std::array<Hand, kMaxPlayers> hands_{};
  Pile stock_;     // face down; the top card is the last
  Pile discards_;  // the tricks played, face up
  Card turned_;    // turned for trumps, set aside face up
  kit::Trick trick_;
  std::array<Seat, kit::kMaxTrickSeats> order_{};
  kit::Trick last_trick_;  // shown until the next card is led
  std::array<Seat, kit::kMaxTrickSeats> last_order_{};
  Seat last_winner_ = kNobody;
  SeatMask in_ = 0;
  std::array<int, kMaxPlayers> out_at_{};
  std::array<std::array<std::uint8_t, SUIT_NB>, kMaxPlayers> caps_{};
  kit::CardBits gone_ = 0;
  int tricks_ = 0;
  Seat winner_ = kNobody;
  int actions_ = 0;
};

}  // namespace parlour::lift_smoke
