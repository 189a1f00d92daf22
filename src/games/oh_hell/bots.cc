#include "games/oh_hell/bots.h"

#include <algorithm>
#include <cmath>

#include "games/oh_hell/state.h"
#include "kit/standing.h"

namespace parlour::oh_hell {
namespace {

using kit::card_bit;
using kit::CardBits;
using kit::high;
using kit::master;

class HeuristicBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    if (obs.legal().size() == 1) return obs.legal()[0];
    // The heuristic reads only what the seat knows: any sample of its view
    // answers the same.
    auto world = obs.sample(rng);
    if (!world) return obs.legal()[0];
    return heuristic_action(static_cast<const OhHellState&>(*world), obs.seat());
  }
};

}  // namespace

double expected_tricks(const OhHellState& s, Seat me) {
  const Hand h = s.hand(me);
  const Suit trump = s.trump();
  const int n = s.rules().players;
  std::array<int, SUIT_NB> len{};
  for (Card c : h) ++len[c.suit()];
  const int trumps = trump == kit::kNoTrump ? 0 : len[trump];
  double e = 0;
  int low_trumps = 0;
  for (Card c : h) {
    const int o = high(c);
    double p = 0;
    if (c.suit() == trump) {
      // Top trumps are nearly sure; lower ones win when there are several.
      if (o == 12)
        p = 1.0;
      else if (o == 11)
        p = trumps >= 2 ? 0.9 : 0.65;
      else if (o == 10)
        p = trumps >= 3 ? 0.8 : 0.45;
      else if (o == 9)
        p = trumps >= 4 ? 0.7 : 0.35;
      else
        p = trumps >= 4 ? 0.45 : 0.15, ++low_trumps;
    } else {
      // Side honours lose to trumps more often the more players there are
      // and the longer the suit (the others run out of it sooner).
      const int l = len[c.suit()];
      if (o == 12)
        p = 0.9;
      else if (o == 11)
        p = l >= 2 ? 0.6 : 0.25;
      else if (o == 10)
        p = l >= 3 ? 0.3 : 0.08;
      else if (trump == kit::kNoTrump && l >= 5)
        p = 0.2;  // a long suit without trumps runs
      double factor = 1.0 - 0.07 * (n - 3) - 0.08 * std::max(0, l - 3);
      if (trump == kit::kNoTrump) factor += 0.1;
      p *= std::clamp(factor, 0.2, 1.0);
    }
    e += p;
  }
  // Short side suits let low trumps ruff.
  if (trump != kit::kNoTrump && h.size() >= 3)
    for (int suit = 0; suit < SUIT_NB && low_trumps > 0; ++suit) {
      if (suit == trump || len[suit] > 1) continue;
      e += len[suit] == 0 ? 0.4 : 0.2;
      --low_trumps;
    }
  return std::min(e, static_cast<double>(h.size()));
}

Action heuristic_action(const OhHellState& s, Seat me) {
  const int size = s.hand_size();
  if (s.phase() == OhHellState::Phase::kBid) {
    // The estimate runs low: scaled by 1.3, bidding scored best among
    // 0.85, 1, 1.15, 1.3 and 1.45 (400 games of four heuristic players:
    // a mean score of about 86, against 36 unscaled).
    const double e = 1.3 * expected_tricks(s, me);
    int b = std::clamp(static_cast<int>(std::lround(e)), 0, size);
    if (b == s.forbidden_bid()) {
      // The hook: the nearer of the bids beside it.
      if (b == 0)
        b = 1;
      else if (b == size)
        b = size - 1;
      else
        b = e >= b ? b + 1 : b - 1;
    }
    return Move::make_bid(b).encode();
  }
  const Hand h = s.hand(me);
  const kit::Trick& t = s.trick();
  const Suit trump = s.trump();
  const int n = s.rules().players;
  const CardBits ok = kit::playable(std::span<const Card>(h.data(), h.size()), t);
  CardBits known = s.gone();
  for (Card c : h) known |= card_bit(c);
  const int need = s.bid(me) - s.taken(me);
  // What a card costs to give up: trumps dearest, then by rank.
  auto cost = [&](Card c) { return (c.suit() == trump ? 100 : 0) + high(c); };
  Card pick;
  int best = 0;
  auto consider = [&](Card c, int score) {
    if (!pick.valid() || score > best) pick = c, best = score;
  };
  if (t.empty()) {
    if (need > 0) {
      // Lead a card that cannot be beaten in its suit, trumps first.
      for (Card c : h)
        if ((ok & card_bit(c)) && master(c, known))
          consider(c, (c.suit() == trump ? 200 : 100) + high(c));
      if (pick.valid()) return Move::play(pick).encode();
    }
    // Else lead low, from a side suit if it can.
    for (Card c : h)
      if (ok & card_bit(c)) consider(c, -cost(c));
    return Move::play(pick).encode();
  }
  const Card winning = t.winning_card(trump);
  const bool last = t.count() == n - 1;
  bool can_win = false, can_lose = false;
  for (Card c : h)
    if (ok & card_bit(c)) (kit::beats(c, winning, trump) ? can_win : can_lose) = true;
  for (Card c : h) {
    if (!(ok & card_bit(c))) continue;
    const bool wins = kit::beats(c, winning, trump);
    if (need > 0) {
      if (!can_win) {
        consider(c, -cost(c));  // it cannot win: throw the cheapest
      } else if (wins) {
        if (last || (c.suit() == trump && t.led() != trump))
          consider(c, -cost(c));  // the cheapest card that wins
        else
          consider(c, master(c, known) ? 100 - high(c) : high(c));  // a sure one, else the highest
      }
    } else if (can_lose) {
      // Enough tricks: throw the highest card that does not win.
      if (!wins) consider(c, high(c) * 2 + (c.suit() == trump ? 0 : 1));
    } else {
      // Every card wins: the last to play sheds its highest; the others
      // play low and hope to be beaten.
      consider(c, last ? cost(c) : -cost(c));
    }
  }
  return Move::play(pick).encode();
}

