// Every solver against a plain search of the rules (issue 36: "proofs are
// checked"): on positions met in random play of seeded deals of every game
// with a solver and every preset, each verdict that both decide agrees.
// The plain search shares nothing of a solver but the rules: depth first
// over the game's own legal actions, each position met once by the game's
// whole-position hash (StateHash), no move pruned, no position folded.
#include <gtest/gtest.h>

#include <cstdio>
#include <unordered_set>

#include "conformance.h"
#include "core/registry.h"

namespace parlour {
namespace {

SolveReport::Verdict plain_search(const GameInfo& g, const State& root, std::size_t most) {
  std::unordered_set<std::uint64_t> seen{g.hash->hash(root)};
  std::vector<std::unique_ptr<State>> open;
  open.push_back(root.clone());
  std::vector<Action> legal;
  while (!open.empty()) {
    std::unique_ptr<State> s = std::move(open.back());
    open.pop_back();
    if (s->terminal()) {
      if (s->outcome().won(0)) return SolveReport::kWon;
      continue;
    }
    if (s->chance()) return SolveReport::kUnknown;  // not a position a solver takes
    s->legal_actions(0, legal);
    for (Action a : legal) {
      std::unique_ptr<State> t = s->clone();
      t->apply(0, a);
      if (!seen.insert(g.hash->hash(*t)).second) continue;
      if (seen.size() > most) return SolveReport::kUnknown;
      open.push_back(std::move(t));
    }
  }
  return SolveReport::kLost;
}

TEST(Solvers, EverySolverAgreesWithAPlainSearchOfTheRules) {
  for (const Selection& sel : all_selections()) {
    const GameInfo& g = *sel.game;
    // Klondike's endgames are checked against its own plain search, which
    // knows which positions are alike (klondike_test): here, by the whole
    // hash, the redeals it counts make its positions without end.
    if (!g.solver || g.name == "klondike") continue;
    const Config config = *make_config(sel, 1, {});
    int decided = 0, won = 0, lost = 0;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
      std::unique_ptr<State> s = g.new_game(config);
      Rng chance(seed, kChanceStream), play(seed, 11);
      std::vector<Action> legal;
      // Random moves, many of them: late positions are small enough for
      // the plain search.
      const int steps = static_cast<int>(play.below(200));
      for (int i = 0; i < steps && !s->terminal(); ++i) {
        if (s->chance()) {
          s->apply_chance(chance);
          continue;
        }
        s->legal_actions(0, legal);
        s->apply(0, legal[play.below(static_cast<std::uint32_t>(legal.size()))]);
      }
      if (s->terminal() || s->chance()) continue;
      SolveLimits lim;
      lim.max_nodes = 2'000'000;
      lim.reading_hidden_cards = true;
      Result<SolveReport> r = g.solver->solve(*s, lim);
      ASSERT_TRUE(r.ok()) << sel.name() << ": " << r.message();
      const SolveReport::Verdict plain = plain_search(g, *s, 200'000);
      if (r->verdict == SolveReport::kUnknown || plain == SolveReport::kUnknown) continue;
      ++decided;
      (plain == SolveReport::kWon ? won : lost)++;
      EXPECT_EQ(r->verdict, plain) << sel.name() << " seed " << seed;
    }
    std::printf("%s: %d positions decided by both, %d won, %d lost\n",
                std::string(sel.name()).c_str(), decided, won, lost);
    std::fflush(stdout);
    EXPECT_GE(decided, 10) << sel.name() << ": too few positions decided to check anything";
    EXPECT_GE(lost, 3) << sel.name() << ": no lost position to check a proof of loss on";
  }
}

}  // namespace
}  // namespace parlour
