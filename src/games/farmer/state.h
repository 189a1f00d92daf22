// The Farmer state. Private to this folder: applications use core/game.h.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/chips.h"
#include "core/small_vec.h"
#include "core/story.h"
#include "games/farmer/farmer.h"
#include "kit/bank.h"

namespace parlour::farmer {

// A hand: a player draws only while he holds 15 or less, and the four aces,
// four 2s and one 3 make 15 in nine cards, so ten cards is the most.
using Hand = SmallVec<Card, 10>;
using Pack = SmallVec<Card, kPackSize>;

inline constexpr int kFarm = 0;  // the farm's pot in the Chips

// How a hand is preferred to another of the same count, for the farm and for
// the hand nearest 16: "by the possession of the ♡ 6, or the fewest cards, or
// the eldest hand".
enum class TieBreak : std::uint8_t { kNone, kSixOfHearts, kFewestCards, kEldestHand };

// What the last transition did, for narration.
struct Event {
  enum Kind : std::uint8_t { kNothing, kFarmer, kDeal, kTake, kStand };

  Kind kind = kNothing;
  Seat actor = kNobody;
  Card card;               // kTake: the card taken
  int held = 0;            // kTake: the cards the taker holds with it
  int position = 0;        // kFarmer: the six of hearts was the position-th card dealt round
  int deal = 0;            // kDeal, shown: the deal
  bool shown = false;      // kStand: all are helped, the hands are shown and settled
  bool sold = false;       // the farm was sold (kFarmer; kStand with new-farmer winner or left)
  bool same_farm = false;  // kStand: no 16, the farmer deals again
  int taken = 0;           // kStand: the counters the 16 took from the farm
  // sold: who bought the farm, and what it holds then; same_farm: what it
  // holds after the deal.
  Seat buyer = kNobody;
  int farm = 0;
  // kTake, kStand: the actor's cards and points after the move.
  int cards = 0, total = 0;
  // shown: the deal's farmer; each hand and its points; who made 16 and who
  // was nearest, and by which tie-break; the deal in brief, and the result
  // if the match is over.
  Seat farmer = kNobody;
  Seat winner = kNobody, nearest = kNobody;
  TieBreak winner_by = TieBreak::kNone, nearest_by = TieBreak::kNone;
  int collected = 0;  // shown: what the farmer collected from hands over 16
  bool over = false;  // the match is over (Scene::chips)
};

// A deal in brief, as it ended: the facts of deal_summary(), put in words
// only when told, so that a deal's end allocates nothing.
struct DealEnd {
  int deal = 0;
  Seat winner = kNobody;  // who made 16
  int farm = 0;           // what the farm held, taken by the winner
  Seat farmer = kNobody;
  int collected = 0;  // what the farmer collected from hands over 16
  Seat nearest = kNobody;
};

// The bulky facts of a deal or a hand's end, for narration (core/story.h).
struct Scene {
  std::array<Card, kMaxPlayers> first{};  // kDeal: the card each was dealt
  SeatCards<kMaxPlayers * 10, kMaxPlayers> hands;
  std::array<int, kMaxPlayers> totals{};
  Chips chips;  // the match is over: the chips, from which the story tells the result
};

class FarmerState final : public Narrated<FarmerState, Event, Scene> {
 public:
  explicit FarmerState(const Rules& rules);

  Seat to_move() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  void fill_view(Seat viewer, View& v) const override;
  static void tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                   std::vector<std::string>& out);
  Outcome outcome() const override;
  // The result of a match that ended with `chips` after `deals` deals.
  static Outcome outcome_of(const Chips& chips, int deals);
  // A deal in brief: what the summary between deals and the story say.
  static std::string deal_summary(const DealEnd& d);
  void all_cards(std::vector<Card>& out) const override;
  int actions_applied() const override { return actions_; }
  const Chips* chips() const override { return &chips_; }

  // kFarmer: the farm is to be sold by the six of hearts; kDeal: the farmer
  // is to deal; kDraw: the players take cards in turn.
  enum class Phase : std::uint8_t { kFarmer, kDeal, kDraw, kOver };

  // ---- Read access for the bot, the resampler and tests of this folder ----
  const Rules& rules() const { return r_; }
  Phase phase() const { return phase_; }
  // The farmer (kNobody before the first farm is sold).
  Seat farmer() const { return farmer_; }
  Seat turn() const { return turn_; }
  int deal_number() const { return deal_; }
  // Farms sold so far.
  int farms_sold() const { return farms_; }
  const Hand& hand(Seat s) const { return hands_[static_cast<std::size_t>(s)]; }
  const Pack& stock() const { return stock_; }
  int farm() const { return chips_.pot(kFarm); }
  // Whether the hands of the last deal lie face up (from the settlement to the
  // next deal).
  bool shown() const { return shown_; }
  // Whether seat s has stood this deal (public: it asked for no more).
  bool stood(Seat s) const { return stood_ >> s & 1; }
  // The points of seat s's hand.
  int total(Seat s) const;
  Seat left(Seat s, int k = 1) const { return (s + k) % r_.players; }
  // Seats from the farmer's left: 1 for the eldest hand.
  int from_farmer(Seat s) const { return (s - farmer_ + r_.players) % r_.players; }
  // Of two hands of the same count, whether a's is preferred to b's, and why.
  TieBreak prefer(Seat a, Seat b) const;
  // Of the last deal settled: who made 16 and took the farm, who was nearest
  // 16 (kNobody: none), and why each was preferred to a hand of the same count.
  Seat farm_winner() const { return winner_; }
  Seat nearest() const { return nearest_; }
  TieBreak winner_by() const { return winner_by_; }
  TieBreak nearest_by() const { return nearest_by_; }

  // ---- For the resampler and tests ----
  Hand& mutable_hand(Seat s) { return hands_[static_cast<std::size_t>(s)]; }
  Pack& mutable_stock() { return stock_; }
  // Deals the deal in hand with this pack, its top card last: one card each
  // from the farmer's left. REQUIRES: phase() == kDeal. For tests.
  void set_deal(const std::vector<Card>& pack);
  // Sells the farm to `farmer` as a chance of kFarmer would. REQUIRES: phase()
  // == kFarmer. For tests.
  void set_farmer(Seat farmer);

 private:
  void sell(Seat farmer);
  void begin_deal();
  void settle();
  // The best of the non-farmers whose count passes `ok`, with the reason it
  // beat a hand of the same count.
  template <class Ok>
  Seat best(Ok ok, TieBreak& by) const;

  Rules r_;
  Phase phase_ = Phase::kFarmer;
  Seat farmer_ = kNobody, turn_ = kNobody;
  int deal_ = 0;   // deals begun
  int farms_ = 0;  // farms sold
  Chips chips_;
  std::array<Hand, kMaxPlayers> hands_{};
  Pack stock_;
  bool shown_ = false;
  SeatMask stood_ = 0;
  Seat winner_ = kNobody, nearest_ = kNobody;
  TieBreak winner_by_ = TieBreak::kNone, nearest_by_ = TieBreak::kNone;
  kit::LastHand last_;  // for the view between deals
  DealEnd last_deal_;   // and its summary
  int actions_ = 0;
};

// The heuristic bot's choice for `me`, which may act (info.cc). For tests.
Action heuristic_for_test(const FarmerState& s, Seat me, std::span<const Action> legal);

}  // namespace parlour::farmer
