#include "games/lift_smoke/bots.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "games/lift_smoke/state.h"

namespace parlour::lift_smoke {
namespace {

using kit::card_bit;
using kit::CardBits;
using kit::high;

// Whether a card above `c` of its suit is unseen by a seat that knows `known`.
bool beatable(Card c, CardBits known) {
  for (int o = high(c) + 1; o <= 12; ++o) {
    const Card h = Card::standard(o == 12 ? kAce : Rank(o + 2), c.suit());
    if (!(known & card_bit(h))) return true;
  }
  return false;
}

class HeuristicBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    if (obs.legal().size() == 1) return obs.legal()[0];
    auto world = obs.sample(rng);
    if (!world) return obs.legal()[0];
    return heuristic_action(static_cast<const LiftSmokeState&>(*world), obs.seat());
  }
};

}  // namespace

Action heuristic_action(const LiftSmokeState& s, Seat me) {
  const Hand& h = s.hand(me);
  const kit::Trick& t = s.trick();
  const Suit trump = s.trump();
  const CardBits ok = kit::playable(std::span<const Card>(h.data(), h.size()), t);
  CardBits known = s.gone() | card_bit(s.turned());
  for (Card c : h) known |= card_bit(c);
  auto cost = [&](Card c) { return (c.suit() == trump ? 100 : 0) + high(c); };
  Card pick;
  int best = 0;
  auto consider = [&](Card c, int score) {
    if (!pick.valid() || score > best) pick = c, best = score;
  };
  if (t.empty()) {
    for (Card c : h) {
      if (!(ok & card_bit(c))) continue;
      if (!beatable(c, known)) {
        // A master: a trump cannot be beaten; a side card may still be trumped.
        consider(c, (c.suit() == trump ? 300 : 200) + high(c));
      } else {
        // Else the card likeliest to win: the highest of a side suit.
        consider(c, 100 + high(c) - (c.suit() == trump ? 50 : 0));
      }
    }
    return Move::play(pick).encode();
  }
  const Card winning = t.winning_card(trump);
  const bool last = t.count() == std::popcount(s.in()) - 1;
  for (Card c : h) {
    if (!(ok & card_bit(c))) continue;
    if (kit::beats(c, winning, trump)) {
      // The cheapest winning card when last or sure; before others, the
      // highest, to hold the trick.
      const bool sure = last || !beatable(c, known);
      consider(c, sure ? 300 - cost(c) : 200 + cost(c));
    } else {
      consider(c, -cost(c));
    }
  }
  return Move::play(pick).encode();
}

std::unique_ptr<Bot> make_heuristic_bot() {
  return std::make_unique<HeuristicBot>();
}

namespace {

// For searches: the heuristic policy; each seat's standing by the cards it
// holds against those still in, players already out by when they went out.
class LiftSmokeHints final : public SearchHints {
 public:
  Action policy(const State& state, Seat seat, std::span<const Action>, Rng&) const override {
    return heuristic_action(static_cast<const LiftSmokeState&>(state), seat);
  }
  // The draws from the stock decide far more than any one card played: with
  // ismcts:1000 against three heuristics, 1000 games, a tree over different
  // deals came out level with the heuristic (-0.029 [-0.061, +0.004]), while
  // the same search on the same deals finds the few moves that matter.
  bool same_deals() const override { return true; }
  void estimate(const State& state, std::span<double> value) const override {
    const auto& s = static_cast<const LiftSmokeState&>(state);
    const int n = s.rules().players;
    for (Seat p = 0; p < n; ++p) {
      double beaten = 0;
      for (Seat q = 0; q < n; ++q) {
        if (q == p) continue;
        if (s.terminal()) {
          const int a = p == s.winner() ? 1000 : s.out_at(p);
          const int b = q == s.winner() ? 1000 : s.out_at(q);
          beaten += a > b ? 1 : a == b ? 0.5 : 0;
        } else if (!s.is_in(p)) {
          beaten += !s.is_in(q) ? (s.out_at(p) > s.out_at(q)    ? 1
                                   : s.out_at(p) == s.out_at(q) ? 0.5
                                                                : 0)
                                : 0;
        } else if (!s.is_in(q)) {
          beaten += 1;
        } else {
          const double d = static_cast<double>(s.hand(p).size()) - s.hand(q).size();
          beaten += 1 / (1 + std::exp(-d / 1.5));
        }
      }
      value[p] = beaten / (n - 1);
    }
  }
};

}  // namespace

