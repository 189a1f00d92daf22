// Earl of Coventry's options and presets, each option with its source; its
// bot, search hints and resampler.
#include <algorithm>
#include <array>

#include "games/earl_of_coventry/state.h"
#include "kit/deal.h"
#include "kit/standing.h"
#include "rules_text.h"

namespace parlour::earl_of_coventry {
namespace {

const std::vector<OptionSpec>& specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> s = {
      {"words",
       T::kChoice,
       0,
       0,
       {"rhyme", "snip"},
       0,
       "what a player says with each card of a round: the Earl of Coventry's rhyme, or Snip "
       "Snap Snorem's words",
       "seed 003: \"accompanying the action with a rhyme ... This game is sometimes called Snip "
       "Snap Snorem, by those who are not of a poetical turn of mind\"",
       "Words"},
      {"deals",
       T::kInt,
       1,
       20,
       {},
       1,
       "deals in a match, the deal passing to the left; the counters carry from deal to deal",
       "our reading: seed 003 pays counters at the end of a deal and is silent on how many",
       "Deals"},
  };
  return s;
}

// Which rank to lead: the one of which it holds the most (it may then match
// its own lead when the turn comes round, and be the Earl), and among those
// the rank with the fewest cards still out in other hands.
Action lead_choice(const EarlState& s, Seat me) {
  std::array<int, RANK_NB> mine{};
  for (Card c : s.hand(me)) ++mine[c.rank()];
  Card best = s.hand(me)[0];
  int best_score = -1000;
  for (Card c : s.hand(me)) {
    const int others = s.unplayed(c.rank()) - mine[c.rank()];
    const int score = 10 * mine[c.rank()] - others;
    if (score > best_score) best_score = score, best = c;
  }
  return Move::play(best).encode();
}

Action heuristic_action(const EarlState& s, Seat me, std::span<const Action> legal) {
  if (legal.size() == 1 || s.round_rank() != kNoRank) return legal[0];
  return lead_choice(s, me);
}

class HeuristicBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    if (obs.legal().size() == 1) return obs.legal()[0];
    // Leads read only the seat's own hand and how many of a rank are still
    // out: a sample deals the rest afresh and changes nothing it reads.
    auto world = obs.sample(rng);
    return heuristic_action(static_cast<const EarlState&>(*world), obs.seat(), obs.legal());
  }
};

class Hints final : public SearchHints {
 public:
  Action policy(const State& state, Seat seat, std::span<const Action> legal, Rng&) const override {
    return heuristic_action(static_cast<const EarlState&>(state), seat, legal);
  }
  // The counters a seat may expect: fewer cards than the others is better.
  void estimate(const State& state, std::span<double> value) const override {
    const auto& s = static_cast<const EarlState&>(state);
    const int n = s.rules().players;
    std::array<double, kMaxPlayers> held{};
    for (Seat p = 0; p < n; ++p)
      held[static_cast<std::size_t>(p)] = static_cast<double>(s.hand(p).size());
    kit::standing_by_cards(std::span<const double>(held.data(), static_cast<std::size_t>(n)),
                           value);
  }
};

// The other hands are dealt afresh, each its size, none given a rank its
// holder has shown it lacks.
class Sampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<EarlState>(static_cast<const EarlState&>(state));
    out->forget_last_event();
    if (out->phase() != EarlState::Phase::kPlay) return out;
    const int n = out->rules().players;
    std::vector<Card> hidden;
    std::vector<int> room(static_cast<std::size_t>(n), 0);
    for (Seat p = 0; p < n; ++p) {
      if (p == seat) continue;
      hidden.insert(hidden.end(), out->hand(p).begin(), out->hand(p).end());
      room[static_cast<std::size_t>(p)] = static_cast<int>(out->hand(p).size());
    }
    std::vector<std::vector<Card>> dealt;
    const bool ok = kit::deal_where_allowed(
        hidden, room, [&](Seat p, Card c) { return !(out->lacks(p) >> c.rank() & 1); }, rng, dealt);
    if (!ok) return nullptr;  // cannot happen: the real deal is one
    for (Seat p = 0; p < n; ++p) {
      if (p == seat) continue;
      Hand& h = out->mutable_hand(p);
      h.clear();
      for (Card c : dealt[static_cast<std::size_t>(p)]) h.push_back(c);
      std::sort(h.begin(), h.end());
    }
    return out;
  }
};

}  // namespace

Rules Rules::from(const Config& c) {
  Rules r;
  r.players = c.players;
  r.words = Words(c.options.get("words"));
  r.deals = c.options.get("deals");
  return r;
}

GameInfo game_info() {
  static const Hints hints;
  static const Sampler sampler;
  GameInfo g;
  g.name = "earl-of-coventry";
  g.title = "Earl of Coventry";
  g.summary = "Match the rank laid, with a rhyme; the fourth card, the Earl, leads; first out wins";
  g.rules = kRulesText;
  // "Any number of persons may play": two at the least, and at most twelve,
  // so that each holds four cards or more.
  g.min_players = 2, g.max_players = kMaxPlayers, g.default_players = 4;
  g.options = specs();
  g.presets = {
      {"earl-of-coventry",
       "Earl of Coventry (seed 003): match the rank with a rhyme, and the Earl leads",
       {},
       2,
       kMaxPlayers,
       4},
      {"snip-snap-snorem",
       "Snip Snap Snorem: the same game, with snip, snap and snorem for the rhyme",
       {{"words", "snip"}},
       2,
       kMaxPlayers,
       4},
      {"earl-of-coventry-match",
       "Earl of Coventry over five deals, the counters carried from deal to deal",
       {{"deals", "5"}},
       2,
       kMaxPlayers,
       4},
  };
  g.bots = {{"heuristic", "leads the rank it holds most of, to match its own lead and be the Earl",
             [] { return std::unique_ptr<Bot>(std::make_unique<HeuristicBot>()); }}};
  g.new_game = state_factory<EarlState, Rules>();
  // Move::encode: a card's index, or 100 to pass.
  g.bounds = [](const Config& c) { return Bounds{101, c.players + 2, 0}; };
  g.resampler = &sampler;
  g.search = &hints;
  return g;
}

}  // namespace parlour::earl_of_coventry
