// The Bachelor Girl state. Private to this folder.
#pragma once

#include <array>
#include <vector>

#include "core/small_vec.h"
#include "core/story.h"
#include "games/bachelor_girl/bachelor_girl.h"

namespace parlour::bachelor_girl {

inline constexpr int kMaxPlayers = 8;
// Cards of one place: at most the whole pack. Fixed capacity, so that play
// and the copies a search makes allocate nothing.
using Cards = SmallVec<Card, 52>;

struct LaidPair {
  Card a, b;          // b is the Bachelor Girl when wild
  bool wild = false;  // she stands for the match of a
  bool operator==(const LaidPair&) const = default;
};

// The cards in front of a player, face up.
struct Front {
  SmallVec<LaidPair, 26> pairs;
  Cards singles;
  int points() const {
    return 5 * static_cast<int>(pairs.size()) + static_cast<int>(singles.size());
  }
};

struct Event {
  enum Kind : std::uint8_t {
    kNone,
    kDeal,
    kSwap,
    kLayPair,
    kLaySingle,
    kTake,
    kTakeWild,
    kDraw,
    kPass,
    kDone,
    kClaim,
    kDecline
  };

  Event() = default;
  explicit Event(Kind k) : kind(k) {}
  Kind kind = kNone;
  Seat actor = 0, other = 0;
  Card card, card2, drawn;
  bool drew = false;
  int hand = 1;
  // End of a hand.
  bool hand_over = false;
  Seat winner = -1;  // -1: blocked, nobody went out
  Cards handed;
  bool bonus = false;
  std::array<int, kMaxPlayers> hand_points{};
  // kDeal: each seat's hand, and the cards left for the stock.
  int stock = 0;
};

// The bulky facts of a deal or a hand's end, for narration (core/story.h).
struct Scene {
  std::array<int, kMaxPlayers> scores{};  // after the hand
  SeatCards<52, kMaxPlayers> dealt;
};

class BachelorGirlState final : public Narrated<BachelorGirlState, Event, Scene> {
 public:
  explicit BachelorGirlState(const Rules& rules);

  Seat to_move() const override;
  Actors actors() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  // The legal actions, a move found twice listed twice (legal_actions()
  // keeps the first of each): a picture pack holds each card twice, and two
  // alike in a hand, or among another's singles, are one move (apply finds
  // the first).
  void list_moves(Seat seat, std::vector<Action>& out) const;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  void fill_view(Seat viewer, View& v) const override;
  static void tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                   std::vector<std::string>& out);
  Outcome outcome() const override;
  void all_cards(std::vector<Card>& out) const override;
  int actions_applied() const override { return actions_; }

  enum class Phase : std::uint8_t { kDeal, kTurn, kLaySingle, kTaking, kClaim, kOver };

  // Read access for bots, the resampler and this folder's tests.
  const Rules& rules() const { return r_; }
  Phase phase() const { return phase_; }
  Seat turn() const { return turn_; }
  Seat dealer() const { return dealer_; }
  int hand() const { return hand_; }
  const Cards& hand_of(Seat s) const { return hands_[s]; }
  const Front& front(Seat s) const { return fronts_[s]; }
  const Cards& stock() const { return stock_; }
  int score(Seat s) const { return score_[s]; }
  const Event& last_event() const { return ev_; }
  // A sampled state must not carry the real last event: it names real cards.
  // Seats that may still claim a card laid in error (the claim window).
  SeatMask claimants() const { return phase_ == Phase::kClaim ? claim_open_ : 0; }
  // The first of them from the layer's left: whom a table asks first.
  Seat first_claimant() const;
  // Public inference: seat s held no card of these classes when it last had to
  // take every match (or was stuck), and has drawn `drawn_since` cards since.
  std::uint32_t known_absent(Seat s) const { return absent_[s]; }
  int drawn_since(Seat s) const { return drawn_since_[s]; }

  // For the resampler and tests.
  Cards& mutable_hand(Seat s) { return hands_[s]; }
  Cards& mutable_stock() { return stock_; }
  // Puts the game at the start of `turn`'s turn with these hands, fronts and
  // stock (top last). For tests.
  void set_position(const std::vector<std::vector<Card>>& hands, const std::vector<Front>& fronts,
                    const std::vector<Card>& stock, Seat turn);

 private:
  void deal(Rng& rng);
  void begin_turn(Seat p);
  void next_turn();
  void after_take();
  void after_single(Card laid);
  void end_hand(Seat winner);
  bool has_natural_pair(Seat p) const;
  template <class Out>
  void natural_takes(Seat p, Out& out) const;
  template <class Out>
  void wild_takes(Seat p, Out& out) const;
  void remove_from_hand(Seat p, Card c);
  // Records that p holds none of the classes lying single before the others.
  void infer_absent(Seat p);
  void draw_card(Seat p);
  int find_class_in_hand(Seat p, int cls) const;  // index, or -1
  Seat left(Seat s, int k = 1) const { return (s + k) % r_.players; }

  Rules r_;
  Cards deck_;  // the pack before the deal
  Phase phase_ = Phase::kDeal;
  std::array<Cards, kMaxPlayers> hands_;
  std::array<Front, kMaxPlayers> fronts_;
  Cards stock_;  // top is back()
  std::array<int, kMaxPlayers> score_{};
  Seat dealer_ = 0, turn_ = 0;
  int hand_ = 1;
  bool swapped_ = false;  // this turn
  int idle_ = 0;          // turns in a row with nothing laid, taken or drawn
  // A claim window: the card laid in error, who laid it, and the seats that
  // may still claim it (all the others, until they let it go).
  Card claim_card_;
  Seat claim_layer_ = 0;
  SeatMask claim_open_ = 0;
  bool layer_out_ = false;  // the layer's single was the last card: the hand ends after the claims
  std::array<std::uint32_t, kMaxPlayers> absent_{};
  std::array<int, kMaxPlayers> drawn_since_{};
  bool dealt_ = false;
  int actions_ = 0;
  // The last hand finished, for the summary between hands.
  int hands_done_ = 0;
  Seat last_winner_ = -1;
  bool last_bonus_ = false;
  std::array<int, kMaxPlayers> last_points_{};
};

}  // namespace parlour::bachelor_girl
