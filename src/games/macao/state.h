// The Macao state. Private to this folder: applications use core/game.h.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/chips.h"
#include "core/small_vec.h"
#include "games/macao/macao.h"
#include "kit/bank.h"

namespace parlour::macao {

// A hand: the first card, then those drawn. Every ten and court card counts
// nothing, so a hand under 10 may hold all sixteen of them and nine more.
using Hand = SmallVec<Card, 26>;
using Pile = SmallVec<Card, 52>;

using kit::Part;

// What the last transition did, for narration.
struct Event {
  enum Kind : std::uint8_t { kNothing, kBanker, kStake, kDeal, kDraw, kStand };
  Kind kind = kNothing;
  Seat actor = kNobody;
  int chips = 0;  // kStake: the stake; kBanker: the cards dealt for the bank
  Card card;      // kDraw: the card drawn
  bool creve = false;
  int hand = 0;            // kDeal: the hand dealt
  bool hand_over = false;  // the hand was settled by this transition
  bool bank_passes = false;
};

class MacaoState final : public StateBase<MacaoState> {
 public:
  explicit MacaoState(const Rules& rules);

  Seat to_move() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  View view(Seat viewer) const override;
  void narrate(Seat viewer, std::vector<std::string>& out) const override;
  Outcome outcome() const override;
  void all_cards(std::vector<Card>& out) const override;
  int actions_applied() const override { return actions_; }
  const Chips* chips() const override { return &chips_; }

  enum class Phase : std::uint8_t { kBanker, kStake, kDeal, kDraw, kBankerDraw, kOver };

  // ---- Read access for the bots, the resampler and tests of this folder ----
  const Rules& rules() const { return r_; }
  Phase phase() const { return phase_; }
  Seat banker() const { return banker_; }
  Seat turn() const { return turn_; }
  int hand_number() const { return hand_; }
  const Hand& hand(Seat s) const { return hands_[static_cast<std::size_t>(s)]; }
  const Pile& stock() const { return stock_; }
  Part part(Seat s) const { return punters_.part(s); }
  int stake(Seat s) const { return punters_.stake(s); }
  int result(Seat s) const { return punters_.result(s); }
  // Whether seat s's first card lies face up (a natural, crevé, the banker's
  // natural, or the hand is over).
  bool shown(Seat s) const { return shown_ >> s & 1; }
  // The points of seat s's hand.
  int total(Seat s) const;
  // The most seat s may stake now (0: it can stake nothing).
  int max_stake(Seat s) const;
  // Whether the naturals have been looked at (the first cards then hold no
  // unshown 7, 8 or 9).
  bool past_naturals() const { return phase_ == Phase::kDraw || phase_ == Phase::kBankerDraw; }
  Seat left(Seat s, int k = 1) const { return (s + k) % r_.players; }

  // ---- For the resampler and tests ----
  Hand& mutable_hand(Seat s) { return hands_[static_cast<std::size_t>(s)]; }
  Pile& mutable_stock() { return stock_; }
  void forget_last_event() { ev_ = Event(); }
  // Deals the hand in stake with these first cards (by seat; empty for a seat
  // with no stake) and this stock (its top card last), then looks at the
  // naturals. REQUIRES: phase() == kDeal. For tests.
  void set_deal(const std::vector<std::vector<Card>>& first, const std::vector<Card>& stock);

 private:
  void begin_hand() {
    hands_loop_.run([this] { start_hand(); });
  }
  void start_hand();  // the hand's own beginning (kit::HandLoop)
  void next_staker(Seat from);
  void after_deal();
  void next_drawer(Seat from);
  void settle_all();
  void end_hand();

  Rules r_;
  Phase phase_ = Phase::kBanker;
  kit::HandLoop hands_loop_;
  Seat banker_ = 0, turn_ = 0;
  int hand_ = 0;  // hands begun
  Chips chips_;
  std::array<Hand, kMaxPlayers> hands_{};
  Pile stock_;
  kit::Punters punters_;
  SeatMask shown_ = 0;
  kit::LastHand last_;  // for the view between hands
  int actions_ = 0;
  Event ev_;
};

// The threshold bot's choice for `me`, which may act (info.cc). For tests.
Action threshold_for_test(const MacaoState& s, Seat me, std::span<const Action> legal);

}  // namespace parlour::macao
