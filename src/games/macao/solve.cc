// Macao's duel solved (solve.h): the plans' payoffs card by card from one
// pack, the equilibrium by kit/solve.h, and the equilibrium played move by
// move, card by card, as a check of both.
#include "games/macao/solve.h"

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <unordered_map>

#include "kit/solve.h"

namespace parlour::macao {
namespace {

constexpr int kTypes = 7;  // a first card 0..6: no natural
int count(int v) {
  return v == 0 ? 16 : 4;
}

double settle(int t, int u, Ties ties) {
  return t > u ? 1 : t < u ? -1 : ties == Ties::kBanker ? -1 : 0;
}

// The naturals, settled at once: the punter's result per chip (f, b any card).
double natural_result(int f, int b) {
  if (natural_multiple(b) > 0)
    return f > b ? natural_multiple(f) : f == b ? 0 : -natural_multiple(b);
  return natural_multiple(f);
}

double tail(const std::array<double, 10>& plan, int above) {
  double p = 0;
  for (int t = above + 1; t <= 9; ++t) p += plan[static_cast<std::size_t>(t)];
  return p;
}

// Drawing under a plan chosen at the deal, move by move: draw now with the
// chance that the plan's total is above t, given that it was above the total
// before the last card.
// Returns -1 where the plan never gets to t so.
double draws(const std::array<double, 10>& plan, int t, int last, bool drew) {
  const double above = tail(plan, t);
  if (!drew) return above;
  const double before = tail(plan, t - last);
  if (before <= 1e-15) return -1;
  return std::min(1.0, above / before);
}

// ---- The finite pack, card by card ---------------------------------------------------

class OnePack {
 public:
  OnePack(const Duel& d) : d_(d) {}

  double value() {
    double v = 0;
    for (int f = 0; f <= 9; ++f)
      for (int b = 0; b <= 9; ++b) {
        const double p = count(f) / 52.0 * (count(b) - (f == b)) / 51.0;
        if (natural_multiple(f) > 0 || natural_multiple(b) > 0) {
          v += p * natural_result(f, b);
          continue;
        }
        take(f), take(b);
        v += p * punter(f, b, f, 0, 0, false);
        put(f), put(b);
      }
    return v;
  }

 private:
  void take(int v) { --left_[static_cast<std::size_t>(v)], --n_; }
  void put(int v) { ++left_[static_cast<std::size_t>(v)], ++n_; }
  std::uint64_t pack() const {
    std::uint64_t k = static_cast<std::uint64_t>(left_[0]);
    for (int v = 1; v <= 9; ++v)
      k = k << 3 | static_cast<std::uint64_t>(left_[static_cast<std::size_t>(v)]);
    return k;  // 5 + 27 bits
  }

  double punter(int f, int b, int t, int last, int cl, bool drew) {
    const std::uint64_t key = pack() << 32 | std::uint64_t(f) << 28 | std::uint64_t(b) << 24 |
                              std::uint64_t(t) << 20 | std::uint64_t(last) << 16 |
                              std::uint64_t(cl) << 12 | std::uint64_t(drew) << 11 | 1u;
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    const double pd = d_.punter_draws(f, t, last, cl, drew);
    double v = 0;
    if (pd < 1) v += (1 - pd) * banker(b, t, seen(t - f, cl), b, 0, false);
    if (pd > 0) {
      double dv = 0;
      for (int c = 0; c <= 9; ++c) {
        const int k = left_[static_cast<std::size_t>(c)];
        if (k == 0) continue;
        const double p = static_cast<double>(k) / n_;
        if (t + c > 9) {
          dv -= p;
          continue;
        }
        take(c);
        dv += p * punter(f, b, t + c, c, c ? c : cl, true);
        put(c);
      }
      v += pd * dv;
    }
    memo_.emplace(key, v);
    return v;
  }

  double banker(int b, int pt, int s, int u, int last, bool drew) {
    const std::uint64_t key = pack() << 32 | std::uint64_t(b) << 28 | std::uint64_t(pt) << 24 |
                              std::uint64_t(s) << 16 | std::uint64_t(u) << 12 |
                              std::uint64_t(last) << 8 | std::uint64_t(drew) << 7;
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    const double bd = d_.banker_draws(b, s, u, last, drew);
    double v = 0;
    if (bd < 1) v += (1 - bd) * settle(pt, u, d_.ties);
    if (bd > 0) {
      double dv = 0;
      for (int c = 0; c <= 9; ++c) {
        const int k = left_[static_cast<std::size_t>(c)];
        if (k == 0) continue;
        const double p = static_cast<double>(k) / n_;
        if (u + c > 9) {
          dv += p;
          continue;
        }
        take(c);
        dv += p * banker(b, pt, s, u + c, c, true);
        put(c);
      }
      v += bd * dv;
    }
    memo_.emplace(key, v);
    return v;
  }

