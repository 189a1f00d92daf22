// Earl of Coventry: a test for each sentence of seed 003 (003_f6f2248119171254.txt)
// on the game, or for the reading rules.md documents where it is silent; then
// the bot, the resampler and the conformance harness.
#include <gtest/gtest.h>

#include <algorithm>

#include "conformance.h"
#include "core/registry.h"
#include "games/earl_of_coventry/state.h"

namespace parlour::earl_of_coventry {
namespace {

using testing::card;
using testing::cards;
using testing::legal;

EarlState fresh(int players, const std::vector<std::string>& opts = {}) {
  return EarlState(Rules::from(testing::test_config("earl-of-coventry", players, opts)));
}

void play(EarlState& s, Seat seat, Move m) {
  ASSERT_TRUE(testing::play(s, seat, m.encode()))
      << seat_name(seat) << ": " << s.action_label(seat, m.encode());
}

std::vector<std::string> story(const EarlState& s, Seat viewer = kEveryone) {
  std::vector<std::string> out;
  s.narrate(viewer, out);
  return out;
}

TEST(EarlRules, AFullPackIsDealtOneAtATimeSomeHoldingMore) {
  // "a full pack of cards is dealt out, one at a time. If some players have a
  // card more than others, it does not matter."
  EarlState s = fresh(5);
  Rng rng(3);
  s.apply_chance(rng);
  std::vector<Card> all;
  s.all_cards(all);
  EXPECT_EQ(all.size(), 52u);
  // From the dealer's left: seats 0 and 1 hold eleven, the others ten.
  for (Seat p = 0; p < 5; ++p) EXPECT_EQ(s.hand(p).size(), p < 2 ? 11u : 10u) << p;
}

TEST(EarlRules, TheEldestLaysAnyCardHePleases) {
  // "The eldest hand lays upon the table any card he pleases".
  EarlState s = fresh(4);
  Rng rng(1);
  s.apply_chance(rng);
  EXPECT_EQ(s.to_move(), 0);  // the first dealer is seat 3
  EXPECT_EQ(legal(s, 0).size(), s.hand(0).size());
}

TEST(EarlRules, EachInTurnMatchesIfHeCanAndOtherwiseSaysHeHasNone) {
  // "each player in turn pairs or matches it, if he can, with another of the
  // same denomination": a player with the rank must match; one without has none.
  EarlState s = fresh(3);
  s.set_position({cards({"KS", "2C"}), cards({"KH", "KD", "3C"}), cards({"4C", "5C"})}, 0);
  play(s, 0, Move::play(card("KS")));
  EXPECT_EQ(legal(s, 1), (std::vector<Action>{Move::play(card("KD")).encode(),
                                              Move::play(card("KH")).encode()}));
  play(s, 1, Move::play(card("KH")));
  EXPECT_EQ(legal(s, 2), std::vector<Action>{Move::none().encode()});
  play(s, 2, Move::none());
  EXPECT_EQ(s.lacks(2), 1u << kKing);  // now everyone knows
  // One card a turn: seat 1's second King waits for its next turn.
  EXPECT_EQ(s.to_move(), 0);
}

TEST(EarlRules, TheRhymeIsSpokenWithEachCard) {
  // "'There's as good as King can be.' ... 'There is one as good as he.' ...
  // 'There's the best of all the three,' ... 'And there's the Earl of Coventry.'"
  EarlState s = fresh(4);
  s.set_position(
      {cards({"KS", "2C"}), cards({"KH", "3C"}), cards({"KD", "4C"}), cards({"KC", "5C"})}, 0);
  const std::array<const char*, 4> words = {
      "There's as good as King can be.", "There is one as good as he.",
      "There's the best of all the three.", "And there's the Earl of Coventry."};
  const std::array<const char*, 4> kings = {"KS", "KH", "KD", "KC"};
  for (Seat p = 0; p < 4; ++p) {
    play(s, p, Move::play(card(kings[static_cast<std::size_t>(p)])));
    const auto lines = story(s);
    ASSERT_FALSE(lines.empty());
    EXPECT_NE(lines[0].find(words[static_cast<std::size_t>(p)]), std::string::npos) << lines[0];
  }
}

TEST(EarlRules, SnipSnapSnoremForThoseNotOfAPoeticalTurn) {
  // "This game is sometimes called Snip Snap Snorem, by those who are not of a
  // poetical turn of mind."
  EarlState s = fresh(4, {"words=snip"});
  s.set_position(
      {cards({"QS", "2C"}), cards({"QH", "3C"}), cards({"QD", "4C"}), cards({"QC", "5C"})}, 0);
  const std::array<const char*, 4> queens = {"QS", "QH", "QD", "QC"};
  std::vector<std::string> said;
  for (Seat p = 0; p < 4; ++p) {
    play(s, p, Move::play(card(queens[static_cast<std::size_t>(p)])));
    said.push_back(story(s)[0]);
  }
  EXPECT_EQ(said[0].find('"'), std::string::npos);  // the first card is laid plainly
  EXPECT_NE(said[1].find("\"Snip!\""), std::string::npos);
  EXPECT_NE(said[2].find("\"Snap!\""), std::string::npos);
  EXPECT_NE(said[3].find("\"Snorem!\""), std::string::npos);
}

TEST(EarlRules, TheEarlOfCoventryLeadsTheNextRound) {
  // "The fortunate holder of the Earl of Coventry in each round has the
  // privilege of leading a card for the next trick".
  EarlState s = fresh(3);
  s.set_position({cards({"9S", "2C", "8D"}), cards({"9H", "9D", "3C"}), cards({"9C", "4C", "5D"})},
                 0);
  play(s, 0, Move::play(card("9S")));
  play(s, 1, Move::play(card("9D")));
  play(s, 2, Move::play(card("9C")));
  play(s, 0, Move::none());
  play(s, 1, Move::play(card("9H")));  // the fourth nine: seat 1 is the Earl
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.round_rank(), kNoRank);
  EXPECT_EQ(s.gone().size(), 4u);
}

TEST(EarlRules, TheFirstOutWinsACounterForEveryCardTheOthersHold) {
  // "the first player to get rid of all his cards wins one counter from the
  // others for every card they hold."
  EarlState s = fresh(3);
  s.set_position({cards({"JS"}), cards({"2H", "2D", "3C"}), cards({"4C", "5D"})}, 0);
  play(s, 0, Move::play(card("JS")));
  ASSERT_TRUE(s.terminal());
  EXPECT_EQ(s.chips()->balance(0), 5);
  EXPECT_EQ(s.chips()->balance(1), -3);
  EXPECT_EQ(s.chips()->balance(2), -2);
  const Outcome o = s.outcome();
  EXPECT_EQ(o.places, (std::vector<int>{1, 3, 2}));
  EXPECT_EQ(o.summary, "Seat 0 is out first and wins 5 counters.");
}

TEST(EarlRules, AMatchCarriesTheCountersFromDealToDeal) {
  // Our reading (rules.md): `deals` deals, the deal passing to the left.
  EarlState s = fresh(3, {"deals=3"});
  Rng rng(7);
  int deals = 0;
  Seat dealer = kNobody;
  while (!s.terminal()) {
    if (s.chance()) {
      s.apply_chance(rng);
      EXPECT_NE(s.dealer(), dealer);
      dealer = s.dealer(), ++deals;
      // Through a deal, the summary shown is the last deal's.
      EXPECT_EQ(s.view(0).last_hand.hand, deals - 1);
      continue;
    }
    const std::vector<Action> l = legal(s, s.to_move());
    s.apply(s.to_move(), l[0]);
    EXPECT_EQ(s.chips()->total(), 0);  // counters move, none is made
  }
  EXPECT_EQ(deals, 3);
  EXPECT_EQ(s.view(0).last_hand.hand, 3);
}

TEST(EarlBots, TheHeuristicLeadsTheRankItHoldsMostOf) {
  EarlState s = fresh(3);
  s.set_position({cards({"2C", "7S", "7H", "7D", "KC"}), cards({"2H", "3C"}), cards({"4C", "5D"})},
                 0);
  const GameInfo* g = find_game("earl-of-coventry");
  std::vector<Action> l = legal(s, 0);
  const Observation obs(s, 0, g->resampler, l);
  auto bot = g->bots[0].make();
  Rng rng(1);
  EXPECT_EQ(Move::decode(bot->act(obs, rng))->card.rank(), kSeven);
}

TEST(EarlKnowledge, SamplesNeverGiveARankToAPlayerWhoShowedHeHasNone) {
  EarlState s = fresh(4);
  Rng deal(5);
  s.apply_chance(deal);
  // Play until several players have said they have none.
  Rng rng(9);
  int passes = 0;
  while (!s.terminal() && passes < 6) {
    const std::vector<Action> l = legal(s, s.to_move());
    passes += Move::decode(l[0])->kind == Move::kNone;
    s.apply(s.to_move(), l[rng.below(static_cast<std::uint32_t>(l.size()))]);
  }
  ASSERT_FALSE(s.terminal());
  const GameInfo* g = find_game("earl-of-coventry");
  const View before = s.view(0);
  for (int i = 0; i < 300; ++i) {
    auto sample = g->resampler->resample(s, 0, rng);
    ASSERT_TRUE(sample);
    const auto& t = static_cast<const EarlState&>(*sample);
    for (Seat p = 0; p < 4; ++p) {
      EXPECT_EQ(t.hand(p).size(), s.hand(p).size());
      for (Card c : t.hand(p)) EXPECT_FALSE(t.lacks(p) >> c.rank() & 1) << seat_name(p);
    }
    EXPECT_TRUE(t.view(0) == before);
  }
}

TEST(EarlConformance, EveryPresetAndPlayerCount) {
  testing::ConformanceOptions opt;
  opt.games = 3;
  for (const Selection& sel : all_selections()) {
    if (sel.game != find_game("earl-of-coventry")) continue;
    for (int p = 2; p <= kMaxPlayers; ++p)
      testing::check_conformance(sel, *make_config(sel, p, std::vector<std::string>{}), opt);
  }
}

}  // namespace
}  // namespace parlour::earl_of_coventry