std::unique_ptr<Bot> make_heuristic_bot() {
  return std::make_unique<HeuristicBot>();
}

namespace {

// For searches: the heuristic policy on the position itself, and each
// seat's standing by its score with this hand's bid reckoned in.
class OhHellHints final : public SearchHints {
 public:
  Action policy(const State& state, Seat seat, std::span<const Action>, Rng&) const override {
    return heuristic_action(static_cast<const OhHellState&>(state), seat);
  }
  void estimate(const State& state, std::span<double> value) const override {
    const auto& s = static_cast<const OhHellState&>(state);
    const Rules& r = s.rules();
    const int n = r.players;
    std::array<double, kMaxPlayers> projected{};
    const bool in_hand =
        s.phase() == OhHellState::Phase::kBid || s.phase() == OhHellState::Phase::kPlay;
    const int left = s.hand_size() - s.tricks_played();
    for (Seat p = 0; p < n; ++p) {
      projected[p] = s.score(p);
      if (!in_hand || s.bid(p) < 0) continue;
      const int bid = s.bid(p), taken = s.taken(p), need = bid - taken;
      if (need < 0 || need > left) {
        projected[p] += r.points(bid, need < 0 ? taken : taken + left);  // missed already
      } else {
        const int miss = need < left ? bid + 1 : bid - 1;
        projected[p] += 0.6 * r.points(bid, bid) + 0.4 * r.points(bid, std::max(0, miss));
      }
    }
    // The more hands to come, the less a lead now says.
    const int to_come = r.hands() - s.hands_done();
    const double scale =
        (r.scoring == Scoring::kPerTrick ? 12.0 : 6.0) * (1 + std::sqrt(std::max(0, to_come)));
    kit::standing_by_score(std::span<const double>(projected.data(), static_cast<std::size_t>(n)),
                           scale, value);
  }
};

}  // namespace

const SearchHints& search_hints() {
  static const OhHellHints h;
  return h;
}

namespace {
// Oh Hell! as the double-dummy solver reads it: a seat's own tricks, and
// its aim the exact bid.
kit::DdGame dd_game() {
  kit::DdGame g;
  g.position = [](const State& state, Seat seat) -> std::optional<kit::DdPosition> {
    const auto& s = static_cast<const OhHellState&>(state);
    if (s.phase() != OhHellState::Phase::kPlay) return std::nullopt;
    kit::DdPosition p;
    p.seats = s.rules().players;
    for (Seat h = 0; h < p.seats; ++h)
      for (Card c : s.hand(h)) p.hands[static_cast<std::size_t>(h)] |= kit::card_bit(c);
    p.set_trick(s.trick());
    p.trump = s.trump();
    p.side = static_cast<std::uint8_t>(1u << seat);
    return p;
  };
  g.card = [](const State&, Seat, Action a) {
    const std::optional<Move> m = Move::decode(a);
    return m && m->kind == Move::kPlay ? m->card : Card();
  };
  g.otherwise = [] { return make_heuristic_bot(); };
  // Only the exact bid scores: if it is between the fewest and the most
  // tricks the seat can take with the others against it, it can make it;
  // else it comes as near as it can.
  g.wanted = [](const State& state, Seat seat) {
    const auto& s = static_cast<const OhHellState&>(state);
    // Past the bid already: no count left to aim at.
    return std::max(-1, s.bid(seat) - s.taken(seat));
  };
  g.aim = "bid";
  g.value = [](const State& state, Seat seat, int fewest, int most) {
    const auto& s = static_cast<const OhHellState&>(state);
    const int bid = s.bid(seat), taken = s.taken(seat), need = bid - taken;
    const int ends = need > most ? taken + most : need < fewest ? taken + fewest : bid;
    return static_cast<double>(s.rules().points(bid, ends));
  };
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

}  // namespace parlour::oh_hell
