// Farmer solved from the players' side: the walk through every hand a
// player can hold, and the model's equilibrium by fictitious play (solve.h).
#include "games/farmer/solve.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace parlour::farmer {
namespace {

// The kinds of card by their points, and how many of each the 45 hold.
constexpr std::array<int, 9> kPoints = {1, 2, 3, 4, 5, 6, 7, 9, 10};
constexpr std::array<int, 9> kInPack = {4, 4, 4, 4, 4, 1, 4, 4, 16};
constexpr int kSixKind = 5;

int kind_of(Card c) {
  const int p = points(c);
  return p <= 7 ? p - 1 : p == 9 ? 7 : 8;
}

std::uint64_t key_of(const std::array<std::uint8_t, 9>& held) {
  std::uint64_t k = 0;
  for (std::uint8_t n : held) k = k << 5 | n;
  return k;
}

struct Table {
  std::vector<Holding> all;
  std::unordered_map<std::uint64_t, int> index;
};

const Table& table() {
  static const Table t = [] {
    Table t;
    t.all.push_back(Holding{});
    t.index[0] = 0;
    // Breadth first: a child always comes after its parent.
    for (std::size_t i = 0; i < t.all.size(); ++i) {
      Holding h = t.all[i];
      h.must_draw = h.cards <= 1;
      h.may_draw = h.must_draw || h.total < kTarget;
      const int unseen = kPackSize - h.cards;
      for (int k = 0; k < 9; ++k) {
        const auto uk = static_cast<std::size_t>(k);
        h.child[uk] = -1;
        const int left = kInPack[uk] - h.held[uk];
        if (!h.may_draw || left == 0) continue;
        h.chance[uk] = static_cast<double>(left) / unseen;
        Holding c;
        c.held = h.held;
        ++c.held[uk];
        c.total = h.total + kPoints[uk], c.cards = h.cards + 1;
        c.six = h.six || k == kSixKind;
        const std::uint64_t key = key_of(c.held);
        auto [it, fresh] = t.index.emplace(key, static_cast<int>(t.all.size()));
        if (fresh) t.all.push_back(c);
        h.child[uk] = it->second;
      }
      t.all[i] = h;
    }
    return t;
  }();
  return t;
}

// A rival's chances as one hand of given count, cards and six meets them:
// whether his hand is nearer 16 (the farm's order) is a sum of these.
struct Beats {
  std::array<double, kCounts + 1> above{};  // P(count in (t, 16]) by t
  // P(count t, six s, fewer than c cards) and P(exactly c cards).
  std::array<std::array<std::array<double, kSizes + 1>, 2>, kTarget + 1> fewer{};
  std::array<std::array<std::array<double, kSizes>, 2>, kTarget + 1> same{};
  double over = 0;  // P(count over 16)
  bool elder = false;

  Beats(const Spread& s, bool elder_, bool without_six) : elder(elder_) {
    auto p = [&](int t, int c, int six) {
      return without_six && six ? 0.0 : s[static_cast<std::size_t>(outcome_index(t, c, six))];
    };
    double total = 0;
    for (int t = 0; t < kCounts; ++t)
      for (int c = 0; c < kSizes; ++c)
        for (int six = 0; six < 2; ++six) {
          total += p(t, c, six);
          if (t > kTarget) over += p(t, c, six);
        }
    const double scale = total > 0 ? 1 / total : 0;
    over *= scale;
    for (int t = kTarget; t >= 0; --t) {
      const auto ut = static_cast<std::size_t>(t);
      double at = 0;
      for (int six = 0; six < 2; ++six) {
        auto& f = fewer[ut][static_cast<std::size_t>(six)];
        for (int c = 0; c < kSizes; ++c) {
          const double q = p(t, c, six) * scale;
          same[ut][static_cast<std::size_t>(six)][static_cast<std::size_t>(c)] = q;
          f[static_cast<std::size_t>(c + 1)] = f[static_cast<std::size_t>(c)] + q;
        }
        at += f[kSizes];
      }
      if (t > 0) above[ut - 1] = above[ut] + at;
    }
  }

