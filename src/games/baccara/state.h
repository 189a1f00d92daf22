// The Baccara state. Private to this folder: applications use core/game.h.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/chips.h"
#include "core/small_vec.h"
#include "core/story.h"
#include "games/baccara/baccara.h"
#include "kit/bank.h"

namespace parlour::baccara {

inline constexpr int kMaxPacks = 6;
inline constexpr int kBankHand = 2;  // hands: kRight, kLeft, then the banker's
using Hand = SmallVec<Card, 3>;
using Shoe = SmallVec<Card, 52 * kMaxPacks>;

// A hand's point: the last figure of the sum of its cards.
int point(const Hand& h);

// A turn at the bank begun after the coup an event settled, within the same
// transition, or coups of the same turn that nobody could stake in.
struct BankStep {
  Seat seat = kNobody;
  bool passed_over = false;  // it had no chips to hold the bank with
  bool takes = false;        // the bank passed to it
  int first_coup = 0;        // the first coup of the turn, or of those unplayed
  int unplayed = 0;          // coups from first_coup that nobody could stake in
};

// A coup as it ended, for its summary: what it did to the bank, each side's
// result (+1 won, -1 lost, 0 a stand-off) and each hand's point (kRight,
// kLeft, kBankHand). Facts, put in words only when told (coup_summary).
struct Coup {
  kit::BankHand bank;  // bank.hand: the coup's number
  std::array<int, 2> result{};
  std::array<int, 3> points{};
};

// What the last transition did, for narration: every fact the story tells,
// recorded as it happened (issue 36), since by the time the story is told the
// bank may have passed and the cards gone to the next holder.
struct Event {
  enum Kind : std::uint8_t { kNothing, kBanker, kStake, kDeal, kTake, kRefuse, kForced };
  Kind kind = kNothing;
  Seat actor = kNobody;
  Seat banker = kNobody;  // the bank the transition played against
  // kTake/kRefuse/kForced: the hand that took or refused (kRight, kLeft,
  // kBankHand); kStake: the side staked on.
  int hand = -1;
  int chips = 0;                  // kStake
  int coup = 0;                   // kDeal: the coup dealt
  Card card;                      // kTake: the card taken; kForced: the card the banker must take
  bool shuffled = false;          // kDeal: a new shoe
  bool natural = false;           // kDeal: an 8 or 9 was shown
  std::array<Hand, 3> dealt{};    // kDeal: the hands dealt
  std::array<Seat, 3> holders{};  // kDeal: who holds each
  // The coup settled by this transition, if any: its hands, what each
  // punter's stake won (below 0: lost), and what it did to the bank.
  bool hand_over = false;
  std::array<Hand, 3> hands{};
  SmallVec<std::pair<Seat, int>, kMaxPlayers> paid;
  Coup settled;  // the coup settled (settled.bank.hand == 0: none)
  bool match_over = false;
};

// What followed the coup a transition settled, apart from the Event that
// every stake resets (core/story.h): written when the coup is settled.
struct Scene {
  // The turns at the bank begun after it, within the same transition (empty
  // but for a broken bank or idle coups): one a turn at most, and the idle
  // coups of the turn in play.
  SmallVec<BankStep, kMaxPlayers * kMaxRounds + 1> steps;
  Chips chips;  // Event::match_over: the chips, from which the story tells the outcome
  int coups = 0;
};

class BaccaraState final : public Narrated<BaccaraState, Event, Scene> {
 public:
  explicit BaccaraState(const Rules& rules);

  Seat to_move() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  void fill_view(Seat viewer, View& v) const override;
  static void tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                   std::vector<std::string>& out);
  static std::string coup_summary(const Coup& c);  // "Coup 3: the right wins and ..."
  Outcome outcome() const override;
  // The result of a match that ended with `chips` after `coups` coups.
  static Outcome outcome_of(const Chips& chips, int coups);
  void all_cards(std::vector<Card>& out) const override;
  int actions_applied() const override { return actions_; }
  const Chips* chips() const override { return &chips_; }

