#include "games/bachelor_girl/bots.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

#include "games/bachelor_girl/state.h"

namespace parlour::bachelor_girl {
namespace {

// For each class, how many of its cards the seat to move can see: in its hand
// and face up on the table. The rest may be in anyone's hand or the stock.
std::array<int, 32> seen_by_class(const BachelorGirlState& s, Seat me) {
  const Rules& r = s.rules();
  std::array<int, 32> seen{};
  auto see = [&](Card d) {
    if (!r.wild(d)) ++seen[r.cls(d)];
  };
  for (Card d : s.hand_of(me)) see(d);
  for (Seat p = 0; p < r.players; ++p) {
    for (const LaidPair& lp : s.front(p).pairs) see(lp.a), see(lp.b);
    for (Card d : s.front(p).singles) see(d);
  }
  return seen;
}

bool lies_single_elsewhere(const BachelorGirlState& s, Seat me, Card c) {
  const Rules& r = s.rules();
  for (Seat p = 0; p < r.players; ++p) {
    if (p == me) continue;
    for (Card d : s.front(p).singles)
      if (!r.wild(d) && r.cls(d) == r.cls(c)) return true;
  }
  return false;
}

class GreedyBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    if (obs.legal().size() == 1) return obs.legal()[0];
    auto world = obs.sample(rng);  // same hand and table as the real one
    return greedy_action(dynamic_cast<const BachelorGirlState&>(*world), obs.seat());
  }
};

class SearchBot final : public Bot {
 public:
  explicit SearchBot(int samples) : samples_(samples) {}

  Action act(const Observation& obs, Rng& rng) override {
    const std::span<const Action> choices = obs.legal();
    if (choices.size() == 1) return choices[0];
    const Seat me = obs.seat();
    const std::size_t n = choices.size();
    // Each sample is one deal of the hidden cards; every move is played out in
    // it, so the moves are compared on the same deals (paired samples).
    std::vector<std::vector<double>> value(n);
    std::size_t greedy = 0;
    for (int k = 0; k < samples_; ++k) {
      if (k >= 2 && obs.past_deadline()) break;  // the deals played so far decide
      auto world = obs.sample(rng);
      if (!world) continue;
      const auto& base = dynamic_cast<const BachelorGirlState&>(*world);
      if (k == 0) {
        const Action g = greedy_action(base, me);  // reads only this seat's hand and the table
        for (std::size_t i = 0; i < n; ++i) greedy = choices[i] == g ? i : greedy;
      }
      for (std::size_t i = 0; i < n; ++i) {
        BachelorGirlState w = base;
        w.apply(me, choices[i]);
        // To the end of the hand; in a claim window the first from the
        // layer's left speaks first, as the table asks.
        for (Seat p = w.to_move(); p >= 0 || p == kSeveral; p = w.to_move()) {
          if (p == kSeveral) p = w.first_claimant();
          w.apply(p, greedy_action(w, p));
        }
        int best_other = std::numeric_limits<int>::min();
        for (Seat p = 0; p < w.rules().players; ++p)
          if (p != me) best_other = std::max(best_other, w.score(p));
        value[i].push_back(w.score(me) - best_other);
      }
    }
    // Leave the greedy move only for one that beats it clearly: a mean paired
    // gain of more than two standard errors. Play-outs over an unknown stock
    // are noisy, and a small apparent gain is mostly noise.
    std::size_t best = greedy;
    double best_gain = 0;
    const std::size_t m = value[greedy].size();
    if (m < 2) return choices[greedy];
    for (std::size_t i = 0; i < n; ++i) {
      double sum = 0, sq = 0;
      for (std::size_t k = 0; k < m; ++k) {
        const double d = value[i][k] - value[greedy][k];
        sum += d, sq += d * d;
      }
      const double mean = sum / m, var = std::max(0.0, sq / m - mean * mean);
      const double se = std::sqrt(var / (m - 1));
      if (mean > 2 * se && mean > best_gain) best = i, best_gain = mean;
    }
    return choices[best];
  }

 private:
  int samples_;
};

}  // namespace

Action greedy_action(const BachelorGirlState& s, Seat me) {
  thread_local std::vector<Action> legal;  // rollouts call this every step: no allocation
  s.legal_actions(me, legal);
  assert(!legal.empty());
  if (legal.size() == 1) return legal[0];
  // Preferences in order; the first kind present wins.
  auto first_of = [&](Move::Kind k) -> std::optional<Move> {
    std::optional<Move> best;
    for (Action a : legal) {
      const Move m = *Move::decode(a, s.rules());
      if (m.kind != k) continue;
      // Between takes, take from the leader.
      if (!best ||
          ((k == Move::kTake || k == Move::kTakeWild) && s.score(m.seat) > s.score(best->seat)))
        best = m;
    }
    return best;
  };
  for (Move::Kind k : {Move::kClaim, Move::kSwap, Move::kLayPair, Move::kTake, Move::kTakeWild})
    if (auto m = first_of(k)) return m->encode(s.rules());
  // Laying a single: never an error someone can claim, then the rarest match.
  const Rules& r = s.rules();
  const std::array<int, 32> seen = seen_by_class(s, me);
  std::optional<Move> best;
  int best_cost = std::numeric_limits<int>::max();
  for (Action a : legal) {
    const Move m = *Move::decode(a, s.rules());
    if (m.kind != Move::kLaySingle) continue;
    if (r.wild(m.card)) continue;  // she is offered only when she is the last card
    // Never break a pair still in hand: it lays as a pair next turn.
    int in_hand = 0;
    for (Card d : s.hand_of(me)) in_hand += !r.wild(d) && r.cls(d) == r.cls(m.card);
    const int unseen = r.class_total[r.cls(m.card)] - seen[r.cls(m.card)];
    const int cost =
        (lies_single_elsewhere(s, me, m.card) ? 1000 : 0) + (in_hand > 1 ? 500 : 0) + unseen;
    if (cost < best_cost) best_cost = cost, best = m;
  }
  if (best) return best->encode(s.rules());
  for (Move::Kind k : {Move::kDraw, Move::kDone, Move::kPass})
    if (auto m = first_of(k)) return m->encode(s.rules());
  return legal[0];
}

std::unique_ptr<Bot> make_greedy_bot() {
  return std::make_unique<GreedyBot>();
}
std::unique_ptr<Bot> make_search_bot(int samples) {
  return std::make_unique<SearchBot>(samples);
}

}  // namespace parlour::bachelor_girl