  const Duel& d_;
  std::array<int, 10> left_{16, 4, 4, 4, 4, 4, 4, 4, 4, 4};
  int n_ = 52;
  std::unordered_map<std::uint64_t, double> memo_;
};

// The duel's tables, kept beside it for the moves never met in equilibrium.
struct Solved {
  Duel duel;
  std::array<std::array<double, kSeen>, kTypes>
      reach{};  // by f, seen: how often a punter stands so
};

// One pack: the plans' payoffs, card by card.
class Payoffs {
 public:
  Payoffs(kit::AdditiveGame& g, Ties ties,
          std::array<std::array<std::array<double, kSeen>, 10>, kTypes>& stands)
      : g_(g), ties_(ties), stands_(stands) {}

  // The deal of f to the punter and b to the banker, neither a natural, of chance w.
  void deal(int f, int b, double w) {
    Pack deck = Pack::full();
    deck.take(f), deck.take(b);
    // The punter's positions, layer by layer (cards drawn), each with its
    // chance: all plans alike reach a position while they draw.
    std::unordered_map<std::uint64_t, double> layer{{key(deck, f, 0, 0, false), w}}, next;
    while (!layer.empty()) {
      next.clear();
      for (const auto& [k, p] : layer) {
        Pack d;
        int t, last, cl;
        bool drew;
        unkey(k, d, t, last, cl, drew);
        // Plans that stand here: those first reached now.
        const int low = drew ? t - last + 1 : f;
        if (low <= t) {
          const std::array<double, 10> v = bank(d, t, b);
          const int set = b * kSeen + seen(t - f, cl);
          for (int T = std::max(low, f); T <= t; ++T) {
            stands_[static_cast<std::size_t>(f)][static_cast<std::size_t>(T)]
                   [static_cast<std::size_t>(seen(t - f, cl))] += p;
            for (int U = b; U <= 9; ++U)
              g_.m(f, T - f, set, U - b) += p * v[static_cast<std::size_t>(U)];
          }
        }
        if (t >= 9) continue;  // no plan draws on
        for (int c = 0; c <= 9; ++c) {
          if (!d.left[static_cast<std::size_t>(c)]) continue;
          const double q = p * d.chance(c);
          if (t + c > 9) {
            for (int T = t + 1; T <= 9; ++T) g_.base(f, T - f) -= q;
            continue;
          }
          Pack e = d;
          e.take(c);
          next[key(e, t + c, c, c ? c : cl, true)] += q;
        }
      }
      layer.swap(next);
    }
  }
  std::size_t positions() const { return memo_.size(); }

 private:
  struct Pack {
    std::array<int, 10> left{};
    int n = 0;
    static Pack full() { return {{16, 4, 4, 4, 4, 4, 4, 4, 4, 4}, 52}; }
    void take(int v) { --left[static_cast<std::size_t>(v)], --n; }
    double chance(int v) const {
      return static_cast<double>(left[static_cast<std::size_t>(v)]) / n;
    }
    std::uint64_t code() const {
      std::uint64_t k = static_cast<std::uint64_t>(left[0]);
      for (int v = 1; v <= 9; ++v)
        k = k << 3 | static_cast<std::uint64_t>(left[static_cast<std::size_t>(v)]);
      return k;  // 5 + 27 bits
    }
    static Pack decode(std::uint64_t k) {
      Pack d;
      for (int v = 9; v >= 1; --v)
        d.left[static_cast<std::size_t>(v)] = static_cast<int>(k & 7), k >>= 3;
      d.left[0] = static_cast<int>(k & 31);
      for (int c : d.left) d.n += c;
      return d;
    }
  };
  static std::uint64_t key(const Pack& d, int t, int last, int cl, bool drew) {
    return d.code() << 16 | std::uint64_t(t) << 12 | std::uint64_t(last) << 8 |
           std::uint64_t(cl) << 4 | std::uint64_t(drew);
  }
  static void unkey(std::uint64_t k, Pack& d, int& t, int& last, int& cl, bool& drew) {
    drew = k & 1, cl = static_cast<int>(k >> 4 & 15), last = static_cast<int>(k >> 8 & 15);
    t = static_cast<int>(k >> 12 & 15);
    d = Pack::decode(k >> 16);
  }

