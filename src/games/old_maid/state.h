// The Old Maid state. Private to this folder: applications use core/game.h.
#pragma once

#include <array>
#include <vector>

#include "core/small_vec.h"
#include "core/story.h"
#include "games/old_maid/old_maid.h"

namespace parlour::old_maid {

inline constexpr int kMaxPlayers = 12;

// A fan: a hand with positions. known[i] has bit s set when seat s (not the
// owner) knows which card lies at position i. A shuffled fan is held in
// canonical order (by pairing class, then card) because nobody knows its order.
struct Fan {
  SmallVec<Card, kMaxFan + 1> cards;
  SmallVec<std::uint16_t, kMaxFan + 1> known;
  bool shuffled = false;

  int size() const { return static_cast<int>(cards.size()); }
  void push(Card c, std::uint16_t k) { cards.push_back(c), known.push_back(k); }
  void insert(int i, Card c, std::uint16_t k) {
    cards.insert(cards.begin() + i, c), known.insert(known.begin() + i, k);
  }
  void erase(int i) { cards.erase(cards.begin() + i), known.erase(known.begin() + i); }
  void clear() { cards.clear(), known.clear(), shuffled = false; }
};

// Pairs laid down by one seat: at most a whole two-pack deck.
using PairPile = SmallVec<Card, 108>;

// What the last transition did, for narration (core/story.h). Plain data: no
// strings are built while a game is played, only when someone asks for the
// story.
struct Event {
  enum Kind : std::uint8_t { kNone, kDeal, kOffer, kShuffle, kLook, kArrange, kDrawn, kCut };

  Event() = default;
  explicit Event(Kind k) : kind(k) {}
  Kind kind = kNone;
  Seat actor = 0, other = 0;
  int from = 0, to = 0, fan_size = 0;
  int hand = 1;  // the hand this happened in
  Card card, partner;
  bool paired = false;
  bool actor_out = false, other_out = false;
  bool hand_over = false;
  Seat loser = -1;           // the first loser
  std::uint32_t losers = 0;  // every seat left holding cards (several only with spare cards aside)
  int raps = 0;
};

// The cards set aside: the odd card, and fewer than one a seat. Of fixed
// capacity: a deal allocates nothing.
using Aside = SmallVec<Card, kMaxPlayers + 4>;

// The bulky facts of a deal or a hand's end, for narration (core/story.h).
struct Scene {
  // kDeal: the cards set aside (the first `aside_up` face up); what each seat
  // laid down in pairs and kept.
  Aside aside;
  int aside_up = 0;
  SeatCards<108, kMaxPlayers> laid, kept;
  SmallVec<Card, kMaxFan + 1> fan;  // kLook: the fan as the offerer saw it
  // hand_over: what each seat was left holding, the hands each has lost so
  // far (soot marks), and the scores after the hand.
  SeatCards<108, kMaxPlayers> holding;
  std::array<int, kMaxPlayers> marks{};
  std::array<double, kMaxPlayers> scores{};
};

class OldMaidState final : public Narrated<OldMaidState, Event, Scene> {
 public:
  explicit OldMaidState(const Rules& rules);

  Seat to_move() const override;
  void legal_actions(Seat seat, std::vector<Action>& out) const override;
  void apply(Seat seat, Action a) override;
  void apply_chance(Rng& rng) override;
  std::string action_label(Seat seat, Action a) const override;
  void fill_view(Seat viewer, View& v) const override;
  static void tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                   std::vector<std::string>& out);
  Outcome outcome() const override;
  void all_cards(std::vector<Card>& out) const override;
  int actions_applied() const override { return actions_; }
  // Seats dealt a card of an odd class in the first deal (the odd card).
  std::uint32_t odd_card_seats() const { return odd_seats_; }

  enum class Phase : std::uint8_t { kDeal, kOffer, kDraw, kReveal, kLook, kCut, kOver };

