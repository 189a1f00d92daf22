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

// The duel's tables, kept beside it for the moves never met in equilibrium.
struct Solved {
  Duel duel;
  std::array<std::array<double, kSeen>, kTypes>
      reach{};  // by f, seen: how often a punter stands so
};

// ---- One pack, card by card ----------------------------------------------------------

// What is left of the pack, by points (a ten or court card 0).
struct Pack {
  std::array<int, 10> left{};
  int n = 0;
  static Pack full() { return {{16, 4, 4, 4, 4, 4, 4, 4, 4, 4}, 52}; }
  void take(int v) { --left[static_cast<std::size_t>(v)], --n; }
  void put(int v) { ++left[static_cast<std::size_t>(v)], ++n; }
  int operator[](int v) const { return left[static_cast<std::size_t>(v)]; }
  double chance(int v) const { return static_cast<double>((*this)[v]) / n; }
  std::uint64_t code() const {
    std::uint64_t k = static_cast<std::uint64_t>(left[0]);
    for (int v = 1; v <= 9; ++v) k = k << 3 | static_cast<std::uint64_t>((*this)[v]);
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

// A punter's position: the pack left (after his cards and the banker's),
// his total, the last card he drew, the last that counted, whether he drew.
struct Spot {
  Pack deck;
  int t = 0, last = 0, cl = 0;
  bool drew = false;
  std::uint64_t key() const {
    return deck.code() << 16 | std::uint64_t(t) << 12 | std::uint64_t(last) << 8 |
           std::uint64_t(cl) << 4 | std::uint64_t(drew);
  }
  static Spot of(std::uint64_t k) {
    return {Pack::decode(k >> 16), static_cast<int>(k >> 12 & 15), static_cast<int>(k >> 8 & 15),
            static_cast<int>(k >> 4 & 15), static_cast<bool>(k & 1)};
  }
};

// Every position a punter dealt f can reach drawing (to 9 at the most), with
// its chance, the banker holding b: `at` is called for each position, `bust`
// for each card that takes the total over 9 (from total t, of chance q).
// Orders of the same cards merge: the chance of a position is all plans'.
template <class At, class Bust>
void punter_positions(int f, int b, double w, At&& at, Bust&& bust) {
  Spot start{Pack::full(), f, 0, 0, false};
  start.deck.take(f), start.deck.take(b);
  std::unordered_map<std::uint64_t, double> layer{{start.key(), w}}, next;
  while (!layer.empty()) {
    next.clear();
    for (const auto& [k, p] : layer) {
      const Spot x = Spot::of(k);
      at(x, p);
      if (x.t >= 9) continue;  // no plan draws on
      for (int c = 0; c <= 9; ++c) {
        if (!x.deck[c]) continue;
        const double q = p * x.deck.chance(c);
        if (x.t + c > 9) {
          bust(x.t, q);
          continue;
        }
        Spot y = x;
        y.deck.take(c);
        y.t += c, y.last = c, y.cl = c ? c : x.cl, y.drew = true;
        next[y.key()] += q;
      }
    }
    layer.swap(next);
  }
}

// The plans that stand at a position: those first reached there.
int first_plan(const Spot& x, int f) {
  return x.drew ? x.t - x.last + 1 : f;
}

// The banker drawing from a pack, for every plan U at once, memoized.
class BankerDraws {
 public:
  explicit BankerDraws(Ties ties) : ties_(ties) {}
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
  std::size_t positions() const { return memo_.size(); }

 private:
  // The banker at u drawing on, for each plan U above u.
  const std::array<double, 10>& draw_on(const Pack& d, int u, int pt) {
    const std::uint64_t k = d.code() << 8 | std::uint64_t(u) << 4 | std::uint64_t(pt);
    if (auto it = memo_.find(k); it != memo_.end()) return it->second;
    std::array<double, 10> v{};
    for (int c = 0; c <= 9; ++c) {
      if (!d[c]) continue;
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

  Ties ties_;
  std::unordered_map<std::uint64_t, std::array<double, 10>> memo_;
};

// The chance of a deal of f and b (any cards) from one pack.
double deal_chance(int f, int b) {
  return count(f) / 52.0 * (count(b) - (f == b)) / 51.0;
}

// The duel played move by move, card by card, from one pack: the punter's
// result per chip (a check of the plans' payoffs, and the worth of any plans).
class OnePack {
 public:
  OnePack(const Duel& d) : d_(d) {}

  double value() {
    double v = 0;
    for (int f = 0; f <= 9; ++f)
      for (int b = 0; b <= 9; ++b) {
        const double p = deal_chance(f, b);
        if (natural_multiple(f) > 0 || natural_multiple(b) > 0) {
          v += p * natural_result(f, b);
          continue;
        }
        pack_.take(f), pack_.take(b);
        v += p * punter(f, b, f, 0, 0, false);
        pack_.put(f), pack_.put(b);
      }
    return v;
  }

 private:
  double punter(int f, int b, int t, int last, int cl, bool drew) {
    const std::uint64_t key = pack_.code() << 32 | std::uint64_t(f) << 28 | std::uint64_t(b) << 24 |
                              std::uint64_t(t) << 20 | std::uint64_t(last) << 16 |
                              std::uint64_t(cl) << 12 | std::uint64_t(drew) << 11 | 1u;
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    const double pd = d_.punter_draws(f, t, last, cl, drew);
    double v = 0;
    if (pd < 1) v += (1 - pd) * banker(b, t, seen(t - f, cl), b, 0, false);
    if (pd > 0) {
      double dv = 0;
      for (int c = 0; c <= 9; ++c) {
        if (!pack_[c]) continue;
        const double p = pack_.chance(c);
        if (t + c > 9) {
          dv -= p;
          continue;
        }
        pack_.take(c);
        dv += p * punter(f, b, t + c, c, c ? c : cl, true);
        pack_.put(c);
      }
      v += pd * dv;
    }
    memo_.emplace(key, v);
    return v;
  }

  double banker(int b, int pt, int s, int u, int last, bool drew) {
    const std::uint64_t key = pack_.code() << 32 | std::uint64_t(b) << 28 |
                              std::uint64_t(pt) << 24 | std::uint64_t(s) << 16 |
                              std::uint64_t(u) << 12 | std::uint64_t(last) << 8 |
                              std::uint64_t(drew) << 7;
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    const double bd = d_.banker_draws(b, s, u, last, drew);
    double v = 0;
    if (bd < 1) v += (1 - bd) * settle(pt, u, d_.ties);
    if (bd > 0) {
      double dv = 0;
      for (int c = 0; c <= 9; ++c) {
        if (!pack_[c]) continue;
        const double p = pack_.chance(c);
        if (u + c > 9) {
          dv += p;
          continue;
        }
        pack_.take(c);
        dv += p * banker(b, pt, s, u + c, c, true);
        pack_.put(c);
      }
      v += bd * dv;
    }
    memo_.emplace(key, v);
    return v;
  }

  const Duel& d_;
  Pack pack_ = Pack::full();
  std::unordered_map<std::uint64_t, double> memo_;
};

// The plans' payoffs into g, and how often each plan stands at each set.
void payoffs(kit::AdditiveGame& g, BankerDraws& bank,
             std::array<std::array<std::array<double, kSeen>, 10>, kTypes>& stands) {
  for (int f = 0; f < kTypes; ++f)
    for (int b = 0; b < kTypes; ++b)
      punter_positions(
          f, b, deal_chance(f, b),
          [&](const Spot& x, double p) {
            const int low = std::max(first_plan(x, f), f);
            if (low > x.t) return;
            const std::array<double, 10> v = bank.bank(x.deck, x.t, b);
            const int s = seen(x.t - f, x.cl);
            for (int T = low; T <= x.t; ++T) {
              stands[static_cast<std::size_t>(f)][static_cast<std::size_t>(T)]
                    [static_cast<std::size_t>(s)] += p;
              for (int U = b; U <= 9; ++U)
                g.m(f, T - f, b * kSeen + s, U - b) += p * v[static_cast<std::size_t>(U)];
            }
          },
          [&](int t, double q) {
            for (int T = t + 1; T <= 9; ++T) g.base(f, T - f) -= q;
          });
}

// The punter's best rule of drawing against the banker's plans, by every
// card he holds (not only his total): his exact best answer in the whole duel.
class PunterBest {
 public:
  PunterBest(const Duel& d, BankerDraws& bank) : d_(d), bank_(bank) {}

  double value() {
    double v = d_.natural;
    for (int f = 0; f < kTypes; ++f) {
      double fair = 0;  // the chance that the banker holds no natural
      for (int b = 0; b < kTypes; ++b) fair += deal_chance(f, b);
      Pack deck = Pack::full();
      deck.take(f);
      v += fair * at(f, {deck, f, 0, 0, false});
    }
    return v;
  }

 private:
  // x.deck: the pack less f and the punter's draws; the banker's card is in it.
  double at(int f, const Spot& x) {
    const std::uint64_t k = x.key() << 4 | std::uint64_t(f);
    if (auto it = memo_.find(k); it != memo_.end()) return it->second;
    // The banker's card, as the punter can know it: any 0..6 left.
    std::array<double, kTypes> w{};
    double all = 0;
    for (int b = 0; b < kTypes; ++b) all += w[static_cast<std::size_t>(b)] = x.deck[b];
    double stand = 0;
    const int s = seen(x.t - f, x.cl);
    for (int b = 0; b < kTypes; ++b) {
      if (!w[static_cast<std::size_t>(b)]) continue;
      Pack rest = x.deck;
      rest.take(b);
      const std::array<double, 10> v = bank_.bank(rest, x.t, b);
      const std::array<double, 10>& plan = d_.banker[static_cast<std::size_t>(b * kSeen + s)];
      for (int U = b; U <= 9; ++U)
        stand += w[static_cast<std::size_t>(b)] / all * plan[static_cast<std::size_t>(U)] *
                 v[static_cast<std::size_t>(U)];
    }
    double draw = -1e300;
    if (x.t < 9 || x.deck[0] > 0) {
      draw = 0;
      for (int c = 0; c <= 9; ++c) {
        double q = 0;  // the chance of c next, over the banker's card
        for (int b = 0; b < kTypes; ++b)
          q += w[static_cast<std::size_t>(b)] / all * (x.deck[c] - (b == c)) / (x.deck.n - 1);
        if (q <= 0) continue;
        if (x.t + c > 9) {
          draw -= q;
          continue;
        }
        Spot y = x;
        y.deck.take(c);
        y.t += c, y.last = c, y.cl = c ? c : x.cl, y.drew = true;
        draw +=
            q * (c == 0 && x.t == 9 ? stand : at(f, y));  // a ten on 9 changes nothing he can use
      }
    }
    const double v = std::max(stand, draw);
    memo_.emplace(k, v);
    return v;
  }

  const Duel& d_;
  BankerDraws& bank_;
  std::unordered_map<std::uint64_t, double> memo_;
};

// The banker's best rule of drawing against the punter's plans, by every card
// he sees (the punter's draws, his own): his exact best answer in the whole
// duel. A position's chances of the punter's first card follow from the
// cards seen; its value is kept per unit of chance.
class BankerBest {
 public:
  BankerBest(const Duel& d) : d_(d) {}

  double value() {
    double v = d_.natural;
    // The punter's plays, with the chance of each first card: where he
    // stands, as the banker sees it, or busts.
    std::unordered_map<std::uint64_t, std::array<double, kTypes>> roots;
    for (int f = 0; f < kTypes; ++f)
      for (int b = 0; b < kTypes; ++b) {
        const std::array<double, 10>& plan = d_.punter[static_cast<std::size_t>(f)];
        punter_positions(
            f, b, deal_chance(f, b),
            [&](const Spot& x, double p) {
              double mass = 0;
              for (int T = std::max(first_plan(x, f), f); T <= x.t; ++T)
                mass += plan[static_cast<std::size_t>(T)];
              if (mass <= 0) return;
              // What the banker saw: the punter's cards drawn (the pack less
              // the deck, f and b), their points, the last one.
              Pack seen_cards;
              for (int c = 0; c <= 9; ++c) {
                seen_cards.left[static_cast<std::size_t>(c)] =
                    count(c) - x.deck[c] - (c == f) - (c == b);
                seen_cards.n += seen_cards[c];
              }
              const std::uint64_t k = seen_cards.code() << 16 | std::uint64_t(b) << 12 |
                                      std::uint64_t(x.t - f) << 8 | std::uint64_t(x.last) << 4;
              roots[k][static_cast<std::size_t>(f)] += p * mass;
            },
            [&](int t, double q) {
              double mass = 0;
              for (int T = t + 1; T <= 9; ++T) mass += plan[static_cast<std::size_t>(T)];
              v -= q * mass;
            });
      }
    for (const auto& [k, w] : roots) {
      Pack seen_cards = Pack::decode(k >> 16);
      const int b = static_cast<int>(k >> 12 & 15), d = static_cast<int>(k >> 8 & 15);
      v += at(seen_cards, b, d, static_cast<int>(k >> 4 & 15), b, w);
    }
    return v;
  }

 private:
  // The punter's result (the banker takes the least) from the banker at u,
  // having seen `cards` drawn (the punter's and his own), w: the chance of
  // the position with each first card.
  double at(const Pack& cards, int b, int d, int last, int u, const std::array<double, kTypes>& w) {
    double sum = 0;
    for (double x : w) sum += x;
    if (sum <= 0) return 0;
    const std::uint64_t k = cards.code() << 20 | std::uint64_t(b) << 16 | std::uint64_t(d) << 12 |
                            std::uint64_t(last) << 8 | std::uint64_t(u) << 4;
    if (auto it = memo_.find(k); it != memo_.end()) return sum * it->second;
    double stand = 0;
    for (int f = 0; f < kTypes; ++f)
      stand += w[static_cast<std::size_t>(f)] * settle(f + d, u, d_.ties);
    // Drawing: each card's chance depends on the first card it is not.
    const int out_of = 52 - 2 - cards.n;
    double draw = 0;
    bool can = false;
    for (int c = 0; c <= 9; ++c) {
      std::array<double, kTypes> next{};
      double q = 0;
      for (int f = 0; f < kTypes; ++f) {
        const int left = count(c) - cards[c] - (c == f) - (c == b);
        if (left <= 0) continue;
        q += next[static_cast<std::size_t>(f)] = w[static_cast<std::size_t>(f)] * left / out_of;
      }
      if (q <= 0) continue;
      can = true;
      if (u + c > 9) {
        draw += q;  // the banker overdraws: he pays
        continue;
      }
      if (c == 0 && u == 9) {
        draw += stand / sum * q;  // a ten on 9 changes nothing
        continue;
      }
      Pack more = cards;
      more.left[static_cast<std::size_t>(c)] += 1, more.n += 1;
      draw += at(more, b, d, last, u + c, next);
    }
    const double v = can ? std::min(stand, draw) : stand;
    memo_.emplace(k, v / sum);
    return v;
  }

  const Duel& d_;
  std::unordered_map<std::uint64_t, double> memo_;
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
  BankerDraws bank(ties);
  payoffs(g, bank, stands);
  for (int f = 0; f <= 9; ++f)
    for (int b = 0; b <= 9; ++b)
      if (natural_multiple(f) > 0 || natural_multiple(b) > 0)
        duel.natural += deal_chance(f, b) * natural_result(f, b);
  duel.positions = bank.positions();
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
  // The whole duel: each side's exact best answer, by every card it sees, to
  // the other's plans. Where neither gains, the plans are an equilibrium of
  // the whole duel.
  duel.full_upper = PunterBest(duel, bank).value();
  duel.full_lower = BankerBest(duel).value();
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

Duel threshold_duel(Ties ties) {
  Duel d;
  d.ties = ties;
  d.ok = true;
  for (int f = 0; f < kTypes; ++f)
    d.punter[static_cast<std::size_t>(f)][static_cast<std::size_t>(std::max(f, 5))] = 1;
  d.banker.assign(kTypes * kSeen, {});
  for (int b = 0; b < kTypes; ++b)
    for (int s = 0; s < kSeen; ++s)
      d.banker[static_cast<std::size_t>(b * kSeen + s)][static_cast<std::size_t>(std::max(b, 5))] =
          1;
  return d;
}

double worth(const Duel& punter, const Duel& banker) {
  Duel both = punter;
  both.banker = banker.banker;
  return OnePack(both).value();
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
