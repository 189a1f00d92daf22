// Vingt-et-un's duel solved (solve.h): the plans' payoffs card by card from
// one pack, the equilibrium by kit/solve.h, the call and the answer by best
// answers, and the whole played move by move, card by card.
#include "games/vingt_et_un/solve.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "kit/solve.h"

namespace parlour::vingt_et_un {
namespace {

std::size_t z(int i) {
  return static_cast<std::size_t>(i);
}
int count(int v) {
  return v == 10 ? 16 : 4;
}
int best_of(int hard, bool ace) {
  return ace && hard + 10 <= 21 ? hard + 10 : hard;
}
int settle(int punter, int dealer) {
  return punter > dealer ? 1 : punter < dealer ? -1 : 0;
}

// What is left of the pack, by value (an ace 1, tens and court cards 10).
struct Pack {
  std::array<int, 11> left{};
  int n = 0;
  static Pack full() {
    Pack p;
    for (int v = 1; v <= 10; ++v) p.left[z(v)] = count(v);
    p.n = 52;
    return p;
  }
  int operator[](int v) const { return left[z(v)]; }
  void take(int v) { --left[z(v)], --n; }
  void put(int v) { ++left[z(v)], ++n; }
  double chance(int v) const { return static_cast<double>((*this)[v]) / n; }
  std::uint64_t code() const {
    std::uint64_t k = static_cast<std::uint64_t>((*this)[10]);
    for (int v = 1; v <= 9; ++v) k = k << 3 | static_cast<std::uint64_t>((*this)[v]);
    return k;  // 5 + 27 bits
  }
};

std::array<int, 20 * 11> seen_table() {
  std::array<int, 20 * 11> t{};
  t.fill(-1);
  int k = 1;
  t[0] = 0;
  for (int v = 1; v <= 19; ++v)
    for (int last = 1; last <= std::min(v, 10); ++last) t[z(v * 11 + last)] = k++;
  return t;
}
const std::array<int, 20 * 11> kSeenIndex = seen_table();

// The plans standing at a best total `best` first reached after `peak`:
// those whose total lies in (peak, best].
template <class F>
void standing(int peak, int best, F&& each) {
  for (int j = 0; j < kPlans; ++j)
    if (plan_total(j) > peak && plan_total(j) <= best) each(j);
}

// The chance of the plans standing there.
double stands(const std::array<double, kPlans>& plan, int peak, int best) {
  double p = 0;
  standing(peak, best, [&](int j) { p += plan[z(j)]; });
  return p;
}

double tail(const std::array<double, kPlans>& plan, int above) {
  double p = 0;
  for (int j = 0; j < kPlans; ++j)
    if (plan_total(j) > above) p += plan[z(j)];
  return p;
}

// A plan chosen at the deal, move by move: draw now with the chance that its
// total is above both `best` and everything before, given above `peak`.
// Returns -1 where the plan never gets here.
double draws(const std::array<double, kPlans>& plan, int best, int peak) {
  const double before = tail(plan, peak);
  if (before <= 1e-15) return -1;
  return std::min(1.0, tail(plan, std::max(peak, best)) / before);
}

// The dealer drawing from a pack for every plan at once, memoized: the
// punter's result standing on pt, for each dealer's plan alive (total above
// `peak`).
class DealerDraws {
 public:
  std::array<double, kPlans> at(const Pack& d, int hard, bool ace, int peak, int pt) {
    const std::uint64_t k = d.code() << 24 | std::uint64_t(hard) << 18 | std::uint64_t(ace) << 17 |
                            std::uint64_t(peak + 1) << 11 | std::uint64_t(pt) << 5;
    if (const auto* found = memo_.find(k)) return *found;
    std::array<double, kPlans> v{};
    const int best = best_of(hard, ace);
    bool draws_on = false;
    for (int j = 0; j < kPlans; ++j) {
      if (plan_total(j) <= peak) continue;
      if (plan_total(j) <= best)
        v[z(j)] = settle(pt, best);
      else
        draws_on = true;
    }
    if (draws_on) {
      for (int c = 1; c <= 10; ++c) {
        if (!d[c]) continue;
        const double q = d.chance(c);
        std::array<double, kPlans> child{};
        const bool bust = hard + c > 21;
        if (!bust) {
          Pack e = d;
          e.take(c);
          child = at(e, hard + c, ace || c == 1, std::max(peak, best), pt);
        }
        for (int j = 0; j < kPlans; ++j)
          if (plan_total(j) > std::max(peak, best)) v[z(j)] += q * (bust ? 1 : child[z(j)]);
      }
    }
    memo_.insert(k, v);
    return v;
  }
  std::size_t positions() const { return memo_.size(); }

 private:
  // Open addressing, probed in a line: the memo is asked some hundred
  // million times a solve, and std::unordered_map's node per entry made
  // each question a chase through memory (a third of the solve).
  class Memo {
   public:
    // Some 2.8 million positions: sized for them at once, as growing the
    // table step by step cost a fifth of the solve.
    Memo() : slots_(std::size_t{1} << 22) {}
    const std::array<double, kPlans>* find(std::uint64_t k) const {
      for (std::size_t i = home(k);; i = (i + 1) & mask()) {
        const Slot& s = slots_[i];
        if (s.key == k + 1) return &s.value;
        if (s.key == 0) return nullptr;
      }
    }
    // REQUIRES: k is not in the memo.
    void insert(std::uint64_t k, const std::array<double, kPlans>& v) {
      if (4 * (size_ + 1) > 3 * slots_.size()) grow();
      place(k + 1, v);
      ++size_;
    }
    std::size_t size() const { return size_; }

