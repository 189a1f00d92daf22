// Farmer's options and preset, each option with its source; its bot, search
// hints and resampler.
#include <algorithm>
#include <array>
#include <cmath>

#include "games/farmer/optimal.h"
#include "games/farmer/state.h"
#include "kit/policy.h"
#include "rules_text.h"

namespace parlour::farmer {
namespace {

const std::vector<OptionSpec>& specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> s = {
      {"price",
       T::kInt,
       0,
       100,
       {},
       12,
       "counters the farmer puts into the farm he buys, beside the counter each player puts in",
       "Foster's Complete Hoyle, Farmer: the farm \"is sold to the highest bidder, who must put "
       "into it the price he pays for it\"; a fixed price in place of the auction: our reading",
       "Price of the farm"},
      {"counters",
       T::kInt,
       1,
       100000,
       {},
       50,
       "counters each player starts with (a player may owe: his balance may fall below nothing)",
       "Foster's Complete Hoyle, Vingt-et-un: \"Each player is provided with a certain number of "
       "counters, usually 25 or 50\"",
       "Starting counters"},
      {"deals",
       T::kInt,
       1,
       500,
       {},
       12,
       "deals in a match; the match is played on until the farm then standing is won",
       "our reading: Foster sets no end; \"the farm stays with its original owner deal after "
       "deal, until exactly 16 is held by some player\", so no farm is left unsold",
       "Deals"},
      {"new-farmer",
       T::kChoice,
       0,
       0,
       {"six-of-hearts", "winner", "left"},
       0,
       "who buys the farm once it is won: six-of-hearts, the player the six of hearts falls to "
       "when cards are dealt round again; winner, the player who won the farm; left, the player "
       "on the last farmer's left",
       "Foster, Farmer: \"When the farm is won, it is emptied, and resold as in the "
       "beginning\"; winner: Foster's Vingt-et-un, \"The old rule was for one player to continue "
       "to act as banker ... until one of his adversaries held a natural ... the player who held "
       "the natural took the bank\"; left: Foster's Vingt-et-un, \"The modern practice is for "
       "each player to be the banker in turn, the deal passing in regular rotation to the left\"",
       "New farmer"},
  };
  return s;
}

Status validate(const Config& c) {
  if (c.players < 2 || c.players > kMaxPlayers)
    return Status::error(
        "Farmer is for 2 to 12 players (a farmer and 1 to 11 others, as many as the 45 cards "
        "always serve), not " +
        std::to_string(c.players));
  return {};
}

// The 45 cards by their points (index 1 to 10): four each of ace to 5, 7 and
// 9, the six of hearts alone, no 8, and sixteen tens and court cards.
constexpr std::array<int, 11> kByPoints = {0, 4, 4, 4, 4, 4, 1, 4, 0, 4, 16};

// How often another hand ends above `x` without overdrawing, by x (0 to 16):
// from the heuristic player's own hands in self-play at four players.
constexpr std::array<double, 17> kAbove = {0.70, 0.70, 0.70, 0.70, 0.70, 0.70, 0.70, 0.70, 0.65,
                                           0.65, 0.59, 0.47, 0.36, 0.25, 0.15, 0.06, 0.0};

// The heuristic player. What a final count is worth, roughly, in counters: 16
// the farm and a counter from each of the others; under 16 a counter from
// each of the others if it is nearest, or one paid to the nearest; over 16 a
// counter a point over, and one to the nearest. It looks ahead over the cards
// it has not seen (the pack less its own hand), standing where the count now
// is worth more than drawing on as well as it can.
Action heuristic_action(const FarmerState& s, Seat me, std::span<const Action> legal) {
  if (legal.size() == 1) return legal[0];
  std::array<int, 11> unseen = kByPoints;
  int left = kPackSize;
  for (Card c : s.hand(me)) --unseen[static_cast<std::size_t>(points(c))], --left;
  const int others = s.rules().players - 2;  // besides me and the farmer
  const double farm = s.farm();
  auto worth = [&](int x) {
    const double owe = others > 0 ? 1.0 : 0.0;
    if (x > kTarget) return -(x - kTarget) - owe;
    const double near = std::pow(1 - kAbove[static_cast<std::size_t>(x)], others);
    return near * others - (1 - near) * owe + (x == kTarget ? farm : 0.0);
  };
  std::array<double, kTarget + 11> best{};
  for (int t = kTarget + 10; t >= 0; --t) {
    best[static_cast<std::size_t>(t)] = worth(t);
    if (t >= kTarget) continue;
    double draw = 0;
    for (int p = 1; p <= 10; ++p)
      draw += unseen[static_cast<std::size_t>(p)] * best[static_cast<std::size_t>(t + p)];
    best[static_cast<std::size_t>(t)] = std::max(worth(t), draw / left);
  }
  const int t = s.total(me);
  return best[static_cast<std::size_t>(t)] > worth(t) ? Move::take().encode()
                                                      : Move::stand().encode();
}

// The cards to come decide far more than one choice: a search compares its
// moves on the same deals.
using Bot_ = kit::PolicyBot<FarmerState, heuristic_action>;
using Hints = kit::ChipHints<FarmerState, heuristic_action>;

// Whether a hand may lie as dealt: a player who took a card after the one
// he had to take held 15 or less before it.
bool consistent(const Card* cards, std::size_t n) {
  if (n < 3) return true;
  int t = 0;
  for (std::size_t i = 0; i + 1 < n; ++i) t += points(cards[i]);
  return t < kTarget;
}

// The hands a seat cannot see, and the pack, are dealt afresh: each hand as
// many cards as it holds, none of them one that would have stopped it
// drawing. The cards are sorted first, so that the sample depends on which
// cards are hidden, not where they lie.
class Sampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<FarmerState>(static_cast<const FarmerState&>(state));
    out->forget_last_event();
    const int n = out->rules().players;
    std::vector<Card> pool;
    std::array<bool, kMaxPlayers> hidden{};
    for (Seat p = 0; p < n; ++p) {
      hidden[static_cast<std::size_t>(p)] = p != seat && !out->shown() && !out->hand(p).empty();
      if (hidden[static_cast<std::size_t>(p)])
        pool.insert(pool.end(), out->hand(p).begin(), out->hand(p).end());
    }
    pool.insert(pool.end(), out->stock().begin(), out->stock().end());
    std::sort(pool.begin(), pool.end());
    for (int attempt = 0; attempt < 100; ++attempt) {
      std::vector<Card> rest = pool;
      bool ok = true;
      for (Seat p = 0; p < n && ok; ++p) {
        if (!hidden[static_cast<std::size_t>(p)]) continue;
        Hand& h = out->mutable_hand(p);
        // Random cards from the rest, chosen again while they could not lie so.
        ok = false;
        for (int tries = 0; tries < 200 && !ok; ++tries) {
          for (std::size_t i = 0; i < h.size(); ++i)
            std::swap(rest[i], rest[i + rng.below(static_cast<std::uint32_t>(rest.size() - i))]);
          ok = consistent(rest.data(), h.size());
        }
        if (!ok) break;
        std::copy(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(h.size()), h.begin());
        rest.erase(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(h.size()));
      }
      if (!ok) continue;
      rng.shuffle(std::span<Card>(rest));
      std::copy(rest.begin(), rest.end(), out->mutable_stock().begin());
      return out;
    }
    return nullptr;  // never in practice: the real deal is one
  }
};

}  // namespace

