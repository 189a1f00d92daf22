// The Earl of Coventry state. Private to this folder.
#pragma once

#include <array>

#include "core/chips.h"
#include "core/small_vec.h"
#include "core/story.h"
#include "games/earl_of_coventry/earl_of_coventry.h"

namespace parlour::earl_of_coventry {

inline constexpr int kMaxPlayers = 12;
using Hand = SmallVec<Card, 52>;

// What the last transition did, for narration.
struct Event {
  enum Kind : std::uint8_t { kNothing, kDeal, kPlay, kPass, kOut };

  Kind kind = kNothing;
  Seat actor = kNobody;
  Card card;
  int nth = 0;          // kPlay: the card's place in its round, 1 to 4
  Rank rank = kNoRank;  // kPass: the rank of the round
  bool leads = false;   // kPlay: the round is complete and the actor leads the next
  // kPlay: the actor went out, and what each of the others paid.
  bool out = false;
};

// The bulky facts of a deal or a hand's end, for narration (core/story.h).
struct Scene {
  std::array<int, kMaxPlayers> paid{};  // by seat
  SeatCards<52, kMaxPlayers> dealt;     // kDeal: each seat's hand
};

class EarlState final : public Narrated<EarlState, Event, Scene> {
 public:
  explicit EarlState(const Rules& rules);

  Seat to_move() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  void fill_view(Seat viewer, View& v) const override;
  static void tell(const Rules& r, const Event& e, const Scene& sc, const parlour::Words& w,
                   std::vector<std::string>& out);
  Outcome outcome() const override;
  void all_cards(std::vector<Card>& out) const override;
  int actions_applied() const override { return actions_; }
  const Chips* chips() const override { return &chips_; }

  enum class Phase : std::uint8_t { kDeal, kPlay, kOver };

  // Read access for the bot, the resampler and tests of this folder.
  const Rules& rules() const { return r_; }
  Phase phase() const { return phase_; }
  Seat turn() const { return turn_; }
  Seat dealer() const { return dealer_; }
  int deal() const { return deal_; }
  const Hand& hand(Seat s) const { return hands_[static_cast<std::size_t>(s)]; }
  // The rank being matched, kNoRank when the turn's player leads.
  Rank round_rank() const { return round_.empty() ? kNoRank : round_[0].rank(); }
  const Hand& round() const { return round_; }
  const Hand& gone() const { return gone_; }
  // Ranks seat `s` has shown it holds none of this deal (bits 1 << rank).
  std::uint16_t lacks(Seat s) const { return lacks_[static_cast<std::size_t>(s)]; }
  // Cards still held of rank r, by everyone.
  int unplayed(Rank r) const;

  // For the resampler and tests.
  Hand& mutable_hand(Seat s) { return hands_[static_cast<std::size_t>(s)]; }
  // Puts the game at `turn`'s lead with these hands. For tests.
  void set_position(const std::vector<std::vector<Card>>& hands, Seat turn);

 private:
  Seat left(Seat s, int k = 1) const { return (s + k) % r_.players; }
  void end_deal(Seat out);

  Rules r_;
  Phase phase_ = Phase::kDeal;
  std::array<Hand, kMaxPlayers> hands_;
  Hand round_;  // the cards of the round being matched, in order
  Hand gone_;   // the rounds completed this deal
  std::array<std::uint16_t, kMaxPlayers> lacks_{};
  Seat dealer_ = 0, turn_ = 0;
  int deal_ = 0;  // deals begun
  Chips chips_;
  // The deal last finished, for the view between deals.
  Seat last_out_ = kNobody;
  std::array<int, kMaxPlayers> last_paid_{}, last_total_{};  // the deal last finished
  int last_deal_ = 0;
  int actions_ = 0;
};

}  // namespace parlour::earl_of_coventry