   private:
    struct Slot {
      std::uint64_t key = 0;  // the position's key plus one; 0: empty
      std::array<double, kPlans> value{};
    };
    std::size_t mask() const { return slots_.size() - 1; }
    std::size_t home(std::uint64_t k) const {
      // Fibonacci hashing: the product's top bits.
      return static_cast<std::size_t>((k * 0x9E3779B97F4A7C15ULL) >>
                                      (64 - std::countr_zero(slots_.size())));
    }
    void place(std::uint64_t stored, const std::array<double, kPlans>& v) {
      std::size_t i = home(stored - 1);
      while (slots_[i].key != 0) i = (i + 1) & mask();
      slots_[i] = Slot{stored, v};
    }
    void grow() {
      std::vector<Slot> old(slots_.size() * 2);
      old.swap(slots_);
      for (const Slot& s : old)
        if (s.key != 0) place(s.key, s.value);
    }
    std::vector<Slot> slots_;
    std::size_t size_ = 0;
  };
  Memo memo_;
};

// A deal's cards by value and its chance from one pack.
struct Deal {
  int c1, c2, d1, d2;
  double chance;
};
std::vector<Deal> deals() {
  std::vector<Deal> out;
  Pack p = Pack::full();
  for (int c1 = 1; c1 <= 10; ++c1) {
    const double a = p.chance(c1);
    p.take(c1);
    for (int d1 = 1; d1 <= 10; ++d1) {
      const double b = a * p.chance(d1);
      p.take(d1);
      for (int c2 = 1; c2 <= 10; ++c2) {
        const double c = b * p.chance(c2);
        p.take(c2);
        for (int d2 = 1; d2 <= 10; ++d2) out.push_back({c1, c2, d1, d2, c * p.chance(d2)});
        p.put(c2);
      }
      p.put(d1);
    }
    p.put(c1);
  }
  return out;
}

bool natural(int a, int b) {
  return (a == 1 && b == 10) || (a == 10 && b == 1);
}

// A deal's two hands, whatever the order of their cards.
int hands_index(const Deal& x) {
  const int a = std::min(x.c1, x.c2), b = std::max(x.c1, x.c2), c = std::min(x.d1, x.d2),
            d = std::max(x.d1, x.d2);
  return ((a * 11 + b) * 11 + c) * 11 + d;
}

// The chips at play on a side by the first cards, on average: not called
// (one chip), or called and doubled (two), by the chances of the call and
// the answer; and the stake given up (called and refused).
double at_play(const Duel& d, int side, int c1, int d1) {
  if (!d.double_on) return side == 0 ? 1 : 0;
  const double call = d.call[z(d1)], yes = d.accept[z(c1)];
  return side == 0 ? 1 - call : 2 * call * yes;
}
double given_up(const Duel& d, int c1, int d1) {
  return d.double_on ? d.call[z(d1)] * (1 - d.accept[z(c1)]) : 0;
}

// The plans' payoffs on one side with the current call and answer.
void payoffs(kit::AdditiveGame& g, const Duel& duel, int side, const std::vector<Deal>& all,
             DealerDraws& dealer,
             std::array<std::array<std::array<double, kSeen>, kPlans>, kTypes>& stands,
             double& fixed) {
  fixed = 0;
  // The drawing depends on the two hands, not on the order of their cards:
  // each pair of hands is played out once, with the stakes of its deals.
  std::array<double, 11 * 11 * 11 * 11> weight{};
  for (const Deal& x : all) {
    const double w = x.chance, k = at_play(duel, side, x.c1, x.d1);
    if (k <= 0) continue;
    const bool np = natural(x.c1, x.c2), nd = natural(x.d1, x.d2);
    if (nd) {
      fixed += w * k * (np ? 0 : -2);
      continue;
    }
    if (np) {
      fixed += w * k * 2;
      continue;
    }
    weight[z(hands_index(x))] += w * k;
  }
  for (const Deal& x : all) {
    if (x.c1 > x.c2 || x.d1 > x.d2) continue;  // one order of each hand
    const double wk = weight[z(hands_index(x))];
    if (wk <= 0) continue;
    const int pt = type_of(x.c1 + x.c2, x.c1 == 1 || x.c2 == 1);
    const int dt = type_of(x.d1 + x.d2, x.d1 == 1 || x.d2 == 1);
    const int dhard = x.d1 + x.d2;
    const bool dace = x.d1 == 1 || x.d2 == 1;
    Pack deck = Pack::full();
    deck.take(x.c1), deck.take(x.c2), deck.take(x.d1), deck.take(x.d2);
    // The punter's positions, layer by layer: hard sum, an ace, the peak
    // before, the points drawn and the last card.
    struct Spot {
      Pack deck;
      int hard;
      bool ace;
      int peak, v, last;
    };
    auto key = [](const Spot& s) {
      return s.deck.code() << 24 | std::uint64_t(s.hard) << 18 | std::uint64_t(s.ace) << 17 |
             std::uint64_t(s.peak + 1) << 11 | std::uint64_t(s.v) << 5 | std::uint64_t(s.last);
    };
    std::unordered_map<std::uint64_t, std::pair<Spot, double>> layer, next;
    const Spot start{deck, x.c1 + x.c2, x.c1 == 1 || x.c2 == 1, -1, 0, 0};
    layer[key(start)] = {start, wk};
    while (!layer.empty()) {
      next.clear();
      for (const auto& [unused, sp] : layer) {
        const auto& s = sp.first;  // not a structured binding: lambdas below use them
        const auto p = sp.second;
        const int best = best_of(s.hard, s.ace);
        const int seen = seen_of(s.v, s.last);
        bool standers = false;
        standing(s.peak, best, [&](int) { standers = true; });
        if (standers) {
          const std::array<double, kPlans> v = dealer.at(s.deck, dhard, dace, -1, best);
          standing(s.peak, best, [&](int j) {
            stands[z(pt)][z(j)][z(seen)] += p;
            for (int u = 0; u < kPlans; ++u) g.m(pt, j, dt * kSeen + seen, u) += p * v[z(u)];
          });
        }
        const int above = std::max(s.peak, best);
        if (above >= 21) continue;  // every plan stands on 21
        for (int c = 1; c <= 10; ++c) {
          if (!s.deck[c]) continue;
          const double q = p * s.deck.chance(c);
          if (s.hard + c > 21) {
            for (int j = 0; j < kPlans; ++j)
              if (plan_total(j) > above) g.base(pt, j) -= q;
            continue;
          }
          Spot t = s;
          t.deck.take(c);
          t.hard += c, t.ace = s.ace || c == 1, t.peak = above, t.v += c, t.last = c;
          auto& slot = next[key(t)];
          slot.first = t;
          slot.second += q;
        }
      }
      layer.swap(next);
    }
  }
}

// One side of the duel played out with its plans, card by card: the
// punter's result there per chip staked at first, and by each pair of first
// cards (per chip at play, naturals included, as if the side were always
// played). A plan chosen at the deal is a mixture of pure plans, so each
// position's worth is the plans' mixture of theirs.
double play(const Duel& duel, int side, const std::vector<Deal>& all, DealerDraws& dealer,
            std::array<std::array<double, 11>, 11>& by_pair) {
  std::array<std::array<double, 11>, 11> mass{};
  by_pair = {};
  double total = 0;
  std::array<double, 11 * 11 * 11 * 11> played{};
  std::array<bool, 11 * 11 * 11 * 11> done{};
  for (const Deal& x : all) {
    mass[z(x.c1)][z(x.d1)] += x.chance;
    double v = 0;  // per chip at play
    const bool np = natural(x.c1, x.c2), nd = natural(x.d1, x.d2);
    if (nd || np) {
      v = nd ? (np ? 0 : -2) : 2;
    } else if (done[z(hands_index(x))]) {
      v = played[z(hands_index(x))];
    } else {
      const int pt = type_of(x.c1 + x.c2, x.c1 == 1 || x.c2 == 1);
      const int dt = type_of(x.d1 + x.d2, x.d1 == 1 || x.d2 == 1);
      const std::array<double, kPlans>& plan = duel.punter[z(side)][z(pt)];
      Pack deck = Pack::full();
      deck.take(x.c1), deck.take(x.c2), deck.take(x.d1), deck.take(x.d2);
      // Depth first: few positions a deal, each met once along its path.
      struct Walk {
        const Duel& duel;
        DealerDraws& dealer;
        const std::array<double, kPlans>& plan;
        std::size_t set0;  // the dealer's set with nothing seen: side and type
        int dhard;
        bool dace;
        double go(Pack& d, int hard, bool ace, int peak, int v, int last, double p) {
          const int best = best_of(hard, ace);
          double out = 0;
          const double stand = stands(plan, peak, best);
          if (stand > 0) {
            const std::array<double, kPlans> dv = dealer.at(d, dhard, dace, -1, best);
            const std::array<double, kPlans>& y = duel.dealer[set0 + z(seen_of(v, last))];
            double w = 0;
            for (int u = 0; u < kPlans; ++u) w += y[z(u)] * dv[z(u)];
            out += p * stand * w;
          }
          const int above = std::max(peak, best);
          double on = 0;
          for (int j = 0; j < kPlans; ++j)
            if (plan_total(j) > above) on += plan[z(j)];
          if (on <= 0 || above >= 21) return out;
          for (int c = 1; c <= 10; ++c) {
            if (!d[c]) continue;
            const double q = p * d.chance(c);
            if (hard + c > 21) {
              out -= q * on;
              continue;
            }
            d.take(c);
            out += go(d, hard + c, ace || c == 1, above, v + c, c, q);
            d.put(c);
          }
          return out;
        }
      } walk{duel, dealer, plan, dealer_set(side, dt, 0), x.d1 + x.d2, x.d1 == 1 || x.d2 == 1};
      v = walk.go(deck, x.c1 + x.c2, x.c1 == 1 || x.c2 == 1, -1, 0, 0, 1);
      played[z(hands_index(x))] = v, done[z(hands_index(x))] = true;
    }
    by_pair[z(x.c1)][z(x.d1)] += x.chance * v;
    total += x.chance * at_play(duel, side, x.c1, x.d1) * v;
  }
  for (int a = 1; a <= 10; ++a)
    for (int b = 1; b <= 10; ++b) by_pair[z(a)][z(b)] /= mass[z(a)][z(b)];
  return total;
}

// The punter's best answer in the whole duel to the dealer's plans and call:
// he reads every card he holds (not only their sum), and whether he was
// called, which tells him of the dealer's first card. Each position of his
// is a multiset of cards drawn and the last (what the dealer sees of it); the
// dealer's two cards are weighed by all the punter knows, so a position's
// worth is its joint chance times his result, and the best of standing and
// drawing is taken on those sums.
class PunterBest {
 public:
  PunterBest(const Duel& duel, DealerDraws& dealer) : duel_(duel), dealer_(dealer) {}

