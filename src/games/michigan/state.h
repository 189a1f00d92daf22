// The Michigan state. Private to this folder.
#pragma once

#include <array>
#include <span>

#include "core/chips.h"
#include "core/small_vec.h"
#include "core/story.h"
#include "games/michigan/michigan.h"

namespace parlour::michigan {

using Hand = SmallVec<Card, 52>;
using CardBits = std::uint64_t;

constexpr CardBits bit(Card c) {
  return CardBits{1} << c.index();
}
// Where a card stands in its suit: 0 for the two up to 12 for the ace.
constexpr int order(Card c) {
  return c.rank() == kAce ? 12 : c.rank() - 2;
}
// The next card of the suit above `c`; invalid above the ace.
constexpr Card next_card(Card c) {
  if (c.rank() == kAce) return Card();
  return Card::standard(c.rank() == kKing ? kAce : Rank(c.rank() + 1), c.suit());
}
// Hands are kept by suit, each suit from the two up.
constexpr bool by_suit(Card a, Card b) {
  return a.suit() != b.suit() ? a.suit() < b.suit() : order(a) < order(b);
}
// The boodle card's pot, or -1.
constexpr int boodle_of(Card c) {
  for (int b = 0; b < kBoodles; ++b)
    if (kBoodleCards[static_cast<std::size_t>(b)] == c) return b;
  return -1;
}

// What the last transition did, for narration.
struct Event {
  enum Kind : std::uint8_t { kNothing, kDealer, kStake, kDeal, kPlay, kPass, kExchange, kKeep };

  enum Stop : std::uint8_t { kNoStop, kAceStop, kDeadStop, kPlayedStop };
  Kind kind = kNothing;
  Seat actor = kNobody;
  Card card;
  bool lead = false;  // kPlay: the card began a run
  int boodle = -1;    // kPlay: the boodle card collected, if any
  int collected = 0;  // ... and its chips
  Stop stop = kNoStop;
  bool out = false;       // kPlay: the player went out
  int stakes_shown = 0;   // kDealer/kPlay: stakes placed evenly for the next hand
  int hand = 0;           // kDeal, stakes_shown: the hand (from 1)
  Seat dealer = kNobody;  // kDeal, stakes_shown, out: the hand's dealer
  // kStake: the actor's chips staked so far and his whole stake; once every
  // stake is in, what each boodle card holds.
  int staked = 0, ante = 0;
  bool all_staked = false;
  // kStake of a whole ante at once (evenly or as last deal): the chips put on
  // each boodle card, and whether it repeated last deal's division.
  std::array<int, kBoodles> put{};
  bool whole = false, as_last = false;
  Seat next = kNobody;  // kPass: who is passed the lead
  // out: what each paid the actor, the chips left on the boodle cards, and
  // at the end of the match, how many were shared out and the result.
  int left_on = 0;
  bool over = false;
  int shared = 0;
};

// The bulky facts of a deal or a hand's end, for narration (core/story.h).
struct Scene {
  std::array<int, kBoodles> pots{};
  SeatCards<52, kMaxPlayers> dealt;  // kDeal: each seat's hand
  Hand taken_up;                     // kExchange: the dead hand, now the actor's
  std::array<int, kMaxPlayers> paid{};
  // The game ended: the chips, from which the story tells the outcome (told,
  // not written, at the end: the last step allocates nothing).
  Chips chips;
};

class MichiganState final : public Narrated<MichiganState, Event, Scene> {
 public:
  explicit MichiganState(const Rules& rules);

  Seat to_move() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  void fill_view(Seat viewer, View& v) const override;
  static void tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                   std::vector<std::string>& out);
  Outcome outcome() const override;
  // The result of a match that ended with `chips`: what outcome() and the story say.
  static Outcome outcome_of(const Rules& r, const Chips& chips);
  void all_cards(std::vector<Card>& out) const override;
  int actions_applied() const override { return actions_; }
  const Chips* chips() const override { return &chips_; }

  enum class Phase : std::uint8_t { kDealer, kStake, kDeal, kExchange, kPlay, kOver };