  // The punter's result standing on pt against each banker's plan U (b..9),
  // the banker holding b and drawing from d.
  std::array<double, 10> bank(const Pack& d, int pt, int b) {
    std::array<double, 10> v{};
    const std::array<double, 10>& w = draw_on(d, b, pt);
    for (int U = b; U <= 9; ++U)
      v[static_cast<std::size_t>(U)] =
          U <= b ? settle(pt, b, ties_) : w[static_cast<std::size_t>(U)];
    return v;
  }
  // The banker at u drawing on, for each plan U above u.
  const std::array<double, 10>& draw_on(const Pack& d, int u, int pt) {
    const std::uint64_t k = d.code() << 8 | std::uint64_t(u) << 4 | std::uint64_t(pt);
    if (auto it = memo_.find(k); it != memo_.end()) return it->second;
    std::array<double, 10> v{};
    for (int c = 0; c <= 9; ++c) {
      if (!d.left[static_cast<std::size_t>(c)]) continue;
      const double q = d.chance(c);
      if (u + c > 9) {
        for (int U = u + 1; U <= 9; ++U) v[static_cast<std::size_t>(U)] += q;
        continue;
      }
      const std::array<double, 10>* on = nullptr;
      if (u + c < 9) {
        Pack e = d;
        e.take(c);
        on = &draw_on(e, u + c, pt);
      }
      for (int U = u + 1; U <= 9; ++U)
        v[static_cast<std::size_t>(U)] +=
            q * (u + c >= U ? settle(pt, u + c, ties_) : (*on)[static_cast<std::size_t>(U)]);
    }
    return memo_.emplace(k, v).first->second;
  }

