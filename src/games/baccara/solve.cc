// Baccara's coup solved (solve.h): best answers in turn with an endless
// shoe, then the equilibrium played card by card from a fresh shoe.
#include "games/baccara/solve.h"

#include <algorithm>
#include <memory>
#include <mutex>

namespace parlour::baccara {
namespace {

// The endless shoe: each point of a card 1/13, a ten or court card 4/13.
constexpr double chance(int v) {
  return v == 0 ? 4.0 / 13 : 1.0 / 13;
}
constexpr int cmp(int side, int bank) {
  return side > bank ? 1 : side < bank ? -1 : 0;
}

std::array<double, 10> two_cards() {
  std::array<double, 10> p{};
  for (int a = 0; a <= 9; ++a)
    for (int b = 0; b <= 9; ++b) p[static_cast<std::size_t>((a + b) % 10)] += chance(a) * chance(b);
  return p;
}
const std::array<double, 10> kPoint = two_cards();

std::size_t z(int i) {
  return static_cast<std::size_t>(i);
}

// Each player's payoff for each of his choices at each of his positions,
// the others playing `p` (weighted by the chance of the position), and each
// side's result under `p`. Choices: [0] take or draw, [1] refuse or stand.
struct Answers {
  std::array<std::array<double, 2>, 8> right{};
  std::array<std::array<std::array<double, 2>, 11>, 8> left{};
  std::array<std::array<std::array<std::array<double, 2>, 11>, 11>, 8> banker{};
  double right_value = 0, left_value = 0;
};

Answers answers(const CoupPlay& p) {
  Answers a;
  for (int r = 0; r < 8; ++r)
    for (int l = 0; l < 8; ++l)
      for (int k = 0; k < 8; ++k) {
        const double w = kPoint[z(r)] * kPoint[z(l)] * kPoint[z(k)];
        for (int ar = 0; ar < 2; ++ar) {
          const double pr = ar == 0 ? p.right[z(r)] : 1 - p.right[z(r)];
          for (int cr = ar == 0 ? 0 : kRefused; cr <= kRefused; ++cr) {
            if (ar == 0 && cr == kRefused) break;
            const double qr = ar == 0 ? chance(cr) : 1;
            const int rp = ar == 0 ? (r + cr) % 10 : r;
            const double sl = p.left[z(l)][z(cr)];
            for (int al = 0; al < 2; ++al) {
              const double pl = al == 0 ? sl : 1 - sl;
              for (int cl = al == 0 ? 0 : kRefused; cl <= kRefused; ++cl) {
                if (al == 0 && cl == kRefused) break;
                const double ql = al == 0 ? chance(cl) : 1;
                const int lp = al == 0 ? (l + cl) % 10 : l;
                const bool forced = cr == kRefused && cl == kRefused;
                const double sb = forced ? 1 : p.banker[z(k)][z(cr)][z(cl)];
                for (int ab = 0; ab < 2; ++ab) {
                  if (forced && ab == 1) break;
                  const double pb = ab == 0 ? sb : 1 - sb;
                  for (int cb = ab == 0 ? 0 : kRefused; cb <= kRefused; ++cb) {
                    if (ab == 0 && cb == kRefused) break;
                    const double qb = ab == 0 ? chance(cb) : 1;
                    const int kp = ab == 0 ? (k + cb) % 10 : k;
                    const double x = w * qr * ql * qb;
                    const int res_r = cmp(rp, kp), res_l = cmp(lp, kp);
                    a.right[z(r)][z(ar)] += x * pl * pb * res_r;
                    a.left[z(l)][z(cr)][z(al)] += x * pr * pb * res_l;
                    if (!forced)
                      a.banker[z(k)][z(cr)][z(cl)][z(ab)] -= x * pr * pl * (res_r + res_l);
                    a.right_value += x * pr * pl * pb * res_r;
                    a.left_value += x * pr * pl * pb * res_l;
                  }
                }
              }
            }
          }
        }
      }
  // The coups with a natural, settled on two cards.
  for (int r = 0; r < 10; ++r)
    for (int l = 0; l < 10; ++l)
      for (int k = 0; k < 10; ++k) {
        if (r < 8 && l < 8 && k < 8) continue;
        const double w = kPoint[z(r)] * kPoint[z(l)] * kPoint[z(k)];
        a.right_value += w * cmp(r, k);
        a.left_value += w * cmp(l, k);
      }
  return a;
}

// Moves each of `play`'s choices to the best answer, where it is strictly
// better; returns whether any moved.
bool better(double& play, const std::array<double, 2>& v) {
  const double want = v[0] > v[1] + 1e-15 ? 1 : v[1] > v[0] + 1e-15 ? 0 : play;
  if (want == play) return false;
  play = want;
  return true;
}

// ---- A fresh shoe, card by card ---------------------------------------------------------

class FreshShoe {
 public:
  FreshShoe(const CoupPlay& p, int packs) : p_(p) {
    left_.fill(4 * packs);
    left_[0] = 16 * packs;
    n_ = 52 * packs;
  }
  // Each side's result per chip.
  void value(double& right, double& left) {
    right_ = left_value_ = 0;
    hand(0, 1);
    right = right_, left = left_value_;
  }