  enum class Phase : std::uint8_t { kBanker, kStake, kDeal, kOffer, kBankerDraw, kOver };
  // Where the offer of a card stands.
  enum class Offer : std::uint8_t {
    kToRight,   // offered to the right
    kToLeft,    // the right refused: offered to the left
    kLeftAsks,  // the right took: the left may ask for a card
  };

  // ---- Read access for the bots, the resampler and tests of this folder ----
  const Rules& rules() const { return r_; }
  Phase phase() const { return phase_; }
  Offer offer() const { return offer_; }
  Seat banker() const { return banker_; }
  Seat turn() const { return turn_; }
  int coup() const { return hand_; }
  // Hands by kRight, kLeft, kBankHand.
  const Hand& hand(int h) const { return hands_[static_cast<std::size_t>(h)]; }
  const Shoe& shoe() const { return shoe_; }
  const Shoe& discards() const { return discards_; }
  // Whether hand h's first two cards lie face up.
  bool shown(int h) const { return shown_ >> h & 1; }
  int stake(Seat s) const { return stake_[static_cast<std::size_t>(s)]; }
  // The side a punter sits on (kNoSide: the banker).
  Side side_of(Seat s) const;
  // The seat holding hand h's cards (the banker for kBankHand).
  Seat holder(int h) const;
  // The most seat s may stake now (0: nothing).
  int max_stake(Seat s) const;
  int staked() const;  // by all, this coup
  // Whether the naturals have been looked at (a hand not shown holds no 8 or 9).
  bool past_naturals() const { return phase_ == Phase::kOffer || phase_ == Phase::kBankerDraw; }
  Seat left(Seat s, int k = 1) const { return (s + k) % r_.players; }
  // The punters in stake order: R1, L1, R2, L2, ... (on the stack: the
  // staking asks it at every stake).
  SmallVec<Seat, kMaxPlayers> stake_order() const;

  // ---- For the resampler and tests ----
  Hand& mutable_hand(int h) { return hands_[static_cast<std::size_t>(h)]; }
  Shoe& mutable_shoe() { return shoe_; }
  // Deals the coup in stake from these hands (right, left, banker: two cards
  // each) and this shoe (its top card last), then looks at the naturals.
  // REQUIRES: phase() == kDeal. For tests.
  void set_deal(const std::array<std::vector<Card>, 3>& hands, const std::vector<Card>& shoe);

 private:
  void begin_hand() {
    hands_loop_.run([this] { start_hand(); });
  }
  void start_hand();  // the hand's own beginning (kit::HandLoop)
  void next_staker(Seat from);
  void after_deal();
  void take_card(int h);
  void settle();
  void end_hand();
  void pass_bank();
  void record_deal();  // the deal, into the event
  int nearest_index(Side side) const;

  Rules r_;
  Phase phase_ = Phase::kBanker;
  kit::HandLoop hands_loop_;
  Offer offer_ = Offer::kToRight;
  Seat banker_ = 0, turn_ = 0;
  Seat first_banker_ = 0;
  int turns_ = 0;  // turns at the bank begun, those passed over included
  int held_ = 0;   // coups of the turn at the bank played
  int hand_ = 0;   // coups begun
  Chips chips_;
  std::array<Hand, 3> hands_{};
  Shoe shoe_, discards_;
  bool fresh_ = true;  // the shoe must be shuffled before the next deal
  unsigned shown_ = 0;
  std::array<int, kMaxPlayers> stake_{};
  std::array<int, 2> holder_index_{};  // by side: which of its punters holds the cards
  std::array<int, 2> result_{};        // by side: +1 won, -1 lost, 0 a stand-off
  kit::LastHand last_;                 // for the view between coups
  Coup last_coup_;                     // and its summary
  int actions_ = 0;
};

// The Foster bot's choice for `me`, which may act (info.cc). For tests.
Action foster_for_test(const BaccaraState& s, Seat me, std::span<const Action> legal);

}  // namespace parlour::baccara