  // Whether the rival's hand is preferred to one of count t <= 16, c cards,
  // `six`: "the possession of the ♡ 6, or the fewest cards, or the eldest hand".
  double beat(int t, int c, bool six) const {
    const auto ut = static_cast<std::size_t>(t), us = static_cast<std::size_t>(six);
    double p = above[ut] + fewer[ut][us][static_cast<std::size_t>(c)];
    if (!six) {
      for (int k = 0; k < kSizes; ++k) p += same[ut][1][static_cast<std::size_t>(k)];
    }
    if (elder) p += same[ut][us][static_cast<std::size_t>(c)];
    return p;
  }
};

}  // namespace

const std::vector<Holding>& holdings() {
  return table().all;
}

int holding_of(std::span<const Card> hand) {
  std::array<std::uint8_t, 9> held{};
  for (Card c : hand) ++held[static_cast<std::size_t>(kind_of(c))];
  const auto& idx = table().index;
  const auto it = idx.find(key_of(held));
  return it == idx.end() ? -1 : it->second;
}

Worth worth_against(std::span<const Rival> rivals, int punters, double farm, bool six_alone) {
  std::vector<Beats> with, without;
  for (const Rival& r : rivals) {
    with.emplace_back(r.spread, r.elder, false);
    without.emplace_back(r.spread, r.elder, six_alone);
  }
  Worth w{};
  const double others = punters - 1;
  for (int six = 0; six < 2; ++six) {
    const std::vector<Beats>& rs = six ? without : with;
    double none_near = 1;  // nobody else is at 16 or under
    for (const Beats& b : rs) none_near *= b.over;
    for (int t = 0; t < kCounts; ++t)
      for (int c = 1; c < kSizes; ++c) {
        double v;
        if (t > kTarget) {
          // "as many counters as they have points more than 16", and one to
          // the nearest, if there is one.
          v = -(t - kTarget) - (1 - none_near);
        } else {
          double first = 1;  // nobody's hand preferred to mine
          for (const Beats& b : rs) first *= 1 - b.beat(t, c, six);
          // "the one who is nearest 16 receives a counter from each of the
          // others"; "Any player having exactly 16 takes the farm".
          v = first * (others + (t == kTarget ? farm : 0)) - (1 - first);
        }
        w[static_cast<std::size_t>(outcome_index(t, c, six))] = v;
      }
  }
  return w;
}

Answer best_answer(const Worth& worth) {
  const std::vector<Holding>& hs = holdings();
  Answer a;
  a.value.assign(hs.size(), 0);
  a.draw.assign(hs.size(), 0);
  for (std::size_t i = hs.size(); i-- > 0;) {
    const Holding& h = hs[i];
    double draw = 0;
    if (h.may_draw)
      for (std::size_t k = 0; k < 9; ++k)
        if (h.child[k] >= 0) draw += h.chance[k] * a.value[static_cast<std::size_t>(h.child[k])];
    const double stand =
        h.must_draw ? 0 : worth[static_cast<std::size_t>(outcome_index(h.total, h.cards, h.six))];
    // Ties stand: the smaller risk to the same worth.
    a.draw[i] = h.must_draw || (h.may_draw && draw > stand + 1e-12);
    a.value[i] = a.draw[i] ? draw : stand;
  }
  return a;
}

Spread spread_of(const std::vector<std::uint8_t>& draw) {
  const std::vector<Holding>& hs = holdings();
  std::vector<double> reach(hs.size(), 0);
  reach[0] = 1;
  Spread s{};
  for (std::size_t i = 0; i < hs.size(); ++i) {
    const Holding& h = hs[i];
    if (reach[i] == 0) continue;
    if (draw[i]) {
      for (std::size_t k = 0; k < 9; ++k)
        if (h.child[k] >= 0) reach[static_cast<std::size_t>(h.child[k])] += reach[i] * h.chance[k];
    } else {
      s[static_cast<std::size_t>(outcome_index(h.total, h.cards, h.six))] += reach[i];
    }
  }
  return s;
}