 private:
  // Deals two cards to hand h (right, left, banker), then plays.
  void hand(int h, double w) {
    if (h == 3) return coup(w);
    for (int a = 0; a <= 9; ++a) {
      if (!left_[z(a)]) continue;
      const double pa = w * left_[z(a)] / n_;
      take(a);
      for (int b = a; b <= 9; ++b) {
        if (!left_[z(b)]) continue;
        const double pb = pa * left_[z(b)] / n_ * (a == b ? 1 : 2);
        take(b);
        points_[z(h)] = (a + b) % 10;
        hand(h + 1, pb);
        put(b);
      }
      put(a);
    }
  }
  void coup(double w) {
    const int r = points_[0], l = points_[1], k = points_[2];
    if (r >= 8 || l >= 8 || k >= 8) {
      right_ += w * cmp(r, k), left_value_ += w * cmp(l, k);
      return;
    }
    const double tr = p_.right[z(r)];
    if (tr < 1) after_right(w * (1 - tr), r, kRefused);
    if (tr > 0) draw(w * tr, [&](double x, int c) { after_right(x, (r + c) % 10, c); });
  }
  void after_right(double w, int rp, int cr) {
    const int l = points_[1];
    const double tl = p_.left[z(l)][z(cr)];
    if (tl < 1) banker(w * (1 - tl), rp, cr, l, kRefused);
    if (tl > 0) draw(w * tl, [&](double x, int c) { banker(x, rp, cr, (l + c) % 10, c); });
  }
  void banker(double w, int rp, int cr, int lp, int cl) {
    const int k = points_[2];
    const double tb = cr == kRefused && cl == kRefused ? 1 : p_.banker[z(k)][z(cr)][z(cl)];
    if (tb < 1) settle(w * (1 - tb), rp, lp, k);
    if (tb > 0) draw(w * tb, [&](double x, int c) { settle(x, rp, lp, (k + c) % 10); });
  }
  void settle(double w, int rp, int lp, int kp) {
    right_ += w * cmp(rp, kp), left_value_ += w * cmp(lp, kp);
  }
  template <class F>
  void draw(double w, F&& then) {
    for (int c = 0; c <= 9; ++c) {
      if (!left_[z(c)]) continue;
      const double x = w * left_[z(c)] / n_;
      take(c);
      then(x, c);
      put(c);
    }
  }
  void take(int v) { --left_[z(v)], --n_; }
  void put(int v) { ++left_[z(v)], ++n_; }

