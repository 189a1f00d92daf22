// Le Her's equilibrium: the round's payoffs from the rules, then one linear
// programme per player (le_her.h).
#include "games/chase_the_ace/le_her.h"

#include <algorithm>
#include <vector>

#include "kit/simplex.h"

namespace parlour::chase_the_ace {
namespace {

using kit::LinearProgram;
using kit::LpSolution;
using kit::maximize;

constexpr int kKing = 13;
// Payoffs are kept as integers: a deal of ranks (e, d) has weight 4·(4 - [e = d])
// out of 52·51, and a cut card one of 50 cards; so every payoff times
// 52·51·50 is a whole number and the programmes start from exact data.
constexpr double kScale = 52.0 * 51.0 * 50.0;
constexpr int kEldestVars = 12;  // ranks 1..12: a King is always kept
constexpr int kDealerVars = 14;  // cut by rank after a keep (1..13), then after a refusal
constexpr int kRefusal = 13;     // index of the refusal's variable among the dealer's

// The round's payoffs to the eldest, times 50 (one cut card of 50).
class Payoffs {
 public:
  explicit Payoffs(const LeHerRules& r) : r_(r) {}

  // The eldest holds e, the dealer d, as the cards are revealed.
  int outcome(int e, int d) const {
    if (e != d) return e < d ? -1 : 1;
    return r_.ties_to_dealer ? -1 : 0;
  }
  int stand(int e, int d) const { return 50 * outcome(e, d); }
  // The dealer rejects d and cuts from the 50 cards left: four of each rank
  // less the two dealt.
  int cut(int e, int d) const {
    int sum = 0;
    for (int c = 1; c <= kKing; ++c) {
      const int n = 4 - (c == e) - (c == d);
      sum += n * (c == kKing ? king_cut(e, d) : outcome(e, c));
    }
    return sum;
  }
  // The dealer, knowing both cards, takes the better for him.
  int known(int e, int d) const { return std::min(stand(e, d), cut(e, d)); }
  static int weight(int e, int d) { return 4 * (4 - (e == d)); }

  // The round as a bilinear form in both strategies (see le_her.h). The eldest
  // holding e, the dealer d: after a keep, K0 + cut·K1; after an exchange
  // request, E0 + refusal cut·E1.
  int keep0(int e, int d) const {
    return e == kKing && r_.king_shown ? known(kKing, d) : stand(e, d);
  }
  int keep1(int e, int d) const {
    return e == kKing && r_.king_shown ? 0 : cut(e, d) - stand(e, d);
  }
  int ask0(int e, int d) const {
    // Refused: the dealer keeps his King. Exchanged: the eldest holds d, the dealer e.
    return d == kKing ? stand(e, kKing) : known(d, e);
  }
  int ask1(int e, int d) const { return d == kKing ? cut(e, kKing) - stand(e, kKing) : 0; }

