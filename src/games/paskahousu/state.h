// The Paskahousu state. Private to this folder.
#pragma once

#include <array>

#include "core/story.h"
#include "games/paskahousu/paskahousu.h"
#include "kit/claims.h"

namespace parlour::paskahousu {

inline constexpr int kMaxPlayers = 10;   // five cards each from 52
inline constexpr int kMaxTakeBacks = 4;  // cards a turn may take back: a turn always ends

using RankCounts = std::array<std::uint8_t, RANK_NB>;

// A call that was covered: what the pile is said to hold.
struct Claim {
  Seat seat = kNobody;
  Rank rank = kNoRank;
  std::uint8_t count = 0;
  bool blind = false;
  bool operator==(const Claim&) const = default;
};

// What the last transition did, for narration.
struct Event {
  enum Kind : std::uint8_t {
    kNone,
    kDeal,
    kDecline,
    kPut,
    kTakeBack,
    kCall,
    kKeep,
    kChallenge,
    kPass,
    kCovered
  };

  Kind kind = kNone;
  Seat actor = kNobody, other = kNobody;
  Card card;
  int alike = 0;  // kPut, kTakeBack: cards like `card` being put down, after
  Rank rank = kNoRank;
  int count = 0;
  bool blind = false, truthful = false;
  SmallVec<Card, 52> shown;  // the cards a challenge turned up
  Seat taker = kNobody;      // who took up the pile, and how many cards
  int taken = 0;
  // What followed the transition.
  Rank next_offer = kNoRank;  // kDecline: everyone passed; the rank now offered
  int cleared = 0;            // cards removed from play by a Ten or an Ace
  Seat picker = kNobody;      // who had to take up the pile after a Ten or Ace
  int picked = 0;
  int refilled = 0;       // cards the player drew to make five
  SeatMask left = 0;      // seats that left play
  bool restarts = false;  // the clearer starts a new pile
  bool over = false;      // the game ended (Scene::summary)
};

// The bulky facts of a deal or a hand's end, for narration (core/story.h).
// What the result of a game is made from, kept when it ends so that the
// story tells the outcome without the last step building it.
struct Ending {
  SeatMask losers = 0;
  bool capped = false;  // stopped at the cap
  int turns = 0;
};

struct Scene {
  SeatCards<52, kMaxPlayers> dealt;  // kDeal: each seat's hand
  Ending ending;                     // the game ended: what its outcome says
};

class PaskahousuState final : public Narrated<PaskahousuState, Event, Scene> {
 public:
  explicit PaskahousuState(const Rules& rules);

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

  // kStart: the offers to start the game; kPlay: a player's turn; kWindow:
  // a play may be challenged.
  enum class Phase : std::uint8_t { kDeal, kStart, kPlay, kWindow, kOver };
  // Where the pile stands after a clearing: the clearer is to start a new
  // pile (kRestart); that start stood and the next call is the one a Ten or
  // an Ace turns into a pick-up for the player after (kNext).
  enum class Fresh : std::uint8_t { kNone, kRestart, kNext };

  // Read access for bots, the resampler and tests of this folder.
  const Rules& rules() const { return r_; }
  Phase phase() const { return phase_; }
  Fresh fresh() const { return fresh_; }
  Seat turn() const { return turn_; }
  Seat dealer() const { return dealer_; }
  Seat claimer() const { return claimer_; }
  Rank claim_rank() const { return claim_rank_; }
  bool claim_blind() const { return claim_blind_; }
  // The call the last play followed (kNoRank: it started a pile).
  Rank claim_previous() const { return claim_previous_; }
  // The last rank announced on the pile, covered: what the next call follows
  // (kNoRank: the table is empty).
  Rank top() const { return top_; }
  Rank offer() const { return offer_; }
  const kit::Cards& hand(Seat s) const { return hands_[s]; }
  const kit::Cards& stock() const { return stock_; }
  const kit::Cards& pile() const { return pile_; }
  const kit::Cards& last_play() const { return last_; }
  const kit::Cards& building() const { return building_; }
  const kit::Cards& removed() const { return removed_; }
  const SmallVec<Claim, 52>& claims() const { return claims_; }
  SeatMask open() const { return phase_ == Phase::kWindow ? open_ : 0; }
  SeatMask out() const { return out_; }
  bool in_play(Seat s) const { return !(out_ >> s & 1); }
  int in_play_count() const;
  // The next seat in play to the left of s.
  Seat next_in_play(Seat s) const;
  SeatMask losers() const { return losers_; }
  int turns() const { return turns_; }
  int taken_back() const { return taken_back_; }
  // Whether the player in turn may call r now (with cards put down, or blind).
  bool may_call(Rank r) const;
  // At most one card may be put down: the game's start and a new pile after a
  // clearing are "a card".
  bool single_card() const { return phase_ == Phase::kStart || fresh_ == Fresh::kRestart; }
  // How many cards of the rank just called seat `s` knew the caller held
  // before the call (it saw them go into that hand, and still sees them there).
  int knew_of_claim(Seat s) const { return knew_[s]; }
  // A seat's memory, for bots: how many cards of each rank `viewer` saw go
  // into `holder`'s hand and believes are still there, taking the holder's
  // calls as true (a call of k Sevens takes k of the Sevens it saw go in). It
  // outlasts what the view shows (a face-down play blurs that) and may be
  // wrong where the holder lied. Made only of what `viewer` saw.
  const RankCounts& belief(Seat viewer, Seat holder) const { return belief_[viewer][holder]; }
  // What `viewer` believed of the caller's cards of the rank called, before
  // the call (at least knew_of_claim()).
  int believed_of_claim(Seat viewer) const { return believed_claim_[viewer]; }

