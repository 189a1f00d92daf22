// Baccara solved: the coup of the right, the left and the banker, from the
// rules (baccara.h) alone; nothing here is typed in.
//
// The coup is a game of three: each side's holder plays for his side, the
// banker for the stakes of both. After the naturals each knows his own point
// (not which cards make it: the books advise by points); the left knows
// what the right did, the banker what both did. A card taken lies face up.
//   right:  take or refuse, by his point;
//   left:   take or refuse (or ask or not), by his point and the right's card
//           (or refusal);
//   banker: draw or stand, by his point and both sides' cards; forced to
//           draw when both refused (seed 003).
// An equilibrium: no one of the three gains by changing his play. It is
// sought with the cards drawn from an endless shoe (each point of a card
// 1/13, a ten or court card 4/13), by best answers in turn: where they come
// to rest, each play is a best answer to the others', exactly. Where they
// do not (a few of the banker's choices are nearly even), fictitious play
// averages them, and the gains say how near the averages are. The stakes
// of the two sides are taken as equal.
//
// The equilibrium is then played card by card from a fresh shoe of `packs`
// packs: `exact`, which a simulation of the game must agree with.
#pragma once

#include <array>
#include <cstddef>

namespace parlour::baccara {

inline constexpr int kRefused = 10;  // in place of a card: the side did not take one

struct CoupPlay {
  std::array<double, 8> right{};                 // take, by point
  std::array<std::array<double, 11>, 8> left{};  // take, by point, right's card
  std::array<std::array<std::array<double, 11>, 11>, 8>
      banker{};  // draw, by point, right's, left's
};

struct Solution {
  bool ok = false;  // the best answers came to rest: an equilibrium exactly
  CoupPlay play;
  int rounds = 0;      // of best answers in turn
  int fictitious = 0;  // rounds of fictitious play after them, where they did not rest
  // Per chip, endless shoe: each side's result; what each could gain by
  // answering the others at his best (0 at an equilibrium).
  double right = 0, left = 0;
  double gain_right = 0, gain_left = 0, gain_banker = 0;
  // Per chip, a fresh shoe of `packs` packs, card by card.
  double exact_right = 0, exact_left = 0;
  double banker() const { return -(exact_right + exact_left) / 2; }  // per chip staked against him
};

// The equilibrium, solved once and kept; its exact worth for `packs` packs.
const CoupPlay& equilibrium();
const Solution& solution(int packs);

// The simplest rule for all three: a card below 5, none on 5 or more.
CoupPlay threshold_play();
// Each side's result per chip when all three play `p`, card by card from a
// fresh shoe of `packs` packs.
struct Worth {
  double right = 0, left = 0;
};
Worth worth(const CoupPlay& p, int packs);

// The banker's best answer, drawing or not, holding `point`, to the sides'
// equilibrium play, the right and left having taken these cards (kRefused:
// none) and with these stakes.
bool banker_should_draw(int point, int right_card, int left_card, int right_stake, int left_stake);

}  // namespace parlour::baccara
