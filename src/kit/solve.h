// Exact equilibria of the banking games' duels: two-person zero-sum games
// whose payoff is additive.
//
// Player A (the punter, the side) has private types t; at the deal he picks,
// for his type, one of a_options[t] plans. Player B (the banker) picks, at
// each of his information sets I, one of b_options[I] plans, each set on its
// own. The payoff to A is
//   Σ_{t,k} x_tk base_tk + Σ_{t,k} Σ_{I,j} x_tk y_Ij m(tk, Ij),
// x_tk and y_Ij being the probabilities of plan k for type t and of plan j
// at set I (the chance of type t and of reaching I are folded into base and
// m). Macao, Baccara and Le Her have this shape: a banker's choice at one
// information set does not change what he meets at another.
//
// solve() finds an equilibrium by double oracle: a matrix game over a few
// pure strategies (simplex.h), grown by each side's best response until
// neither gains. Best responses decompose (per type, per set), so each is
// exact and cheap; the answer carries both guarantees, and their gap is the
// whole error.
#pragma once

#include <cstddef>
#include <vector>

namespace parlour::kit {

class AdditiveGame {
 public:
  AdditiveGame(std::vector<int> a_options, std::vector<int> b_options);

  int a_types() const { return static_cast<int>(a_options_.size()); }
  int b_sets() const { return static_cast<int>(b_options_.size()); }
  int a_options(int t) const { return a_options_[static_cast<std::size_t>(t)]; }
  int b_options(int i) const { return b_options_[static_cast<std::size_t>(i)]; }
  // Index of plan k of type t among all of A's (t, k) pairs; likewise for B.
  std::size_t a_index(int t, int k) const {
    return a_first_[static_cast<std::size_t>(t)] + static_cast<std::size_t>(k);
  }
  std::size_t b_index(int i, int j) const {
    return b_first_[static_cast<std::size_t>(i)] + static_cast<std::size_t>(j);
  }
  std::size_t a_pairs() const { return a_first_.back(); }
  std::size_t b_pairs() const { return b_first_.back(); }

  double& base(int t, int k) { return base_[a_index(t, k)]; }
  double& m(int t, int k, int i, int j) { return m_[a_index(t, k) * b_pairs() + b_index(i, j)]; }
  double base(std::size_t a) const { return base_[a]; }
  double m(std::size_t a, std::size_t b) const { return m_[a * b_pairs() + b]; }

  // What x guarantees A: B answering each set at its best. `answer`, if
  // given, gets B's pure best response (a plan per set).
  double guaranteed_a(const std::vector<double>& x, std::vector<int>* answer = nullptr) const;
  // What y holds A to: A answering each type at his best.
  double guaranteed_b(const std::vector<double>& y, std::vector<int>* answer = nullptr) const;

 private:
  std::vector<int> a_options_, b_options_;
  std::vector<std::size_t> a_first_, b_first_;
  std::vector<double> base_, m_;
};

struct AdditiveSolution {
  bool ok = false;
  std::vector<double> x, y;  // behaviour, by pair
  double lower = 0;          // A's payoff guaranteed by x
  double upper = 0;          // A's payoff that y holds him to
  int rounds = 0;            // of the double oracle
  // The pure strategies the last matrix game mixed (a plan per type, per
  // set): where a game like this one is solved again, its start.
  std::vector<std::vector<int>> a_pure, b_pure;
  double value() const { return (lower + upper) / 2; }
};

// Stops when upper - lower <= gap, or when neither best response is new.
// `from`: a solution of a game of the same shape whose pure strategies the
// oracle starts from (a warm start: where the payoffs changed a little, the
// equilibrium's support changes little, and most rounds are saved). The
// answer is exact whatever the start.
AdditiveSolution solve(const AdditiveGame& g, double gap = 1e-12,
                       const AdditiveSolution* from = nullptr);

}  // namespace parlour::kit
