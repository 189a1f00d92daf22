// The Bridge-Whist state. Private to this folder: applications use core/game.h.
#pragma once

#include <array>
#include <vector>

#include "core/small_vec.h"
#include "core/story.h"
#include "games/bridge_whist/bridge_whist.h"
#include "kit/cut.h"
#include "kit/tricks.h"

namespace parlour::bridge_whist {

using Hand = SmallVec<Card, kHandSize>;
using Pile = SmallVec<Card, 52>;

// The honours a side scored, from the club code's table (rules.md).
enum class Honours : std::uint8_t {
  kNone,
  kSimple,           // three of the five trump honours: two tricks' value
  kFour,             // four, between the partners: four tricks' value
  kFive,             // five, between the partners: five tricks' value
  kFourInOne,        // four in one hand: eight tricks' value
  kFourInOneAndOne,  // four in one hand, the fifth in the partner's: nine
  kFiveInOne,        // all five in one hand: ten
  kThreeAces,        // no trumps: three aces, 30
  kFourAces,         // four aces between the partners, 40
  kFourAcesInOne,    // four aces in one hand, 100
};
// What they are worth with a trick worth `unit` (undoubled).
int honours_points(Honours h, int unit);
std::string_view honours_words(Honours h);  // "simple honours", "four honours in one hand"

// How one deal scored: what the story, the view between deals and the tests
// read. Sides are 0 (seats 0 and 2) and 1 (seats 1 and 3).
struct DealScore {
  int deal = 0;  // from 1
  int strain = 0, doubles = 0;
  Seat maker = kNobody;
  std::array<int, 2> tricks{};
  int odd_side = 0, odd = 0, below = 0;  // the side that won the odd tricks, how many, the points
  int honours_side = -1;
  Honours honours = Honours::kNone;
  int honours_points = 0;  // as held, before chicane took from them
  // Chicane: the hands of each side void of trumps, and what it moved:
  // added to that side, or (American) taken from the other side's honours.
  std::array<int, 2> void_hands{}, chicane{};
  std::array<bool, 2> chicane_taken{};
  int slam_side = -1, slam = 0;
  std::array<int, 2> above{};            // this deal's points above the line, by side
  int game_side = -1;                    // the side that won a game with this deal
  int rubber_side = -1;                  // the side that won the rubber with it
  std::array<int, 2> games{}, totals{};  // after it: games won, and every point
};

// One deal's lines on the score-sheet, as DealScore scored them, small: the
// state carries the whole rubber's sheet and copies it without allocating (a
// rubber has at most 45 deals: a game takes at most 15, each deal giving 2 or
// more below the line).
struct SheetDeal {
  std::int16_t below = 0, honours_points = 0;
  std::array<std::int16_t, 2> chicane{}, above{};
  std::int8_t deal = 0, strain = 0, doubles = 0, odd_side = 0, odd = 0;
  std::int8_t honours_side = -1, slam_side = -1, slam = 0, game_side = -1, rubber_side = -1;
  Honours honours = Honours::kNone;
  std::array<std::uint8_t, 2> void_hands{};
  std::array<bool, 2> chicane_taken{};

  static SheetDeal of(const DealScore& d);
};
inline constexpr int kMaxDeals = 45;

// What the last transition did, for narration: plain data.
struct Event {
  enum Kind : std::uint8_t { kNone, kCut, kDeal, kMake, kPass, kDouble, kContent, kPlay };
  Kind kind = kNone;
  Seat actor = kNobody;   // who acted (the dealer for dummy's card)
  Seat player = kNobody;  // kPlay: whose card it was
  Card card;
  int strain = 0;
  int doubles = 0;         // kDouble: the doubles now; kContent: so far
  bool first_ask = false;  // kDouble/kContent: the first of the side asked
  bool lead = false;       // kPlay: it led the trick
  bool opening = false;    // kPlay: the deal's opening lead: dummy is laid down
  bool trick_done = false;
  Seat winner = kNobody;
  int deal = 0;  // kDeal
  bool deal_done = false, over = false;
};

// The bulky facts, for narration (core/story.h).
struct Scene {
  kit::Cut cut;  // the cards cut for the first deal
  SeatCards<52, kPlayers> dealt;
  Hand dummy;  // laid down at the opening lead
  Seat dummy_seat = kNobody;
  DealScore score;  // deal_done; its games and totals also tell the outcome at the end
};

class BridgeWhistState final : public Narrated<BridgeWhistState, Event, Scene> {
 public:
  explicit BridgeWhistState(const Rules& rules);

