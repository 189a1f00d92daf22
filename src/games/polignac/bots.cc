#include "games/polignac/bots.h"

#include <algorithm>
#include <cmath>

#include "games/polignac/state.h"
#include "kit/standing.h"

namespace parlour::polignac {
namespace {

using kit::card_bit;
using kit::CardBits;

// The cards of the game: every card in a hand, a trick, or taken (public:
// the pack is known, only where its cards lie is not).
CardBits pack_bits(const PolignacState& s) {
  CardBits b = 0;
  for (Seat p = 0; p < s.rules().players; ++p) {
    for (Card c : s.hand(p)) b |= card_bit(c);
    for (Card c : s.won(p)) b |= card_bit(c);
  }
  for (int i = 0; i < s.trick().count(); ++i) b |= card_bit(s.trick().card(i));
  return b;
}

// Whether a card above `c` in its suit is still out in another hand: in
// `pack` and not in `known` (the seat's own cards and the cards played).
bool beatable(Card c, CardBits pack, CardBits known, kit::AceRank ace) {
  const CardBits out = pack & ~known & kit::suit_bits(c.suit());
  for (CardBits b = out; b; b &= b - 1) {
    const Card o = Card::from_index(static_cast<std::uint8_t>(std::countr_zero(b)));
    if (kit::high(o, ace) > kit::high(c, ace)) return true;
  }
  return false;
}

class HeuristicBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    if (obs.legal().size() == 1) return obs.legal()[0];
    // The heuristic reads only what the seat knows: any sample answers the same.
    auto world = obs.sample(rng);
    if (!world) return obs.legal()[0];
    return heuristic_action(static_cast<const PolignacState&>(*world), obs.seat());
  }
};

}  // namespace

bool sure_capot(const PolignacState& s, Seat me) {
  // Every card it holds is the highest of its suit but for its own higher
  // ones, and, unless it leads first, it holds every suit (else another
  // could lead one it cannot win).
  const CardBits pack = pack_bits(s);
  CardBits mine = 0;
  std::uint8_t suits = 0;
  for (Card c : s.hand(me)) mine |= card_bit(c), suits |= static_cast<std::uint8_t>(1u << c.suit());
  for (Card c : s.hand(me))
    if (beatable(c, pack, mine, s.rules().ace)) return false;
  return s.left(s.dealer()) == me || suits == 0xF;
}

Action heuristic_action(const PolignacState& s, Seat me) {
  if (s.phase() == PolignacState::Phase::kCapot)
    return (sure_capot(s, me) ? Move::capot() : Move::pass()).encode();
  const Hand& h = s.hand(me);
  const kit::Trick& t = s.trick();
  const int n = s.rules().players;
  const kit::AceRank ace = s.rules().ace;
  auto high = [ace](Card c) { return kit::high(c, ace); };
  const CardBits ok = kit::playable(std::span<const Card>(h.data(), h.size()), t);
  const CardBits pack = pack_bits(s);
  CardBits known = s.gone();
  for (Card c : h) known |= card_bit(c);
  const bool capot_on = s.capot() != kNobody && !s.capot_failed();
  Card pick;
  int best = 0;
  auto consider = [&](Card c, int score) {
    if (!pick.valid() || score > best) pick = c, best = score;
  };
  if (capot_on) {
    // The announcer wants every trick; the others want one.
    if (t.empty()) {
      for (Card c : h)
        if (ok & card_bit(c)) consider(c, (beatable(c, pack, known, ace) ? 0 : 100) + high(c));
    } else {
      const Card winning = t.winning_card(kit::kNoTrump, ace);
      for (Card c : h) {
        if (!(ok & card_bit(c))) continue;
        const bool wins = kit::beats(c, winning, kit::kNoTrump, ace);
        consider(c, wins ? 100 + high(c) : -high(c));
      }
    }
    return Move::play(pick).encode();
  }
  if (t.empty()) {
    // Lead a low card another can beat; a Jack only if it is well covered.
    for (Card c : h) {
      if (!(ok & card_bit(c))) continue;
      int cost = high(c);
      if (!beatable(c, pack, known, ace)) cost += 30;
      if (c.rank() == kJack) cost += 8 * jack_cost(c);
      consider(c, -cost);
    }
    return Move::play(pick).encode();
  }
  const Card winning = t.winning_card(kit::kNoTrump, ace);
  const bool follow = (ok & kit::suit_bits(t.led())) != 0;
  const bool last = t.count() == n - 1;
  bool can_duck = false;
  for (Card c : h)
    if ((ok & card_bit(c)) && !kit::beats(c, winning, kit::kNoTrump, ace)) can_duck = true;
  for (Card c : h) {
    if (!(ok & card_bit(c))) continue;
    if (!follow) {
      // A discard: Polignac, the other Jacks, then the highest card.
      consider(c, 50 * jack_cost(c) + high(c));
      continue;
    }
    const bool wins = kit::beats(c, winning, kit::kNoTrump, ace);
    if (can_duck) {
      // The highest card that does not win, a Jack before all.
      if (!wins) consider(c, high(c) + 40 * jack_cost(c));
    } else if (last) {
      // The trick is ours whatever we play: shed the highest, but keep a
      // Jack out of it.
      consider(c, high(c) - 40 * jack_cost(c));
    } else {
      // Every card wins so far: the lowest, in the hope of being overtaken.
      consider(c, -high(c) - 40 * jack_cost(c));
    }
  }
  return Move::play(pick).encode();
}

