// The Oh Hell! state. Private to this folder: applications use core/game.h.
#pragma once

#include <array>
#include <bit>
#include <span>
#include <vector>

#include "core/small_vec.h"
#include "core/story.h"
#include "games/oh_hell/oh_hell.h"
#include "kit/tricks.h"

namespace parlour::oh_hell {

inline constexpr SeatMask bit(Seat s) {
  return SeatMask{1} << s;
}

using Hand = SmallVec<Card, kMaxHand>;
using Pile = SmallVec<Card, 52>;

// What the last transition did, for narration: plain data, no strings built
// in play.
struct Event {
  enum Kind : std::uint8_t { kNone, kDraw, kDeal, kBid, kPlay };

  Kind kind = kNone;
  Seat actor = kNobody;
  int bid = 0;
  Card card;
  bool trick_done = false, hand_done = false;
  Seat winner = kNobody;  // of the trick
  // Plain data, as the state is: play-outs allocate nothing.
  // kDeal: the hand (from 1) and its size, the card turned (invalid: none),
  // whether any card was left over, and each seat's hand.
  int hand = 0, size = 0;
  Card turned;
  bool stock_left = false;
  // kBid by the last bidder: the bids' total.
  bool bids_done = false;
  int total_bid = 0;
  // hand_done: each seat's bid, tricks taken, points and score after the
  // hand; over: it was the last.
  bool over = false;
};

// The bulky facts of a deal or a hand's end, for narration (core/story.h).
struct Scene {
  SeatCards<52, kMaxPlayers> dealt;
  std::array<int, kMaxPlayers> bids{}, taken{}, points{}, scores{};
  // kDraw: the cards drawn for the first deal, round by round (a tie draws again).
  SmallVec<Card, 52> drawn;
  SmallVec<std::int8_t, 52> drawer;
  SmallVec<std::uint8_t, 32> round_ends;  // index into drawn after each round
};

class OhHellState final : public Narrated<OhHellState, Event, Scene> {
 public:
  explicit OhHellState(const Rules& rules);

  Seat to_move() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  void fill_view(Seat viewer, View& v) const override;
  static void tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                   std::vector<std::string>& out);
  Outcome outcome() const override;
  // The result from the final scores: what outcome() and the story say.
  static Outcome outcome_of(const Rules& r, std::span<const int> scores);
  void all_cards(std::vector<Card>& out) const override;
  int actions_applied() const override { return actions_; }

  enum class Phase : std::uint8_t { kDraw, kDeal, kBid, kPlay, kOver };

  // ---- Read access for the bots, the resampler and this folder's tests ----
  const Rules& rules() const { return r_; }
  Phase phase() const { return phase_; }
  Seat dealer() const { return dealer_; }
  Seat turn() const { return turn_; }
  // REQUIRES: 0 <= k <= players.
  Seat left(Seat s, int k = 1) const { return kit::wrap(s + k, r_.players); }
  // The hand in play (from 0) and its cards each.
  int hand_index() const { return hand_; }
  int hand_size() const { return r_.cards_in_hand(hand_); }
  // A seat's cards as held (by suit, then rank, aces high), built from its
  // set: a value, not a reference.
  Hand hand(Seat s) const;
  // The same as a set (kit::HeldBits), and how many.
  kit::HeldBits held(Seat s) const { return held_[s]; }
  int cards_held(Seat s) const { return std::popcount(held_[s]); }
  const Pile& stock() const { return stock_; }
  // The card turned for trumps (invalid: none turned), and the trump suit
  // (kit::kNoTrump: none).
  Card turned() const { return turned_; }
  Suit trump() const { return trump_; }
  // -1: not bid yet this hand.
  int bid(Seat s) const { return bids_[s]; }
  int taken(Seat s) const { return taken_[s]; }
  int score(Seat s) const { return score_[s]; }
  const kit::Trick& trick() const { return trick_; }
  const kit::Voids& voids() const { return voids_; }
  // Cards played this hand (public).
  kit::CardBits gone() const { return gone_; }
  const Pile& won(Seat s) const { return won_[s]; }
  int tricks_played() const;
  // The total bid so far this hand, and the bid the dealer may not make
  // (-1: none forbidden).
  int total_bid() const;
  int forbidden_bid() const;
  // The last hand finished (0: none yet) and what each seat scored in it.
  int hands_done() const { return hands_done_; }
  int last_points(Seat s) const { return last_points_[s]; }
  int last_bid(Seat s) const { return last_bids_[s]; }
  int last_taken(Seat s) const { return last_taken_[s]; }
  const Event& last_event() const { return ev_; }

  // ---- For the resampler and tests ----
  // Gives seat `s` these cards (standard, each once) in place of its own.
  void set_cards(Seat s, std::span<const Card> cards);
  Pile& mutable_stock() { return stock_; }
  kit::Voids& mutable_voids() { return voids_; }
  // A sampled state must not carry the real last event: it names real cards.
  // Starts hand `index` dealt by `dealer` with these hands (by seat), this
  // turned card (invalid: none) and this stock, at the first bid. For tests.
  void set_hand(int index, Seat dealer, const std::vector<std::vector<Card>>& hands, Card turned,
                const std::vector<Card>& stock);

 private:
  void start_bidding();
  void end_trick();
  void end_hand();

  Rules r_;
  Phase phase_ = Phase::kDraw;
  Seat dealer_ = 0, turn_ = 0;
  int hand_ = 0;
  // Each seat's hand as a set (kit::HeldBits): a random play-out's every
  // step reads or changes one, and a set needs no search, shift or sort.
  std::array<kit::HeldBits, kMaxPlayers> held_{};
  Pile stock_;  // face down, under the turned card
  Card turned_;
  Suit trump_ = kit::kNoTrump;
  std::array<int, kMaxPlayers> bids_{}, taken_{}, score_{};
  kit::Trick trick_;
  kit::Trick last_trick_;  // shown until the next card is led
  Seat last_winner_ = kNobody;
  kit::Voids voids_;
  kit::CardBits gone_ = 0;
  std::array<Pile, kMaxPlayers> won_{};
  int hands_done_ = 0;
  std::array<int, kMaxPlayers> last_points_{}, last_bids_{}, last_taken_{};
  // The cards drawn for the first dealer: everyone saw them, so they are
  // shown through the first hand, though they went back into the pack.
  Pile first_draw_;
  int actions_ = 0;
};

}  // namespace parlour::oh_hell