  kit::AdditiveGame& g_;
  Ties ties_;
  std::array<std::array<std::array<double, kSeen>, 10>, kTypes>& stands_;  // by f, T, seen
  std::unordered_map<std::uint64_t, std::array<double, 10>> memo_;
};

Solved solve_duel(Ties ties) {
  Solved out;
  Duel& duel = out.duel;
  duel.ties = ties;
  std::vector<int> a_opts, b_opts;
  for (int f = 0; f < kTypes; ++f) a_opts.push_back(10 - f);
  for (int b = 0; b < kTypes; ++b)
    for (int s = 0; s < kSeen; ++s) b_opts.push_back(10 - b);
  kit::AdditiveGame g(a_opts, b_opts);
  std::array<std::array<std::array<double, kSeen>, 10>, kTypes> stands{};
  Payoffs pay(g, ties, stands);
  for (int f = 0; f <= 9; ++f)
    for (int b = 0; b <= 9; ++b) {
      const double w = count(f) / 52.0 * (count(b) - (f == b)) / 51.0;
      if (natural_multiple(f) > 0 || natural_multiple(b) > 0)
        duel.natural += w * natural_result(f, b);
      else
        pay.deal(f, b, w);
    }
  duel.positions = pay.positions();
  const kit::AdditiveSolution sol = kit::solve(g);
  duel.ok = sol.ok;
  duel.rounds = sol.rounds;
  duel.lower = sol.lower + duel.natural;
  duel.upper = sol.upper + duel.natural;
  duel.value = sol.value() + duel.natural;
  for (int f = 0; f < kTypes; ++f)
    for (int k = 0; k < 10 - f; ++k) {
      const double x = sol.x[g.a_index(f, k)];
      duel.punter[static_cast<std::size_t>(f)][static_cast<std::size_t>(f + k)] = x;
      for (int s = 0; s < kSeen; ++s)
        out.reach[static_cast<std::size_t>(f)][static_cast<std::size_t>(s)] +=
            x * stands[static_cast<std::size_t>(f)][static_cast<std::size_t>(f + k)]
                      [static_cast<std::size_t>(s)];
    }
  // The banker at each set met: his equilibrium plan; at a set never met,
  // his best plan against any first card as the deal makes it likely (the
  // plans' payoffs over every punter's plan, each first card at its chance).
  duel.banker.assign(kTypes * kSeen, {});
  for (int b = 0; b < kTypes; ++b)
    for (int s = 0; s < kSeen; ++s) {
      const int set = b * kSeen + s;
      auto& plan = duel.banker[static_cast<std::size_t>(set)];
      double met = 0;
      for (int f = 0; f < kTypes; ++f)
        met += out.reach[static_cast<std::size_t>(f)][static_cast<std::size_t>(s)];
      if (met > 1e-15) {
        for (int j = 0; j < 10 - b; ++j)
          plan[static_cast<std::size_t>(b + j)] = sol.y[g.b_index(set, j)];
        continue;
      }
      int arg = b;
      double low = 1e300;
      for (int j = 0; j < 10 - b; ++j) {
        double v = 0;
        for (int f = 0; f < kTypes; ++f)
          for (int k = 0; k < 10 - f; ++k) v += g.m(f, k, set, j);
        if (v < low - 1e-18) low = v, arg = b + j;
      }
      plan[static_cast<std::size_t>(arg)] = 1;
    }
  return out;
}

const Solved& solved(Ties ties) {
  static std::mutex mu;
  static std::array<std::unique_ptr<Solved>, 2> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = cache[static_cast<std::size_t>(ties)];
  if (!slot) {
    slot = std::make_unique<Solved>(solve_duel(ties));
    OnePack pack(slot->duel);
    slot->duel.exact = pack.value();
  }
  return *slot;
}

}  // namespace

double Duel::punter_draws(int f, int t, int last, int cl, bool drew) const {
  if (f >= kTypes || t > 9) return 0;
  const double p = draws(punter[static_cast<std::size_t>(f)], t, last, drew);
  if (p >= 0) return p;
  // Off the plan (a move it never makes): draw while under its highest total.
  (void)cl;
  return tail(punter[static_cast<std::size_t>(f)], t) > 0 ? 1 : 0;
}

double Duel::banker_draws(int b, int s, int u, int last, bool drew) const {
  if (b >= kTypes || u > 9) return 0;
  const int set = b * kSeen + s;
  const double p = draws(banker[static_cast<std::size_t>(set)], u, last, drew);
  if (p >= 0) return p;
  return tail(banker[static_cast<std::size_t>(set)], u) > 0 ? 1 : 0;
}

std::array<double, 7> Duel::first_card(int d, int cl) const {
  std::array<double, 7> w{};
  const Solved& s = solved(ties);
  for (int f = 0; f < kTypes; ++f)
    w[static_cast<std::size_t>(f)] =
        s.reach[static_cast<std::size_t>(f)][static_cast<std::size_t>(seen(d, cl))];
  return w;
}

const Duel& duel(Ties ties) {
  return solved(ties).duel;
}

bool banker_should_draw(const Duel& duel, int u, std::span<const Standing> punters) {
  // The banker's gain standing on each total, against each punter's first
  // card as his play makes it likely; then drawing where it pays more.
  std::array<double, 10> gain{};
  double all = 0;
  for (const Standing& p : punters) {
    std::array<double, 7> w = duel.first_card(p.d, p.cl);
    double sum = 0;
    for (int f = 0; f < kTypes; ++f) sum += f + p.d <= 9 ? w[static_cast<std::size_t>(f)] : 0;
    if (sum <= 1e-15)
      for (int f = 0; f < kTypes; ++f)
        sum += w[static_cast<std::size_t>(f)] = f + p.d <= 9 ? count(f) : 0;
    all += p.stake;
    for (int v = 0; v <= 9; ++v)
      for (int f = 0; f < kTypes && f + p.d <= 9; ++f)
        gain[static_cast<std::size_t>(v)] -=
            p.stake * w[static_cast<std::size_t>(f)] / sum * settle(f + p.d, v, duel.ties);
  }
  std::array<double, 11> best{};
  bool draw_here = false;
  for (int v = 9; v >= u; --v) {
    double dv = 0;
    for (int c = 1; c <= 9; ++c)
      dv += (v + c > 9 ? -all : best[static_cast<std::size_t>(v + c)]) / 9;
    const double sv = gain[static_cast<std::size_t>(v)];
    best[static_cast<std::size_t>(v)] = std::max(sv, dv);
    if (v == u) draw_here = dv > sv + 1e-12;
  }
  return draw_here;
}

}  // namespace parlour::macao