  Seat to_move() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  void fill_view(Seat viewer, View& v) const override;
  // The score-sheet as `viewer` reads it (seated: "We" and "They").
  ScoreSheet sheet(Seat viewer) const;
  static void tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                   std::vector<std::string>& out);
  Outcome outcome() const override;
  // The result of a rubber or deal that ended with these games won and totals
  // (by side): what outcome() and the story say.
  static Outcome outcome_of(const Rules& r, const std::array<int, 2>& games,
                            const std::array<int, 2>& totals);
  void all_cards(std::vector<Card>& out) const override;
  int actions_applied() const override { return actions_; }

  enum class Phase : std::uint8_t { kCut, kDeal, kMake, kPassed, kDouble, kPlay, kOver };

  // ---- Read access for the bots, the resampler and this folder's tests ----
  const Rules& rules() const { return r_; }
  Phase phase() const { return phase_; }
  Seat dealer() const { return dealer_; }
  Seat dummy() const { return partner_of(dealer_); }
  Seat eldest() const { return left(dealer_); }
  static Seat left(Seat s, int k = 1) { return (s + k) % kPlayers; }
  // Whose card is due (kPlay): dummy's included, which the dealer plays.
  Seat player() const { return phase_ == Phase::kPlay ? trick_.next(kPlayers) : turn_; }
  const Hand& hand(Seat s) const { return hands_[static_cast<std::size_t>(s)]; }
  int strain() const { return strain_; }
  Suit trump() const { return strain_ == kNoTrumps ? kit::kNoTrump : Suit(strain_); }
  Seat maker() const { return maker_; }
  int doubles() const { return doubles_; }
  // What a trick over six is worth now (doubled as it has been).
  int trick_points() const { return trick_value(strain_) << doubles_; }
  bool dummy_shown() const { return dummy_shown_; }
  const kit::Trick& trick() const { return trick_; }
  const kit::Voids& voids() const { return voids_; }
  kit::CardBits played_by(Seat s) const { return played_by_[static_cast<std::size_t>(s)]; }
  int tricks(int side) const { return taken_[static_cast<std::size_t>(side)]; }
  int games(int side) const { return games_[static_cast<std::size_t>(side)]; }
  int below_game(int side) const { return game_below_[static_cast<std::size_t>(side)]; }
  int below(int side) const { return below_[static_cast<std::size_t>(side)]; }
  int above(int side) const { return above_[static_cast<std::size_t>(side)]; }
  int total(int side) const { return below(side) + above(side); }
  int deals_done() const { return deals_; }
  const DealScore& last_deal() const { return last_; }
  // Every deal scored this rubber, in order: the score-sheet is written from it.
  const SmallVec<SheetDeal, kMaxDeals>& history() const { return history_; }
  // The points a side needs for game (seed 003, B5: "how many points he
  // needs to win the game").
  int needs(int side) const { return 30 - below_game(side); }

  // ---- For the resampler and tests ----
  Hand& mutable_hand(Seat s) { return hands_[static_cast<std::size_t>(s)]; }
  // Starts a deal by `dealer` with these hands (by seat), at the make. For tests.
  void set_deal(Seat dealer, const std::vector<std::vector<Card>>& hands);
  // Sets the score before a deal: each side's points below the line this
  // game, games won, and points above the line. For tests.
  void set_score(std::array<int, 2> game_below, std::array<int, 2> games,
                 std::array<int, 2> above = {});
  // Scores a deal as if played with these hands dealt and tricks taken. For tests.
  static DealScore score_deal(const Rules& r, const std::array<kit::CardBits, kPlayers>& dealt,
                              int strain, int doubles, Seat maker, std::array<int, 2> tricks);

 private:
  void start_doubling();
  void start_play();
  void end_trick();
  void end_deal();

  Rules r_;
  Phase phase_ = Phase::kCut;
  Seat dealer_ = 0, turn_ = 0;
  std::array<Hand, kPlayers> hands_{};
  std::array<kit::CardBits, kPlayers> played_by_{};
  int strain_ = 0;
  Seat maker_ = kNobody;
  int doubles_ = 0;
  int double_side_ = 0;                // the side that may double (or go over) now
  bool second_ask_ = false;            // its second player is asked
  std::array<Seat, 2> first_right_{};  // who of each side is asked first
  kit::Trick trick_, last_trick_;
  Seat last_winner_ = kNobody;
  kit::Voids voids_;
  std::array<Pile, 2> won_{};  // the tricks each side took this deal
  std::array<int, 2> taken_{};
  bool dummy_shown_ = false;
  // The score.
  std::array<int, 2> below_{}, above_{}, game_below_{}, games_{};
  int deals_ = 0;
  DealScore last_;
  SmallVec<SheetDeal, kMaxDeals> history_;
  Pile cut_;  // the cards cut for the first deal, on show until the first deal ends
  int actions_ = 0;
};

}  // namespace parlour::bridge_whist