Rules Rules::from(const Config& c) {
  const Options& o = c.options;
  Rules r;
  r.players = c.players;
  r.price = o.get("price");
  r.counters = o.get("counters");
  r.deals = o.get("deals");
  r.new_farmer = NewFarmer(o.get("new-farmer"));
  return r;
}

Action heuristic_for_test(const FarmerState& s, Seat me, std::span<const Action> legal) {
  return heuristic_action(s, me, legal);
}

GameInfo game_info() {
  static const Hints hints(5.0, /*same_deals=*/true);
  static const Sampler sampler;
  static const Odds odds;
  GameInfo g;
  g.name = "farmer";
  g.title = "Farmer";
  g.summary = "A 45-card pack: make exactly 16 to win the farm; hands over 16 pay the farmer";
  g.rules = kRulesText;
  g.min_players = 2, g.max_players = kMaxPlayers, g.default_players = 4;
  g.options = specs();
  g.presets = {
      {"farmer",
       "Farmer, seed 003 and Foster: the farm sold by the six of hearts, exactly 16 takes it, "
       "overdraws pay the farmer",
       {},
       2,
       kMaxPlayers,
       4},
  };
  g.bots = {{"heuristic",
             "looks ahead over the cards it has not seen and stands where its count is worth "
             "more than drawing on: 16 the farm, the nearest 16 a counter from each, a counter "
             "a point over 16",
             [] { return std::unique_ptr<Bot>(std::make_unique<Bot_>()); }},
            {"optimal",
             "draws where drawing on is worth more than standing, every card it has not seen "
             "weighed: heads-up the exact best play; with more players the best answer to the "
             "others as the model's equilibrium plays them (solve.h), those before it read by "
             "the cards they took",
             [] { return std::unique_ptr<Bot>(std::make_unique<OptimalBot>()); }}};
  g.validate = validate;
  g.new_game = state_factory<FarmerState, Rules>();
  // Move::encode: take 1, stand 2.
  g.bounds = [](const Config& c) { return Bounds{3, c.players + 2, 0}; };
  g.resampler = &sampler;
  g.exact_odds = &odds;
  g.search = &hints;
  return g;
}

}  // namespace parlour::farmer