namespace {

double over_16(const Spread& s) {
  double x = 0;
  for (int t = kTarget + 1; t < kCounts; ++t)
    for (int c = 0; c < kSizes; ++c)
      for (int six = 0; six < 2; ++six)
        x += (t - kTarget) * s[static_cast<std::size_t>(outcome_index(t, c, six))];
  return x;
}

double at_16(const Spread& s) {
  double x = 0;
  for (int c = 0; c < kSizes; ++c)
    for (int six = 0; six < 2; ++six)
      x += s[static_cast<std::size_t>(outcome_index(kTarget, c, six))];
  return x;
}

double expect(const Spread& s, const Worth& w) {
  double x = 0;
  for (std::size_t o = 0; o < s.size(); ++o) x += s[o] * w[o];
  return x;
}

std::vector<Rival> model_rivals(const std::vector<Spread>& spread, int place) {
  std::vector<Rival> out;
  for (int j = 0; j < static_cast<int>(spread.size()); ++j)
    if (j != place) out.push_back({spread[static_cast<std::size_t>(j)], j < place});
  return out;
}

Field solve(int players, int farm) {
  Field f;
  f.players = players, f.farm = farm;
  f.holdings = holdings().size();
  const int m = players - 1;
  f.exact = m == 1;
  // Round 0: each plays as if alone at the table.
  const Spread alone = spread_of(best_answer(worth_against({}, m, farm, false)).draw);
  f.spread.assign(static_cast<std::size_t>(m), alone);
  // Fictitious play, all places answering the averages at once; heads-up
  // nobody answers anybody, and round 0 is the answer.
  const int rounds = m == 1 ? 0 : 400;
  for (int r = 1; r <= rounds; ++r) {
    std::vector<Spread> next(static_cast<std::size_t>(m));
    for (int k = 0; k < m; ++k)
      next[static_cast<std::size_t>(k)] =
          spread_of(best_answer(worth_against(model_rivals(f.spread, k), m, farm, false)).draw);
    for (int k = 0; k < m; ++k) {
      Spread& s = f.spread[static_cast<std::size_t>(k)];
      for (std::size_t o = 0; o < s.size(); ++o)
        s[o] += (next[static_cast<std::size_t>(k)][o] - s[o]) / (r + 1);
    }
  }
  f.rounds = rounds;
  double none = 1;
  for (int k = 0; k < m; ++k) {
    const Spread& s = f.spread[static_cast<std::size_t>(k)];
    const Worth w = worth_against(model_rivals(f.spread, k), m, farm, false);
    const double v = expect(s, w);
    f.value.push_back(v);
    f.gain.push_back(best_answer(w).value[0] - v);
    f.farmer += over_16(s);
    none *= 1 - at_16(s);
  }
  f.won = 1 - none;
  return f;
}

}  // namespace

const Field& field(int players, int farm) {
  static std::mutex mu;
  static std::map<std::pair<int, int>, std::unique_ptr<Field>> solved;
  const std::lock_guard<std::mutex> lock(mu);
  std::unique_ptr<Field>& f = solved[{players, farm}];
  if (!f) f = std::make_unique<Field>(solve(players, farm));
  return *f;
}

std::vector<Rival> rivals_of(const Field& f, int place, std::span<const int> taken) {
  std::vector<Rival> out;
  for (int j = 0; j < static_cast<int>(f.spread.size()); ++j) {
    if (j == place) continue;
    Rival r{f.spread[static_cast<std::size_t>(j)], j < place};
    if (j < place && static_cast<std::size_t>(j) < taken.size() &&
        taken[static_cast<std::size_t>(j)] > 0 && taken[static_cast<std::size_t>(j)] < kSizes) {
      // He stood with this many cards: his hand is one of those.
      Spread s{};
      double mass = 0;
      for (int t = 0; t < kCounts; ++t)
        for (int six = 0; six < 2; ++six) {
          const auto o =
              static_cast<std::size_t>(outcome_index(t, taken[static_cast<std::size_t>(j)], six));
          s[o] = r.spread[o], mass += s[o];
        }
      if (mass > 0) r.spread = s;  // Beats normalizes
    }
    out.push_back(r);
  }
  return out;
}

}  // namespace parlour::farmer