  double value() {
    double total = 0;
    for (int c1 = 1; c1 <= 10; ++c1) {
      for (int called = 0; called <= (duel_.double_on ? 1 : 0); ++called) {
        Pack p = Pack::full();
        const double pc1 = p.chance(c1);
        p.take(c1);
        // The dealer's first card, by the call or its absence.
        std::array<double, 11> wd1{};
        double mass = 0;
        for (int d1 = 1; d1 <= 10; ++d1) {
          const double call = duel_.double_on ? duel_.call[z(d1)] : 0;
          wd1[z(d1)] = pc1 * p.chance(d1) * (called ? call : 1 - call);
          mass += wd1[z(d1)];
        }
        if (mass <= 0) continue;
        double play = 0;  // per chip at play, weighted by the chances
        for (int c2 = 1; c2 <= 10; ++c2) play += after_second(p, called, c1, c2, wd1);
        // Called, he doubles or gives up his chip, whichever loses less.
        total += called ? std::max(2 * play, -mass) : play;
      }
    }
    return total;
  }

 private:
  // The hand from the second cards on: naturals, then the punter's drawing.
  double after_second(const Pack& p, int side, int c1, int c2, const std::array<double, 11>& wd1) {
    std::array<double, 100> w{};  // by (d1 - 1) * 10 + d2 - 1
    double out = 0;
    for (int d1 = 1; d1 <= 10; ++d1) {
      if (wd1[z(d1)] <= 0) continue;
      Pack q = p;
      q.take(d1);
      if (!q[c2]) continue;
      const double a = wd1[z(d1)] * q.chance(c2);
      q.take(c2);
      for (int d2 = 1; d2 <= 10; ++d2) {
        if (!q[d2]) continue;
        const double b = a * q.chance(d2);
        const bool np = natural(c1, c2), nd = natural(d1, d2);
        if (nd)
          out += b * (np ? 0 : -2);
        else if (np)
          out += b * 2;
        else
          w[z((d1 - 1) * 10 + d2 - 1)] = b;
      }
    }
    Pack known = Pack::full();  // the pack less the punter's own cards
    known.take(c1), known.take(c2);
    memo_.clear();
    side_ = side;
    return out + best(known, c1 + c2, c1 == 1 || c2 == 1, 0, 0, w);
  }

