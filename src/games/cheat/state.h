// The Cheat state. Private to this folder.
#pragma once

#include <array>
#include <cstdint>

#include "core/story.h"
#include "games/cheat/cheat.h"
#include "kit/claims.h"

namespace parlour::cheat {

inline constexpr int kMaxPlayers = 12;

// What the last transition did, for narration.
struct Event {
  enum Kind : std::uint8_t { kNone, kDeal, kPut, kTakeBack, kCall, kChallenge, kPass, kCovered };

  Kind kind = kNone;
  Seat actor = kNobody, other = kNobody;
  Card card;
  int alike = 0;  // kPut, kTakeBack: cards like `card` being put down, after
  Rank rank = kNoRank;
  int count = 0, stated = 0;
  bool truthful = false;
  kit::Cards shown;      // the cards a challenge turned up
  Seat taker = kNobody;  // who took up the pile, and how many cards
  int taken = 0;
  bool over = false;  // the game ended (Scene::summary)
};

// The bulky facts of a deal or a hand's end, for narration (core/story.h).
// What the result of a game is made from, kept when it ends so that the
// story tells the outcome without the last step building it.
struct Ending {
  std::array<int, kMaxPlayers> held{};  // cards left in each hand
  Seat winner = kNobody;                // kNobody: stopped at the cap
  int turns = 0;
};

struct Scene {
  SeatCards<104, kMaxPlayers> dealt;  // kDeal: each seat's hand
  Ending ending;                      // the game ended: what its outcome says
};

class CheatState final : public Narrated<CheatState, Event, Scene> {
 public:
  explicit CheatState(const Rules& rules);

  Seat to_move() const override;
  Actors actors() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  void fill_view(Seat viewer, View& v) const override;
  static void tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                   std::vector<std::string>& out);
  Outcome outcome() const override;
  static Outcome outcome_of(const Rules& r, const Ending& e);
  void all_cards(std::vector<Card>& out) const override;
  int actions_applied() const override { return actions_; }

  enum class Phase : std::uint8_t { kDeal, kBuild, kWindow, kOver };

  // Read access for bots, the resampler and tests of this folder.
  const Rules& rules() const { return r_; }
  Phase phase() const { return phase_; }
  Seat turn() const { return turn_; }
  Seat claimer() const { return claimer_; }
  Rank claim_rank() const { return claim_rank_; }
  int claim_stated() const { return claim_stated_; }
  const kit::Cards& hand(Seat s) const { return hands_[s]; }
  const kit::Cards& pile() const { return pile_; }
  const kit::Cards& last_play() const { return last_; }
  const kit::Cards& building() const { return building_; }
  SeatMask open() const { return phase_ == Phase::kWindow ? open_ : 0; }
  // How many cards of the rank just called seat `s` knew the caller held
  // before the call (it saw them go into that hand): what it can reason from,
  // though it cannot tell afterwards which cards went.
  // Worked out from the cards where they lie and what each seat knew of each
  // place, so that a sampled state answers from its own cards.
  int knew_of_claim(Seat s) const {
    if (phase_ != Phase::kWindow) return 0;
    int n = 0;
    const kit::Cards& hand = hands_[claimer_];
    for (std::size_t i = 0; i < hand.size(); ++i)
      n += (knew_hand_[i] >> s & 1) && hand[i].card.rank() == claim_rank_;
    for (std::size_t i = 0; i < last_.size(); ++i)
      n += (knew_last_[i] >> s & 1) && last_[i].card.rank() == claim_rank_;
    return n;
  }
  // The ranks the player in turn may call: `n` of them.
  std::array<Rank, 3> callable(int& n) const;
  Seat winner() const { return winner_; }
  int turns() const { return turns_; }
  Seat dealer() const { return dealer_; }

