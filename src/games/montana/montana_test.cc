// Montana: a test for each sentence of seed 002 (002_6b7a1a89f58223bd.txt)
// on the game, or for the reading rules.md documents; then undo, the hash,
// the solver and the harness.
#include <gtest/gtest.h>

#include <algorithm>

#include "conformance.h"
#include "core/deck.h"
#include "core/registry.h"
#include "games/montana/state.h"

namespace parlour::montana {
namespace {

using testing::card;

MontanaState fresh(const std::vector<std::string>& opts = {}) {
  return MontanaState(Rules::from(testing::test_config("montana", 1, opts)));
}

// A deal from 52 card names, row by row.
MontanaState dealt(const std::vector<std::string>& names, const std::vector<std::string>& opts = {},
                   std::uint64_t shuffles = 7) {
  std::vector<Card> cards;
  for (const std::string& n : names) cards.push_back(card(n.c_str()));
  MontanaState s = fresh(opts);
  s.set_deal(cards, shuffles);
  return s;
}

// The won layout, rows of spades, hearts, diamonds, clubs (2..K, then the ace
// in the last column), with the changes in `swaps` (cell pairs exchanged).
std::vector<std::string> solved_rows(const std::vector<std::pair<int, int>>& swaps = {}) {
  const char* ranks[] = {"2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"};
  const char* suits[] = {"S", "H", "D", "C"};
  std::vector<std::string> out;
  for (const char* s : suits)
    for (const char* r : ranks) out.push_back(std::string(r) + s);
  for (auto [a, b] : swaps)
    std::swap(out[static_cast<std::size_t>(a)], out[static_cast<std::size_t>(b)]);
  return out;
}

std::vector<Move> moves_of(const MontanaState& s) {
  std::vector<Move> m;
  s.moves(m);
  return m;
}

TEST(MontanaSeed, FiftyTwoCardsInFourRowsOfThirteenTheAcesRemoved) {
  // "dealing all fifty-two cards in four rows of thirteen"; "remove the four
  // aces to create four 'holes'".
  MontanaState s = fresh();
  Rng rng(1);
  s.apply_chance(rng);
  int gaps = 0;
  for (int c = 0; c < kCells; ++c) {
    if (s.at(c) == kGap) {
      ++gaps;
      continue;
    }
    EXPECT_NE(Card::from_index(s.at(c)).rank(), kAce);
  }
  EXPECT_EQ(gaps, 4);
  const View v = s.view(0);
  ASSERT_GE(v.zones.size(), 2u);
  EXPECT_EQ(v.zones[0].layout, Layout::kGrid);
  EXPECT_EQ(v.zones[0].columns, kColumns);
  EXPECT_EQ(v.zones[0].cards.size(), static_cast<std::size_t>(kCells));
  EXPECT_EQ(std::count_if(v.zones[0].cards.begin(), v.zones[0].cards.end(),
                          [](const CardView& c) { return c.empty; }),
            4);
}

TEST(MontanaSeed, AGapTakesTheCardOneHigherOfTheSuitOnItsLeft) {
  // "as long as that card is one value higher than, and the same suit as,
  // the card to the left": the ace of spades' gap (cell 12) lies after the
  // king of spades: nothing. Swap the 5S (cell 3) with the AS (cell 12): the
  // gap at cell 3, after the 4S, takes the 5S, now at cell 12.
  MontanaState s = dealt(solved_rows({{3, 12}}));
  EXPECT_EQ(s.at(3), kGap);
  std::vector<Move> m = moves_of(s);
  EXPECT_NE(std::find(m.begin(), m.end(), Move::place(12, 3)), m.end());
  for (const Move& x : m) {
    if (x.to == 3) {
      EXPECT_EQ(x.from, 12);
    }
  }
}

TEST(MontanaSeed, NothingAfterAKingAndOnlyATwoAtARowsStart) {
  // "Only a two may be placed at the beginning of the row"; "no cards can be
  // placed to the right of a king".
  MontanaState s = dealt(solved_rows({{13, 25}}));  // the AH to row 2's start
  std::vector<Move> m = moves_of(s);
  int to_start = 0;
  for (const Move& x : m) {
    EXPECT_NE(x.to, 12) << "a gap after a king takes nothing";
    if (x.to == 13) {
      ++to_start;
      EXPECT_EQ(Card::from_index(s.at(x.from)).rank(), kTwo);
    }
  }
  EXPECT_EQ(to_start, 4);  // any of the four Twos
}

TEST(MontanaSeed, TheGameIsWonWhenFourRowsRunTwoToKingInSuit) {
  MontanaState s = dealt(solved_rows());
  EXPECT_TRUE(s.won());
  EXPECT_TRUE(s.terminal());
  EXPECT_EQ(s.outcome().places[0], 1);
  EXPECT_EQ(s.outcome().scores[0], 48);
}

TEST(MontanaSeed, StuckTheRedealGathersTheCardsOutOfSequenceWithTheAces) {
  // "If no further cards can be moved, you'll pick up all unordered cards
  // from each row and shuffle them with the aces. Re-deal the cards into the
  // empty spaces in the rows, and remove the four aces again."
  // Every gap after a king, the first row's 2 and 3 exchanged: stuck.
  MontanaState s = dealt(solved_rows({{0, 1}}));
  ASSERT_FALSE(s.won());
  ASSERT_TRUE(moves_of(s).empty());
  std::vector<Action> legal;
  s.legal_actions(0, legal);
  ASSERT_EQ(legal.size(), 1u);
  EXPECT_EQ(legal[0], Move::redeal_move().encode());
  s.apply(0, legal[0]);
  EXPECT_EQ(s.redeals_used(), 1);
  int gaps = 0;
  for (int c = 0; c < kCells; ++c) gaps += s.at(c) == kGap;
  EXPECT_EQ(gaps, 4);
  std::vector<Card> all;
  s.all_cards(all);
  std::sort(all.begin(), all.end());
  EXPECT_EQ(all, standard_deck());
}

TEST(MontanaSeed, TheCardsInSequenceFromARowsStartStay) {
  // Rows 1, 3 and 4 run 2 to King, their gaps after the kings; row 2's 2
  // and 3 are exchanged: stuck. The redeal leaves row 1 as it lies.
  MontanaState s = dealt(solved_rows({{13, 14}}));
  ASSERT_EQ(s.in_sequence(0), 12);
  ASSERT_TRUE(moves_of(s).empty());
  std::array<std::uint8_t, kColumns> before{};
  for (int c = 0; c < kColumns; ++c) before[static_cast<std::size_t>(c)] = s.at(c);
  s.apply(0, Move::redeal_move().encode());
  for (int c = 0; c < 12; ++c) EXPECT_EQ(s.at(c), before[static_cast<std::size_t>(c)]);
}

TEST(MontanaSeed, ThreeRedealsAreAllowed) {
  // "Three re-deals are allowed before declaring the game over."
  Rng rng(3);
  for (int seed = 0; seed < 20; ++seed) {
    MontanaState s = fresh();
    Rng r(static_cast<std::uint64_t>(seed));
    s.apply_chance(r);
    std::vector<Action> legal;
    while (!s.terminal()) {
      s.legal_actions(0, legal);
      s.apply(0, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    EXPECT_LE(s.redeals_used(), 3);
    if (!s.won()) {
      EXPECT_EQ(s.redeals_used(), 3) << seed;
    }
  }
}

TEST(MontanaOptions, AfterSequenceLeavesAGapJustRightOfEachRowsSequence) {
  MontanaState s = dealt(solved_rows({{0, 1}}), {"gaps=after-sequence"});
  s.apply(0, Move::redeal_move().encode());
  for (int r = 0; r < kRows; ++r) EXPECT_EQ(s.at(r * kColumns + s.in_sequence(r)), kGap) << r;
}

// Blue Moon, as PySol gives it: "The aces are then moved to the left end of
// the layout, making 4 initial free spaces"; rows of clubs, diamonds, hearts
// and spades (our reading: the suits' order), 2..K after the ace, with the
// changes in `swaps`.
std::vector<std::string> blue_rows(const std::vector<std::pair<int, int>>& swaps = {}) {
  const char* ranks[] = {"2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"};
  std::vector<std::string> out;
  for (const char* s : {"C", "D", "H", "S"})
    for (const char* r : ranks) out.push_back(std::string(r) + s);
  for (auto [a, b] : swaps)
    std::swap(out[static_cast<std::size_t>(a)], out[static_cast<std::size_t>(b)]);
  return out;
}
const std::vector<std::string> kBlueMoon = {"aces=left", "gaps=after-sequence"};

TEST(MontanaBlueMoon, EachRowRunsFromItsAceInItsSuit) {
  // Won: each row its ace's suit, 2 to King.
  EXPECT_TRUE(dealt(blue_rows(), kBlueMoon).won());
  // Rows of spades, hearts, diamonds, clubs run, but not from their aces.
  const MontanaState wrong = dealt(solved_rows(), kBlueMoon);
  EXPECT_FALSE(wrong.won());
  EXPECT_EQ(wrong.in_sequence(0), 0);
  EXPECT_TRUE(dealt(solved_rows()).won());  // where the aces are removed, they do
  // A gap after the ace of diamonds (row 2's start) takes the 2D only, where
  // without Blue Moon any Two goes there.
  const MontanaState s = dealt(blue_rows({{13, 25}}), kBlueMoon);
  std::vector<Move> to_start;
  for (const Move& m : moves_of(s))
    if (m.to == 13) to_start.push_back(m);
  ASSERT_EQ(to_start.size(), 1u);
  EXPECT_EQ(Card::from_index(s.at(to_start[0].from)), card("2D"));
  EXPECT_EQ(s.action_label(0, to_start[0].encode()), "[[5]] after [[1]] (row 2, column 2)");
  // The view shows the aces in the rows' first column, fourteen wide, and
  // points at the cells as shown.
  const View v = s.view(0);
  EXPECT_EQ(v.zones[0].columns, 14);
  for (int r = 0; r < kRows; ++r)
    EXPECT_EQ(v.zones[0].cards[static_cast<std::size_t>(r * 14)].card,
              Card::standard(kAce, Suit(r)));
  EXPECT_EQ(v.zones.size(), 1u);
  const auto it = std::find_if(v.choices.begin(), v.choices.end(),
                               [&](const Choice& c) { return c.action == to_start[0].encode(); });
  ASSERT_NE(it, v.choices.end());
  EXPECT_EQ(it->to.card, 14 + 1);
  EXPECT_EQ(it->picks[0].card, 14 + 13);
}

TEST(MontanaBlueMoon, TheRedealKeepsTheAcesAndLeavesAGapAfterEachSequence) {
  // PySol: "cards still out of sequence are reshuffled and dealt face up
  // after the ends of the partial sequences, leaving a card space after each
  // sequence". The 3C and 2C swapped: nothing moves, and row 1 keeps none.
  MontanaState s = dealt(blue_rows({{0, 1}}), kBlueMoon);
  ASSERT_TRUE(moves_of(s).empty());
  s.apply(0, Move::redeal_move().encode());
  int cards = 0;
  for (int c = 0; c < kCells; ++c)
    if (s.at(c) != kGap) {
      ++cards;
      EXPECT_NE(Card::from_index(s.at(c)).rank(), kAce);
    }
  EXPECT_EQ(cards, 48);
  for (int r = 0; r < kRows; ++r) EXPECT_EQ(s.at(r * kColumns + s.in_sequence(r)), kGap) << r;
  EXPECT_EQ(s.in_sequence(0), 0);
  EXPECT_EQ(s.in_sequence(3), 12);
}

TEST(MontanaBlueMoon, TheAcesLeftWithTheAcesShuffledInIsRefused) {
  const std::vector<std::string> left = {"aces=left"};
  Result<Config> c = make_config(*select("montana"), 1, left);
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.message().find("set gaps=after-sequence"), std::string::npos) << c.message();
  Result<Config> preset = make_config(*select("blue-moon"), 1, std::vector<std::string>{});
  ASSERT_TRUE(preset.ok()) << preset.message();
  EXPECT_EQ(Rules::from(*preset).aces, Aces::kLeft);
  EXPECT_EQ(Rules::from(*preset).redeals, 2);
}

TEST(MontanaUndo, UndoTakesBackMovesButNotARedeal) {
  MontanaState s = dealt(solved_rows({{3, 12}}));
  const std::uint64_t h = s.hash();
  s.apply(0, Move::place(12, 3).encode());
  EXPECT_NE(s.hash(), h);
  EXPECT_TRUE(s.undo());
  EXPECT_EQ(s.hash(), h);
  EXPECT_FALSE(s.undo());
}

TEST(MontanaSolver, SolvesAnEasyDealAndProvesAHopelessOneLost) {
  // One card out of place: won in a move.
  MontanaState easy = dealt(solved_rows({{3, 12}}));
  SolveReport r = solve(easy, SolveLimits{});
  EXPECT_EQ(r.verdict, SolveReport::kWon);
  ASSERT_FALSE(r.line.empty());
  for (Action a : r.line) easy.apply(0, a);
  EXPECT_TRUE(easy.won());
  // Stuck with no redeal: lost at once.
  MontanaState stuck = dealt(solved_rows({{0, 1}}), {"redeals=0"});
  EXPECT_TRUE(stuck.terminal());
  EXPECT_EQ(stuck.outcome().places[0], 2);
  // Stuck with one redeal: the solver answers, won or lost, within its budget.
  MontanaState one = dealt(solved_rows({{0, 1}}), {"redeals=1"});
  const SolveReport r1 = solve(one, SolveLimits{});
  EXPECT_NE(r1.verdict, SolveReport::kUnknown);
}

// The deal `parlour play montana --seed S` gives (the table's chance stream).
MontanaState deal(std::uint64_t seed, const std::vector<std::string>& opts = {}) {
  MontanaState s = fresh(opts);
  Rng rng(seed, kChanceStream);
  s.apply_chance(rng);
  return s;
}

TEST(MontanaSolver, ItsLinesWinWhenPlayedThroughTheRules) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    MontanaState s = deal(seed);
    const SolveReport r = solve(s, SolveLimits{});
    ASSERT_EQ(r.verdict, SolveReport::kWon) << seed;
    std::vector<Action> legal;
    for (Action a : r.line) {
      s.legal_actions(0, legal);
      ASSERT_NE(std::find(legal.begin(), legal.end(), a), legal.end()) << seed;
      s.apply(0, a);
    }
    EXPECT_TRUE(s.won()) << seed;
  }
}

TEST(MontanaSolver, BenchSignature) {
  // Positions searched on fixed deals, pinned as a chess engine pins its
  // bench: a change to the search shows here first. With the redeals'
  // shuffles known, then the first round alone (deal 3 proved lost).
  const std::uint64_t with_redeals[] = {115432, 1131762, 11334};
  const std::uint64_t first_round[] = {262576, 57491, 4897532};
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    EXPECT_EQ(solve(deal(seed), SolveLimits{}).nodes, with_redeals[seed - 1]) << seed;
    const SolveReport r = solve(deal(seed, {"redeals=0"}), SolveLimits{});
    EXPECT_EQ(r.nodes, first_round[seed - 1]) << seed;
    EXPECT_EQ(r.verdict, seed == 3 ? SolveReport::kLost : SolveReport::kWon) << seed;
  }
}

TEST(MontanaConformance, EveryPreset) {
  testing::ConformanceOptions opt;
  opt.games = 3;
  testing::check_all_presets(*find_game("montana"), opt);
}

}  // namespace
}  // namespace parlour::montana