  // w: the joint chance of each pair of dealer's cards with this position.
  double best(const Pack& known, int hard, bool ace, int v, int last,
              const std::array<double, 100>& w) {
    const std::uint64_t key = known.code() << 5 | std::uint64_t(last);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    const int bt = best_of(hard, ace);
    const int seen = seen_of(v, last);
    double stand = 0;
    for (int d1 = 1; d1 <= 10; ++d1)
      for (int d2 = 1; d2 <= 10; ++d2) {
        const double x = w[z((d1 - 1) * 10 + d2 - 1)];
        if (x <= 0) continue;
        Pack d = known;
        d.take(d1), d.take(d2);
        const std::array<double, kPlans> dv = dealer_.at(d, d1 + d2, d1 == 1 || d2 == 1, -1, bt);
        const auto& y = duel_.dealer[dealer_set(side_, type_of(d1 + d2, d1 == 1 || d2 == 1), seen)];
        double s = 0;
        for (int u = 0; u < kPlans; ++u) s += y[z(u)] * dv[z(u)];
        stand += x * s;
      }
    double result = stand;
    if (bt < 21) {
      double draw = 0;
      for (int c = 1; c <= 10; ++c) {
        if (!known[c]) continue;
        std::array<double, 100> next{};
        double reach = 0;
        for (int d1 = 1; d1 <= 10; ++d1)
          for (int d2 = 1; d2 <= 10; ++d2) {
            const double x = w[z((d1 - 1) * 10 + d2 - 1)];
            if (x <= 0) continue;
            const int left = known[c] - (d1 == c) - (d2 == c);
            if (left <= 0) continue;
            const double y = x * left / (known.n - 2);
            next[z((d1 - 1) * 10 + d2 - 1)] = y;
            reach += y;
          }
        if (reach <= 0) continue;
        if (hard + c > 21) {
          draw -= reach;
          continue;
        }
        Pack k = known;
        k.take(c);
        draw += best(k, hard + c, ace || c == 1, v + c, c, next);
      }
      result = std::max(stand, draw);
    }
    memo_.emplace(key, result);
    return result;
  }

  const Duel& duel_;
  DealerDraws& dealer_;
  int side_ = 0;  // of the hand in after_second
  std::unordered_map<std::uint64_t, double> memo_;
};

// A punter's two cards (x <= y, no natural, which is shown at once) and
// their type.
struct TwoCards {
  int x, y, type;
};
const std::vector<TwoCards>& two_cards() {
  static const std::vector<TwoCards> all = [] {
    std::vector<TwoCards> out;
    for (int x = 1; x <= 10; ++x)
      for (int y = x; y <= 10; ++y)
        if (!natural(x, y)) out.push_back({x, y, type_of(x + y, x == 1)});
    return out;
  }();
  return all;
}

// A punter's hand standing, as the dealer weighs it: its weight (its chance
// with all he has seen, times the stake), its total and its two cards.
struct Weighed {
  double w;
  int total, x, y;
};
// The worths met, and a buffer of weights for each depth of the dealer's
// draws, reused: a vector made afresh at every position was a fifth of the time.
struct DealerMemo {
  // Open addressing, probed in a line, cleared by the slots it filled: it is
  // cleared for every set of hands standing (some hundred thousand times in
  // the duel's test), mostly holding a few dozen worths, and
  // std::unordered_map's nodes and buckets were a sixth of that test's time.
  class Seen {
   public:
    const double* find(std::uint64_t k) const {
      for (std::size_t i = home(k);; i = (i + 1) & mask()) {
        if (keys_[i] == k + 1) return &values_[i];
        if (keys_[i] == 0) return nullptr;
      }
    }
    // REQUIRES: k is not here.
    void emplace(std::uint64_t k, double v) {
      if (4 * (used_.size() + 1) > 3 * keys_.size()) grow();
      place(k + 1, v);
    }
    void clear() {
      for (std::size_t i : used_) keys_[i] = 0;
      used_.clear();
    }

