// Monte Carlo: a test for each sentence of seed 002 (002_6b7a1a89f58223bd.txt)
// on the game, or for the reading rules.md documents; then undo, the solver
// and the harness.
#include <gtest/gtest.h>

#include <algorithm>

#include "conformance.h"
#include "core/deck.h"
#include "core/registry.h"
#include "games/monte_carlo/state.h"

namespace parlour::monte_carlo {
namespace {

using testing::card;

MonteCarloState fresh(const std::vector<std::string>& opts = {}) {
  return MonteCarloState(Rules::from(testing::test_config("monte-carlo", 1, opts)));
}

// The 52 cards with `first` in the first cells (row by row), the rest in
// the pack's order.
MonteCarloState dealt(const std::vector<const char*>& first,
                      const std::vector<std::string>& opts = {}) {
  std::vector<Card> cards;
  for (const char* n : first) cards.push_back(card(n));
  for (Card c : standard_deck())
    if (std::find(cards.begin(), cards.end(), c) == cards.end()) cards.push_back(c);
  MonteCarloState s = fresh(opts);
  s.set_deal(cards);
  return s;
}

std::vector<Move> moves_of(const MonteCarloState& s) {
  std::vector<Move> m;
  s.moves(m);
  return m;
}

bool has(const std::vector<Move>& ms, Move m) {
  return std::find(ms.begin(), ms.end(), m) != ms.end();
}

TEST(MonteCarloSeed, FiveByFiveFaceUpAndTwentySevenInTheStock) {
  MonteCarloState s = fresh();
  Rng rng(1);
  s.apply_chance(rng);
  for (int c = 0; c < kCells; ++c) EXPECT_NE(s.at(c), kGap);
  EXPECT_EQ(s.stock().size(), 27u);
  const View v = s.view(0);
  EXPECT_EQ(v.zones[0].layout, Layout::kGrid);
  EXPECT_EQ(v.zones[0].columns, kSide);
  // The stock lies face down: the player sees none of it.
  for (const CardView& c : v.zones[1].cards) EXPECT_FALSE(c.card.has_value());
}

TEST(MonteCarloSeed, PairsOfARankThatTouchSideBySideAboveAndBelowOrAtTheCorners) {
  // "whether horizontally, vertically, or diagonally".
  // Cell 6 (row 2, column 2) touches 0, 1, 2, 5, 7, 10, 11, 12, not 3 or 18.
  for (int b : {0, 1, 2, 5, 7, 10, 11, 12}) EXPECT_TRUE(touch(6, b)) << b;
  for (int b : {3, 8, 13, 15, 18, 24, 6}) EXPECT_FALSE(touch(6, b)) << b;
  // 7S at 0 and 7H at 6 touch at the corner, as do 7D at 2 and 7H; 7S and
  // 7D lie two apart, as do 9C at 1 and 9D at 3.
  MonteCarloState s =
      dealt({"7S", "9C", "7D", "9D", "KS", "2H", "7H", "3C", "4C", "5C", "6C", "8C", "TC",
             "JC", "QC", "KC", "AC", "2C", "3H", "4H", "5H", "6H", "8H", "TH", "JH"});
  const std::vector<Move> ms = moves_of(s);
  EXPECT_TRUE(has(ms, Move::pair(0, 6)));
  EXPECT_TRUE(has(ms, Move::pair(2, 6)));
  EXPECT_FALSE(has(ms, Move::pair(0, 2)));
  EXPECT_FALSE(has(ms, Move::pair(2, 3)));  // 7D and 9D: not one rank
  EXPECT_FALSE(has(ms, Move::pair(1, 3)));  // 9C and 9D do not touch
}

TEST(MonteCarloSeed, ClosingTheGapsMovesCardsLeftAndUpThenFillsFromTheStock) {
  // "move all of the cards left to fill up blank spaces. Then wrap the first
  // card in a row to the end of the row above ... use cards from the
  // stockpile to complete the grid."
  MonteCarloState s =
      dealt({"7S", "7H", "2C", "3C", "4C", "5C", "6C", "8C", "9C", "TC", "JC", "QC", "KC",
             "AC", "2D", "3D", "4D", "5D", "6D", "8D", "9D", "TD", "JD", "QD", "KD"});
  const Card next = s.stock().back();
  s.apply(0, Move::pair(0, 1).encode());
  EXPECT_EQ(s.at(0), kGap);
  s.apply(0, Move::close_gaps().encode());
  EXPECT_EQ(Card::from_index(s.at(0)), card("2C"));
  EXPECT_EQ(Card::from_index(s.at(4)), card("6C"));   // from row 2 to the end of row 1
  EXPECT_EQ(Card::from_index(s.at(22)), card("KD"));  // the last card, two places on
  EXPECT_EQ(Card::from_index(s.at(23)), next);        // then the stock, in order
  EXPECT_EQ(s.stock().size(), 25u);
}

TEST(MonteCarloSeed, ThePresetClosesTheGapsOnlyWhenNoPairIsLeft) {
  // Seed 002: "When there are no available pairs of cards to remove, move
  // all of the cards left to fill up blank spaces." The preset that names
  // the seed plays its rule; closing at any time is the preset
  // monte-carlo-any-time (Wikipedia, "Monte Carlo (solitaire)").
  const Config seed = testing::test_config("monte-carlo", 1);
  EXPECT_EQ(seed.options.get("close-gaps"), static_cast<int>(CloseGaps::kWhenStuck));
  const Config any = testing::test_config("monte-carlo-any-time", 1);
  EXPECT_EQ(any.options.get("close-gaps"), static_cast<int>(CloseGaps::kAnyTime));
  // 7S 7H and 7D 7C touch: with one pair gone, another is left to remove.
  const std::vector<const char*> first = {"7S", "7H", "2C", "3C", "4C", "7D", "7C", "8C", "9C",
                                          "TC", "JC", "QC", "KC", "AC", "2D", "3D", "4D", "5D",
                                          "6D", "8D", "9D", "TD", "JD", "QD", "KD"};
  MonteCarloState s = dealt(first);
  s.apply(0, Move::pair(0, 1).encode());
  EXPECT_FALSE(has(moves_of(s), Move::close_gaps()));  // 7D and 7C still touch
  s.apply(0, Move::pair(5, 6).encode());
  EXPECT_TRUE(has(moves_of(s), Move::close_gaps()));  // no pair left: now the gaps close
}

TEST(MonteCarloOptions, WhenStuckTheGapsCloseOnlyWhenNoPairTouches) {
  const std::vector<const char*> first = {"7S", "7H", "7D", "3C", "4C", "5C", "6C", "8C", "9C",
                                          "TC", "JC", "QC", "KC", "AC", "2D", "3D", "4D", "5D",
                                          "6D", "8D", "9D", "TD", "JD", "QD", "KD"};
  MonteCarloState any = dealt(first, {"close-gaps=any-time"}),
                  strict = dealt(first, {"close-gaps=when-stuck"});
  any.apply(0, Move::pair(0, 1).encode());
  strict.apply(0, Move::pair(0, 1).encode());
  EXPECT_TRUE(has(moves_of(any), Move::close_gaps()));
  // 7D at 2 touches nothing of its rank now, and no pair is left: stuck.
  EXPECT_TRUE(has(moves_of(strict), Move::close_gaps()));
  MonteCarloState strict2 = dealt(first, {"close-gaps=when-stuck"});
  EXPECT_FALSE(has(moves_of(strict2), Move::close_gaps()));  // no gap yet
}

TEST(MonteCarloSeed, TheGameIsWonWhenAllFiftyTwoAreDiscarded) {
  // Play the solver's line: every move legal, the end a win.
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    MonteCarloState s = fresh();
    Rng rng(seed, kChanceStream);
    s.apply_chance(rng);
    const SolveReport r = solve(s, SolveLimits{});
    if (r.verdict != SolveReport::kWon) continue;
    std::vector<Action> legal;
    for (Action a : r.line) {
      s.legal_actions(0, legal);
      ASSERT_NE(std::find(legal.begin(), legal.end(), a), legal.end()) << seed;
      s.apply(0, a);
    }
    EXPECT_TRUE(s.won());
    EXPECT_TRUE(s.terminal());
    EXPECT_EQ(s.outcome().places[0], 1);
    EXPECT_EQ(s.outcome().scores[0], 52);
    return;
  }
  FAIL() << "no deal of 30 was won";
}

TEST(MonteCarloUndo, UndoTakesBackPairsButNotTheClosingOfTheGaps) {
  MonteCarloState s =
      dealt({"7S", "7H", "2C", "3C", "4C", "5C", "6C", "8C", "9C", "TC", "JC", "QC", "KC",
             "AC", "2D", "3D", "4D", "5D", "6D", "8D", "9D", "TD", "JD", "QD", "KD"});
  const std::uint64_t h = s.hash();
  s.apply(0, Move::pair(0, 1).encode());
  EXPECT_TRUE(s.undo());
  EXPECT_EQ(s.hash(), h);
  EXPECT_FALSE(s.undo());
  s.apply(0, Move::pair(0, 1).encode());
  s.apply(0, Move::close_gaps().encode());
  EXPECT_FALSE(s.undo());
}

// The signature below was pinned with the gaps closed at any time.
MonteCarloState deal(std::uint64_t seed) {
  MonteCarloState s = fresh({"close-gaps=any-time"});
  Rng rng(seed, kChanceStream);
  s.apply_chance(rng);
  return s;
}

TEST(MonteCarloSolver, BenchSignature) {
  // Positions searched on fixed deals, pinned: a change to the search shows
  // here first.
  std::vector<std::uint64_t> nodes;
  std::vector<int> verdicts;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const SolveReport r = solve(deal(seed), SolveLimits{});
    nodes.push_back(r.nodes);
    verdicts.push_back(r.verdict);
  }
  EXPECT_EQ(nodes, (std::vector<std::uint64_t>{36, 3, 272}));
  EXPECT_EQ(verdicts, (std::vector<int>{SolveReport::kWon, SolveReport::kLost, SolveReport::kWon}));
}

TEST(MonteCarloConformance, EveryPreset) {
  testing::ConformanceOptions opt;
  opt.games = 3;
  testing::check_all_presets(*find_game("monte-carlo"), opt);
  testing::check_conformance(*select("monte-carlo"),
                             testing::test_config("monte-carlo", 1, {"close-gaps=when-stuck"}),
                             opt);
}

}  // namespace
}  // namespace parlour::monte_carlo
