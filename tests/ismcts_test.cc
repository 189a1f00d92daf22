// The search bot for any game (bots/ismcts.h): its budgets, the result it
// backs up, that it is reproducible, and that a game's hints may keep a
// decision for their policy.
#include "bots/ismcts.h"

#include <gtest/gtest.h>

#include <memory>

#include "conformance.h"
#include "core/registry.h"

namespace parlour {
namespace {

TEST(Ismcts, ParsesABudgetOfIterationsOrSeconds) {
  EXPECT_EQ(parse_ismcts("ismcts")->iterations, IsmctsOptions{}.iterations);
  EXPECT_EQ(parse_ismcts("ismcts:5000")->iterations, 5000);
  EXPECT_EQ(parse_ismcts("ismcts:2s")->seconds, 2.0);
  EXPECT_EQ(parse_ismcts("ismcts:0.5s")->seconds, 0.5);
  for (const char* bad : {"ismcts:", "ismcts:0", "ismcts:1.5", "ismcts:-3", "ismcts:x", "ismcts:0s",
                          "ismcts:601s", "ismcts:99999999999", "ismct", "random"})
    EXPECT_FALSE(parse_ismcts(bad).has_value()) << bad;
}

TEST(Ismcts, RewardsByTheKindOfResult) {
  Outcome loser{OutcomeKind::kLoser, {0, -1, 0}, {1, 3, 1}, "", 0, {}};
  EXPECT_EQ(seat_reward(loser, 0), 1.0);
  EXPECT_EQ(seat_reward(loser, 1), 0.0);
  Outcome places{OutcomeKind::kRanking, {}, {2, 1, 3}, "", 0, {}};
  EXPECT_EQ(seat_reward(places, 1), 1.0);
  EXPECT_EQ(seat_reward(places, 0), 0.5);
  EXPECT_EQ(seat_reward(places, 2), 0.0);
}

// A position of `game` where seat `seat` has a real choice, reached by
// random play from `seed`.
std::unique_ptr<State> decision(std::string_view game, int players, std::uint64_t seed,
                                Seat& seat) {
  const GameInfo* g = find_game(game);
  auto s = g->new_game(testing::test_config(game, players));
  Rng rng(seed);
  std::vector<Action> legal;
  for (int step = 0; step < 400 && !s->terminal(); ++step) {
    if (s->chance()) {
      s->apply_chance(rng);
      continue;
    }
    const Actors a = s->actors();
    for (seat = 0; !a.has(seat); ++seat) {
    }
    s->legal_actions(seat, legal);
    if (legal.size() > 1 && step > 8) return s;
    s->apply(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  ADD_FAILURE() << "no decision reached in " << game;
  return s;
}

TEST(Ismcts, TheSameSeedGivesTheSameMove) {
  for (std::string_view game :
       {"cheat", "paskahousu", "verish-ne-verish", "chase-the-ace", "lift-smoke", "oh-hell"}) {
    const GameInfo* g = find_game(game);
    Seat seat = 0;
    auto s = decision(game, 3, 11, seat);
    std::vector<Action> legal;
    s->legal_actions(seat, legal);
    const Observation obs(*s, seat, g->resampler, legal);
    auto bot = make_ismcts_bot({.iterations = 200}, g->search);
    Rng a(5, 1), b(5, 1);
    EXPECT_EQ(bot->act(obs, a), bot->act(obs, b)) << game;
  }
}

// Hints whose policy plays the last legal move and whose estimate leaves
// every seat at a half: they count what is asked. `keep`: every decision is
// kept for the policy; `same`: the search is on the same deals.
class Counting final : public SearchHints {
 public:
  Counting(bool keep, bool same, bool settled = false)
      : keep_(keep), same_(same), settled_(settled) {}
  mutable int policies = 0, estimates = 0;
  Action policy(const State&, Seat, std::span<const Action> legal, Rng&) const override {
    ++policies;
    return legal.back();
  }
  void estimate(const State&, std::span<double>) const override { ++estimates; }
  bool overrule(const State&, Seat) const override { return !keep_; }
  bool same_deals() const override { return same_; }
  bool settled(const State&) const override { return settled_; }

 private:
  bool keep_, same_, settled_;
};

TEST(Ismcts, HintsMayKeepADecisionForTheirPolicy) {
  const GameInfo* g = find_game("cheat");
  Seat seat = 0;
  auto s = decision("cheat", 3, 4, seat);
  std::vector<Action> legal;
  s->legal_actions(seat, legal);
  const Observation obs(*s, seat, g->resampler, legal);
  Counting hints(/*keep=*/true, /*same=*/false);
  auto bot = make_ismcts_bot({.iterations = 500}, &hints);
  Rng rng(1);
  EXPECT_EQ(bot->act(obs, rng), legal.back());
  EXPECT_EQ(hints.policies, 1);  // asked once, and no search was made
  EXPECT_EQ(hints.estimates, 0);
}

// A decision of four at Lift Smoke: the state, the seat to choose and its
// legal moves (more than one).
struct LiftSmokeDecision {
  std::unique_ptr<State> state;
  Seat seat = 0;
  std::vector<Action> legal;
};
LiftSmokeDecision lift_smoke_decision() {
  LiftSmokeDecision c;
  c.state = decision("lift-smoke", 4, 3, c.seat);
  c.state->legal_actions(c.seat, c.legal);
  return c;
}

// On the same deals, with play-outs cut short at once and every move scored
// alike: the policy's move must stand, and every root move is played out once
// from each deal.
TEST(Ismcts, OnTheSameDealsEveryMoveIsPlayedFromEachDealAndTiesKeepThePolicy) {
  const LiftSmokeDecision c = lift_smoke_decision();
  const std::vector<Action>& legal = c.legal;
  ASSERT_GT(legal.size(), 1u);
  const Observation obs(*c.state, c.seat, find_game("lift-smoke")->resampler, legal);
  Counting hints(/*keep=*/false, /*same=*/true);
  auto bot = make_ismcts_bot({.iterations = 301, .depth = 0}, &hints);
  Rng rng(1);
  EXPECT_EQ(bot->act(obs, rng), legal.back());
  const int k = static_cast<int>(legal.size());
  EXPECT_EQ(hints.estimates, (301 + k - 1) / k * k);  // whole deals: k moves each
  EXPECT_EQ(hints.policies, 1);  // the root's; the play-outs stop before a move
}

// A search stops where the hints call the position settled, however many
// moves the depth allows, on the same deals and in the tree: with every
// position settled, it asks the policy for no move beyond the root's (and, in
// the tree, one for each child it adds there), and scores each try by the
// estimate; without, the play-outs move on.
TEST(Ismcts, ASearchStopsWhereTheHintsCallThePositionSettled) {
  const LiftSmokeDecision c = lift_smoke_decision();
  const std::vector<Action>& legal = c.legal;
  ASSERT_GT(legal.size(), 1u);
  const int k = static_cast<int>(legal.size());
  const Observation obs(*c.state, c.seat, find_game("lift-smoke")->resampler, legal);
  for (const bool same : {true, false}) {
    for (const bool settled : {false, true}) {
      Counting hints(/*keep=*/false, same, settled);
      auto bot = make_ismcts_bot({.iterations = 60, .depth = 60}, &hints);
      Rng rng(1);
      (void)bot->act(obs, rng);
      const int asked = same ? 1 : 1 + k;  // the root's; in the tree, each child's
      if (settled) {
        EXPECT_EQ(hints.policies, asked) << "same deals " << same;
        EXPECT_EQ(hints.estimates, same ? (60 + k - 1) / k * k : 60) << "same deals " << same;
      } else {
        EXPECT_GT(hints.policies, asked) << "same deals " << same;  // the play-outs moved on
      }
    }
  }
}

}  // namespace
}  // namespace parlour
