// The Macao state. Private to this folder: applications use core/game.h.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/chips.h"
#include "core/small_vec.h"
#include "core/story.h"
#include "games/macao/macao.h"
#include "kit/bank.h"

namespace parlour::macao {

// A hand: the first card, then those drawn. Every ten and court card counts
// nothing, so a hand under 10 may hold all sixteen of them and nine more.
using Hand = SmallVec<Card, 26>;
using Pile = SmallVec<Card, 52>;

using kit::Part;

// A hand as the story shows it, and what it won or lost there.
struct ShownHand {
  Seat seat = kNobody;
  Hand cards;
  int points = 0;
  int won = 0;           // chips won from the bank (below 0: lost to it)
  bool settled = false;  // settled by this transition (else earlier, or the banker's)
};

// What the last transition did, for narration: every fact the story tells,
// recorded as it happened (issue 36), since by the time the story is told the
// bank may have passed and the stakes been cleared.
struct Event {
  enum Kind : std::uint8_t { kNothing, kBanker, kStake, kDeal, kDraw, kStand };
  Kind kind = kNothing;
  Seat actor = kNobody;
  Seat banker = kNobody;  // the bank the transition played against
  int chips = 0;          // kStake: the stake; kBanker: the cards dealt for the bank
  Card card;              // kDraw: the card drawn
  int points = 0;         // kDraw: the drawer's points after it
  bool up = false;        // kDraw: the drawer's first card lies face up after it
  bool creve = false;     // kDraw: over 9
  int hand = 0;           // kDeal: the hand dealt
  std::array<Card, kMaxPlayers> first{};  // kDeal: each seat's first card
  SeatMask dealt = 0;                     // kDeal: the seats dealt one
  // The hands this transition's own lines tell: kDeal, the naturals (the
  // banker's first); kDraw, the hand crevé.
  SmallVec<ShownHand, kMaxPlayers> hands_told;
  // The hand settled by this transition, if any.
  bool hand_over = false;
  kit::BankHand bank;                      // its number, and what it did to the bank
  SmallVec<ShownHand, kMaxPlayers> shown;  // its hands shown at the end, not told above
  SeatMask settled = 0;                    // the seats it settled at the end
  SeatMask told = 0;                       // the seats of hands_told
  int unplayed = 0;                        // the hands after it that nobody could stake in
  bool match_over = false;
  Chips final_chips;  // match_over: from which the story tells the outcome
  // The hand in stake after the transition: its number and bank, and the
  // punters passed over for a stake, for too few chips or because the bank
  // could not cover one more.
  bool bank_passes = false;
  int next_hand = 0;
  Seat next_banker = kNobody;
  SeatMask poor = 0, uncovered = 0;
  SeatMask over_poor = 0, over_uncovered = 0;  // the same, of the hand settled
};

class MacaoState final : public Narrated<MacaoState, Event> {
 public:
  explicit MacaoState(const Rules& rules);

  Seat to_move() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  void fill_view(Seat viewer, View& v) const override;
  static void tell(const Rules& r, const Event& e, const Words& w, std::vector<std::string>& out);
  Outcome outcome() const override;
  // The result of a match that ended with `chips`: what outcome() and the story say.
  static Outcome outcome_of(const Rules& r, const Chips& chips);
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
  void record_deal();
  ShownHand shown_hand(Seat s) const;
  SeatMask in_mask() const;  // the punters still in
  void tell(Seat s);         // seat s's hand is told in the story now

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
  kit::LastHand last_;       // for the view between hands
  kit::BankHand last_bank_;  // and its summary
  int actions_ = 0;
};

// The threshold bot's choice for `me`, which may act (info.cc). For tests.
Action threshold_for_test(const MacaoState& s, Seat me, std::span<const Action> legal);

}  // namespace parlour::macao
