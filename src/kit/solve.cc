// The double oracle of solve.h.
#include "kit/solve.h"

#include <algorithm>
#include <cassert>
#include <limits>

#include "kit/simplex.h"

namespace parlour::kit {
namespace {

// A matrix game's optimal mixtures: rows maximize, columns minimize. The
// payoffs are shifted positive; then the columns' classic programme
// (maximize Σ q subject to P q <= 1, q >= 0: the value is 1 / Σ q) has a
// feasible start, and its dual, read off the same tableau, is the rows'.
struct MatrixSolution {
  bool ok = false;
  std::vector<double> rows, cols;
};

MatrixSolution solve_matrix(const std::vector<std::vector<double>>& p) {
  const std::size_t r = p.size(), c = p[0].size();
  // Scaled to [1, 2]: the simplex's tolerances are absolute, and the
  // payoffs of a game weighted by the chances of its deals are small.
  double low = std::numeric_limits<double>::infinity(), high = -low;
  for (const auto& row : p)
    for (double v : row) low = std::min(low, v), high = std::max(high, v);
  const double scale = high > low ? 1 / (high - low) : 1;
  LinearProgram lp;
  lp.c.assign(c, 1.0);
  for (std::size_t i = 0; i < r; ++i) {
    std::vector<double> row(c);
    for (std::size_t j = 0; j < c; ++j) row[j] = 1 + (p[i][j] - low) * scale;
    lp.a.push_back(std::move(row));
    lp.b.push_back(1);
  }
  const LpSolution s = maximize(lp);
  MatrixSolution out;
  // Always feasible and bounded (q = 0 is feasible; P > 0): only the
  // simplex's guard on its pivots could fail here.
  if (s.status != LpSolution::kOptimal || s.value <= 0) return out;
  out.ok = true;
  out.cols = s.x;
  out.rows = s.dual;
  // Mixtures: each sums to 1 (both sums are s.value, to rounding).
  for (std::vector<double>* m : {&out.cols, &out.rows}) {
    double sum = 0;
    for (double& q : *m) sum += q = std::max(0.0, q);
    for (double& q : *m) q /= sum;
  }
  return out;
}

std::vector<std::size_t> firsts(const std::vector<int>& options) {
  std::vector<std::size_t> f{0};
  for (int n : options) {
    assert(n >= 1);
    f.push_back(f.back() + static_cast<std::size_t>(n));
  }
  return f;
}

}  // namespace

AdditiveGame::AdditiveGame(std::vector<int> a_options, std::vector<int> b_options)
    : a_options_(std::move(a_options)),
      b_options_(std::move(b_options)),
      a_first_(firsts(a_options_)),
      b_first_(firsts(b_options_)),
      base_(a_pairs(), 0.0),
      m_(a_pairs() * b_pairs(), 0.0) {}

double AdditiveGame::guaranteed_a(const std::vector<double>& x, std::vector<int>* answer) const {
  std::vector<double> col(b_pairs(), 0.0);
  double v = 0;
  for (std::size_t a = 0; a < a_pairs(); ++a) {
    if (x[a] == 0) continue;
    v += x[a] * base(a);
    for (std::size_t b = 0; b < b_pairs(); ++b) col[b] += x[a] * m(a, b);
  }
  if (answer) answer->assign(static_cast<std::size_t>(b_sets()), 0);
  for (int i = 0; i < b_sets(); ++i) {
    int best = 0;
    for (int j = 1; j < b_options(i); ++j)
      if (col[b_index(i, j)] < col[b_index(i, best)]) best = j;
    v += col[b_index(i, best)];
    if (answer) (*answer)[static_cast<std::size_t>(i)] = best;
  }
  return v;
}

double AdditiveGame::guaranteed_b(const std::vector<double>& y, std::vector<int>* answer) const {
  // B's mixtures are mostly pure: only the plans he may play are summed.
  std::vector<std::size_t> played;
  for (std::size_t b = 0; b < b_pairs(); ++b)
    if (y[b] != 0) played.push_back(b);
  double v = 0;
  if (answer) answer->assign(static_cast<std::size_t>(a_types()), 0);
  for (int t = 0; t < a_types(); ++t) {
    double best = -std::numeric_limits<double>::infinity();
    for (int k = 0; k < a_options(t); ++k) {
      const std::size_t a = a_index(t, k);
      double row = base(a);
      for (std::size_t b : played) row += m(a, b) * y[b];
      if (row > best) {
        best = row;
        if (answer) (*answer)[static_cast<std::size_t>(t)] = k;
      }
    }
    v += best;
  }
  return v;
}

namespace {
// Whether a pure strategy (a plan per type or set) fits those options.
bool fits(const std::vector<int>& pure, int n, auto options) {
  if (static_cast<int>(pure.size()) != n) return false;
  for (int i = 0; i < n; ++i)
    if (pure[static_cast<std::size_t>(i)] < 0 || pure[static_cast<std::size_t>(i)] >= options(i))
      return false;
  return true;
}

}  // namespace

AdditiveSolution solve(const AdditiveGame& g, double gap, const AdditiveSolution* from) {
  // Pure strategies: a plan per type (A), a plan per set (B); the start's
  // where they fit this game, else the first plan everywhere.
  std::vector<std::vector<int>> as, bs;
  if (from) {
    for (const auto& a : from->a_pure)
      if (fits(a, g.a_types(), [&](int t) { return g.a_options(t); })) as.push_back(a);
    for (const auto& b : from->b_pure)
      if (fits(b, g.b_sets(), [&](int i) { return g.b_options(i); })) bs.push_back(b);
  }
  if (as.empty()) as.emplace_back(static_cast<std::size_t>(g.a_types()), 0);
  if (bs.empty()) bs.emplace_back(static_cast<std::size_t>(g.b_sets()), 0);
  // Each of B's pure strategies against every plan of A's (by pair): the
  // plan's base and its payoffs at B's plans, summed over B's sets, once.
  // A pure strategy of A's against it is then a sum over A's types, and A's
  // best answer to B's mixture is read from these sums, where going through
  // m afresh would cost the whole product at every pair and every round.
  std::vector<std::vector<double>> through;  // by B's pure strategy
  auto through_of = [&](const std::vector<int>& b) {
    std::vector<double> out(g.a_pairs(), 0.0);
    for (std::size_t a = 0; a < g.a_pairs(); ++a) {
      out[a] = g.base(a);
      for (int i = 0; i < g.b_sets(); ++i)
        out[a] += g.m(a, g.b_index(i, b[static_cast<std::size_t>(i)]));
    }
    return out;
  };
  auto payoff = [&](const std::vector<int>& a, std::size_t c) {
    double v = 0;
    for (int t = 0; t < g.a_types(); ++t)
      v += through[c][g.a_index(t, a[static_cast<std::size_t>(t)])];
    return v;
  };
  auto row_of = [&](const std::vector<int>& a) {
    std::vector<double> row;
    for (std::size_t c = 0; c < bs.size(); ++c) row.push_back(payoff(a, c));
    return row;
  };
  for (const auto& b : bs) through.push_back(through_of(b));
  std::vector<std::vector<double>> p;
  for (const auto& a : as) p.push_back(row_of(a));
  AdditiveSolution out;
  for (int round = 1; round <= 10000; ++round) {
    MatrixSolution ms = solve_matrix(p);
    if (!ms.ok) {
      // The simplex's guard: the last round's answer stands, not ok.
      if (round > 1) return out;
      ms.rows.assign(as.size(), 0.0), ms.cols.assign(bs.size(), 0.0);
      ms.rows[0] = ms.cols[0] = 1;
    }
    out.x.assign(g.a_pairs(), 0.0);
    out.y.assign(g.b_pairs(), 0.0);
    for (std::size_t r = 0; r < as.size(); ++r)
      for (int t = 0; t < g.a_types(); ++t)
        out.x[g.a_index(t, as[r][static_cast<std::size_t>(t)])] += ms.rows[r];
    for (std::size_t c = 0; c < bs.size(); ++c)
      for (int i = 0; i < g.b_sets(); ++i)
        out.y[g.b_index(i, bs[c][static_cast<std::size_t>(i)])] += ms.cols[c];
    std::vector<int> best_a, best_b;
    out.lower = g.guaranteed_a(out.x, &best_b);
    // What y holds A to (guaranteed_b), from the columns' sums.
    out.upper = 0;
    best_a.assign(static_cast<std::size_t>(g.a_types()), 0);
    for (int t = 0; t < g.a_types(); ++t) {
      double best = -std::numeric_limits<double>::infinity();
      for (int k = 0; k < g.a_options(t); ++k) {
        const std::size_t a = g.a_index(t, k);
        double v = 0;
        for (std::size_t c = 0; c < bs.size(); ++c) v += ms.cols[c] * through[c][a];
        if (v > best) best = v, best_a[static_cast<std::size_t>(t)] = k;
      }
      out.upper += best;
    }
    out.rounds = round;
    out.a_pure.clear(), out.b_pure.clear();
    for (std::size_t r = 0; r < as.size(); ++r)
      if (ms.rows[r] > 0) out.a_pure.push_back(as[r]);
    for (std::size_t c = 0; c < bs.size(); ++c)
      if (ms.cols[c] > 0) out.b_pure.push_back(bs[c]);
    const bool new_a = std::find(as.begin(), as.end(), best_a) == as.end();
    const bool new_b = std::find(bs.begin(), bs.end(), best_b) == bs.end();
    if (out.upper - out.lower <= gap || (!new_a && !new_b)) {
      out.ok = out.upper - out.lower <= std::max(gap, 1e-9);
      return out;
    }
    if (new_a) {
      as.push_back(best_a);
      p.push_back(row_of(best_a));
    }
    if (new_b) {
      bs.push_back(best_b);
      through.push_back(through_of(best_b));
      for (std::size_t r = 0; r < as.size(); ++r) p[r].push_back(payoff(as[r], bs.size() - 1));
    }
  }
  return out;
}

}  // namespace parlour::kit