  // Counting what cannot be seen. With numbers stated ("and may be a lie"),
  // nobody counts another's play: each seat reckons the cards of another's
  // hand, and of the pile, from the numbers stated (its own plays at their
  // true number), until a play turned up shows its number. Without, the
  // reckoning is the true count. `viewer` may be kSpectator (numbers stated
  // only); a seat reckons its own hand exactly.
  int reckoned_hand(Seat viewer, Seat owner) const {
    if (viewer == owner)
      return static_cast<int>(hands_[owner].size() +
                              (phase_ == Phase::kBuild && turn_ == owner ? building_.size() : 0));
    return reckon_hand_[slot(viewer)][owner];
  }
  int reckoned_pile(Seat viewer) const { return reckon_pile_[slot(viewer)]; }
  // How many of seat `s`'s plays lie covered in the pile: each holds a card
  // or more.
  int plays_in_pile(Seat s) const { return plays_in_pile_[s]; }
  // The cards of `owner`'s hand that `viewer` is shown: with numbers stated,
  // as many as it reckons (at least those it knows of, and one while the hand
  // holds any: an empty hand is seen); else all of them.
  int hand_shown(Seat owner, Seat viewer) const;

  // For the resampler and tests.
  kit::Cards& mutable_hand(Seat s) { return hands_[s]; }
  kit::Cards& mutable_pile() { return pile_; }
  kit::Cards& mutable_last() { return last_; }
  kit::Cards& mutable_building() { return building_; }
  // What each seat knew of the caller's hand and play before the call, place
  // by place (see knew_of_claim()).
  const SmallVec<SeatMask, 104>& knew_hand() const { return knew_hand_; }
  const SmallVec<SeatMask, 8>& knew_last() const { return knew_last_; }
  SmallVec<SeatMask, 104>& mutable_knew_hand() { return knew_hand_; }
  SmallVec<SeatMask, 8>& mutable_knew_last() { return knew_last_; }
  // Puts the game at `turn`'s turn to play `expected` with these hands (each
  // known to its owner only) and an empty pile. For tests.
  void set_position(const std::vector<std::vector<Card>>& hands, Seat turn, Rank expected);

 private:
  static int slot(Seat viewer) { return viewer >= 0 ? viewer : kMaxPlayers; }
  Seat left(Seat s, int k = 1) const { return (s + k) % r_.players; }
  Rank step(Rank r, int d) const { return Rank((r - 1 + d + 13) % 13 + 1); }
  std::string callable_words() const;
  void begin_turn(Seat p);
  void close_window();
  void end(Seat winner);
  Ending ending() const;  // what the outcome is made from, now
  void reckon_dealt();

  Rules r_;
  Phase phase_ = Phase::kDeal;
  std::array<kit::Cards, kMaxPlayers> hands_;
  kit::Cards pile_;       // plays covered, oldest first
  kit::Cards last_;       // the play last called, face down
  kit::Cards building_;   // the cards the player in turn is putting down
  kit::TurnedUp turned_;  // the play a challenge last turned up
  SmallVec<Card, 8>
      taken_back_;  // this turn's cards taken back: a play may take back as many as it may hold
  Seat dealer_ = 0, turn_ = 0, claimer_ = kNobody, winner_ = kNobody;
  Rank claim_rank_ = kNoRank;  // the last call
  int claim_stated_ = 0;       // the number it stated, if numbers are stated
  Rank expected_ = kAce;       // up or down: the rank the next call must be
  SeatMask open_ = 0;          // the window: seats that may still challenge
  // What the others knew of the caller's hand before the call, place by
  // place: a challenge that turns the play up shows which cards left it, and
  // gives it back. And what they knew of the cards played.
  SmallVec<SeatMask, 104> knew_hand_;
  SmallVec<SeatMask, 8> knew_last_;
  // What each seat reckons (row kMaxPlayers: spectators): see reckoned_hand().
  std::array<std::array<std::int16_t, kMaxPlayers>, kMaxPlayers + 1> reckon_hand_{};
  std::array<std::int16_t, kMaxPlayers + 1> reckon_pile_{};
  std::array<std::int8_t, kMaxPlayers> plays_in_pile_{};
  int turns_ = 0, actions_ = 0;
  bool dealt_ = false;
};

}  // namespace parlour::cheat
