// The Verish' Ne Verish' state. Private to this folder.
#pragma once

#include <array>
#include <vector>

#include "core/story.h"
#include "games/verish_ne_verish/verish_ne_verish.h"
#include "kit/claims.h"

namespace parlour::verish_ne_verish {

inline constexpr int kMaxPlayers = 6;

// What the last transition did, for narration.
struct Event {
  enum Kind : std::uint8_t {
    kNone,
    kDeal,
    kPut,
    kTakeBack,
    kDeclare,
    kChallenge,
    kPutAway,
    kPlayOn
  };

  Kind kind = kNone;
  Seat actor = kNobody, other = kNobody;
  Card card;
  int alike = 0;  // kPut, kTakeBack: cards like `card` being put down, after
  Rank rank = kNoRank;
  int count = 0;
  bool starts = false;    // kDeclare: the play starts a round
  bool truthful = false;  // kChallenge
  kit::Cards shown;       // kChallenge: the cards turned up; kPutAway: the set
  Seat taker = kNobody;   // kChallenge: who took up the table, and how many cards
  int taken = 0;
  std::array<Rank, 13> sets{};  // kChallenge with compulsory sets: the sets put away
  int set_count = 0;
  bool over = false;  // the game ended (Scene::summary)
};

// The bulky facts of a deal or a hand's end, for narration (core/story.h).
// What the result of a game is made from, kept when it ends so that the
// story tells the outcome without the last step building it.
struct Ending {
  SeatMask losers = 0;
  bool stopped = false;  // stopped after max_plays
  int plays = 0;
  Card aside;  // the card laid aside
};

struct Scene {
  SeatCards<52, kMaxPlayers> dealt;  // kDeal: each seat's hand
  Ending ending;                     // the game ended: what its outcome says
};

// The ranks of which `hand` holds all four, as bits (1 << rank).
std::uint16_t complete_sets(const kit::Cards& hand);

class VerishState final : public Narrated<VerishState, Event, Scene> {
 public:
  explicit VerishState(const Rules& rules);

  Seat to_move() const override;
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

  // kPlay: the player in turn puts down cards, declares them, or challenges.
  // kSets: whoever took up the table may put sets of four away.
  enum class Phase : std::uint8_t { kDeal, kPlay, kSets, kOver };

  // Read access for bots, the resampler and tests of this folder.
  const Rules& rules() const { return r_; }
  Phase phase() const { return phase_; }
  Seat turn() const { return turn_; }
  Seat dealer() const { return dealer_; }
  // Who made the last play, which the player in turn may turn up (kNobody at
  // the start of a round).
  Seat claimer() const { return last_.empty() ? kNobody : claimer_; }
  // The rank of this round, kNoRank before its first play.
  Rank round_rank() const { return round_rank_; }
  // Whether the player in turn starts a round (and names its rank).
  bool starts_round() const { return round_rank_ == kNoRank; }
  const kit::Cards& hand(Seat s) const { return hands_[s]; }
  const kit::Cards& pile() const { return pile_; }  // the round's covered plays
  const kit::Cards& last_play() const { return last_; }
  const kit::Cards& building() const { return building_; }
  const kit::Cards& aside() const { return aside_; }
  const kit::Cards& put_away() const { return sets_; }
  // Cards claimed in this round by each seat's covered plays.
  int claimed_in_round(Seat s) const { return claimed_[s]; }
  // How many cards of the round's rank seat `s` knew the claimer held just
  // before the last play (it saw them go into that hand).
  int knew_of_claim(Seat s) const { return knew_[s]; }
  // Cards the seat holds, with those it is putting down.
  int holding(Seat s) const;
  // Still playing: holding cards, or the last play is its last and may yet
  // be turned up.
  bool in_play(Seat s) const;
  SeatMask seats_in() const;
  int players_in() const;
  int plays() const { return plays_; }
  SeatMask losers() const { return losers_; }
  bool stopped() const { return stopped_; }

  // For the resampler and tests.
  kit::Cards& mutable_hand(Seat s) { return hands_[s]; }
  kit::Cards& mutable_pile() { return pile_; }
  kit::Cards& mutable_last() { return last_; }
  kit::Cards& mutable_building() { return building_; }
  kit::Cards& mutable_aside() { return aside_; }
  // Puts the game at `turn`'s turn to start a round with these hands (each
  // known to its owner only), `aside` laid aside and the sets of `gone` put
  // away. For tests.
  void set_position(const std::vector<std::vector<Card>>& hands, Card aside, Seat turn,
                    const std::vector<Rank>& gone = {});

 private:
  // The next seat to the left of `s` holding cards.
  Seat next_holder(Seat s) const;
  void begin_turn(Seat p);
  void finish_round(Seat faulted);
  void put_set_away(Seat s, Rank r);
  void end_with(SeatMask losers, bool stopped);
  Ending ending() const { return {losers_, stopped_, plays_, aside_[0].card}; }
  void sort_hand(Seat s);

  Rules r_;
  Phase phase_ = Phase::kDeal;
  std::array<kit::Cards, kMaxPlayers> hands_;
  kit::Cards pile_;      // the round's plays, covered, oldest first
  kit::Cards last_;      // the last play, face down
  kit::Cards building_;  // the cards the player in turn is putting down
  kit::Cards aside_;     // the card laid aside, unseen
  kit::Cards sets_;      // sets of four put away, shown
  Seat dealer_ = 0, turn_ = 0, claimer_ = kNobody;
  Rank round_rank_ = kNoRank;
  int taken_back_ = 0;  // cards taken back this turn
  std::array<int, kMaxPlayers> claimed_{};
  std::array<int, kMaxPlayers> knew_{};  // see knew_of_claim()
  // What the others knew of the claimer's hand before the last play: a
  // challenge shows which cards left it, and gives that knowledge back.
  SmallVec<SeatMask, 104> knew_hand_;
  kit::TurnedUp turned_;  // the play a challenge last turned up
  SeatMask losers_ = 0;
  bool stopped_ = false;  // stopped after max_plays
  int plays_ = 0, actions_ = 0;
  bool dealt_ = false;
};

}  // namespace parlour::verish_ne_verish