   private:
    std::size_t mask() const { return keys_.size() - 1; }
    std::size_t home(std::uint64_t k) const {
      return static_cast<std::size_t>((k * 0x9E3779B97F4A7C15ULL) >>
                                      (64 - std::countr_zero(keys_.size())));
    }
    void place(std::uint64_t stored, double v) {
      std::size_t i = home(stored - 1);
      while (keys_[i] != 0) i = (i + 1) & mask();
      keys_[i] = stored, values_[i] = v;
      used_.push_back(i);
    }
    void grow() {
      std::vector<std::uint64_t> keys(keys_.size() * 2, 0);
      std::vector<double> values(values_.size() * 2);
      keys.swap(keys_), values.swap(values_);
      used_.clear();
      for (std::size_t i = 0; i < keys.size(); ++i)
        if (keys[i] != 0) place(keys[i], values[i]);
    }
    std::vector<std::uint64_t> keys_ = std::vector<std::uint64_t>(1024, 0);
    std::vector<double> values_ = std::vector<double>(1024);
    std::vector<std::size_t> used_;
  };
  Seen seen;
  // A buffer of weights for each depth of the dealer's draws (he draws at
  // most 11 cards: A A A A 2 2 2 2 3 3 ...), written by index and grown only
  // (push_back's checks were a tenth of this test's time). Depth k's is
  // read by the draws below it while they run, and rewritten only by the
  // next position at depth k.
  std::vector<std::vector<Weighed>> scratch = std::vector<std::vector<Weighed>>(16);
  void clear() { seen.clear(); }
};

// The punters' result at one of the dealer's positions (his cards drawn,
// the pack `d` less every card he has seen), over the hands standing with
// weights `u`. Best (y null): the dealer's least; following: his plans y
// alive above `peak`. Each hand's own cards are out of the pack for the
// chance of what the dealer draws; any other hidden card is in it, unknown.
// The memo is for one dealer's start and one `u`. `split`, at the top: the
// worth of standing and of drawing there (best only).
double dealer_at(const Pack& d, int hard, bool ace, int peak, const std::array<double, kPlans>* y,
                 std::span<const Weighed> u, DealerMemo& memo,
                 std::pair<double, double>* split = nullptr, std::size_t depth = 0) {
  const std::uint64_t key = d.code() << 6 | std::uint64_t(peak + 1);
  const double* known = memo.seen.find(key);
  if (known && !split) return *known;
  const int best = best_of(hard, ace);
  double stand = 0;
  int top = 0;
  for (const Weighed& h : u) stand += h.w * settle(h.total, best), top = std::max(top, h.total);
  double result = stand;
  double draw_mass = 1;
  if (y) {
    draw_mass = best >= 21 ? 0 : tail(*y, std::max(peak, best));
    result = stands(*y, peak, best) * stand;
  }
  // Above every punter standing, the dealer can do no better than stand.
  const bool draws = y ? draw_mass > 0 : best < 21 && best <= top;
  double draw = 0;
  if (draws) {
    std::vector<Weighed>& v = memo.scratch.at(depth);
    if (v.size() < u.size()) v.resize(u.size());
    for (int c = 1; c <= 10; ++c) {
      if (!d[c]) continue;
      std::size_t n = 0;
      double bust = 0;
      for (const Weighed& h : u) {
        const int left = d[c] - (h.x == c) - (h.y == c);
        if (left <= 0) continue;
        const double w = h.w * left / (d.n - 2);
        if (hard + c > 21)
          bust += w;
        else
          v[n++] = {w, h.total, h.x, h.y};
      }
      if (hard + c > 21) {
        draw += bust * draw_mass;
        continue;
      }
      if (n == 0) continue;
      Pack e = d;
      e.take(c);
      draw += dealer_at(e, hard + c, ace || c == 1, y ? std::max(peak, best) : -1, y,
                        std::span<const Weighed>(v.data(), n), memo, nullptr, depth + 1);
    }
    result = y ? result + draw : std::min(stand, draw);
  }
  if (split) *split = {stand, draws ? draw : stand};
  if (!known) memo.seen.emplace(key, result);
  return result;
}

// The dealer's best answer in the whole duel to the punter's plans and
// answer: he reads his two cards, chooses the call by his first, and reads
// every card the punter drew, in order, and every card he draws himself. The
// punter's two cards stay hidden until the settlement, so where the dealer
// acts he weighs the punter's hands (54 of them, as multisets; a natural is
// shown at once) by their joint chance with all he has seen.
//
// Two shortcuts keep it exact and quick. The chance of an ordered run of
// cards from a pack is the same in any order, so two runs of the punter's
// with the same cards and, for every hand of his, the same plans still
// alive (the highest total before the last card) leave the dealer the same
// weights: they are played out once and counted twice. A worth that is the
// best against weights is unchanged in scale, so this is exact. Likewise the
// dealer's own draws are a multiset.
//
// `follow`: the dealer plays his own plans and call instead (the figure is
// then the equilibrium's, a check of this count against play()).
class DealerBest {
 public:
  DealerBest(const Duel& duel, bool follow) : duel_(duel), follow_(follow) {}

