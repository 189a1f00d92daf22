// The dense two-phase simplex of simplex.h.
#include "kit/simplex.h"

#include <cassert>
#include <cmath>
#include <cstddef>

namespace parlour::kit {
namespace {

constexpr double kEps = 1e-10;

// A tableau: rows of constraints, then the objective row, whose entries are
// the reduced costs (negative: improving) and whose last entry is the value.
class Tableau {
 public:
  Tableau(std::size_t rows, std::size_t cols)
      : width_(cols + 1), t_((rows + 1) * width_, 0.0), basis_(rows, 0) {}

  std::size_t rows() const { return basis_.size(); }
  std::size_t cols() const { return width_ - 1; }
  double& at(std::size_t r, std::size_t c) { return t_[r * width_ + c]; }
  double& rhs(std::size_t r) { return at(r, cols()); }
  double* objective() { return &t_[rows() * width_]; }
  std::size_t& basis(std::size_t r) { return basis_[r]; }

  void pivot(std::size_t r, std::size_t c) {
    double* pr = &t_[r * width_];
    const double p = pr[c];
    // The pivot row's nonzero entries: the programmes of the games are
    // sparse, and most of a row update would be multiplying zeros.
    nonzero_.clear();
    for (std::size_t j = 0; j < width_; ++j)
      if (pr[j] != 0) pr[j] /= p, nonzero_.push_back(j);
    for (std::size_t i = 0; i <= rows(); ++i) {
      if (i == r) continue;
      double* row = &t_[i * width_];
      const double f = row[c];
      if (f == 0) continue;
      for (std::size_t j : nonzero_) row[j] -= f * pr[j];
      row[c] = 0;
    }
    basis_[r] = c;
  }

  // Dantzig's rule (the most improving column enters), falling back on
  // Bland's (the first improving column; ties in the ratio to the least
  // basic index) while the pivots make no progress, which rules out
  // cycling. Returns false when unbounded.
  bool optimise(std::size_t allowed) {
    int stalled = 0;
    for (;;) {
      const bool bland = stalled >= 50;
      const double* obj = objective();
      std::size_t enter = allowed;
      double most = -kEps;
      for (std::size_t j = 0; j < allowed; ++j)
        if (obj[j] < most) {
          enter = j;
          if (bland) break;
          most = obj[j];
        }
      if (enter == allowed) return true;
      std::size_t leave = rows();
      double best = 0;
      for (std::size_t i = 0; i < rows(); ++i) {
        const double e = at(i, enter);
        if (e <= kEps) continue;
        const double ratio = rhs(i) / e;
        if (leave == rows() || ratio < best - kEps ||
            (ratio <= best + kEps && basis_[i] < basis_[leave]))
          leave = i, best = ratio;
      }
      if (leave == rows()) return false;
      stalled = best > kEps ? 0 : stalled + 1;
      pivot(leave, enter);
    }
  }

 private:
  std::size_t width_;
  std::vector<double> t_;
  std::vector<std::size_t> basis_;
  std::vector<std::size_t> nonzero_;
};

}  // namespace

LpSolution maximize(const LinearProgram& lp) {
  const std::size_t m = lp.b.size(), n = lp.c.size();
  assert(lp.a.size() == m);
  std::size_t artificials = 0;
  for (double bi : lp.b) artificials += bi < 0;
  // Columns: the variables, a slack per row, an artificial per negative row.
  const std::size_t slack0 = n, art0 = n + m, cols = n + m + artificials;
  Tableau t(m, cols);
  std::size_t next_art = art0;
  for (std::size_t i = 0; i < m; ++i) {
    assert(lp.a[i].size() == n);
    // A row with b < 0 is negated (-a x - s = -b >= 0) and starts from an artificial.
    const double sign = lp.b[i] < 0 ? -1.0 : 1.0;
    for (std::size_t j = 0; j < n; ++j) t.at(i, j) = sign * lp.a[i][j];
    t.at(i, slack0 + i) = sign;
    t.rhs(i) = sign * lp.b[i];
    if (sign < 0) {
      t.at(i, next_art) = 1;
      t.basis(i) = next_art++;
    } else {
      t.basis(i) = slack0 + i;
    }
  }
  LpSolution out;
  // Phase one: maximize minus the sum of the artificials.
  if (artificials) {
    double* obj = t.objective();
    for (std::size_t j = art0; j < cols; ++j) obj[j] = 1;
    // Each artificial is basic: take its row off the objective (rhs included)
    // so that basic columns have no reduced cost.
    for (std::size_t i = 0; i < m; ++i)
      if (t.basis(i) >= art0)
        for (std::size_t j = 0; j <= cols; ++j) obj[j] -= t.at(i, j);
    t.optimise(cols);
    if (t.objective()[cols] < -1e-7) return out;  // infeasible
    // Drive artificials left in the basis (at zero) out where a real column can take their place.
    for (std::size_t i = 0; i < m; ++i) {
      if (t.basis(i) < art0) continue;
      for (std::size_t j = 0; j < art0; ++j)
        if (std::fabs(t.at(i, j)) > kEps) {
          t.pivot(i, j);
          break;
        }
    }
  }
  // Phase two: the real objective, artificials barred from entering.
  double* obj = t.objective();
  for (std::size_t j = 0; j <= cols; ++j) obj[j] = 0;
  for (std::size_t j = 0; j < n; ++j) obj[j] = -lp.c[j];
  for (std::size_t i = 0; i < m; ++i) {
    const double f = obj[t.basis(i)];
    if (f == 0) continue;
    for (std::size_t j = 0; j <= cols; ++j) obj[j] -= f * t.at(i, j);
  }
  if (!t.optimise(art0)) {
    out.status = LpSolution::kUnbounded;
    return out;
  }
  out.status = LpSolution::kOptimal;
  out.x.assign(n, 0.0);
  for (std::size_t i = 0; i < m; ++i)
    if (t.basis(i) < n) out.x[t.basis(i)] = t.rhs(i);
  out.value = 0;
  for (std::size_t j = 0; j < n; ++j) out.value += lp.c[j] * out.x[j];
  // A row's price is its slack's reduced cost (its sign as the row was entered).
  out.dual.assign(m, 0.0);
  for (std::size_t i = 0; i < m; ++i)
    out.dual[i] = (lp.b[i] < 0 ? -1.0 : 1.0) * t.objective()[slack0 + i];
  return out;
}

}  // namespace parlour::kit