 private:
  int king_cut(int e, int d) const {
    switch (r_.dealer_king) {
      case DealerKing::kCounts:
        return outcome(e, kKing);
      case DealerKing::kLowest:
        return 1;  // only the dealer loses
      case DealerKing::kKeepsOwn:
        return outcome(e, d);
    }
    return 0;
  }
  LeHerRules r_;
};

// V = c0 + a·x + b·w + xᵀ M w, x the eldest's exchange chances (ranks 1..12),
// w the dealer's cut chances (after a keep, by rank; after a refusal).
struct Bilinear {
  double c0 = 0;
  std::vector<double> a = std::vector<double>(kEldestVars, 0.0);
  std::vector<double> b = std::vector<double>(kDealerVars, 0.0);
  std::vector<std::vector<double>> m =
      std::vector<std::vector<double>>(kEldestVars, std::vector<double>(kDealerVars, 0.0));
};

Bilinear bilinear(const Payoffs& p) {
  Bilinear f;
  for (int e = 1; e <= kKing; ++e)
    for (int d = 1; d <= kKing; ++d) {
      const double w = Payoffs::weight(e, d);
      f.c0 += w * p.keep0(e, d);
      f.b[d - 1] += w * p.keep1(e, d);
      if (e == kKing) continue;  // never exchanged
      f.a[e - 1] += w * (p.ask0(e, d) - p.keep0(e, d));
      f.m[e - 1][d - 1] -= w * p.keep1(e, d);
      f.m[e - 1][kRefusal] += w * p.ask1(e, d);
    }
  return f;
}

double value_of(const Bilinear& f, const LeHerStrategy& s) {
  double v = f.c0;
  for (int j = 0; j < kDealerVars; ++j)
    v += f.b[j] * (j == kRefusal ? s.cut_after_refusal : s.cut[j + 1]);
  for (int e = 0; e < kEldestVars; ++e) {
    double row = f.a[e];
    for (int j = 0; j < kDealerVars; ++j)
      row += f.m[e][j] * (j == kRefusal ? s.cut_after_refusal : s.cut[j + 1]);
    v += s.exchange[e + 1] * row;
  }
  return v / kScale;
}

double clamp01(double v) {
  return std::clamp(v, 0.0, 1.0);
}

}  // namespace

double le_her_value(const LeHerRules& rules, const LeHerStrategy& s) {
  return value_of(bilinear(Payoffs(rules)), s);
}

double eldest_best_response(const LeHerRules& rules, const LeHerStrategy& s) {
  // Linear in each rank's exchange chance apart: the better of keep and ask, rank by rank.
  const Bilinear f = bilinear(Payoffs(rules));
  LeHerStrategy best = s;
  for (int e = 0; e < kEldestVars; ++e) {
    double row = f.a[e];
    for (int j = 0; j < kDealerVars; ++j)
      row += f.m[e][j] * (j == kRefusal ? s.cut_after_refusal : s.cut[j + 1]);
    best.exchange[e + 1] = row > 0 ? 1 : 0;
  }
  best.exchange[kKing] = 0;
  return value_of(f, best);
}

double dealer_best_response(const LeHerRules& rules, const LeHerStrategy& s) {
  const Bilinear f = bilinear(Payoffs(rules));
  LeHerStrategy best = s;
  for (int j = 0; j < kDealerVars; ++j) {
    double col = f.b[j];
    for (int e = 0; e < kEldestVars; ++e) col += f.m[e][j] * s.exchange[e + 1];
    (j == kRefusal ? best.cut_after_refusal : best.cut[j + 1]) = col < 0 ? 1 : 0;
  }
  return value_of(f, best);
}

bool dealer_cuts_knowing(const LeHerRules& rules, int eldest, int dealer) {
  const Payoffs p(rules);
  return p.cut(eldest, dealer) < p.stand(eldest, dealer);
}

LeHerSolution solve_le_her(const LeHerRules& rules) {
  const Bilinear f = bilinear(Payoffs(rules));
  LeHerSolution out;
  // The eldest: max over x of c0 + a·x + Σ_j min(0, b_j + Σ_e M_ej x_e). With
  // s_j = -min(...) >= 0: maximize a·x - Σ s subject to -M_·j·x - s_j <= b_j, x <= 1.
  {
    LinearProgram lp;
    const int n = kEldestVars + kDealerVars;
    lp.c.assign(n, 0.0);
    for (int e = 0; e < kEldestVars; ++e) lp.c[e] = f.a[e];
    for (int j = 0; j < kDealerVars; ++j) lp.c[kEldestVars + j] = -1;
    for (int j = 0; j < kDealerVars; ++j) {
      std::vector<double> row(n, 0.0);
      for (int e = 0; e < kEldestVars; ++e) row[e] = -f.m[e][j];
      row[kEldestVars + j] = -1;
      lp.a.push_back(row);
      lp.b.push_back(f.b[j]);
    }
    for (int e = 0; e < kEldestVars; ++e) {
      std::vector<double> row(n, 0.0);
      row[e] = 1;
      lp.a.push_back(row);
      lp.b.push_back(1);
    }
    const LpSolution sol = maximize(lp);
    if (sol.status != LpSolution::kOptimal) return out;
    for (int e = 0; e < kEldestVars; ++e) out.strategy.exchange[e + 1] = clamp01(sol.x[e]);
    out.value = (f.c0 + sol.value) / kScale;
  }
  // The dealer: min over w of c0 + b·w + Σ_e max(0, a_e + Σ_j M_ej w_j). With
  // u_e >= that: maximize -b·w - Σ u subject to M_e·w - u_e <= -a_e, w <= 1.
  {
    LinearProgram lp;
    const int n = kDealerVars + kEldestVars;
    lp.c.assign(n, 0.0);
    for (int j = 0; j < kDealerVars; ++j) lp.c[j] = -f.b[j];
    for (int e = 0; e < kEldestVars; ++e) lp.c[kDealerVars + e] = -1;
    for (int e = 0; e < kEldestVars; ++e) {
      std::vector<double> row(n, 0.0);
      for (int j = 0; j < kDealerVars; ++j) row[j] = f.m[e][j];
      row[kDealerVars + e] = -1;
      lp.a.push_back(row);
      lp.b.push_back(-f.a[e]);
    }
    for (int j = 0; j < kDealerVars; ++j) {
      std::vector<double> row(n, 0.0);
      row[j] = 1;
      lp.a.push_back(row);
      lp.b.push_back(1);
    }
    const LpSolution sol = maximize(lp);
    if (sol.status != LpSolution::kOptimal) return out;
    for (int j = 0; j < kKing; ++j) out.strategy.cut[j + 1] = clamp01(sol.x[j]);
    out.strategy.cut_after_refusal = clamp01(sol.x[kRefusal]);
    out.dealer_value = (f.c0 - sol.value) / kScale;
  }
  out.ok = true;
  return out;
}

}  // namespace parlour::chase_the_ace