namespace {

// Lift Smoke with every hand seen: the chance that `me` outlasts the others
// when every other player plays against it. With two players that is the
// game itself; with more, the others in league (which at the table they are
// not). The stock's order is as unknown to the players as it is to the
// bot, so it is not read from the deal: each draw is every card left in the
// stock in turn, equally likely (a search that knew what each trick's
// winner will draw would play for cards nobody can count on). A position's
// outcome comes from playing the game's own rules on copies of the state.
// No table: a game of two ends within three tricks of any position; bigger
// ones are cut off by the budget.
class Search {
 public:
  Search(Seat me, std::uint64_t nodes, const std::function<bool()>& stop)
      : me_(me), limit_(nodes), stop_(stop) {}

  // The chance, or -1 where the search stopped.
  double wins(const LiftSmokeState& s) {
    if (s.phase() == LiftSmokeState::Phase::kOver) return s.winner() == me_ ? 1 : 0;
    if (stopped_ || (limit_ && count_ >= limit_) || ((count_ & 0xfff) == 0 && stop_ && stop_()))
      return stopped_ = true, -1;
    ++count_;
    const Seat seat = s.to_move();
    std::vector<Action> legal;
    s.legal_actions(seat, legal);
    const bool mine = seat == me_;
    double best = mine ? 0 : 1;
    for (Action a : legal) {
      const double r = after(s, seat, a);
      if (r < 0) return -1;
      best = mine ? std::max(best, r) : std::min(best, r);
      if (best == (mine ? 1 : 0)) break;  // it cannot do better
    }
    return best;
  }

  // The chance after `seat` plays `a`: where the card ends a trick whose
  // winner draws and the game goes on, the mean over the cards he may draw.
  double after(const LiftSmokeState& s, Seat seat, Action a) {
    LiftSmokeState next = s;
    next.apply(seat, a);
    const std::size_t left = s.stock().size();
    if (next.stock().size() == left || next.phase() == LiftSmokeState::Phase::kOver)
      return wins(next);
    double sum = 0;
    for (std::size_t i = 0; i < left; ++i) {
      LiftSmokeState drawn = s;
      // The top of the stock is its last card.
      std::swap(drawn.mutable_stock()[i], drawn.mutable_stock()[left - 1]);
      drawn.apply(seat, a);
      const double r = wins(drawn);
      if (r < 0) return -1;
      sum += r;
    }
    return sum / static_cast<double>(left);
  }
  std::uint64_t count() const { return count_; }

 private:
  Seat me_;
  std::uint64_t limit_, count_ = 0;
  const std::function<bool()>& stop_;
  bool stopped_ = false;
};

// A deal no search settles within this many positions is given up: the
// first cards of a game of several, where the budget would only be spent.
constexpr std::uint64_t kDealBudget = 200'000;

kit::DdGame dd_game() {
  kit::DdGame g;
  g.card = [](const State&, Seat, Action a) {
    const std::optional<Move> m = Move::decode(a);
    return m ? m->card : Card();
  };
  g.otherwise = [] { return make_heuristic_bot(); };
  g.solve = [](const State& state, Seat seat, std::uint64_t nodes,
               const std::function<bool()>& stop,
               std::uint64_t& searched) -> std::optional<std::array<std::int8_t, 52>> {
    const auto& s = static_cast<const LiftSmokeState&>(state);
    Search search(seat, nodes ? std::min(nodes, kDealBudget) : kDealBudget, stop);
    std::array<std::int8_t, 52> out;
    out.fill(-1);
    std::vector<Action> legal;
    s.legal_actions(seat, legal);
    for (Action a : legal) {
      const double r = search.after(s, seat, a);
      searched = search.count();
      if (r < 0) return std::nullopt;
      out[Move::decode(a)->card.index()] = static_cast<std::int8_t>(std::lround(100 * r));
    }
    return out;
  };
  g.measured =
      "its chance in hundredths of outlasting the others with every hand seen (every other "
      "player against it, the draws unknown)";
  g.keep_margin = 10;
  return g;
}

}  // namespace

std::unique_ptr<Bot> make_dd_sample_bot(kit::DdSampleOptions options) {
  return kit::make_dd_sample_bot(dd_game(), options);
}

const SearchHints& search_hints() {
  static const LiftSmokeHints h;
  return h;
}

}  // namespace parlour::lift_smoke