  // ---- Read access for the bots, the resampler and tests of this folder ----
  const Rules& rules() const { return r_; }
  Phase phase() const { return phase_; }
  Seat turn() const { return turn_; }
  Seat dealer() const { return dealer_; }
  int hand_number() const { return hand_; }
  const Hand& hand(Seat s) const { return hands_[static_cast<std::size_t>(s)]; }
  const Hand& dead() const { return dead_; }
  const Hand& run() const { return run_; }
  const Hand& played() const { return played_; }
  // Whether `turn()` leads (rather than plays the run's next card).
  bool leading() const { return phase_ == Phase::kPlay && leading_; }
  // The suit a lead may not be in: the one just stopped (SUIT_NB: any suit).
  Suit barred_suit() const;
  // Cards seat `s` has shown it does not hold.
  CardBits lacks(Seat s) const { return lacks_[static_cast<std::size_t>(s)]; }
  // Cards a stop has shown to lie in the dead hand.
  CardBits known_dead() const { return known_dead_; }
  // The seat that knows the dead hand: the dealer who gave his hand for it
  // (kNobody: nobody).
  Seat knows_dead() const { return knows_dead_; }
  // Every card played this hand.
  CardBits gone() const;
  // Chips this seat must still stake this hand, and has staked.
  int ante_of(Seat s) const;
  int staked(Seat s) const { return staked_[static_cast<std::size_t>(s)]; }
  int staked_on(Seat s, int b) const {
    return stake_on_[static_cast<std::size_t>(s)][static_cast<std::size_t>(b)];
  }
  // How seat `s` divided its ante the last deal it staked (all zero: never).
  const std::array<int, kBoodles>& last_stake(Seat s) const {
    return last_stake_[static_cast<std::size_t>(s)];
  }
  // Whether `s` may now stake its whole ante in one move: evenly, or as last
  // deal (nothing staked yet this hand, and the same ante as then).
  bool may_stake_evenly(Seat s) const;
  bool may_stake_as_last(Seat s) const;

  // ---- For the resampler and tests ----
  Hand& mutable_hand(Seat s) { return hands_[static_cast<std::size_t>(s)]; }
  Hand& mutable_dead() { return dead_; }
  // Puts the game at `leader`'s first lead of a hand with these hands and
  // dead hand, the stakes already on the boodle cards. For tests.
  void set_position(const std::vector<std::vector<Card>>& hands, const std::vector<Card>& dead,
                    Seat leader);
  // Moves `n` chips from seat `s` onto boodle card `b`. For tests.
  void test_stake(Seat s, int b, int n) { chips_.stake(s, b, n); }

 private:
  Seat left(Seat s, int k = 1) const { return (s + k) % r_.players; }
  void begin_hand();
  void stake_evenly();
  void stake_whole(Seat seat, const std::array<int, kBoodles>& put);
  void staked_all(Seat seat);
  void after_play(Seat seat, Card c);
  void end_hand(Seat out);
  void share_boodles();
  static std::string shared_words(const Rules& r, const Words& w, int shared, Seat dealer);
  Seat holder(Card c) const;

  Rules r_;
  Phase phase_ = Phase::kDealer;
  std::array<Hand, kMaxPlayers> hands_;
  Hand dead_;
  Hand run_;     // the run of the current suit, in order
  Hand played_;  // the runs before it this hand
  bool leading_ = true;
  Suit stopped_ = SUIT_NB;  // the suit of the run just stopped
  int passes_ = 0;          // leads passed since the stop
  std::array<CardBits, kMaxPlayers> lacks_{};
  CardBits known_dead_ = 0;
  Seat knows_dead_ = kNobody;
  Seat dealer_ = 0, turn_ = 0;
  int hand_ = 0;  // hands begun
  Chips chips_;
  std::array<int, kMaxPlayers> staked_{};
  std::array<std::array<int, kBoodles>, kMaxPlayers> stake_on_{};
  std::array<std::array<int, kBoodles>, kMaxPlayers> last_stake_{};  // the last deal staked
  std::array<int, kMaxPlayers> boodles_won_{};                       // this hand
  // The hand last finished, for the view between hands.
  Seat last_out_ = kNobody;
  std::array<int, kMaxPlayers> last_paid_{}, last_boodles_{}, last_change_{}, last_total_{};
  // At the end of the match: what each took of the chips left on the boodle
  // cards, and how many there were.
  std::array<int, kMaxPlayers> last_shared_{};
  int shared_ = 0;
  int actions_ = 0;
};

// The heuristic bot's choice for `me`, which may act (info.cc). For tests.
Action heuristic_for_test(const MichiganState& s, Seat me, std::span<const Action> legal);

}  // namespace parlour::michigan
