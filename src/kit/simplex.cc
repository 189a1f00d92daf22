// The dense two-phase simplex of simplex.h.
#include "kit/simplex.h"

#include <cassert>
#include <cmath>
#include <cstddef>

namespace parlour::kit {
namespace {

constexpr double kEps = 1e-10;
// The tableau's numbers. A double oracle's games (solve.h) have columns that
// differ only where little is at stake, so near-ties are common; the extra
// precision keeps their pivots apart.
using Real = long double;

// A tableau: rows of constraints, then the objective row, whose entries are
// the reduced costs (negative: improving) and whose last entry is the value.
class Tableau {
 public:
  Tableau(std::size_t rows, std::size_t cols)
      : width_(cols + 1), t_((rows + 1) * width_, 0.0), basis_(rows, 0) {}

  std::size_t rows() const { return basis_.size(); }
  std::size_t cols() const { return width_ - 1; }
  Real& at(std::size_t r, std::size_t c) { return t_[r * width_ + c]; }
  Real& rhs(std::size_t r) { return at(r, cols()); }
  Real* objective() { return &t_[rows() * width_]; }
  std::size_t& basis(std::size_t r) { return basis_[r]; }

  void pivot(std::size_t r, std::size_t c) {
    Real* pr = &t_[r * width_];
    const Real p = pr[c];
    // The pivot row's nonzero entries: the programmes of the games are
    // sparse, and most of a row update would be multiplying zeros.
    nonzero_.clear();
    for (std::size_t j = 0; j < width_; ++j)
      if (pr[j] != 0) pr[j] /= p, nonzero_.push_back(j);
    for (std::size_t i = 0; i <= rows(); ++i) {
      if (i == r) continue;
      Real* row = &t_[i * width_];
      const Real f = row[c];
      if (f == 0) continue;
      for (std::size_t j : nonzero_) row[j] -= f * pr[j];
      row[c] = 0;
    }
    basis_[r] = c;
  }

  // The columns of the first basis, in row order: the tableau holds the
  // basis's inverse there, which breaks ties in the ratio test.
  void set_first_basis() { first_ = basis_; }

  enum class End { kOptimal, kUnbounded, kStalled };
  // Dantzig's rule (the most improving column enters); the leaving row by
  // the least ratio, ties broken lexicographically on the rows of the
  // basis's inverse (divided by the pivot column). No two rows tie there, so
  // no basis comes back: the lexicographic rule cannot cycle. Ratios are
  // compared as they are, not within a tolerance: a row chosen within one
  // would not have the least ratio, and the next basis would not be
  // feasible. (Bland's rule, with tolerances, cycled on a game of Vingt-et-un's
  // duel.) `limit` pivots are a guard all the same.
  End optimise(std::size_t allowed, long limit) {
    for (long pivots = 0; pivots < limit; ++pivots) {
      const Real* obj = objective();
      std::size_t enter = allowed;
      Real most = -kEps;
      for (std::size_t j = 0; j < allowed; ++j)
        if (obj[j] < most) enter = j, most = obj[j];
      if (enter == allowed) return End::kOptimal;
      std::size_t leave = rows();
      Real best = 0;
      for (std::size_t i = 0; i < rows(); ++i) {
        const Real e = at(i, enter);
        if (e <= kEps) continue;
        const Real ratio = rhs(i) / e;
        if (leave == rows() || ratio < best || (ratio == best && lex_less(i, leave, enter)))
          leave = i, best = ratio;
      }
      if (leave == rows()) return End::kUnbounded;
      pivot(leave, enter);
    }
    return End::kStalled;
  }

 private:
  // Row i before row l in the ratio test's ties, entering column c.
  bool lex_less(std::size_t i, std::size_t l, std::size_t c) {
    const Real ei = at(i, c), el = at(l, c);
    for (std::size_t k : first_) {
      const Real a = at(i, k) / ei, b = at(l, k) / el;
      if (a != b) return a < b;
    }
    return false;
  }

  std::size_t width_;
  std::vector<Real> t_;
  std::vector<std::size_t> basis_, first_;
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
  t.set_first_basis();
  // Far more pivots than a programme of this size takes: a guard.
  const long limit = 100 * static_cast<long>(m + cols) + 1000;
  LpSolution out;
  // Phase one: maximize minus the sum of the artificials.
  if (artificials) {
    Real* obj = t.objective();
    for (std::size_t j = art0; j < cols; ++j) obj[j] = 1;
    // Each artificial is basic: take its row off the objective (rhs included)
    // so that basic columns have no reduced cost.
    for (std::size_t i = 0; i < m; ++i)
      if (t.basis(i) >= art0)
        for (std::size_t j = 0; j <= cols; ++j) obj[j] -= t.at(i, j);
    if (t.optimise(cols, limit) == Tableau::End::kStalled) {
      out.status = LpSolution::kStalled;
      return out;
    }
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
  Real* obj = t.objective();
  for (std::size_t j = 0; j <= cols; ++j) obj[j] = 0;
  for (std::size_t j = 0; j < n; ++j) obj[j] = -lp.c[j];
  for (std::size_t i = 0; i < m; ++i) {
    const Real f = obj[t.basis(i)];
    if (f == 0) continue;
    for (std::size_t j = 0; j <= cols; ++j) obj[j] -= f * t.at(i, j);
  }
  switch (t.optimise(art0, limit)) {
    case Tableau::End::kStalled:
      out.status = LpSolution::kStalled;
      return out;
    case Tableau::End::kUnbounded:
      out.status = LpSolution::kUnbounded;
      return out;
    case Tableau::End::kOptimal:
      break;
  }
  out.status = LpSolution::kOptimal;
  out.x.assign(n, 0.0);
  for (std::size_t i = 0; i < m; ++i)
    if (t.basis(i) < n) out.x[t.basis(i)] = static_cast<double>(t.rhs(i));
  out.value = 0;
  for (std::size_t j = 0; j < n; ++j) out.value += lp.c[j] * out.x[j];
  // A row's price is its slack's reduced cost (its sign as the row was entered).
  out.dual.assign(m, 0.0);
  for (std::size_t i = 0; i < m; ++i)
    out.dual[i] = (lp.b[i] < 0 ? -1.0 : 1.0) * static_cast<double>(t.objective()[slack0 + i]);
  return out;
}

}  // namespace parlour::kit
