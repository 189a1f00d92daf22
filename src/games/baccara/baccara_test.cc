// Baccara: a test for each sentence of seed 003 (003_f6f2248119171254.txt) on
// the game and for each rule taken from Foster's Complete Hoyle, or the
// reading rules.md documents; then the stakes and the bank, the resampler and
// the conformance harness.
#include <gtest/gtest.h>

#include <algorithm>

#include "conformance.h"
#include "core/deck.h"
#include "core/registry.h"
#include "games/baccara/optimal.h"
#include "games/baccara/solve.h"
#include "games/baccara/state.h"
#include "story_ledger.h"

namespace parlour::baccara {
namespace {

using testing::card;
using testing::cards;
using testing::legal;
using testing::says;
using testing::story;

BaccaraState fresh(int players, const std::vector<std::string>& opts = {}) {
  return BaccaraState(Rules::from(testing::test_config("baccara", players, opts)));
}

void act(BaccaraState& s, Seat seat, Move m) {
  ASSERT_TRUE(testing::play(s, seat, m.encode()))
      << seat_name(seat) << ": " << s.action_label(seat, m.encode());
}

int chips(const BaccaraState& s, Seat p) {
  return s.chips()->balance(p);
}

// A coup of `players`: the bank drawn for, every punter staking `stake` in
// stake order, then dealt these hands (right, left, banker) from `shoe` (its
// top card last).
BaccaraState deal_coup(int players, int stake, std::initializer_list<const char*> right,
                       std::initializer_list<const char*> left,
                       std::initializer_list<const char*> bank,
                       std::initializer_list<const char*> shoe,
                       const std::vector<std::string>& opts = {}) {
  BaccaraState s = fresh(players, opts);
  Rng rng(1);
  s.apply_chance(rng);
  for (Seat p : s.stake_order()) act(s, p, Move::stake(stake));
  s.set_deal({cards(right), cards(left), cards(bank)}, cards(shoe));
  return s;
}

TEST(BaccaraRules, TensAndCourtCardsCountNothingAndThePointIsTheLastFigure) {
  // Seed 003: "if a player had 4 originally, and draws a 9, his point is not
  // 13, but 3, because all 10's count for nothing."
  EXPECT_EQ(point(Hand{card("4S"), card("KD"), card("9H")}), 3);
  EXPECT_EQ(point(Hand{card("10S"), card("QD")}), 0);
  EXPECT_EQ(point(Hand{card("AS"), card("7D")}), 8);
}

TEST(BaccaraRules, PuntersSitRightAndLeftAlternatelyFromTheBankersRight) {
  // Foster: "the first choice being for the seat immediately on the right of
  // the banker, then for the first seat on his left ... right and left alternately".
  BaccaraState s = fresh(6);
  Rng rng(1);
  s.apply_chance(rng);
  const Seat b = s.banker();
  const auto order = s.stake_order();
  ASSERT_EQ(order.size(), 5u);
  EXPECT_EQ(order[0], s.left(b, 5));  // R1: the banker's right
  EXPECT_EQ(order[1], s.left(b, 1));  // L1
  EXPECT_EQ(order[2], s.left(b, 4));  // R2
  EXPECT_EQ(order[3], s.left(b, 2));  // L2
  EXPECT_EQ(order[4], s.left(b, 3));  // R3
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(s.side_of(order[static_cast<std::size_t>(i)]), i % 2 == 0 ? kRight : kLeft);
  EXPECT_EQ(s.holder(kRight), order[0]);
  EXPECT_EQ(s.holder(kLeft), order[1]);
}

TEST(BaccaraRules, AnEightOrNineIsShownAtOnceAndNobodyDraws) {
  // Foster: "If any of the three persons holding cards finds he has a point of
  // 8 or 9, it must be shown at once, and the two other hands are then exposed."
  BaccaraState s = deal_coup(3, 2, {"4S", "4D"}, {"2C", "3C"}, {"9H", "KD"}, {"5C", "6C"});
  // Settled at once: the right's 8 and the left's 5 lose to the bank's 9.
  EXPECT_EQ(s.coup(), 2);
  EXPECT_EQ(s.hand(kRight).size(), 2u);
  EXPECT_EQ(chips(s, s.banker()), 104);
}

TEST(BaccaraRules, TheCardIsOfferedToTheRightThenTheLeftThenTheBankerMustTakeIt) {
  // Seed 003: "If the player on the right refuses, it is offered to the player
  // on the left, and if he also refuses, the banker must take it himself."
  BaccaraState s = deal_coup(3, 1, {"6S", "KD"}, {"7C", "QC"}, {"7H", "KH"}, {"5C", "3D"});
  const Seat r = s.holder(kRight), l = s.holder(kLeft), b = s.banker();
  EXPECT_EQ(s.turn(), r);
  act(s, r, Move::refuse());
  EXPECT_EQ(s.turn(), l);
  EXPECT_EQ(s.offer(), BaccaraState::Offer::kToLeft);
  act(s, l, Move::refuse());
  // The banker took the 3 of diamonds, whatever his point: 7 + 3 = 0.
  EXPECT_EQ(s.hand(kBankHand).size(), 3u);
  EXPECT_EQ(point(s.hand(kBankHand)), 0);
  EXPECT_EQ(chips(s, r), 101);
  EXPECT_EQ(chips(s, l), 101);
  EXPECT_EQ(chips(s, b), 98);
}

TEST(BaccaraRules, AfterTheRightTakesTheLeftMayAskAndTheBankerChooses) {
  // Seed 003: "If the player on the right takes it, the player on the left may
  // ask for a card also; but whether he does so or not, the banker is not
  // obliged to draw unless he chooses". "Only one card may be drawn by any player".
  BaccaraState s = deal_coup(3, 1, {"2S", "KD"}, {"3C", "QC"}, {"5H", "KH"}, {"9C", "4D", "AD"});
  const Seat r = s.holder(kRight), l = s.holder(kLeft), b = s.banker();
  act(s, r, Move::take());  // AD: 3
  EXPECT_EQ(s.turn(), l);
  EXPECT_EQ(s.offer(), BaccaraState::Offer::kLeftAsks);
  act(s, l, Move::take());  // 4D: 7
  EXPECT_EQ(s.turn(), b);
  EXPECT_EQ(s.phase(), BaccaraState::Phase::kBankerDraw);
  EXPECT_EQ(legal(s, b).size(), 2u);  // draw or stand
  act(s, b, Move::refuse());          // stands on 5
  // The right's 3 loses, the left's 7 wins: each with the banker alone.
  EXPECT_EQ(chips(s, r), 99);
  EXPECT_EQ(chips(s, l), 101);
  EXPECT_EQ(chips(s, b), 100);
}

TEST(BaccaraRules, WhenTheLeftTakesTheRefusedCardTheBankerChooses) {
  // "after the first card offered has been taken by either player".
  BaccaraState s = deal_coup(3, 1, {"6S", "KD"}, {"3C", "QC"}, {"5H", "KH"}, {"9C", "4D"});
  act(s, s.holder(kRight), Move::refuse());
  act(s, s.holder(kLeft), Move::take());
  EXPECT_EQ(s.turn(), s.banker());
  act(s, s.banker(), Move::take());  // 9C: 5 + 9 = 4
  EXPECT_EQ(point(s.hand(kBankHand)), 4);
}

TEST(BaccaraRules, TiesAreAStandOffAndTheCardsPassOnALoss) {
  // "Ties are a stand-off." Foster: "If the player on the right won the first
  // coup, the banker deals to him again; but if he lost, the banker deals to
  // the next player beyond him".
  BaccaraState s = deal_coup(5, 2, {"4S", "2D"}, {"3C", "2C"}, {"5H", "KH"}, {"9C", "KD", "AD"});
  const Seat r1 = s.holder(kRight), l1 = s.holder(kLeft), b = s.banker();
  act(s, r1, Move::refuse());  // stands on 6
  act(s, l1, Move::take());    // AD: 6
  act(s, b, Move::take());     // KD: 5
  // Both sides beat the bank's 5; none lost: each keeps the cards.
  EXPECT_EQ(s.holder(kRight), r1);
  EXPECT_EQ(s.holder(kLeft), l1);
  EXPECT_EQ(chips(s, b), 100 - 8);
}

// ---- Stakes, the bank and the shoe ------------------------------------------------------

TEST(BaccaraStakes, TheTotalStakedIsCappedAtTheBank) {
  // Foster: "until the total amount bet equals the capital then in the bank".
  BaccaraState s = fresh(4, {"chips=10", "limit=8"});
  Rng rng(1);
  s.apply_chance(rng);
  const auto order = s.stake_order();
  EXPECT_EQ(s.max_stake(order[0]), 8);
  act(s, order[0], Move::stake(8));
  EXPECT_EQ(s.max_stake(order[1]), 2);
  EXPECT_FALSE(testing::play(s, order[1], Move::stake(3).encode()));
  act(s, order[1], Move::stake(2));
  // The bank is covered: the deal comes at once.
  EXPECT_EQ(s.phase(), BaccaraState::Phase::kDeal);
}

TEST(BaccaraStakes, TheShoeIsDealtThroughAndShuffledAnewUnderTenCards) {
  // "The banker deals again, from the top of the stock, without any further
  // shuffling"; "Ten cards must remain in the stock for the last deal".
  const Selection sel = *select("baccara");
  const Config c = testing::test_config("baccara", 3, {"packs=1", "bank-hands=20"});
  auto st = sel.game->new_game(c);
  Rng rng(4);
  std::vector<Action> l;
  int shuffles = 0, deals = 0;
  while (!st->terminal()) {
    const auto& s = static_cast<const BaccaraState&>(*st);
    if (!st->chance()) {
      const Seat p = st->to_move();
      st->legal_actions(p, l);
      st->apply(p, l[rng.below(static_cast<std::uint32_t>(l.size()))]);
      continue;
    }
    const std::size_t before = s.shoe().size();
    const bool deal = s.phase() == BaccaraState::Phase::kDeal;
    st->apply_chance(rng);
    if (!deal) continue;
    // A shuffle gathers the discards: it comes at the first deal and when
    // fewer than ten cards were left, and only then.
    const bool shuffled = s.discards().empty();
    EXPECT_EQ(shuffled, deals == 0 || before < 10) << deals << " " << before;
    shuffles += shuffled;
    ++deals;
  }
  // 60 coups of six to nine cards from one pack: several shoes.
  EXPECT_GE(shuffles, 5);
}

TEST(BaccaraViews, ResamplesKeepTheHoldersCardsAndGiveNoHiddenNatural) {
  const GameInfo& g = *find_game("baccara");
  std::vector<Card> shoe;
  for (Card c : standard_deck())
    if (c != card("6S") && c != card("KD") && c != card("7C") && c != card("QC") &&
        c != card("5H") && c != card("KH"))
      shoe.push_back(c);
  BaccaraState s = fresh(3, {"packs=1"});
  Rng rng(1);
  s.apply_chance(rng);
  for (Seat p : s.stake_order()) act(s, p, Move::stake(1));
  s.set_deal({cards({"6S", "KD"}), cards({"7C", "QC"}), cards({"5H", "KH"})}, shoe);
  const Seat me = s.holder(kRight);
  for (int i = 0; i < 300; ++i) {
    auto w = g.resampler->resample(s, me, rng);
    ASSERT_TRUE(w);
    const auto& m = static_cast<const BaccaraState&>(*w);
    EXPECT_EQ(m.hand(kRight)[0], card("6S"));
    EXPECT_LT(point(m.hand(kLeft)), 8);
    EXPECT_LT(point(m.hand(kBankHand)), 8);
  }
}

// ---- Exact play -------------------------------------------------------------------------

TEST(BaccaraOptimal, TheCoupIsSolvedToWithinAMillionthOfAChip) {
  const Solution& s = solution(3);
  // No one of the three gains more than this by answering the others at his best.
  EXPECT_LT(s.gain_right, 1e-5);
  EXPECT_LT(s.gain_left, 1e-5);
  EXPECT_LT(s.gain_banker, 1e-5);
  EXPECT_GE(s.gain_banker, 0);
  // Seed 003: "if he also refuses, the banker must take it himself": refusing
  // on 5 to 7 makes a banker on 6 or 7 draw; so the sides are ahead.
  EXPECT_GT(s.exact_right, 0);
  EXPECT_GT(s.exact_left, 0);
  // The right holds 0 to 4 too low to refuse, and 6 or 7 too high to take.
  const CoupPlay& p = equilibrium();
  for (int r = 0; r <= 4; ++r) EXPECT_NEAR(p.right[static_cast<std::size_t>(r)], 1, 1e-9) << r;
  for (int r = 6; r <= 7; ++r) EXPECT_NEAR(p.right[static_cast<std::size_t>(r)], 0, 1e-9) << r;
  // A fresh shoe of more packs comes nearer the endless shoe.
  EXPECT_LT(std::abs(solution(6).exact_right - s.right),
            std::abs(solution(1).exact_right - s.right));
}

TEST(BaccaraOptimal, TheExactEdgeAgreesWithAMillionCoupsThroughTheTable) {
  const Config c = testing::test_config("baccara", 3);
  Result<OddsReport> exact = Odds().from_deal(c);
  ASSERT_TRUE(exact.ok()) << exact.message();
  Result<OddsReport> m = Odds().check(c, 1000000, 1);
  ASSERT_TRUE(m.ok()) << m.message();
  for (std::size_t i = 0; i < 3; ++i)
    EXPECT_NE(m->notes[i].find("agrees"), std::string::npos) << m->notes[i];
  EXPECT_NEAR(m->chance[2], exact->chance[2], m->precision);
}

TEST(BaccaraOptimal, TheOptimalPlayBeatsTheThresholdOverAHundredThousandCoups) {
  Result<OddsReport> r = Odds().compare(testing::test_config("baccara", 3), 100000, 1, "threshold");
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_GT(r->chance[0] - r->precision, 0) << r->notes[0];
  EXPECT_NE(r->notes[0].find("agrees"), std::string::npos) << r->notes[0];
}

TEST(BaccaraOptimal, TheBankerAnswersUnequalStakesAtHisBest) {
  // Everything staked on the left, which refused (so it holds 5 to 7 as its
  // play makes likely): a banker on 0 to 2 loses by standing and draws; on 7
  // he cannot lose by standing, and stands; whatever the right took.
  for (int c = 0; c <= 9; ++c) {
    for (int k = 0; k <= 2; ++k) {
      EXPECT_TRUE(banker_should_draw(k, c, kRefused, 0, 1)) << k << " " << c;
    }
    EXPECT_FALSE(banker_should_draw(7, c, kRefused, 0, 1)) << c;
  }
}

// ---- The story and the bank's round ----------------------------------------------------

// Told to a seat, "You" takes the verb for you: "You refuse to double, lose".
TEST(BaccaraStory, YouIsToldWithTheVerbForYou) {
  testing::check_story_says_you_rightly("baccara", 30);
}

TEST(BaccaraStory, WhenBothSidesRefuseTheBankerOfThatCoupTakesTheCard) {
  // bank-hands=1: the bank has passed when the story is told.
  BaccaraState s =
      deal_coup(3, 1, {"6S", "KD"}, {"7C", "QC"}, {"7H", "KH"}, {"5C", "3D"}, {"bank-hands=1"});
  const Seat b = s.banker(), l = s.holder(kLeft);
  act(s, s.holder(kRight), Move::refuse());
  act(s, l, Move::refuse());
  ASSERT_NE(s.banker(), b);
  const auto lines = story(s);
  EXPECT_TRUE(says(lines, "Both sides refused: " + seat_name(b) + " takes the card, as the bank " +
                              "must, " + card_token(card("3D")) + "."))
      << lines[1];
  EXPECT_TRUE(says(story(s, b), "Both sides refused: You take the card"));
}

// rules.md: each player holds the bank `rounds` times; a bank broken passes
// at once, and a player with no chips is passed over, his turn spent.
TEST(BaccaraBank, EachPlayerHoldsTheBankRoundsTimesAndOneWithNoChipsIsPassedOver) {
  for (int rounds : {1, 2}) {
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
      const Config c = testing::test_config(
          "baccara", 3, {"chips=3", "bank-hands=5", "rounds=" + std::to_string(rounds)});
      Table t(*select("baccara"), c, seed);
      Rng rng(seed, 3);
      std::array<int, 3> turns{};
      Seat last = kNobody;
      int coups = 0;
      std::vector<Action> legal;
      while (!t.state().terminal()) {
        const auto& s = static_cast<const BaccaraState&>(t.state());
        if (s.coup() != coups) {
          // A coup begun: a banker with chips, and a new turn when it changed
          // (or when the same player's turn came round again).
          coups = s.coup();
          ASSERT_GT(s.chips()->balance(s.banker()), 0) << "seed " << seed << " coup " << coups;
          if (s.banker() != last) ++turns[static_cast<std::size_t>(s.banker())];
          last = s.banker();
        }
        if (t.state().chance()) {
          t.chance();
          continue;
        }
        const Seat seat = t.state().to_move();
        t.state().legal_actions(seat, legal);
        ASSERT_TRUE(t.act(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]).ok());
      }
      for (int n : turns) EXPECT_LE(n, rounds) << "seed " << seed;
    }
  }
}

TEST(BaccaraOptimal, TheLeftTakesOnFiveAfterAnyCardTakenAndStandsOnFiveAfterARefusal) {
  // rules.md says what the solved play does on 5.
  const CoupPlay& p = equilibrium();
  for (int c = 0; c <= 9; ++c) {
    const double take = p.left[5][static_cast<std::size_t>(c)];
    if (c >= 6 && c <= 8) {
      EXPECT_GT(take, 0.5) << c;  // mixed: 0.67, 0.51, 0.91
      EXPECT_LT(take, 1.0) << c;
    } else {
      EXPECT_EQ(take, 1.0) << c;
    }
  }
  EXPECT_EQ(p.left[5][kRefused], 0.0);
  EXPECT_EQ(p.left[4][kRefused], 0.0);
  EXPECT_EQ(p.left[6][0], 0.0);
}

// ---- Conformance ------------------------------------------------------------------------

TEST(BaccaraConformance, EveryPresetAndPlayerCount) {
  testing::ConformanceOptions opt;
  opt.games = 3;
  testing::check_all_presets(*find_game("baccara"), opt);
}

}  // namespace
}  // namespace parlour::baccara