  const CoupPlay& p_;
  std::array<int, 10> left_{};
  int n_ = 0;
  std::array<int, 3> points_{};
  double right_ = 0, left_value_ = 0;
};

constexpr int kRounds = 20;  // of best answers in turn, before fictitious play
constexpr int kFictitious = 1000;

struct Solved {
  CoupPlay play;
  Solution base;  // without the shoe's figures
};

Solved solve() {
  Solved out;
  CoupPlay& p = out.play;
  p = threshold_play();  // the club law for all three, to start from
  Solution& s = out.base;
  for (s.rounds = 1; s.rounds <= kRounds; ++s.rounds) {
    bool moved = false;
    Answers a = answers(p);
    for (int k = 0; k < 8; ++k)
      for (int c = 0; c <= kRefused; ++c)
        for (int d = 0; d <= kRefused; ++d)
          if (c != kRefused || d != kRefused)
            moved |= better(p.banker[z(k)][z(c)][z(d)], a.banker[z(k)][z(c)][z(d)]);
    a = answers(p);
    for (int r = 0; r < 8; ++r) moved |= better(p.right[z(r)], a.right[z(r)]);
    a = answers(p);
    for (int l = 0; l < 8; ++l)
      for (int c = 0; c <= kRefused; ++c) moved |= better(p.left[z(l)][z(c)], a.left[z(l)][z(c)]);
    if (!moved) {
      s.ok = true;
      break;
    }
  }
  // Where they do not come to rest (a few of the banker's choices, nearly
  // even, and the left's at 5 chase each other), fictitious play: each
  // answers the others' average play so far, and the averages are the play.
  if (!s.ok) {
    CoupPlay avg = p;
    for (int t = 1; t <= kFictitious; ++t) {
      const Answers a = answers(avg);
      const double step = 1.0 / (t + 1);
      auto move = [&](double& x, const std::array<double, 2>& v) {
        const double best = v[0] > v[1] + 1e-15 ? 1 : v[1] > v[0] + 1e-15 ? 0 : x;
        x += step * (best - x);
      };
      for (int k = 0; k < 8; ++k)
        for (int c = 0; c <= kRefused; ++c)
          for (int d = 0; d <= kRefused; ++d)
            if (c != kRefused || d != kRefused)
              move(avg.banker[z(k)][z(c)][z(d)], a.banker[z(k)][z(c)][z(d)]);
      for (int r = 0; r < 8; ++r) move(avg.right[z(r)], a.right[z(r)]);
      for (int l = 0; l < 8; ++l)
        for (int c = 0; c <= kRefused; ++c) move(avg.left[z(l)][z(c)], a.left[z(l)][z(c)]);
    }
    p = avg;
    s.fictitious = kFictitious;
  }
  // What each could gain by his best answer (0 where the answers came to rest).
  const Answers a = answers(p);
  s.right = a.right_value, s.left = a.left_value;
  double rbest = 0, rnow = 0;
  for (int r = 0; r < 8; ++r) {
    const auto& v = a.right[z(r)];
    rbest += std::max(v[0], v[1]);
    rnow += p.right[z(r)] * v[0] + (1 - p.right[z(r)]) * v[1];
  }
  s.gain_right = rbest - rnow;
  double lbest = 0, lnow = 0;
  for (int l = 0; l < 8; ++l)
    for (int c = 0; c <= kRefused; ++c) {
      const auto& v = a.left[z(l)][z(c)];
      lbest += std::max(v[0], v[1]);
      lnow += p.left[z(l)][z(c)] * v[0] + (1 - p.left[z(l)][z(c)]) * v[1];
    }
  s.gain_left = lbest - lnow;
  double bbest = 0, bnow = 0;
  for (int k = 0; k < 8; ++k)
    for (int c = 0; c <= kRefused; ++c)
      for (int d = 0; d <= kRefused; ++d) {
        if (c == kRefused && d == kRefused) continue;
        const auto& v = a.banker[z(k)][z(c)][z(d)];
        bbest += std::max(v[0], v[1]);
        bnow += p.banker[z(k)][z(c)][z(d)] * v[0] + (1 - p.banker[z(k)][z(c)][z(d)]) * v[1];
      }
  s.gain_banker = (bbest - bnow) / 2;  // per chip: the banker's stake is both sides'
  s.play = p;
  return out;
}

const Solved& solved() {
  static const Solved s = solve();
  return s;
}

}  // namespace

const CoupPlay& equilibrium() {
  return solved().play;
}

CoupPlay threshold_play() {
  CoupPlay p;
  for (int r = 0; r < 8; ++r) {
    p.right[z(r)] = r < 5;
    for (int c = 0; c <= kRefused; ++c) p.left[z(r)][z(c)] = r < 5;
    for (int c = 0; c <= kRefused; ++c)
      for (int d = 0; d <= kRefused; ++d) p.banker[z(r)][z(c)][z(d)] = r < 5;
  }
  return p;
}

Worth worth(const CoupPlay& p, int packs) {
  Worth w;
  FreshShoe(p, packs).value(w.right, w.left);
  return w;
}

const Solution& solution(int packs) {
  static std::mutex mu;
  static std::array<std::unique_ptr<Solution>, 7> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = cache[z(std::clamp(packs, 1, 6))];
  if (!slot) {
    slot = std::make_unique<Solution>(solved().base);
    const Worth w = worth(slot->play, packs);
    slot->exact_right = w.right, slot->exact_left = w.left;
  }
  return *slot;
}

bool banker_should_draw(int point, int right_card, int left_card, int right_stake, int left_stake) {
  const CoupPlay& p = equilibrium();
  if (right_card == kRefused && left_card == kRefused) return true;
  if (right_stake == left_stake) return p.banker[z(point)][z(right_card)][z(left_card)] > 0.5;
  // Each side's point as its play makes it likely (independent, in an endless shoe).
  std::array<double, 8> wr{}, wl{};
  double sr = 0, sl = 0;
  for (int x = 0; x < 8; ++x) {
    const double tr = p.right[z(x)], tl = p.left[z(x)][z(right_card)];
    sr += wr[z(x)] = kPoint[z(x)] * (right_card == kRefused ? 1 - tr : tr);
    sl += wl[z(x)] = kPoint[z(x)] * (left_card == kRefused ? 1 - tl : tl);
  }
  auto gain = [&](int kp) {
    double g = 0;
    for (int x = 0; x < 8; ++x) {
      const int rp = right_card == kRefused ? x : (x + right_card) % 10;
      const int lp = left_card == kRefused ? x : (x + left_card) % 10;
      if (sr > 0) g -= right_stake * wr[z(x)] / sr * cmp(rp, kp);
      if (sl > 0) g -= left_stake * wl[z(x)] / sl * cmp(lp, kp);
    }
    return g;
  };
  double draw = 0;
  for (int c = 0; c <= 9; ++c) draw += chance(c) * gain((point + c) % 10);
  return draw > gain(point) + 1e-12;
}

}  // namespace parlour::baccara
