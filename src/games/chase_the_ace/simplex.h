// A small dense simplex for the linear programmes of this folder (Le Her's
// equilibrium, le_her.h): a few dozen variables and constraints, so a plain
// tableau in doubles serves. No external LP library.
#pragma once

#include <vector>

namespace parlour::chase_the_ace {

struct LinearProgram {
  // maximize c·x subject to A x <= b (row by row) and x >= 0.
  // REQUIRES: every row of A has c.size() entries and b has one per row.
  std::vector<std::vector<double>> a;
  std::vector<double> b;
  std::vector<double> c;
};

struct LpSolution {
  enum Status { kOptimal, kInfeasible, kUnbounded };
  Status status = kInfeasible;
  std::vector<double> x;  // kOptimal: an optimal vertex
  double value = 0;       // kOptimal: c·x
};

// Two-phase simplex with Bland's rule, so it always ends (no cycling). Rows
// whose b is negative start from artificial variables (phase one).
LpSolution maximize(const LinearProgram& lp);

}  // namespace parlour::chase_the_ace
