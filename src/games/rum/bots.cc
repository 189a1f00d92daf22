#include "games/rum/bots.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "games/rum/state.h"

namespace parlour::rum {
namespace {

using kit::card_bit;

class HeuristicBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    if (obs.legal().size() == 1) return obs.legal()[0];
    auto world = obs.sample(rng);
    if (!world) return obs.legal()[0];
    return heuristic_action(static_cast<const RumState&>(*world), obs.seat());
  }
};

// Whether `c` joins anything of `hand` (a card of its rank, or of its suit
// one or two places off) or a meld on the table.
bool joins(const RumState& s, std::span<const Card> hand, Card c) {
  for (Card o : hand) {
    if (o == c) continue;
    if (o.rank() == c.rank()) return true;
    if (o.suit() == c.suit() &&
        std::abs(static_cast<int>(o.rank()) - static_cast<int>(c.rank())) <= 2)
      return true;
  }
  for (CardBits m : s.melds())
    if (!(m & card_bit(c)) && kit::is_meld(m | card_bit(c), s.meld_rules())) return true;
  return false;
}

}  // namespace

Action heuristic_action(const RumState& s, Seat me) {
  std::vector<Action> legal;
  s.legal_actions(me, legal);
  if (legal.empty()) return kNoAction;
  const int hand_max = s.rules().max_hand();  // Move's codes are numbered for it
  auto has = [&](Move m) {
    return std::find(legal.begin(), legal.end(), m.encode(hand_max)) != legal.end();
  };
  const Hand& h = s.hand(me);
  if (s.phase() == RumState::Phase::kDraw) {
    if (has(Move::call())) return Move::call().encode(hand_max);
    // The discard, only if it completes or extends a meld.
    if (has(Move::draw_discard()) && s.rules().going_out == GoingOut::kMelds) {
      const Card top = s.discards().back();
      Hand with = h;
      with.push_back(top);
      for (std::uint32_t m :
           kit::melds_in(std::span<const Card>(with.data(), with.size()), s.meld_rules()))
        if (m >> (with.size() - 1) & 1) return Move::draw_discard().encode(hand_max);
      for (CardBits m : s.melds())
        if (!(m & card_bit(top)) && kit::is_meld(m | card_bit(top), s.meld_rules()))
          return Move::draw_discard().encode(hand_max);
    }
    if (has(Move::draw_discard()) && s.rules().going_out == GoingOut::kCall) {
      // Calling: the discard if it lowers the unmatched count.
      kit::CardCounts now{};
      for (Card c : h) ++now[c.index()];
      const int before = kit::min_deadwood(now, s.meld_rules());
      ++now[s.discards().back().index()];
      int best_after = 1 << 30;
      for (Card c : h) {
        --now[c.index()];
        best_after = std::min(best_after, kit::min_deadwood(now, s.meld_rules()));
        ++now[c.index()];
      }
      if (best_after < before) return Move::draw_discard().encode(hand_max);
    }
    return has(Move::draw_stock()) ? Move::draw_stock().encode(hand_max) : legal.front();
  }
  // Melds first, the largest; then lay-offs; so it goes out as soon as it can.
  Action best = kNoAction;
  int most = 0;
  for (Action a : legal) {
    const Move m = *Move::decode(a, hand_max);
    if (m.kind == Move::kMeld && std::popcount(m.mask) > most)
      most = std::popcount(m.mask), best = a;
  }
  if (best != kNoAction) return best;
  for (Action a : legal)
    if (Move::decode(a, hand_max)->kind == Move::kLayOff) return a;
  // Discard: the highest card that joins nothing; else the highest.
  int pick = -1, pick_loose = -1;
  for (Action a : legal) {
    const Move m = *Move::decode(a, hand_max);
    if (m.kind != Move::kDiscard) continue;
    const Card c = h[static_cast<std::size_t>(m.pos)];
    auto better = [&](int cur) {
      return cur < 0 ||
             kit::deadwood_value(c) > kit::deadwood_value(h[static_cast<std::size_t>(cur)]);
    };
    if (s.rules().going_out == GoingOut::kCall) {
      // Keep what the best layout melds.
      kit::CardCounts counts{}, melded{};
      for (Card k : h) ++counts[k.index()];
      kit::min_deadwood(counts, s.meld_rules(), &melded);
      if (melded[c.index()] >= counts[c.index()]) continue;
    }
    if (!joins(s, std::span<const Card>(h.data(), h.size()), c) && better(pick_loose))
      pick_loose = m.pos;
    if (better(pick)) pick = m.pos;
  }
  if (pick_loose >= 0) return Move::discard(pick_loose).encode(hand_max);
  if (pick >= 0) return Move::discard(pick).encode(hand_max);
  for (Action a : legal)
    if (Move::decode(a, hand_max)->kind == Move::kDiscard) return a;
  return legal.front();
}

std::unique_ptr<Bot> make_heuristic_bot() {
  return std::make_unique<HeuristicBot>();
}