  double value() {
    double total = 0;
    const int sides = duel_.double_on ? kSides : 1;
    for (int d1 = 1; d1 <= 10; ++d1) {
      std::array<double, kSides> at{};  // per chip at play, joint chances
      for (int side = 0; side < sides; ++side)
        for (int d2 = 1; d2 <= 10; ++d2) at[z(side)] += pair_value(side, d1, d2);
      if (!duel_.double_on) {
        total += at[0];
        continue;
      }
      // Called, a punter who refuses gives up his chip.
      double refused = 0;
      Pack p = Pack::full();
      const double pd1 = p.chance(d1);
      p.take(d1);
      for (int c1 = 1; c1 <= 10; ++c1) refused -= pd1 * p.chance(c1) * (1 - duel_.accept[z(c1)]);
      const double called = refused + 2 * at[1], not_called = at[0];
      total += follow_ ? duel_.call[z(d1)] * called + (1 - duel_.call[z(d1)]) * not_called
                       : std::min(called, not_called);
    }
    return total;
  }

 private:
  // The punter's hand at one position of his drawing.
  struct Live {
    double r;  // the joint chance of his cards, the dealer's and the run so far
    int peak;  // his highest best total before the last card (11 for all below 12)
  };
  struct Spot {
    Pack deck;  // less the dealer's two cards and the punter's run (not his hand)
    int sum = 0, last = 0;
    bool ace = false;
    std::vector<Live> live;  // by hand; r == 0: not here
    double count = 0;        // runs met at this spot
  };

  // The side's result per chip at play over the hands with these dealer's
  // cards, weighted by the joint chance of each deal (and the punter's answer
  // to the call, called).
  double pair_value(int side, int d1, int d2) {
    Pack p = Pack::full();
    const double pd = p.chance(d1);
    p.take(d1);
    const double pd2 = pd * p.chance(d2);
    p.take(d2);
    Spot start;
    start.deck = p;
    start.live.assign(hands_.size(), {0, -1});
    double out = 0;
    const bool nd = natural(d1, d2);
    for (int c1 = 1; c1 <= 10; ++c1) {
      if (!p[c1]) continue;
      Pack q = p;
      const double a = pd2 * q.chance(c1) * (side == 1 ? duel_.accept[z(c1)] : 1);
      q.take(c1);
      for (int c2 = 1; c2 <= 10; ++c2) {
        if (!q[c2]) continue;
        const double w = a * q.chance(c2);
        const bool np = natural(c1, c2);
        if (nd || np) {
          out += w * (nd ? (np ? 0 : -2) : 2);
          continue;
        }
        start.live[index(c1, c2)].r += w;
      }
    }
    if (nd) return out;
    return out + drawing(side, d1 + d2, d1 == 1 || d2 == 1, std::move(start));
  }

  std::size_t index(int a, int b) const {
    const int x = std::min(a, b), y = std::max(a, b);
    for (std::size_t h = 0; h < hands_.size(); ++h)
      if (hands_[h].x == x && hands_[h].y == y) return h;
    return hands_.size();
  }

  // The punter's drawing, a layer for each card drawn.
  double drawing(int side, int dhard, bool dace, Spot start) {
    const int dtype = type_of(dhard, dace);
    const int n = static_cast<int>(hands_.size());
    start.count = 1;
    std::unordered_map<std::string, Spot> layer, next;
    layer.emplace(std::string(), std::move(start));
    double out = 0;
    std::vector<Weighed> stand;
    while (!layer.empty()) {
      next.clear();
      for (auto& [unused, s] : layer) {
        // Who stands here, and with what.
        stand.clear();
        for (int h = 0; h < n; ++h) {
          const Live& l = s.live[z(h)];
          if (l.r <= 0) continue;
          const TwoCards& hd = hands_[z(h)];
          const int best = best_of(hd.x + hd.y + s.sum, s.ace || hd.x == 1);
          const double m = stands(plan(side, hd.type), l.peak, best);
          if (m > 0) stand.push_back({l.r * m, best, hd.x, hd.y});
        }
        if (!stand.empty()) {
          memo_.clear();
          const auto* y =
              follow_ ? &duel_.dealer[dealer_set(side, dtype, seen_of(s.sum, s.last))] : nullptr;
          out += s.count * dealer_at(s.deck, dhard, dace, -1, y, stand, memo_);
        }
        // Who draws on.
        for (int c = 1; c <= 10; ++c) {
          if (!s.deck[c]) continue;
          Spot t;
          t.deck = s.deck;
          t.deck.take(c);
          t.sum = s.sum + c, t.ace = s.ace || c == 1, t.last = follow_ ? c : 0;
          t.live.assign(z(n), {0, -1});
          bool any = false;
          for (int h = 0; h < n; ++h) {
            const Live& l = s.live[z(h)];
            if (l.r <= 0) continue;
            const TwoCards& hd = hands_[z(h)];
            const int hard = hd.x + hd.y + s.sum;
            const int above = std::max(l.peak, best_of(hard, s.ace || hd.x == 1));
            if (above >= 21) continue;
            const double on = tail(plan(side, hd.type), above);
            const int left = s.deck[c] - (hd.x == c) - (hd.y == c);
            if (on <= 0 || left <= 0) continue;
            const double r = l.r * left / (s.deck.n - 2);
            if (hard + c > 21) {
              out -= s.count * r * on;
              continue;
            }
            t.live[z(h)] = {r, std::max(above, 11)};
            any = true;
          }
          if (!any) continue;
          std::string key(reinterpret_cast<const char*>(&t.deck.left), sizeof t.deck.left);
          key.push_back(static_cast<char>(t.last));
          for (const Live& l : t.live) key.push_back(static_cast<char>(l.r > 0 ? l.peak : 0));
          next.try_emplace(std::move(key), std::move(t)).first->second.count += s.count;
        }
      }
      layer.swap(next);
    }
    return out;
  }

