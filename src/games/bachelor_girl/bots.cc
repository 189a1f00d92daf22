#include "games/bachelor_girl/bots.h"

#include <algorithm>
#include <cassert>
#include <limits>

#include "games/bachelor_girl/state.h"

namespace parlour::bachelor_girl {
namespace {

// How many cards of the card's class the seat to move cannot see: the chance
// that somebody holds its match and takes it when it is laid.
int unseen_matches(const BachelorGirlState& s, Card c) {
  const Rules& r = s.rules();
  const Seat me = s.turn();
  int total = 0;
  for (Card d : r.deck_cards()) total += !r.wild(d) && r.cls(d) == r.cls(c);
  int seen = 0;
  for (Card d : s.hand_of(me)) seen += !r.wild(d) && r.cls(d) == r.cls(c);
  for (Seat p = 0; p < r.players; ++p) {
    for (const LaidPair& lp : s.front(p).pairs)
      for (Card d : {lp.a, lp.b}) seen += !r.wild(d) && r.cls(d) == r.cls(c);
    for (Card d : s.front(p).singles) seen += !r.wild(d) && r.cls(d) == r.cls(c);
  }
  return total - seen;
}

bool lies_single_elsewhere(const BachelorGirlState& s, Card c) {
  const Rules& r = s.rules();
  for (Seat p = 0; p < r.players; ++p) {
    if (p == s.turn()) continue;
    for (Card d : s.front(p).singles)
      if (!r.wild(d) && r.cls(d) == r.cls(c)) return true;
  }
  return false;
}

class GreedyBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    if (obs.view().choices.size() == 1) return obs.view().choices[0].action;
    auto world = obs.sample(rng);  // same hand and table as the real one
    return greedy_action(dynamic_cast<const BachelorGirlState&>(*world));
  }
};

class SearchBot final : public Bot {
 public:
  explicit SearchBot(int samples) : samples_(samples) {}

  Action act(const Observation& obs, Rng& rng) override {
    const auto& choices = obs.view().choices;
    if (choices.size() == 1) return choices[0].action;
    const Seat me = obs.seat();
    std::vector<double> value(choices.size(), 0.0);
    for (int k = 0; k < samples_; ++k) {
      auto world = obs.sample(rng);
      if (!world) continue;
      for (std::size_t i = 0; i < choices.size(); ++i) {
        BachelorGirlState w = dynamic_cast<const BachelorGirlState&>(*world);
        w.apply(choices[i].action);
        while (w.to_move() >= 0) w.apply(greedy_action(w));  // to the end of the hand
        int best_other = std::numeric_limits<int>::min();
        for (Seat p = 0; p < w.rules().players; ++p)
          if (p != me) best_other = std::max(best_other, w.score(p));
        value[i] += w.score(me) - best_other;
      }
    }
    return choices[std::max_element(value.begin(), value.end()) - value.begin()].action;
  }

 private:
  int samples_;
};

}  // namespace

Action greedy_action(const BachelorGirlState& s) {
  std::vector<Action> legal;
  s.legal_actions(legal);
  assert(!legal.empty());
  if (legal.size() == 1) return legal[0];
  // Preferences in order; the first kind present wins.
  auto first_of = [&](Move::Kind k) -> std::optional<Move> {
    std::optional<Move> best;
    for (Action a : legal) {
      const Move m = *Move::decode(a);
      if (m.kind != k) continue;
      // Between takes, take from the leader.
      if (!best || ((k == Move::kTake || k == Move::kTakeWild) && s.score(m.seat) > s.score(best->seat))) best = m;
    }
    return best;
  };
  for (Move::Kind k : {Move::kClaim, Move::kSwap, Move::kLayPair, Move::kTake, Move::kTakeWild})
    if (auto m = first_of(k)) return m->encode();
  // Laying a single: never an error someone can claim, then the rarest match.
  std::optional<Move> best;
  int best_cost = std::numeric_limits<int>::max();
  for (Action a : legal) {
    const Move m = *Move::decode(a);
    if (m.kind != Move::kLaySingle) continue;
    const int cost = s.rules().wild(m.card) ? 5000 : (lies_single_elsewhere(s, m.card) ? 1000 : 0) + unseen_matches(s, m.card);
    if (cost < best_cost) best_cost = cost, best = m;
  }
  if (best) return best->encode();
  for (Move::Kind k : {Move::kDraw, Move::kDone, Move::kPass})
    if (auto m = first_of(k)) return m->encode();
  return legal[0];
}

std::unique_ptr<Bot> make_greedy_bot() { return std::make_unique<GreedyBot>(); }
std::unique_ptr<Bot> make_search_bot(int samples) { return std::make_unique<SearchBot>(samples); }

}  // namespace parlour::bachelor_girl