std::unique_ptr<Bot> make_heuristic_bot() {
  return std::make_unique<HeuristicBot>();
}

namespace {

// For searches: the heuristic policy, and each seat's standing by its
// counters against the others', the closer the less certain the more deals
// there are to come.
class PolignacHints final : public SearchHints {
 public:
  Action policy(const State& state, Seat seat, std::span<const Action>, Rng&) const override {
    return heuristic_action(static_cast<const PolignacState&>(state), seat);
  }
  void estimate(const State& state, std::span<double> value) const override {
    const auto& s = static_cast<const PolignacState&>(state);
    const int n = s.rules().players;
    std::array<double, kMaxPlayers> projected{};
    for (Seat p = 0; p < n; ++p) {
      projected[p] = s.counters().balance(p);
      // A capot standing: its Jacks are owed if it fails.
      if (s.capot() == p && !s.capot_failed() && s.phase() == PolignacState::Phase::kPlay)
        projected[p] -= 0.5 * (s.jacks(p) + kCapotCounters);
    }
    const int to_come = s.rules().deals - s.deals_done();
    const double scale = 1.5 * (1 + std::sqrt(std::max(0, to_come)));
    kit::standing_by_score(std::span<const double>(projected.data(), static_cast<std::size_t>(n)),
                           scale, value);
  }
};

}  // namespace

namespace {
// Polignac as the double-dummy solver reads it: a seat's own counters for
// the Jacks it takes, every other seat playing to give it the most.
kit::DdGame dd_game() {
  kit::DdGame g;
  g.position = [](const State& state, Seat seat) -> std::optional<kit::DdPosition> {
    const auto& s = static_cast<const PolignacState&>(state);
    const int n = s.rules().players;
    // While a capot stands its announcer wants every trick and the others
    // one: not the counters' aim.
    if (s.phase() != PolignacState::Phase::kPlay || n > 7 ||
        (s.capot() != kNobody && !s.capot_failed()))
      return std::nullopt;
    kit::DdPosition p;
    p.seats = n;
    for (Seat h = 0; h < n; ++h)
      for (Card c : s.hand(h)) p.hands[static_cast<std::size_t>(h)] |= kit::card_bit(c);
    p.set_trick(s.trick());
    p.ace = s.rules().ace;
    p.side = static_cast<std::uint8_t>(1u << seat);
    p.fewest = true;
    // Every pack the game deals holds the four Jacks.
    for (Suit su : {kClubs, kDiamonds, kHearts, kSpades}) {
      const Card jack = Card::standard(kJack, su);
      p.points[jack.index()] = static_cast<std::uint8_t>(jack_cost(jack));
    }
    return p;
  };
  g.card = [](const State&, Seat, Action a) {
    const std::optional<Move> m = Move::decode(a);
    return m && m->kind == Move::kPlay ? m->card : Card();
  };
  g.otherwise = [] { return make_heuristic_bot(); };
  g.one = "counter", g.many = "counters";
  g.keep_margin = 1.0;
  return g;
}
}  // namespace

std::unique_ptr<Bot> make_dd_sample_bot(kit::DdSampleOptions options) {
  return kit::make_dd_sample_bot(dd_game(), options);
}

const DoubleDummy& double_dummy() {
  static const kit::DdAnalysis analysis(dd_game());
  return analysis;
}

const SearchHints& search_hints() {
  static const PolignacHints h;
  return h;
}

}  // namespace parlour::polignac
