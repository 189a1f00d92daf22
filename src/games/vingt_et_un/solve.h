// Vingt-et-un solved: the duel of one punter against the dealer, from the
// rules (vingt_et_un.h) alone; nothing here is typed in.
//
// The model, as for Macao (macao/solve.h). After the first card each, the
// dealer may call on the punter to double (option `double`), and the punter
// doubles or gives up his stake; then the second cards and the naturals. A
// plan of the punter: for his two cards (their sum, an ace or not) and
// whether he was called, a total T, drawing while his best total is under
// it. A plan of the dealer: for his two cards, whether he called, and what he
// saw the punter draw (the points, the last card), a total U. Both know
// whether the call was made, so the hands called and those not are two games
// of their own (the sides), each additive (kit/solve.h), every plan against
// every plan paid out card by card from one pack of 52, and each equilibrium
// among plans exact. The call and the answer are solved as a game of their
// own on the sides' values, by first card; the plans are solved again until
// neither changes.
//
// Restrictions, said plainly: the plans do not depend on the cards beyond
// their sum (what that leaves each side is worked out: full_upper for a
// punter who reads every card, dealer_answer() for a dealer who reads every
// card the punter drew); the stake is one chip, and
// `look-first` (a stake chosen after the first card) is not solved. The pack
// is fresh for the hand here; the game deals it through, hand after hand.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <vector>

namespace parlour::vingt_et_un {

inline constexpr int kTypes = 26;  // two cards: no ace 4..20, an ace 2..10 (A+10 is a natural)
inline constexpr int kSeen = 146;  // the punter's draws as the dealer sees them
inline constexpr int kPlans = 11;  // 0: stand at once; j: draw while under 11 + j
inline constexpr int kSides = 2;   // 0: not called to double (or no call); 1: called, doubled

// The two-card type (-1: a natural), and what the dealer saw of the punter's
// draws: v points (aces 1), the last card `last` (0 when v is 0).
int type_of(int hard, bool ace);
int seen_of(int v, int last);
// The total a plan draws to.
constexpr int plan_total(int j) {
  return j == 0 ? 0 : 11 + j;
}

// Where the dealer's plan for a set lies in Duel::dealer.
constexpr std::size_t dealer_set(int side, int type, int seen) {
  return static_cast<std::size_t>((side * kTypes + type) * kSeen + seen);
}

struct Duel {
  bool double_on = true;
  bool ok = false;
  std::array<double, 11> call{};    // the chance of the call, by the dealer's first card (1..10)
  std::array<double, 11> accept{};  // the chance of doubling when called, by the punter's
  std::array<std::array<std::array<double, kPlans>, kTypes>, kSides> punter{};  // by side, type
  std::vector<std::array<double, kPlans>> dealer;  // by dealer_set(side, type, seen)
  double value = 0;             // the punter's expectation per chip staked at first
  double lower = 0, upper = 0;  // the equilibrium's guarantees among plans (the double fixed)
  double exact = 0;             // the equilibrium played move by move, card by card
  // The punter's best answer in the whole duel to the dealer's plans and
  // call, reading every card he holds (not only their sum):
  // full_upper >= exact; the gap is what plans leave to such a punter.
  double full_upper = 0;
  int rounds = 0, outer = 0;  // of the double oracle (both sides); of the call and answer
  std::size_t positions = 0;

  // The chance of drawing at best total `best`, `peak` the highest best total
  // before this card (-1 for two cards).
  double punter_draws(int side, int type, int best, int peak) const;
  double dealer_draws(int side, int type, int seen, int best, int peak) const;
};

// The punter's expectation when the dealer answers the punter's plans and
// answer at his best in the whole duel (`best`): he reads his two cards,
// calls by his first, and reads every card the punter drew, in order. It is
// at most d.exact, and the whole duel's value lies between it and
// d.full_upper. Not `best`, the dealer plays his own plans and call, and the
// count gives d.exact another way (a check of it). Some seconds; not kept.
double dealer_answer(const Duel& d, bool best);

// A punter standing, as the dealer sees him when he comes to draw: what he
// has at stake and the cards he drew, in order (values, an ace 1).
struct SeenPunter {
  double stake = 1;
  std::vector<int> drawn;
};
// Whether the dealer does better to draw than to stand, answering at his
// best punters who play the duel's plans on `side`: `own`, his cards;
// `seen`, every other card face up this hand (the punters' draws among
// them); all values, an ace 1. Each punter's two cards are weighed by all
// the dealer saw him do, each punter on his own: what one holds changes the
// chances of another's only a little, and is not counted.
bool dealer_best_draws(const Duel& d, int side, std::span<const int> own, std::span<const int> seen,
                       std::span<const SeenPunter> punters);

// Solved once per `double` and kept.
const Duel& duel(bool double_on);
// Whether duel(double_on) is solved already, so that it answers at once.
bool duel_solved(bool double_on);

}  // namespace parlour::vingt_et_un