namespace {

class Hints final : public SearchHints {
 public:
  Action policy(const State& state, Seat seat, std::span<const Action>, Rng&) const override {
    return heuristic_action(static_cast<const RumState&>(state), seat);
  }
  // The moves of the root are weighed on the same sampled deals, each played
  // out by this policy to the end of the deal, whose score is then known: a
  // deal's luck (the stock's order, the other hands) outweighs any one
  // discard, and it is the same luck for every move compared. A play-out
  // stops at the deal's end: the next deal's cards would only add luck.
  // Measured against short play-outs in a tree: see rules.md.
  bool same_deals() const override { return true; }
  bool settled(const State& state) const override {
    return static_cast<const RumState&>(state).phase() == RumState::Phase::kDeal;
  }
  // Long enough for nearly every deal to end (the estimate below reads the
  // rest).
  int depth() const override { return kDepth; }
  void estimate(const State& state, std::span<double> value) const override {
    const auto& s = static_cast<const RumState&>(state);
    const int n = s.rules().players;
    // Each player's cards still to be got rid of: those no meld of his hand
    // takes and no meld on the table would take as a lay-off. The nearest
    // going out is likeliest to go out first (weights exp(-loose / 1.5)).
    std::array<double, kMaxPlayers> at_stake{}, first{};
    double weights = 0;
    for (Seat p = 0; p < n; ++p) {
      const auto i = static_cast<std::size_t>(p);
      kit::CardCounts counts{}, melded{};
      for (Card c : s.hand(p)) ++counts[c.index()];
      const int dead = kit::min_deadwood(counts, s.meld_rules(), &melded);
      int loose = 0;
      for (Card c : s.hand(p)) {
        if (melded[c.index()] > 0) {
          --melded[c.index()];
          continue;
        }
        bool lays_off = false;
        for (CardBits m : s.melds())
          if (!(m & card_bit(c)) && kit::is_meld(m | card_bit(c), s.meld_rules())) lays_off = true;
        loose += !lays_off;
      }
      // What he pays if another goes out: by then some of his cards are
      // melded, so his hand's value now overstates it; called out (the
      // English rule), his unmatched cards.
      at_stake[i] = s.rules().going_out == GoingOut::kCall ? dead : 0.7 * s.hand_value(p);
      first[i] = std::exp(-loose / 1.5);
      weights += first[i];
    }
    const bool in_deal = s.phase() == RumState::Phase::kDraw || s.phase() == RumState::Phase::kPlay;
    std::array<double, kMaxPlayers> raw{};
    double sum = 0;
    for (Seat p = 0; p < n; ++p) {
      const auto i = static_cast<std::size_t>(p);
      double gain = 0;
      if (!in_deal) {
        // Between deals: the balances say it all.
      } else if (s.rules().going_out == GoingOut::kCall) {
        gain = -at_stake[i];
      } else {
        // If he goes out first, the others pay him; if another does, he pays.
        const double p_first = first[i] / weights;
        for (Seat q = 0; q < n; ++q)
          if (q != p) gain += p_first * at_stake[static_cast<std::size_t>(q)];
        gain -= (1 - p_first) * at_stake[i];
      }
      raw[i] = s.chips()->balance(p) + gain;
      sum += raw[i];
    }
    for (Seat p = 0; p < n; ++p)
      value[static_cast<std::size_t>(p)] =
          1 / (1 + std::exp(-(raw[static_cast<std::size_t>(p)] - sum / n) / 20));
  }

 private:
  static constexpr int kDepth = 200;
};

class Sampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<RumState>(static_cast<const RumState&>(state));
    out->forget_last_event();
    if (out->terminal() || out->phase() == RumState::Phase::kCut ||
        out->phase() == RumState::Phase::kDeal)
      return out;
    // Hidden from `seat`: each other hand less its known cards, and the
    // stock's order. Sorted first: the sample depends only on which cards.
    SmallVec<Card, 104> pool;
    std::array<int, kMaxPlayers> hidden{};
    const int n = out->rules().players;
    for (Seat p = 0; p < n; ++p) {
      if (p == seat) continue;
      Hand rest = out->hand(p);
      for (Card k : out->known(p))
        if (auto it = std::find(rest.begin(), rest.end(), k); it != rest.end()) rest.erase(it);
      hidden[static_cast<std::size_t>(p)] = static_cast<int>(rest.size());
      for (Card c : rest) pool.push_back(c);
    }
    for (Card c : out->stock()) pool.push_back(c);
    std::sort(pool.begin(), pool.end(), [](Card a, Card b) { return a.index() < b.index(); });
    rng.shuffle(std::span<Card>(pool.data(), pool.size()));
    std::size_t k = 0;
    for (Seat p = 0; p < n; ++p) {
      if (p == seat) continue;
      Hand& h = out->mutable_hand(p);
      h = out->known(p);
      for (int i = 0; i < hidden[static_cast<std::size_t>(p)]; ++i) h.push_back(pool[k++]);
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

}  // namespace parlour::rum
