// The Chase the Ace state. Private to this folder: applications use core/game.h.
#pragma once

#include <array>
#include <vector>

#include "core/small_vec.h"
#include "core/story.h"
#include "games/chase_the_ace/chase_the_ace.h"

namespace parlour::chase_the_ace {

inline constexpr int kMaxPlayers = 16;

// A card in play this round, and what the table knows of it.
struct Held {
  Card card;
  SeatMask known = 0;        // seats that know which card it is (its holder among them)
  bool face_up = false;      // a King turned up or shown: everyone sees it
  bool not_king = false;     // everyone can tell it is no King (kept unturned, or passed)
  Rank announced = kNoRank;  // its rank was announced as it was passed (option announce)
  bool operator==(const Held&) const = default;
};

// What a seat did on its turn this round.
enum class Did : std::uint8_t { kNothing, kKept, kExchanged, kRefused, kStood, kCut };

// What the last transition did, for narration: plain data, no strings built in play.
struct Event {
  enum Kind : std::uint8_t { kNone, kDeal, kKeep, kExchange, kRefused, kStand, kCut };

  Event() = default;
  explicit Event(Kind k) : kind(k) {}
  Kind kind = kNone;
  Seat actor = 0, other = 0;  // kExchange, kRefused: the neighbour asked
  int round = 1;
  Card given, got;           // kExchange: the actor's card and the neighbour's; kKeep: the card
  Card drawn, rejected;      // kCut
  bool rejects = false;      // kCut: the dealer rejected his card in this transition
  bool draws = false;        // kCut: and drew its replacement (at once, or by chance after)
  bool king_void = false;    // kCut: a King cut is set aside, the dealer keeps his own card
  bool king_lowest = false;  // kCut: a King cut counts lowest of all
  Rank announced = kNoRank;  // kExchange: the rank the neighbour announced passing
  // kDeal, round_over: who is in the round and the cards they hold.
  SeatMask in_round = 0;
  // The end of the round, if this ended it: who lost a life (none when the
  // round is void), how many each has left, and who dropped out.
  bool round_over = false;
  bool void_round = false;
  SeatMask losers = 0, out = 0;
};

// The bulky facts of a deal or a hand's end, for narration (core/story.h).
struct Scene {
  std::array<Card, kMaxPlayers> held{};
  std::array<int, kMaxPlayers> lives{};
};

class ChaseState final : public Narrated<ChaseState, Event, Scene> {
 public:
  explicit ChaseState(const Rules& rules);

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

  enum class Phase : std::uint8_t { kDeal, kTurn, kCut, kOver };

  // ---- Read access for the bots, the resampler and this folder's tests ----
  const Rules& rules() const { return r_; }
  Phase phase() const { return phase_; }
  Seat dealer() const { return dealer_; }
  Seat turn() const { return turn_; }
  int round() const { return round_; }
  int lives(Seat s) const { return lives_[s]; }
  // Dealt a card this round (had lives at the deal).
  bool in_round(Seat s) const { return in_round_ >> s & 1; }
  // Holds a card now: in the round, and not the dealer waiting for his cut.
  bool holds(Seat s) const { return in_round(s) && !(phase_ == Phase::kCut && s == dealer_); }
  int in_round_count() const;
  const Held& held(Seat s) const { return held_[s]; }
  Did did(Seat s) const { return did_[s]; }
  // Refused an exchange this round, showing a King.
  bool showed_king(Seat s) const { return showed_[s]; }
  // The pack, top last.
  const SmallVec<Card, 52>& pack() const { return pack_; }
  // Set aside this round: the dealer's rejected card, a King cut and voided.
  const SmallVec<Held, 2>& aside() const { return aside_; }
  // All cards shown: from the end of a round to the next deal, and at the end.
  bool revealed() const { return revealed_; }
  // The next seat to the left (seat + 1) that is in this round: whose card
  // `s` would ask for.
  Seat left_of(Seat s) const;
  // The eldest: the dealer's left, who plays first.
  Seat eldest() const { return left_of(dealer_); }
  const Event& last_event() const { return ev_; }
  // A sampled state must not carry the real last event: it names real cards.

  // The last round finished (0: none yet), for the summary between rounds.
  int rounds_done() const { return rounds_done_; }
  SeatMask last_losers() const { return last_losers_; }  // lost a life
  SeatMask last_out() const { return last_out_; }        // lost the last one
  bool last_void() const { return last_void_; }          // nobody would be left: replayed
  bool last_king_lowest() const { return last_king_lowest_; }
  Rank last_lowest() const { return last_lowest_; }
  // The round in which each seat lost its last life; 0 while it has lives.
  int out_round(Seat s) const { return out_round_[s]; }

  // ---- For the resampler and tests ----
  Held& mutable_held(Seat s) { return held_[s]; }
  SmallVec<Card, 52>& mutable_pack() { return pack_; }
  SmallVec<Held, 2>& mutable_aside() { return aside_; }
  // Sets each seat's lives (before a deal or set_round).
  void set_lives(const std::vector<int>& lives);
  // Starts a round dealt by `dealer` with these cards (by seat; seats without
  // lives are skipped) and this pack (top last), at the eldest's turn.
  void set_round(Seat dealer, const std::vector<Card>& hands, const std::vector<Card>& pack);

 private:
  void start_round();
  void next_turn();
  void draw_for_dealer(Card c);
  void end_round();

  Rules r_;
  Phase phase_ = Phase::kDeal;
  std::array<int, kMaxPlayers> lives_{};
  std::array<int, kMaxPlayers> out_round_{};
  std::array<Held, kMaxPlayers> held_{};
  std::array<Did, kMaxPlayers> did_{};
  std::array<bool, kMaxPlayers> showed_{};
  SeatMask in_round_ = 0;
  SmallVec<Card, 52> pack_;
  SmallVec<Held, 2> aside_;
  Seat dealer_ = 0, turn_ = 0;
  int round_ = 1;
  bool revealed_ = false;
  bool king_lowest_ = false;  // this round: the dealer cut a King that counts lowest
  int actions_ = 0;
  int rounds_done_ = 0;
  SeatMask last_losers_ = 0, last_out_ = 0;
  bool last_void_ = false, last_king_lowest_ = false;
  Rank last_lowest_ = kNoRank;
};

// Samples hidden cards consistently with a seat's view (resample.cc).
const Resampler& resampler();

}  // namespace parlour::chase_the_ace
