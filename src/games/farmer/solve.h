// Farmer solved from the players' side, from the rules (farmer.h) alone;
// nothing here is typed in.
//
// The farmer makes no choice: he deals and collects. Each player in turn,
// from his left, draws from one pack of 45 and stands, seeing his own cards
// and how many cards each player before him took. What a final hand is
// worth depends on the others': exactly 16 takes the farm if no other 16 is
// preferred to it; the hand nearest 16 takes a counter from each of the
// other players; a hand over 16 pays the farmer a counter a point over (and
// one to the nearest).
//
// Heads-up (a farmer and one player) the others are nobody, and the best
// play is a walk through every hand the player can hold, each card drawn
// from the cards he has not seen: exact.
//
// With more players the deal is a game of several players with hidden
// hands, unsolved here. Its model: each other player's final hand (its
// count, its cards, the six of hearts) falls as his play makes it from a
// fresh pack, independently of mine (the cards one hand holds change another
// hand's chances a little; the model forgets it), and a player's play
// depends on his own cards and his place from the farmer's left. The
// model's equilibrium is found by fictitious play: round after round, each
// place answers at its best the others' plays averaged over the rounds
// before. What a place could gain by answering the final averages better is
// computed exactly, in the model: `gain`.
//
// The player `optimal` answers at his best, with every card he has not seen
// weighed, the others as the model plays them, those before him read by the
// number of cards they took.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "games/farmer/farmer.h"

namespace parlour::farmer {

// A final hand as the settlement reads it: its count (2..25), its number
// of cards (1..10) and whether it holds the six of hearts.
inline constexpr int kCounts = 26, kSizes = 11;
inline constexpr int kOutcomes = kCounts * kSizes * 2;
constexpr int outcome_index(int total, int cards, bool six) {
  return (total * kSizes + cards) * 2 + (six ? 1 : 0);
}
using Spread = std::array<double, kOutcomes>;  // chances of each final hand

// Every hand a player can hold, as counts of its cards by kind (ace to 5,
// the six of hearts, 7, 9, the tens), once; [0] is the empty hand before
// the deal. Children hold one card more.
struct Holding {
  int total = 0, cards = 0;
  bool six = false;
  bool may_draw = false;           // one card (he must), or 15 or less and a card left to draw
  bool must_draw = false;          // the card dealt alone: "must take at least one card"
  std::array<int, 9> child{};      // by kind; -1 where none of that kind is left
  std::array<double, 9> chance{};  // of drawing each kind, from the cards he has not seen
  std::array<std::uint8_t, 9> held{};
};
const std::vector<Holding>& holdings();
// The holding of these cards (REQUIRES: a hand of the Farmer pack).
int holding_of(std::span<const Card> hand);

// What each final hand is worth to a player, in counters: the terminal values.
using Worth = std::array<double, kOutcomes>;

// The other players as one player meets them: for each, the chances of his
// final hand, and whether he is before me (he wins ties of the same cards).
struct Rival {
  Spread spread{};
  bool elder = false;
};
// What each final hand is worth to one of `punters` players against these
// rivals with `farm` counters in the farm. `six_alone`: a hand with the six
// of hearts meets rivals without it (the model's hands, drawn each from a
// pack of its own, may each hold it: its figures keep them, so that what
// one wins another loses).
Worth worth_against(std::span<const Rival> rivals, int punters, double farm, bool six_alone);

// A player's best answer to `worth` from each holding: its value and
// whether he draws there.
struct Answer {
  std::vector<double> value;
  std::vector<std::uint8_t> draw;
};
Answer best_answer(const Worth& worth);
// The final hands a play (draw[h] at each holding) makes, from the deal.
Spread spread_of(const std::vector<std::uint8_t>& draw);

struct Field {
  int players = 2;  // the farmer and players - 1 punters
  double farm = 0;
  bool exact = false;  // heads-up: no model
  int rounds = 0;      // of fictitious play
  // By place from the farmer's left (0: the eldest hand).
  std::vector<Spread> spread;  // the averaged final hands
  std::vector<double> value;   // counters a deal, the farm included
  std::vector<double> gain;    // what a best answer to the others gains over the average
  double farmer = 0;           // counters a deal from hands over 16
  double won = 0;              // chance the farm is won in a deal
  std::size_t holdings = 0;
};
// Solved once per players and farm and kept (thread-safe).
const Field& field(int players, int farm);

// The rivals of the player at `place` (0: eldest) in `f`: those before him
// read by their number of cards (`taken[j]` for j < place), the later ones
// as the model plays them.
std::vector<Rival> rivals_of(const Field& f, int place, std::span<const int> taken);

}  // namespace parlour::farmer
