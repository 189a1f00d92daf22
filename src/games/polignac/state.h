// The Polignac state. Private to this folder: applications use core/game.h.
#pragma once

#include <array>
#include <vector>

#include "core/chips.h"
#include "core/small_vec.h"
#include "core/story.h"
#include "games/polignac/polignac.h"
#include "kit/tricks.h"

namespace parlour::polignac {

inline constexpr SeatMask bit(Seat s) {
  return SeatMask{1} << s;
}

using Hand = SmallVec<Card, kMaxHand>;
using Pile = SmallVec<Card, 52>;

// The pool: the one pot of the game's Chips.
inline constexpr int kPool = 0;
// What the others pay a successful capot, and a failed one pays.
inline constexpr int kCapotCounters = 5;

// What the last transition did, for narration: plain data, no strings built
// in play.
struct Event {
  enum Kind : std::uint8_t { kNone, kDeal, kCapot, kPass, kPlay };

  Kind kind = kNone;
  Seat actor = kNobody;
  Card card;
  bool trick_done = false, hand_done = false, over = false;
  Seat winner = kNobody;      // of the trick
  int paid = 0;               // by the winner for the Jacks of the trick
  bool capot_failed = false;  // the trick broke the capot: its announcer paid
  int capot_paid = 0;         // what the failed announcer paid (his Jacks and five)
  bool capot_made = false;    // the hand ended with the capot made
  SeatMask sharers = 0;       // at the end: who shared the pool
  SeatMask odd = 0;           // at the end: the sharers who took a counter left over
  int share = 0;
  // kDeal: the deal (from 1) and each seat's hand; hand_done: the deal, and
  // each seat's change and counters after it; capot_*: who announced it;
  // over: each seat's counters once the pool is shared.
  int deal = 0;
  Seat capot = kNobody;
};

// The bulky facts of a deal or a hand's end, for narration (core/story.h).
struct Scene {
  SeatCards<52, kMaxPlayers> dealt;
  std::array<int, kMaxPlayers> change{}, counters{}, final_counters{};
};

class PolignacState final : public Narrated<PolignacState, Event, Scene> {
 public:
  explicit PolignacState(const Rules& rules);

  Seat to_move() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  void fill_view(Seat viewer, View& v) const override;
  static void tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                   std::vector<std::string>& out);
  Outcome outcome() const override;
  // The result from each seat's counters at the end: what outcome() and the
  // story say.
  static Outcome outcome_of(const Rules& r, std::span<const int> counters);
  void all_cards(std::vector<Card>& out) const override;
  int actions_applied() const override { return actions_; }
  const Chips* chips() const override { return &chips_; }

  enum class Phase : std::uint8_t { kDeal, kCapot, kPlay, kOver };

  // ---- Read access for the bots, the resampler and this folder's tests ----
  const Rules& rules() const { return r_; }
  Phase phase() const { return phase_; }
  Seat dealer() const { return dealer_; }
  Seat turn() const { return turn_; }
  Seat left(Seat s, int k = 1) const { return (s + k) % r_.players; }
  int deals_done() const { return deals_done_; }
  const Hand& hand(Seat s) const { return hands_[s]; }
  const kit::Trick& trick() const { return trick_; }
  const kit::Voids& voids() const { return voids_; }
  kit::CardBits gone() const { return gone_; }  // played this deal (public)
  const Pile& won(Seat s) const { return won_[s]; }
  const Pile& pack() const { return pack_; }
  int taken(Seat s) const { return static_cast<int>(won_[s].size()) / r_.players; }
  int tricks_played() const;
  // The seat that announced capot this deal (kNobody: none), and whether a
  // trick taken by another has broken it.
  Seat capot() const { return capot_; }
  bool capot_failed() const { return capot_failed_; }
  // The Jacks' counters seat s has paid (or owes, while its capot stands)
  // this deal, and the counters it has paid into the pool this match.
  int jacks(Seat s) const { return jacks_[s]; }
  int paid(Seat s) const { return paid_[s]; }
  int pool() const { return chips_.pot(kPool); }
  const Chips& counters() const { return chips_; }
  const Event& last_event() const { return ev_; }

  // ---- For the resampler and tests ----
  Hand& mutable_hand(Seat s) { return hands_[s]; }
  // Starts a deal by `dealer` with these hands (by seat), at the capot
  // announcements (or the first lead without them). For tests.
  void set_hand(Seat dealer, const std::vector<std::vector<Card>>& hands);

 private:
  void start_deal();
  void start_play();
  void end_trick();
  void end_hand();
  void end_match();
  void pay(Seat s, int n);
  void sort_hand(Hand& h) const;

  Rules r_;
  Phase phase_ = Phase::kDeal;
  Seat dealer_ = 0, turn_ = 0;
  int deals_done_ = 0;
  Pile pack_;  // the cards before the first deal
  std::array<Hand, kMaxPlayers> hands_{};
  std::array<Pile, kMaxPlayers> won_{};
  kit::Trick trick_;
  kit::Trick last_trick_;  // shown until the next card is led
  Seat last_winner_ = kNobody;
  kit::Voids voids_;
  kit::CardBits gone_ = 0;
  Seat capot_ = kNobody;
  bool capot_failed_ = false;
  std::array<int, kMaxPlayers> jacks_{}, paid_{};
  Chips chips_;
  // The deal last finished, for the view between deals.
  std::array<int, kMaxPlayers> last_change_{}, last_total_{};  // the deal last finished
  Seat last_capot_ = kNobody;
  bool last_capot_made_ = false;
  int actions_ = 0;
};

}  // namespace parlour::polignac
