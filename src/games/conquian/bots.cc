#include "games/conquian/bots.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "games/conquian/state.h"

namespace parlour::conquian {
namespace {

using kit::card_bit;

class HeuristicBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    if (obs.legal().size() == 1) return obs.legal()[0];
    auto world = obs.sample(rng);
    if (!world) return obs.legal()[0];
    return heuristic_action(static_cast<const ConquianState&>(*world), obs.seat());
  }
};

// How much a hand card may yet help: the cards of the hand it would meld
// with (of its rank, or its suit close by in sequence), each less where the
// cards it needs are gone (melded, turned down).
double promise(const ConquianState& s, Seat me, Card c, CardBits gone) {
  const kit::MeldRules& r = s.meld_rules();
  const int pc = r.position(c.rank());
  double v = 0;
  for (Card o : s.hand(me)) {
    if (o == c) continue;
    if (o.rank() == c.rank()) v += 2;
    if (o.suit() == c.suit()) {
      const int d = std::abs(r.position(o.rank()) - pc);
      v += d == 1 ? 1.5 : d == 2 ? 0.8 : 0;
    }
  }
  // The cards that would join it: of its rank, and its neighbours in suit.
  int out = 0, all = 0;
  for (int su = 0; su < SUIT_NB; ++su) {
    if (su == c.suit()) continue;
    ++all;
    out += (gone >> Card::standard(c.rank(), Suit(su)).index()) & 1;
  }
  for (int d : {-1, 1}) {
    const int p = pc + d;
    if (p < 0 || p >= static_cast<int>(r.order.size())) continue;
    ++all;
    out += (gone >> Card::standard(r.order[static_cast<std::size_t>(p)], c.suit()).index()) & 1;
  }
  return v + 1.0 * (all - out) / std::max(all, 1);
}

}  // namespace

Action heuristic_action(const ConquianState& s, Seat me) {
  std::vector<Action> legal;
  s.legal_actions(me, legal);
  if (legal.empty()) return kNoAction;
  const Seat o = s.opponent(me);
  if (s.phase() == ConquianState::Phase::kDiscard) {
    CardBits gone = s.melded(me) | s.melded(o);
    for (Card c : s.dead()) gone |= card_bit(c);
    int best = 0;
    double low = 1e9;
    const Hand& h = s.hand(me);
    for (std::size_t i = 0; i < h.size(); ++i) {
      // Never a card the other player's melds take: he would meld it.
      const double v = promise(s, me, h[i], gone) + (s.lays_out(o, card_bit(h[i])) ? 100 : 0) +
                       0.01 * s.meld_rules().position(h[i].rank());
      if (v < low) low = v, best = static_cast<int>(i);
    }
    return Move::discard(best).encode();
  }
  // Melds whenever it can: the meld that lays down the most cards.
  Action best = kNoAction;
  int most = -1;
  for (Action a : legal) {
    const Move m = *Move::decode(a);
    if (m.kind != Move::kMeld) continue;
    const int n = std::popcount(static_cast<unsigned>(m.mask));
    if (n > most) most = n, best = a;
  }
  if (best != kNoAction) return best;
  const Action force = Move::force().encode();
  if (std::find(legal.begin(), legal.end(), force) != legal.end() && s.hand(o).size() <= 2 &&
      s.melded_count(o) + 1 < kToGoOut)
    return force;
  return Move::pass().encode();
}

std::unique_ptr<Bot> make_heuristic_bot() {
  return std::make_unique<HeuristicBot>();
}

namespace {

class Hints final : public SearchHints {
 public:
  Action policy(const State& state, Seat seat, std::span<const Action>, Rng&) const override {
    return heuristic_action(static_cast<const ConquianState&>(state), seat);
  }
  void estimate(const State& state, std::span<double> value) const override {
    const auto& s = static_cast<const ConquianState&>(state);
    // Counters ahead, and this deal's race to eleven cards down.
    const int n = s.rules().players;
    double sum = 0;
    std::array<double, kMaxPlayers> raw{};
    for (Seat p = 0; p < n; ++p) {
      raw[static_cast<std::size_t>(p)] =
          s.chips()->balance(p) + (s.plays(p) ? 0.1 * s.melded_count(p) * s.rules().stake : 0.0);
      sum += raw[static_cast<std::size_t>(p)];
    }
    for (Seat p = 0; p < n; ++p)
      value[static_cast<std::size_t>(p)] =
          1 /
          (1 + std::exp(-(raw[static_cast<std::size_t>(p)] - sum / n) / (s.rules().stake + 0.0)));
  }
};

class Sampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<ConquianState>(static_cast<const ConquianState&>(state));
    out->forget_last_event();
    if (out->terminal() || out->phase() == ConquianState::Phase::kCut ||
        out->phase() == ConquianState::Phase::kDeal)
      return out;
    // Hidden from `seat`: the other hands and the stock's order. Sorted
    // first, so that the sample depends only on which cards they are.
    SmallVec<Card, 40> pool;
    for (Seat p = 0; p < out->rules().players; ++p)
      if (p != seat)
        for (Card c : out->hand(p)) pool.push_back(c);
    for (Card c : out->stock()) pool.push_back(c);
    std::sort(pool.begin(), pool.end(), [](Card a, Card b) { return a.index() < b.index(); });
    rng.shuffle(std::span<Card>(pool.data(), pool.size()));
    std::size_t k = 0;
    for (Seat p = 0; p < out->rules().players; ++p) {
      if (p == seat) continue;
      for (Card& c : out->mutable_hand(p)) c = pool[k++];
      out->sort_hand(p);
    }
    for (Card& c : out->mutable_stock()) c = pool[k++];
    return out;
  }
};

}  // namespace

const SearchHints& search_hints() {
  static const Hints h;
  return h;
}

const Resampler& resampler() {
  static const Sampler r;
  return r;
}

}  // namespace parlour::conquian
