// A small dense simplex for the linear programmes of the games (Le Her's
// equilibrium, le_her.h): a few dozen variables and constraints, so a plain
// tableau in doubles serves. No external LP library.
#pragma once

#include <vector>

namespace parlour::kit {

struct LinearProgram {
  // maximize c·x subject to A x <= b (row by row) and x >= 0.
  // REQUIRES: every row of A has c.size() entries and b has one per row.
  std::vector<std::vector<double>> a;
  std::vector<double> b;
  std::vector<double> c;
};

struct LpSolution {
  // kStalled: the pivots did not end (a guard; not met in practice).
  enum Status { kOptimal, kInfeasible, kUnbounded, kStalled };
  Status status = kInfeasible;
  std::vector<double> x;  // kOptimal: an optimal vertex
  double value = 0;       // kOptimal: c·x
  // kOptimal: an optimal solution of the dual (minimize b·y subject to
  // Aᵀy >= c, y >= 0), one price per row, read off the last tableau.
  std::vector<double> dual;
};

// Two-phase simplex: Dantzig's rule, with the lexicographic ratio test so
// that a degenerate programme cannot cycle. Rows whose b is negative start
// from artificial variables (phase one).
LpSolution maximize(const LinearProgram& lp);

}  // namespace parlour::kit