  // For the resampler and tests.
  kit::Cards& mutable_hand(Seat s) { return hands_[s]; }
  kit::Cards& mutable_stock() { return stock_; }
  kit::Cards& mutable_pile() { return pile_; }
  kit::Cards& mutable_last() { return last_; }
  kit::Cards& mutable_building() { return building_; }
  kit::Cards& mutable_removed() { return removed_; }
  // Makes every seat but `seat` remember only what it sees of the hands now,
  // and what it knew of the caller's hand before the call: a sample's other
  // seats then hold no memory of the real cards.
  void reduce_memories(Seat seat);
  // Puts every hand but `seat`'s in order of its cards, with what rides on
  // their places (kit::order_hand).
  void order_hands(Seat seat);
  // Puts the game at `turn`'s turn with these hands (each known to its owner
  // only), this stock (top card last), an empty table and `top` the last call
  // (kNoRank: an empty pile; the cards said to be under it are not there).
  // For tests.
  void set_position(const std::vector<std::vector<Card>>& hands, const std::vector<Card>& stock,
                    Seat turn, Rank top = kNoRank);

 private:
  Seat left(Seat s, int k = 1) const { return (s + k) % r_.players; }
  void begin_turn(Seat p);
  void call(Seat seat, Rank rank, bool blind);
  void challenge(Seat seat);
  void close_window();
  // The end of `player`'s turn, its play settled: it draws up to five where
  // the rules say so, players without cards leave play once the stock is
  // gone, and the game ends where one is left or the game is too long.
  // Returns true if the game is over.
  bool end_turn(Seat player);
  // With the stock gone, every seat in play without cards leaves it (but
  // `pending`, whose play lies on the table).
  void leave_play(Seat pending);
  void sort_hand(Seat s);
  // Moves `from` into `taker`'s hand (kit::take_all), and into the memory of
  // every seat that knows the cards.
  void take_up(kit::Cards& from, Seat taker);
  void end(SeatMask losers);
  Ending ending() const { return {losers_, capped_, turns_}; }

  Rules r_;
  Phase phase_ = Phase::kDeal;
  Fresh fresh_ = Fresh::kNone;
  std::array<kit::Cards, kMaxPlayers> hands_;
  kit::Cards stock_;            // face down; the top card is the last
  kit::Cards pile_;             // plays covered, oldest first
  kit::Cards last_;             // the play last called, face down
  kit::Cards building_;         // the cards the player in turn is putting down
  kit::TurnedUp turned_;        // the play a challenge last turned up
  kit::Cards removed_;          // piles cleared from play, face down
  SmallVec<Claim, 52> claims_;  // the calls covered on the pile, oldest first
  Seat dealer_ = 0, turn_ = 0, claimer_ = kNobody;
  Rank claim_rank_ = kNoRank, claim_previous_ = kNoRank, top_ = kNoRank, offer_ = kNoRank;
  bool claim_blind_ = false;
  int declined_ = 0;                     // seats that let the rank offered go by
  int taken_back_ = 0;                   // cards taken back this turn
  SeatMask open_ = 0;                    // the window: seats that may still challenge
  SeatMask out_ = 0;                     // seats out of play, their cards gone
  SeatMask losers_ = 0;                  // at the end
  std::array<int, kMaxPlayers> knew_{};  // see knew_of_claim()
  // What the others knew of the caller's hand before the call: a challenge
  // that turns the play up shows which cards left it, and gives it back.
  SmallVec<SeatMask, 52> knew_hand_, knew_last_;
  std::array<std::array<RankCounts, kMaxPlayers>, kMaxPlayers> belief_{};  // [viewer][holder]
  std::array<RankCounts, kMaxPlayers> belief_before_{};  // [viewer]: of the caller, before the call
  std::array<int, kMaxPlayers> believed_claim_{};
  int turns_ = 0, actions_ = 0;
  bool dealt_ = false, capped_ = false;
};

}  // namespace parlour::paskahousu
