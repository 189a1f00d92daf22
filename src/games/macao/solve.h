// Macao solved: the duel of one punter against the banker, from the rules
// (macao.h) alone; nothing here is typed in.
//
// The model. After the naturals, the punter holds a hidden first card f
// (0..6) and the banker b (0..6). The punter draws face up; the banker sees
// what he drew and then draws himself. A plan of the punter: for his f, a
// total T, drawing while under it. A plan of the banker: for his b and what
// he saw of the punter (the points d he drew and the last card that was not
// a ten, `seen`), a total U, drawing while under it. Each side may mix its
// plans. Every (f, T) against every (b, seen, U) is paid out card by card
// from one pack of 52 shuffled for the hand; the game is then additive
// (kit/solve.h) and its equilibrium among plans exact.
//
// Plans are a restriction: a punter could stand on a total by the cards
// that made it, a banker by every card he saw. The equilibrium is the best
// each can do with a plan, which is how the books advise ("draw to 5").
//
// The equilibrium is then played move by move (a plan chosen at the deal is
// a chance of drawing at each total, given the totals passed), card by card:
// `exact`, which must equal `value`, and which a simulation must agree with.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "games/macao/macao.h"

namespace parlour::macao {

inline constexpr int kSeen = 46;  // what the banker saw of a punter who stood

// The banker's view of a punter who stood: d points drawn, and the last card
// drawn that was not a ten (cl, 1..9; 0 when d is 0).
constexpr int seen(int d, int cl) {
  return d == 0 ? 0 : 1 + d * (d - 1) / 2 + (cl - 1);
}

struct Duel {
  Ties ties = Ties::kStandOff;
  bool ok = false;
  // The punter's plan by first card f: the chance of each total T to draw to.
  std::array<std::array<double, 10>, 7> punter{};
  // The banker's by his card b and seen(): the chance of each total U.
  std::vector<std::array<double, 10>> banker;  // index b * kSeen + seen
  double value = 0;             // the punter's expectation per chip: the game's value among plans
  double lower = 0, upper = 0;  // what the equilibrium guarantees each side (their gap: the error)
  // Each side's best answer in the whole duel, by every card it sees, to the
  // other's plans: full_lower <= lower, full_upper >= upper; the gaps are
  // what plans leave to an opponent who reads every card.
  double full_lower = 0, full_upper = 0;
  double natural = 0;         // the part of `value` from naturals
  double exact = 0;           // the equilibrium played move by move, card by card
  int rounds = 0;             // of the double oracle
  std::size_t positions = 0;  // banker's positions worked out for the payoffs

  // Chance that the punter draws: first card f, total t, the last card drawn
  // `last` (its points) and the last that counted `cl` (0: none), `drew`:
  // whether he has drawn.
  double punter_draws(int f, int t, int last, int cl, bool drew) const;
  // Chance that the banker draws, holding b first and total u, having seen s.
  double banker_draws(int b, int s, int u, int last, bool drew) const;
  // The chance of each first card (0..6) of a punter who stood having drawn
  // d points, last cl (weights, not summing to one).
  std::array<double, 7> first_card(int d, int cl) const;
};

// Solved once per ties rule and kept.
const Duel& duel(Ties ties);

// The threshold player's plans as a duel: draw below 5, banker or punter.
Duel threshold_duel(Ties ties);
// The punter's result per chip when the punter plays `punter`'s plans and
// the banker `banker`'s, card by card from one pack (the naturals included).
double worth(const Duel& punter, const Duel& banker);

// A punter standing, as the banker sees him.
struct Standing {
  int stake = 1;
  int d = 0, cl = 0;
};
// Whether the banker should draw at total u against these punters: his best
// answer to the punters' equilibrium, summed over their stakes.
bool banker_should_draw(const Duel& duel, int u, std::span<const Standing> punters);

}  // namespace parlour::macao