  const std::array<double, kPlans>& plan(int side, int type) const {
    return duel_.punter[z(side)][z(type)];
  }

  const Duel& duel_;
  bool follow_;
  const std::vector<TwoCards>& hands_ = two_cards();
  DealerMemo memo_;
};

// One side's plans solved with the current call and answer: the
// equilibrium's guarantees and value on that side, per chip first staked.
struct SideResult {
  bool ok = false;
  double lower = 0, upper = 0, value = 0;
  int rounds = 0;
};
// `last`: this side's solution in the round before, where the call and the
// answer were a little different (the start of the oracle), and then this.
SideResult solve_side(Duel& duel, int side, const std::vector<Deal>& all, DealerDraws& dealer,
                      kit::AdditiveSolution& last) {
  kit::AdditiveGame g(std::vector<int>(kTypes, kPlans), std::vector<int>(kTypes * kSeen, kPlans));
  std::array<std::array<std::array<double, kSeen>, kPlans>, kTypes> stands{};
  double fixed = 0;
  payoffs(g, duel, side, all, dealer, stands, fixed);
  last = kit::solve(g, 1e-12, &last);  // the first time, empty: from nothing
  const kit::AdditiveSolution& sol = last;
  auto& punter = duel.punter[z(side)];
  for (int t = 0; t < kTypes; ++t)
    for (int j = 0; j < kPlans; ++j) punter[z(t)][z(j)] = sol.x[g.a_index(t, j)];
  // The dealer at each set: his plan; at a set never met, his best plan
  // against every punter's plan alike.
  for (int dt = 0; dt < kTypes; ++dt)
    for (int s = 0; s < kSeen; ++s) {
      const int set = dt * kSeen + s;
      double met = 0;
      for (int t = 0; t < kTypes; ++t)
        for (int j = 0; j < kPlans; ++j) met += punter[z(t)][z(j)] * stands[z(t)][z(j)][z(s)];
      auto& plan = duel.dealer[dealer_set(side, dt, s)];
      plan = {};
      if (met > 1e-15) {
        for (int u = 0; u < kPlans; ++u) plan[z(u)] = sol.y[g.b_index(set, u)];
        continue;
      }
      int arg = 0;
      double low = 1e300;
      for (int u = 0; u < kPlans; ++u) {
        double v = 0;
        for (int t = 0; t < kTypes; ++t)
          for (int j = 0; j < kPlans; ++j) v += g.m(t, j, set, u);
        if (v < low - 1e-18) low = v, arg = u;
      }
      plan[z(arg)] = 1;
    }
  return {sol.ok, sol.lower + fixed, sol.upper + fixed, sol.value() + fixed, sol.rounds};
}

// The call and the answer come to rest when no chance moves by more than
// kRest between rounds (the programmes' own precision is about 1e-6).
constexpr double kRest = 1e-5;
constexpr int kOuter = 12;

Duel solve_duel(bool double_on) {
  Duel duel;
  duel.double_on = double_on;
  // To start: Foster's call on an ace or a tenth card, and every call met.
  for (int v = 1; v <= 10; ++v) duel.call[z(v)] = v == 1 || v == 10, duel.accept[z(v)] = 1;
  const std::vector<Deal> all = deals();
  DealerDraws dealer;
  duel.dealer.assign(dealer_set(kSides, 0, 0), {});
  const int sides = double_on ? kSides : 1;
  std::array<kit::AdditiveSolution, kSides> last;
  // The stakes given up (called and refused), per chip first staked.
  auto given = [&] {
    double out = 0;
    for (const Deal& x : all) out += x.chance * given_up(duel, x.c1, x.d1);
    return out;
  };
  for (duel.outer = 1; duel.outer <= kOuter; ++duel.outer) {
    duel.ok = true;
    duel.rounds = 0;
    duel.lower = duel.upper = duel.value = 0;
    for (int side = 0; side < sides; ++side) {
      const SideResult r = solve_side(duel, side, all, dealer, last[z(side)]);
      duel.ok = duel.ok && r.ok;
      duel.rounds += r.rounds;
      duel.lower += r.lower, duel.upper += r.upper, duel.value += r.value;
    }
    const double gone = given();
    duel.lower -= gone, duel.upper -= gone, duel.value -= gone;
    duel.positions = dealer.positions();
    if (!double_on) break;
    // The call and the answer as a game of their own, the plans fixed: the
    // punter's first card a type (double or give up), the dealer's a set
    // (call or not); the answer matters only where the dealer calls. Each
    // side's value by the first cards, per chip at play:
    std::array<std::array<std::array<double, 11>, 11>, kSides> value{};
    for (int side = 0; side < kSides; ++side) play(duel, side, all, dealer, value[z(side)]);
    kit::AdditiveGame cg(std::vector<int>(10, 2), std::vector<int>(10, 2));
    for (int c1 = 1; c1 <= 10; ++c1)
      for (int d1 = 1; d1 <= 10; ++d1) {
        const double w = count(c1) * (count(d1) - (c1 == d1)) / (52.0 * 51.0);
        for (int k = 0; k < 2; ++k) {
          // Called: doubled, or given up; not called.
          cg.m(c1 - 1, k, d1 - 1, 0) = w * (k == 0 ? 2 * value[1][z(c1)][z(d1)] : -1);
          cg.m(c1 - 1, k, d1 - 1, 1) = w * value[0][z(c1)][z(d1)];
        }
      }
    const kit::AdditiveSolution cs = kit::solve(cg);
    bool moved = false;
    for (int v = 1; v <= 10; ++v) {
      const double call = cs.y[cg.b_index(v - 1, 0)], yes = cs.x[cg.a_index(v - 1, 0)];
      moved |=
          std::abs(call - duel.call[z(v)]) > kRest || std::abs(yes - duel.accept[z(v)]) > kRest;
      duel.call[z(v)] = call, duel.accept[z(v)] = yes;
    }
    if (!moved) break;
  }
  // Solved when the call and the answer came to rest on the plans solved last.
  duel.ok = duel.ok && duel.outer <= kOuter;
  // Played out with the call and the answer as they came to rest.
  duel.exact = -given();
  std::array<std::array<double, 11>, 11> by_pair{};
  for (int side = 0; side < sides; ++side) duel.exact += play(duel, side, all, dealer, by_pair);
  duel.full_upper = PunterBest(duel, dealer).value();
  return duel;
}

}  // namespace

int type_of(int hard, bool ace) {
  if (ace && hard == 11) return -1;
  return ace ? 17 + (hard - 2) : hard - 4;
}

int seen_of(int v, int last) {
  return kSeenIndex[z(v * 11 + last)];
}

double Duel::punter_draws(int side, int type, int best, int peak) const {
  const double p = draws(punter[z(side)][z(type)], best, peak);
  return p >= 0 ? p : best < 17 ? 1 : 0;  // off the plan: Foster's rule
}

double Duel::dealer_draws(int side, int type, int seen, int best, int peak) const {
  const double p = draws(dealer[dealer_set(side, type, seen)], best, peak);
  return p >= 0 ? p : best < 17 ? 1 : 0;
}

double dealer_answer(const Duel& d, bool best) {
  return DealerBest(d, !best).value();
}

bool dealer_best_draws(const Duel& d, int side, std::span<const int> own, std::span<const int> seen,
                       std::span<const SeenPunter> punters) {
  Pack pack = Pack::full();
  for (int c : own) pack.take(c);
  for (int c : seen) pack.take(c);
  std::vector<Weighed> u, his;
  for (const SeenPunter& p : punters) {
    // The pack as it was before he drew, less all else the dealer has seen.
    Pack before = pack;
    for (int c : p.drawn) before.put(c);
    // His two cards weighed by the ways to hold them (and, called, to double
    // on the first), the chance of his draws, in order, from the pack less
    // them, and his plans that draw to them and stand there. Play no plan
    // makes (a punter off the plans) weighs the hands by the cards alone.
    for (bool by_plans : {true, false}) {
      his.clear();
      double mass = 0;
      for (const TwoCards& h : two_cards()) {
        const int x = h.x, y = h.y;
        if (before[x] < 1 + (x == y) || before[y] < 1) continue;
        const double ways = x == y ? before[x] * (before[x] - 1.0) : 2.0 * before[x] * before[y];
        const double answer =
            side == 1 ? (d.accept[z(x)] + d.accept[z(y)]) / 2 : 1;  // either card first
        Pack q = before;
        q.take(x), q.take(y);
        double w = ways * answer;
        int hard = x + y, peak = -1;
        bool ace = x == 1;
        for (int c : p.drawn) {
          if (hard > 21 || !q[c]) {
            w = 0;
            break;
          }
          peak = std::max(peak, best_of(hard, ace));
          w *= q.chance(c);
          q.take(c), hard += c, ace = ace || c == 1;
        }
        if (w <= 0 || hard > 21) continue;
        const int best = best_of(hard, ace);
        if (by_plans) w *= stands(d.punter[z(side)][z(h.type)], peak, best);
        if (w <= 0) continue;
        his.push_back({w, best, x, y});
        mass += w;
      }
      if (mass <= 0) continue;
      for (Weighed& h : his) u.push_back({h.w * p.stake / mass, h.total, h.x, h.y});
      break;
    }
  }
  if (u.empty()) return false;
  int hard = 0;
  bool ace = false;
  for (int c : own) hard += c, ace = ace || c == 1;
  DealerMemo memo;
  std::pair<double, double> split;
  dealer_at(pack, hard, ace, -1, nullptr, u, memo, &split);
  return split.second < split.first - 1e-12;
}

namespace {
// The two duels, solved when first asked for.
struct Solved {
  std::mutex mu;
  std::array<std::unique_ptr<Duel>, 2> duels;
};
Solved& solved() {
  static Solved s;
  return s;
}
}  // namespace

const Duel& duel(bool double_on) {
  Solved& s = solved();
  std::lock_guard<std::mutex> lock(s.mu);
  auto& slot = s.duels[double_on ? 1 : 0];
  if (!slot) slot = std::make_unique<Duel>(solve_duel(double_on));
  return *slot;
}

bool duel_solved(bool double_on) {
  Solved& s = solved();
  // Not waiting: while another thread solves, the answer is no.
  std::unique_lock<std::mutex> lock(s.mu, std::try_to_lock);
  return lock.owns_lock() && s.duels[double_on ? 1 : 0] != nullptr;
}

}  // namespace parlour::vingt_et_un