  // Read access for the bots, the resampler and tests of this folder.
  const Rules& rules() const { return r_; }
  Phase phase() const { return phase_; }
  const Fan& fan(Seat s) const { return fans_[s]; }
  const PairPile& pairs(Seat s) const { return pairs_[s]; }
  const Aside& aside() const { return aside_; }
  Seat offerer() const { return offerer_; }
  Seat drawer() const { return drawer_; }
  Seat dealer() const { return dealer_; }
  int hand() const { return hand_; }
  bool active(Seat s) const { return !fans_[s].cards.empty() && place_[s] == 0; }
  // Seats that have lost a hand, per seat (soot marks, hands lost).
  int lost(Seat s) const { return lost_[s]; }
  std::uint32_t last_losers() const { return last_losers_; }
  double score(Seat s) const { return score_[s]; }
  // What the last finished hand scored, by seat (for the summary between hands).
  double hand_points(Seat s) const { return hand_points_[s]; }
  int raps(Seat s) const { return raps_[s]; }

  // For the resampler: replace the hidden contents wholesale.
  Fan& mutable_fan(Seat s) { return fans_[s]; }
  PairPile& mutable_pairs(Seat s) { return pairs_[s]; }
  Aside& mutable_aside() { return aside_; }
  // The cards set aside face up (a removed queen or jack) come first; the rest
  // (a random card, spare cards) lie face down.
  int aside_face_up_count() const { return aside_up_; }

  void sort_canonical(Fan& f) const;

  // Puts the game at a position: these fans (in order, nobody else knowing
  // them), `offerer` about to offer to `drawer`. Cards not in the fans count as
  // paired away before; seats with no cards are out. For tests and analysis.
  void set_position(const std::vector<std::vector<Card>>& hands, Seat offerer, Seat drawer);

 private:
  Seat step(Seat s, int d) const { return ((s + d) % r_.players + r_.players) % r_.players; }
  Seat next_active(Seat from) const;  // first active seat after `from` in play order
  Seat prev_active(Seat from) const;  // first active seat before `from`
  void start_turn(Seat drawer);       // the drawer and the nearest offerer before it
  void begin_offer(Seat offerer, Seat drawer);
  void take(int pos);  // the drawer takes the offerer's card at pos
  void end_hand();
  void next_hand_or_over();
  void deal(Rng& rng);
  void count_in_play();

  Rules r_;
  std::array<std::int8_t, kMaxPlayers> next_{},
      prev_{};                // the next seat in play order, and the one before
  SmallVec<Card, 108> deck_;  // the game's cards before the deal
  Phase phase_ = Phase::kDeal;
  std::array<Fan, kMaxPlayers> fans_;
  std::array<PairPile, kMaxPlayers> pairs_;
  Aside aside_;
  int aside_up_ = 0;
  std::array<int, kMaxPlayers> place_{};  // finishing place this hand, 0 while playing
  int next_place_ = 1;
  std::array<double, kMaxPlayers> score_{};
  std::array<double, kMaxPlayers> hand_points_{};
  int hands_done_ = 0;
  std::array<int, kMaxPlayers> lost_{};
  std::array<int, kMaxPlayers> raps_{};
  Seat dealer_ = 0, offerer_ = 0, drawer_ = 0, last_loser_ = -1;
  std::uint32_t last_losers_ = 0;
  int hand_ = 1;
  int moves_ = 0;          // rearrangements in this offer
  bool shuffled_ = false;  // shuffled in this offer
  bool looked_ = false;    // looked in this offer
  int pending_ = 0;        // position chosen from a shuffled fan
  int actions_ = 0;
  bool dealt_ = false;
  std::uint32_t odd_seats_ = 0;            // seats holding the odd class after the first deal
  std::array<std::int8_t, 32> in_play_{};  // cards of each class in hands
  int pairable_ = 0;                       // classes with two or more cards in hands
};

// Samples hidden cards consistently with a seat's view (resample.cc).
const Resampler& resampler();

}  // namespace parlour::old_maid
