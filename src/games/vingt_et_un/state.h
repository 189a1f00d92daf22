// The Vingt-et-un state. Private to this folder: applications use core/game.h.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/chips.h"
#include "core/small_vec.h"
#include "core/story.h"
#include "games/vingt_et_un/vingt_et_un.h"
#include "kit/bank.h"

namespace parlour::vingt_et_un {

// A hand: two cards dealt, then those drawn (at most eleven in all: 21 in aces
// and twos and threes).
using Hand = SmallVec<Card, 12>;
using Pile = SmallVec<Card, 52>;

// The total nearest 21: each ace 1, one of them 11 where that stays within 21.
int best_total(const Hand& h);
// An ace and a tenth card, the first two dealt.
bool natural(const Hand& h);

using kit::Part;

// A hand as the story shows it, and what it won or lost there.
struct ShownHand {
  Seat seat = kNobody;
  Hand cards;
  int points = 0;
  int won = 0;  // counters won from the bank (below 0: lost to it)
};

// What the last transition did, for narration: every fact the story tells,
// recorded as it happened (issue 36), since by the time the story is told the
// bank may have passed and the stakes been cleared.
struct Event {
  enum Kind : std::uint8_t {
    kNothing,
    kBanker,
    kStake,
    kFirstCard,
    kDouble,
    kNoDouble,
    kAccept,
    kRefuse,
    kDeal,
    kDraw,
    kStand
  };
  Kind kind = kNothing;
  Seat actor = kNobody;
  Seat banker = kNobody;  // who dealt the hand the transition played in
  int chips = 0;          // kStake: the stake; kAccept: the stake doubled; kRefuse: lost
  int hand = 0;           // kFirstCard: the hand dealt
  Card card;              // kDraw
  int points = 0;         // kDraw: the drawer's total after it
  bool up = false;        // kDraw: the drawer's first two cards lie face up after it
  bool shuffled = false;  // kFirstCard: the discards were shuffled back
  std::array<Hand, kMaxPlayers> dealt{};      // kFirstCard, the second card: each seat's cards
  bool second = false;                        // the second card was dealt by this transition
  int second_hand = 0;                        // its hand
  SmallVec<ShownHand, kMaxPlayers> naturals;  // shown after the second card, the dealer's first
  bool dealer_up = false;                     // the dealer turned his two cards up
  Hand dealer_two;                            // dealer_up: those two
  bool creve = false;
  ShownHand creve_hand;  // creve: the hand over 21, and what it cost a punter
  // The hand settled by this transition, if any.
  bool hand_over = false;
  SmallVec<ShownHand, kMaxPlayers> shown;  // the hands still in, shown at the end
  SeatMask settled = 0;                    // the seats it settled at the end
  kit::BankHand bank;                      // its number, and what it did to the bank
  int unplayed = 0;                        // the hands after it that nobody could stake in
  bool match_over = false;
  Chips final_chips;  // match_over: from which the story tells the outcome
  bool bank_passes = false;
  int next_hand = 0;  // the hand begun after it, and its dealer
  Seat next_banker = kNobody;
};

class VingtState final : public Narrated<VingtState, Event> {
 public:
  explicit VingtState(const Rules& rules);

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

  enum class Phase : std::uint8_t {
    kBanker,      // chance: the first ace takes the deal
    kStake,       // punters stake in turn
    kFirstCard,   // chance: one card each
    kDouble,      // the dealer may call double
    kAnswer,      // each punter doubles or gives up his stake
    kDraw,        // punters draw in turn
    kDealerDraw,  // the dealer
    kOver
  };

  // ---- Read access for the bots, the resampler and tests of this folder ----
  const Rules& rules() const { return r_; }
  Phase phase() const { return phase_; }
  Seat banker() const { return banker_; }
  Seat turn() const { return turn_; }
  int hand_number() const { return hand_; }
  const Hand& hand(Seat s) const { return hands_[static_cast<std::size_t>(s)]; }
  const Pile& stock() const { return stock_; }
  const Pile& discards() const { return discards_; }
  Part part(Seat s) const { return punters_.part(s); }
  int stake(Seat s) const { return punters_.stake(s); }
  int result(Seat s) const { return punters_.result(s); }
  bool doubled() const { return doubled_; }
  // Whether seat s's first two cards lie face up.
  bool shown(Seat s) const { return shown_ >> s & 1; }
  // Whether seat s went créve with the hand on the table (until the next deal).
  bool busted(Seat s) const { return busted_ >> s & 1; }
  int total(Seat s) const { return best_total(hand(s)); }
  int max_stake(Seat s) const;
  // Whether the naturals have been looked at: a pair not shown is no natural.
  bool past_naturals() const { return phase_ == Phase::kDraw || phase_ == Phase::kDealerDraw; }
  Seat left(Seat s, int k = 1) const { return (s + k) % r_.players; }

  // ---- For the resampler and tests ----
  Hand& mutable_hand(Seat s) { return hands_[static_cast<std::size_t>(s)]; }
  Pile& mutable_stock() { return stock_; }
  Pile& mutable_discards() { return discards_; }
  // Deals the hand in stake with these two cards (by seat; empty for a seat
  // not in the hand) from this stock (its top card last), skipping the call to
  // double, then looks at the naturals. REQUIRES: phase() == kFirstCard. For tests.
  void set_deal(const std::vector<std::vector<Card>>& two, const std::vector<Card>& stock);

 private:
  void begin_hand() {
    hands_loop_.run([this] { start_hand(); });
  }
  void start_hand();  // the hand's own beginning (kit::HandLoop)
  void next_staker(Seat from);
  void next_answer(Seat from);
  void deal_round();
  void after_deal();
  void next_drawer(Seat from);
  void settle_all();
  void end_hand();
  Card draw_card();
  ShownHand shown_hand(Seat s) const;
  SeatMask in_mask() const;  // the punters still in
  void record_dealt();       // each seat's cards, into the event

  Rules r_;
  Phase phase_ = Phase::kBanker;
  kit::HandLoop hands_loop_;
  Seat banker_ = 0, turn_ = 0;
  int hand_ = 0;
  Chips chips_;
  std::array<Hand, kMaxPlayers> hands_{};
  Pile stock_, discards_;
  kit::Punters punters_;
  SeatMask shown_ = 0, busted_ = 0;
  bool doubled_ = false;
  bool fresh_ = true;              // the pack lies in order: shuffle it before the first deal
  Seat natural_holder_ = kNobody;  // this hand: the first punter to show a natural
  kit::LastHand last_;
  kit::BankHand last_bank_;  // the last hand's summary
  int actions_ = 0;
};

// The Foster bot's choice for `me`, which may act (info.cc). For tests.
Action foster_for_test(const VingtState& s, Seat me, std::span<const Action> legal);

}  // namespace parlour::vingt_et_un
