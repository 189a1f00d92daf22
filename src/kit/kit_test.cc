// The machinery the bluffing games share: words for claims, the zones where
// plays lie, the choices that move cards there, the odds of a claim, and
// what a seat sees of another's hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <iostream>
#include <vector>

#include "kit/bank.h"
#include "kit/claims.h"
#include "kit/deal.h"
#include "kit/hidden.h"
#include "kit/race.h"
#include "kit/simplex.h"
#include "kit/solve.h"
#include "kit/standing.h"
#include "kit/tricks.h"

namespace parlour::kit {
namespace {

Cards held(std::initializer_list<const char*> names, SeatMask known, bool face_up = false) {
  Cards out;
  for (const char* n : names) out.push_back({*parse_card(n), known, face_up});
  return out;
}

TEST(KitHeld, ASetListsItsCardsInTheOrderAHandIsHeld) {
  // The order a hand is held in, written out here: by suit (clubs, diamonds,
  // hearts, spades: core's Suit order), then two to ace. Random hands of
  // every size are compared with that order, and each suit's mask with the
  // cards of that suit.
  std::vector<Card> pack;
  for (int i = 0; i < 52; ++i) pack.push_back(Card::from_index(static_cast<std::uint8_t>(i)));
  for (Card c : pack) EXPECT_EQ(held_card(held_key(c)), c);
  Rng rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    rng.shuffle(std::span<Card>(pack));
    const std::size_t size = rng.below(53);
    std::vector<Card> hand(pack.begin(), pack.begin() + static_cast<std::ptrdiff_t>(size));
    HeldBits bits = 0;
    for (Card c : hand) bits |= held_bit(c);
    std::sort(hand.begin(), hand.end(), [](Card a, Card b) {
      const int ra = a.rank() == kAce ? 14 : a.rank(), rb = b.rank() == kAce ? 14 : b.rank();
      return a.suit() != b.suit() ? a.suit() < b.suit() : ra < rb;
    });
    std::vector<Card> listed;
    for (Card c : held_cards(bits)) listed.push_back(c);
    EXPECT_EQ(listed, hand);
    if (!hand.empty()) {
      EXPECT_EQ(first_held(bits), hand.front());
    }
    for (int s = 0; s < SUIT_NB; ++s) {
      std::vector<Card> of_suit;
      for (Card c : held_cards(bits & held_suit(Suit(s)))) of_suit.push_back(c);
      std::vector<Card> expected;
      for (Card c : hand)
        if (c.suit() == s) expected.push_back(c);
      EXPECT_EQ(of_suit, expected);
    }
  }
}

TEST(KitSimplex, SolvesSmallProgrammes) {
  // max 3x + 2y, x + y <= 4, x + 3y <= 6, x <= 3: optimum (3, 1), value 11.
  LpSolution s = maximize({{{1, 1}, {1, 3}, {1, 0}}, {4, 6, 3}, {3, 2}});
  ASSERT_EQ(s.status, LpSolution::kOptimal);
  EXPECT_NEAR(s.x[0], 3, 1e-12);
  EXPECT_NEAR(s.x[1], 1, 1e-12);
  EXPECT_NEAR(s.value, 11, 1e-12);
  // A row with negative bound needs phase one: x + y >= 2 (as -x - y <= -2), min x + 2y.
  s = maximize({{{-1, -1}, {1, 0}}, {-2, 5}, {-1, -2}});
  ASSERT_EQ(s.status, LpSolution::kOptimal);
  EXPECT_NEAR(s.value, -2, 1e-12);
  EXPECT_NEAR(s.x[0], 2, 1e-12);
  EXPECT_EQ(maximize({{{1}, {-1}}, {1, -2}, {1}}).status, LpSolution::kInfeasible);
  EXPECT_EQ(maximize({{{-1}}, {1}, {1}}).status, LpSolution::kUnbounded);
}

TEST(KitSimplex, DoesNotCycleOnADegenerateProgramme) {
  // Chvátal's example (Linear Programming, 1983, ch. 3): with the largest
  // coefficient entering and ties in the ratio to the least index, the
  // simplex comes back to its first basis after six pivots, for ever.
  // Optimum x = (1, 0, 1, 0), value 1.
  const LpSolution s = maximize(
      {{{0.5, -5.5, -2.5, 9}, {0.5, -1.5, -0.5, 1}, {1, 0, 0, 0}}, {0, 0, 1}, {10, -57, -9, -24}});
  ASSERT_EQ(s.status, LpSolution::kOptimal);
  EXPECT_NEAR(s.value, 1, 1e-12);
  EXPECT_NEAR(s.x[0], 1, 1e-12);
  EXPECT_NEAR(s.x[2], 1, 1e-12);
}

TEST(KitSolve, TwoByTwoHasTheTextbookValue) {
  // Rows (2, -1) and (-1, 1): value (ad - bc) / (a + d - b - c) = 1/5, the
  // first row played 2/5 of the time and the first column 2/5.
  AdditiveGame g({2}, {2});
  g.m(0, 0, 0, 0) = 2, g.m(0, 0, 0, 1) = -1, g.m(0, 1, 0, 0) = -1, g.m(0, 1, 0, 1) = 1;
  const AdditiveSolution s = solve(g);
  ASSERT_TRUE(s.ok);
  EXPECT_NEAR(s.value(), 0.2, 1e-12);
  EXPECT_NEAR(s.x[0], 0.4, 1e-12);
  EXPECT_NEAR(s.y[0], 0.4, 1e-12);
}

TEST(KitSolve, AgreesWithTheWholeMatrixOfPureStrategies) {
  // Random additive games small enough to write out every pure strategy of
  // both sides: the double oracle's value is the matrix game's.
  Rng rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const std::vector<int> ao{2, 3}, bo{2, 2, 3};
    AdditiveGame g(ao, bo);
    for (int t = 0; t < 2; ++t)
      for (int k = 0; k < ao[static_cast<std::size_t>(t)]; ++k) {
        g.base(t, k) = static_cast<double>(rng.below(7)) - 3;
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < bo[static_cast<std::size_t>(i)]; ++j)
            g.m(t, k, i, j) = static_cast<double>(rng.below(9)) - 4;
      }
    std::vector<std::vector<double>> rows;  // 6 pure strategies of A by 12 of B
    for (int k0 = 0; k0 < 2; ++k0)
      for (int k1 = 0; k1 < 3; ++k1) {
        std::vector<double> row;
        for (int j0 = 0; j0 < 2; ++j0)
          for (int j1 = 0; j1 < 2; ++j1)
            for (int j2 = 0; j2 < 3; ++j2) {
              const int ks[2] = {k0, k1}, js[3] = {j0, j1, j2};
              double v = 0;
              for (int t = 0; t < 2; ++t) {
                v += g.base(t, ks[t]);
                for (int i = 0; i < 3; ++i) v += g.m(t, ks[t], i, js[i]);
              }
              row.push_back(v + 100);  // positive, for the classic programme
            }
        rows.push_back(row);
      }
    LinearProgram lp;  // the columns' programme: max Σ q, P q <= 1
    lp.c.assign(12, 1.0);
    lp.a = rows;
    lp.b.assign(6, 1.0);
    const LpSolution whole = maximize(lp);
    ASSERT_EQ(whole.status, LpSolution::kOptimal);
    const AdditiveSolution s = solve(g);
    ASSERT_TRUE(s.ok);
    EXPECT_NEAR(s.value(), 1 / whole.value - 100, 1e-9) << "trial " << trial;
    EXPECT_NEAR(g.guaranteed_a(s.x), g.guaranteed_b(s.y), 1e-9);
  }
}

// A random additive game: `types` types of A with `a` plans each, `sets`
// sets of B with `b` plans each, payoffs whole numbers in [-4, 4].
AdditiveGame random_game(Rng& rng, int types, int a, int sets, int b) {
  AdditiveGame g(std::vector<int>(static_cast<std::size_t>(types), a),
                 std::vector<int>(static_cast<std::size_t>(sets), b));
  for (int t = 0; t < types; ++t)
    for (int k = 0; k < a; ++k) {
      g.base(t, k) = static_cast<double>(rng.below(9)) - 4;
      for (int i = 0; i < sets; ++i)
        for (int j = 0; j < b; ++j) g.m(t, k, i, j) = static_cast<double>(rng.below(9)) - 4;
    }
  return g;
}

TEST(KitSolve, AWarmStartGivesTheSameEquilibriumInFewerRounds) {
  // As Vingt-et-un's duel is solved again when the call moves a little: a
  // game, then the same game nudged. Started from the first's pure
  // strategies, the oracle reaches the nudged game's value (as solved from
  // nothing, and as AdditiveGame's own best answers check it) in fewer
  // rounds; a start from a game of another shape is set aside.
  Rng rng(11);
  int cold_rounds = 0, warm_rounds = 0;
  for (int trial = 0; trial < 5; ++trial) {
    const AdditiveGame g = random_game(rng, 6, 3, 20, 3);
    const AdditiveSolution first = solve(g);
    ASSERT_TRUE(first.ok);
    ASSERT_FALSE(first.a_pure.empty());
    ASSERT_FALSE(first.b_pure.empty());
    AdditiveGame nudged = g;
    for (int t = 0; t < 6; ++t)
      for (int k = 0; k < 3; ++k)
        for (int i = 0; i < 20; ++i)
          for (int j = 0; j < 3; ++j)
            nudged.m(t, k, i, j) += 0.01 * (static_cast<double>(rng.below(3)) - 1);
    const AdditiveSolution cold = solve(nudged), warm = solve(nudged, 1e-12, &first);
    ASSERT_TRUE(cold.ok && warm.ok) << "trial " << trial;
    EXPECT_NEAR(warm.value(), cold.value(), 1e-9) << "trial " << trial;
    EXPECT_NEAR(nudged.guaranteed_a(warm.x), warm.value(), 1e-9);
    EXPECT_NEAR(nudged.guaranteed_b(warm.y), warm.value(), 1e-9);
    cold_rounds += cold.rounds, warm_rounds += warm.rounds;
    const AdditiveSolution other = solve(random_game(rng, 3, 2, 5, 2));
    const AdditiveSolution aside = solve(nudged, 1e-12, &other);
    ASSERT_TRUE(aside.ok);
    EXPECT_NEAR(aside.value(), cold.value(), 1e-9);
    EXPECT_EQ(aside.rounds, cold.rounds);
  }
  EXPECT_LT(warm_rounds, cold_rounds);
  std::cout << "rounds from nothing " << cold_rounds << ", warm " << warm_rounds << "\n";
}

// Trial k of a choice that wins with chance p: the same k, the same luck
// for every choice with the same `luck`.
bool trial(int luck, double p, int k) {
  const std::uint64_t h =
      splitmix64(static_cast<std::uint64_t>(luck) << 32 | static_cast<std::uint32_t>(k));
  return static_cast<double>(h >> 11) * 0x1.0p-53 < p;
}

TEST(KitRace, ChoicesAlikeLeaveTheRaceAtOnce) {
  // Three lines that win and lose on the same trials: none can be better
  // than another, and the race ends long before its limits.
  RaceLimits lim;
  lim.most = 2048, lim.spent = 8192;
  const RaceResult r = race(
      3, [](std::size_t, int k) { return trial(1, 0.5, k); }, lim);
  EXPECT_EQ(r.best, 0u);
  EXPECT_LE(r.tries, 160);  // 3 standard errors of one disagreement, within 0.02 of the trials
  EXPECT_EQ(r.spent, 3 * r.tries);
  int wins = 0;
  for (int k = 0; k < r.tries; ++k) wins += trial(1, 0.5, k);
  EXPECT_EQ(r.wins, wins);
}

TEST(KitRace, APlainlyBetterChoiceWinsItSoon) {
  // Choice 2 wins 70% of its trials, the others 40% (each its own luck).
  RaceLimits lim;
  lim.most = 2048, lim.spent = 8192;
  const RaceResult r = race(
      4,
      [](std::size_t c, int k) { return trial(static_cast<int>(c) + 10, c == 2 ? 0.7 : 0.4, k); },
      lim);
  EXPECT_EQ(r.best, 2u);
  EXPECT_LT(r.spent, 1000);
  EXPECT_LT(r.tries, lim.most);
}

TEST(KitRace, AHeadStartPicksAmongChoicesAlikeButNotOverAPlainlyBetterOne) {
  RaceLimits lim;
  lim.most = 2048, lim.spent = 8192;
  // Three choices alike: the one with a head start is picked, at once.
  const std::vector<double> third = {0, 0, 0.05};
  RaceResult r = race(
      3, [](std::size_t, int k) { return trial(1, 0.5, k); }, lim, third);
  EXPECT_EQ(r.best, 2u);
  EXPECT_LE(r.tries, 160);
  // Its wins are the trials' alone.
  int wins = 0;
  for (int k = 0; k < r.tries; ++k) wins += trial(1, 0.5, k);
  EXPECT_EQ(r.wins, wins);
  // Choice 0 wins 70% of its trials, choice 1 40% with 5 points ahead: 0.
  const std::vector<double> second = {0, 0.05};
  r = race(
      2,
      [](std::size_t c, int k) { return trial(static_cast<int>(c) + 20, c == 0 ? 0.7 : 0.4, k); },
      lim, second);
  EXPECT_EQ(r.best, 0u);
  // 44% against 40% with 5 points ahead, on the same luck (choice 1 wins
  // only where 0 does): the head start decides it, and soon.
  r = race(
      2, [](std::size_t c, int k) { return trial(30, c == 0 ? 0.44 : 0.4, k); }, lim, second);
  EXPECT_EQ(r.best, 1u);
  EXPECT_LT(r.tries, 1000);
  // Without it, choice 0.
  r = race(
      2, [](std::size_t c, int k) { return trial(30, c == 0 ? 0.44 : 0.4, k); }, lim);
  EXPECT_EQ(r.best, 0u);
}

TEST(KitRace, KeepsToItsLimitsAndStopsWhereTheAnswerIsPlain) {
  RaceLimits lim;
  lim.most = 200, lim.spent = 100000, lim.equal = 0;
  // Two choices alike, where no margin makes them as good: the race runs to
  // `most` trials of the leader (a batch at a time).
  RaceResult r = race(
      2, [](std::size_t, int k) { return trial(3, 0.5, k); }, lim);
  EXPECT_GE(r.tries, lim.most);
  EXPECT_LT(r.tries, lim.most + lim.batch);
  lim.most = 100000, lim.spent = 400;
  r = race(
      5, [](std::size_t, int k) { return trial(3, 0.5, k); }, lim);
  EXPECT_GE(r.spent, 400);
  EXPECT_LT(r.spent, 400 + 5 * lim.batch);
  // The leader wins all of the first 64: done (choices alike would leave
  // only after 150); no choice wins any: done.
  r = race(
      3, [](std::size_t, int) { return true; }, lim);
  EXPECT_EQ(r.tries, lim.plain);
  EXPECT_EQ(r.wins, lim.plain);
  r = race(
      3, [](std::size_t, int) { return false; }, lim);
  EXPECT_EQ(r.tries, lim.plain);
  EXPECT_EQ(r.wins, 0);
  // One choice: picked without a trial.
  r = race(
      1,
      [](std::size_t, int) -> bool {
        ADD_FAILURE();
        return false;
      },
      lim);
  EXPECT_EQ(r.best, 0u);
  EXPECT_EQ(r.spent, 0);
}

TEST(Claims, WordsForClaims) {
  EXPECT_EQ(rank_plural(kAce), "Aces");
  EXPECT_EQ(rank_plural(kSix), "Sixes");
  EXPECT_EQ(claim_words(kAce, 1), "an Ace");
  EXPECT_EQ(claim_words(kEight, 1), "an Eight");
  EXPECT_EQ(claim_words(kSeven, 1), "a Seven");
  EXPECT_EQ(claim_words(kSeven, 3), "three Sevens");
  EXPECT_EQ(claim_words(kKing, 14), "14 Kings");
  EXPECT_EQ(number_word(0), "no");
  EXPECT_EQ(rank_key(kTen), "10");
  EXPECT_EQ(rank_key(kQueen), "q");
}

TEST(Claims, ChanceOfAtLeastIsTheHypergeometricTail) {
  EXPECT_NEAR(chance_of_at_least(1, 1, 4, 1), 0.25, 1e-12);
  EXPECT_NEAR(chance_of_at_least(2, 2, 4, 2), 1.0 / 6.0, 1e-12);
  // One of 2 among 5 unseen, in a hand of 3: 1 - C(3,3)/C(5,3) = 0.9.
  EXPECT_NEAR(chance_of_at_least(1, 3, 5, 2), 0.9, 1e-12);
  EXPECT_EQ(chance_of_at_least(0, 5, 10, 3), 1.0);
  EXPECT_EQ(chance_of_at_least(4, 3, 10, 4), 0.0);
  EXPECT_EQ(chance_of_at_least(1, 9, 4, 1), 1.0);  // a hand larger than what is unseen
}

// Each zone alone, as a view of its own holds it.
Zone last_play(const Cards& last, std::string_view claim, const TurnedUp& turned, Seat as) {
  View v;
  last_play_zone(v, last, claim, turned, as);
  return v.zones.at(0);
}
Zone being_played(const Cards& building, Seat player, Seat as) {
  View v;
  being_played_zone(v, building, player, as);
  return v.zones.at(0);
}
Zone hand_of(const Cards& hand, Seat owner, Seat viewer, Seat as) {
  View v;
  hand_view(v, hand, owner, viewer, as);
  return v.zones.at(0);
}

TEST(Claims, TheLastPlayIsFaceDownUntilTurnedUpAndThenShownToAll) {
  TurnedUp turned;
  const Cards play = held({"AS", "7D"}, bit(1));
  Zone z = last_play(play, "Seat 1 claims two Aces", turned, 0);
  EXPECT_EQ(z.name, "the last play");
  EXPECT_EQ(z.owner, kNobody);
  EXPECT_EQ(z.note, "Seat 1 claims two Aces");
  ASSERT_EQ(z.cards.size(), 2u);
  EXPECT_FALSE(z.cards[0].card.has_value());  // seat 0 cannot see seat 1's play
  EXPECT_TRUE(last_play(play, "", turned, 1).cards[1].card.has_value());

  turned.set(held({"AS", "7D"}, 0, true), 1, 2, false);
  z = last_play({}, "", turned, 0);
  EXPECT_EQ(z.note, "Seat 1's play, turned up by Seat 2: a lie");
  ASSERT_EQ(z.cards.size(), 2u);
  EXPECT_EQ(z.cards[1].card, parse_card("7D"));
  turned.clear();
  EXPECT_TRUE(last_play({}, "", turned, 0).cards.empty());
}

TEST(Claims, CardsBeingPlayedAreSeenByTheirPlayerOnly) {
  const Cards building = held({"2C", "2H"}, bit(3));
  const Zone mine = being_played(building, 3, 3);
  EXPECT_EQ(mine.note, "Seat 3 puts down");
  EXPECT_EQ(mine.cards[0].card, parse_card("2C"));
  const Zone theirs = being_played(building, 3, 0);
  EXPECT_FALSE(theirs.cards[0].card.has_value());
  EXPECT_EQ(being_played({}, kNobody, 0).note, "");
}

TEST(Hidden, AnothersHandListsTheKnownCardsFirst) {
  // Seat 0 knows where the 9S lies in seat 1's hand, not the others: it sees
  // the 9S first, whatever its place, so the place tells nothing.
  Cards hand = held({"3C", "5D"}, bit(1));
  hand.push_back({*parse_card("9S"), bit(0) | bit(1), false});
  const Zone seen = hand_of(hand, 1, 0, 0);
  EXPECT_EQ(seen.name, "Seat 1's hand");
  ASSERT_EQ(seen.cards.size(), 3u);
  EXPECT_EQ(seen.cards[0].card, parse_card("9S"));
  EXPECT_FALSE(seen.cards[1].card.has_value());
  EXPECT_FALSE(seen.cards[2].card.has_value());
  const Zone own = hand_of(hand, 1, 1, 1);  // its owner sees it in order
  EXPECT_EQ(own.cards[0].card, parse_card("3C"));
  EXPECT_EQ(own.cards[2].card, parse_card("9S"));
  const Zone end = hand_of(hand, 1, 0, kEveryone);  // at the end, all is shown
  EXPECT_EQ(end.cards[0].card, parse_card("3C"));   // in its order
}

TEST(Claims, ChoicesPickTheCardWhereItLies) {
  const Cards hand = held({"3C", "5D", "9S"}, bit(0));
  const Choice put = put_choice(7, "put down 5D", *parse_card("5D"), hand, 0, 5);
  EXPECT_EQ(put.key, "2");
  ASSERT_EQ(put.picks.size(), 1u);
  EXPECT_EQ(put.picks[0].zone, 0);
  EXPECT_EQ(put.picks[0].card, 1);
  EXPECT_EQ(put.to.zone, 5);
  const Cards building = held({"KH", "9S"}, bit(0));
  const Choice back = take_back_choice(8, "take back 9S", *parse_card("9S"), building, 5);
  EXPECT_EQ(back.key, "b 2");
  EXPECT_EQ(back.picks[0].card, 1);
  EXPECT_EQ(back.to.zone, -1);
}

// ---- Tricks ------------------------------------------------------------------------

std::vector<Card> hand_of(std::initializer_list<const char*> names) {
  std::vector<Card> v;
  for (const char* n : names) v.push_back(*parse_card(n));
  return v;
}

TEST(Tricks, RanksRunAceHigh) {
  EXPECT_EQ(rank_order(kTwo), 0);
  EXPECT_EQ(rank_order(kKing), 11);
  EXPECT_EQ(rank_order(kAce), 12);
  EXPECT_GT(high(*parse_card("AS")), high(*parse_card("KS")));
  EXPECT_EQ(std::popcount(suit_bits(kHearts)), 13);
  EXPECT_TRUE(suit_bits(kHearts) & card_bit(*parse_card("7H")));
  EXPECT_FALSE(suit_bits(kHearts) & card_bit(*parse_card("7S")));
}

TEST(Tricks, FollowSuitIfYouCanElsePlayAny) {
  const std::vector<Card> hand = hand_of({"2H", "KH", "9C", "AS"});
  Trick t;
  t.start(1);
  EXPECT_EQ(playable(hand, t), card_bit(hand[0]) | card_bit(hand[1]) | card_bit(hand[2]) |
                                   card_bit(hand[3]));  // a lead: any card
  t.play(*parse_card("5H"));
  EXPECT_EQ(playable(hand, t), card_bit(hand[0]) | card_bit(hand[1]));
  EXPECT_FALSE(may_play(hand, t, *parse_card("AS")));
  Trick d;
  d.start(0);
  d.play(*parse_card("5D"));  // no diamonds: anything
  EXPECT_TRUE(may_play(hand, d, *parse_card("AS")));
  EXPECT_TRUE(may_play(hand, d, *parse_card("2H")));
}

TEST(Tricks, HighestTrumpElseHighestOfTheSuitLedWins) {
  Trick t;
  t.start(2);  // seats 2, 3, 0, 1 of four
  t.play(*parse_card("10C"));
  t.play(*parse_card("AH"));  // not the suit led, not a trump: cannot win
  t.play(*parse_card("QC"));
  t.play(*parse_card("3C"));
  EXPECT_TRUE(t.complete(4));
  EXPECT_EQ(t.led(), kClubs);
  EXPECT_EQ(t.winner(4, kNoTrump), 0);
  EXPECT_EQ(t.winner(4, kSpades), 0);
  EXPECT_EQ(t.winner(4, kHearts), 3);  // the only trump
  EXPECT_EQ(t.card_of(3, 4), *parse_card("AH"));
  EXPECT_EQ(t.seat(0, 4), 2);

  Trick two;
  two.start(0);
  two.play(*parse_card("KD"));
  two.play(*parse_card("2S"));
  two.play(*parse_card("9S"));  // the higher trump
  EXPECT_EQ(two.winner(3, kSpades), 2);
  EXPECT_EQ(two.next(3), 0);
  Trick partial;
  partial.start(1);
  partial.play(*parse_card("4S"));
  EXPECT_FALSE(partial.card_of(2, 4).valid());  // seat 2 has not played
  EXPECT_EQ(partial.next(4), 2);
}

TEST(Tricks, ASeatThatDoesNotFollowIsShownVoid) {
  Voids v;
  Trick t;
  t.start(0);
  v.note(t, 0, *parse_card("5H"));  // a lead shows nothing
  t.play(*parse_card("5H"));
  v.note(t, 1, *parse_card("7H"));  // followed
  t.play(*parse_card("7H"));
  v.note(t, 2, *parse_card("2C"));  // did not follow: void in hearts
  t.play(*parse_card("2C"));
  EXPECT_FALSE(v.has(0, kHearts));
  EXPECT_FALSE(v.has(1, kHearts));
  EXPECT_TRUE(v.has(2, kHearts));
  EXPECT_FALSE(v.has(2, kClubs));
  EXPECT_EQ(v.of(2), 1u << kHearts);
  v.clear();
  EXPECT_EQ(v.of(2), 0u);
}

TEST(Tricks, HiddenCardsAreDealtAroundVoids) {
  // Three hidden hearts and three spades into two hands of two and a stock of
  // two: the first hand is void in hearts, the second in spades.
  const std::vector<Card> pool = hand_of({"2H", "3H", "4H", "2S", "3S", "4S", "5C", "6C"});
  const std::array<HiddenPlace, 3> places = {HiddenPlace{2, 1u << kHearts},
                                             HiddenPlace{2, 1u << kSpades}, HiddenPlace{4, 0}};
  Rng rng(7);
  std::array<Card, 8> out{};
  bool first_got_club = false;
  for (int i = 0; i < 500; ++i) {
    ASSERT_TRUE(deal_around_voids(pool, places, rng, out));
    for (int k = 0; k < 2; ++k) EXPECT_NE(out[k].suit(), kHearts);
    for (int k = 2; k < 4; ++k) EXPECT_NE(out[k].suit(), kSpades);
    std::array<Card, 8> sorted = out;
    std::sort(sorted.begin(), sorted.end());
    std::vector<Card> want = pool;
    std::sort(want.begin(), want.end());
    EXPECT_TRUE(std::equal(sorted.begin(), sorted.end(), want.begin()));
    first_got_club |= out[0].suit() == kClubs || out[1].suit() == kClubs;
  }
  EXPECT_TRUE(first_got_club);
  // No room for four hearts outside the void hand: no deal.
  const std::vector<Card> hearts = hand_of({"2H", "3H", "4H", "5H"});
  const std::array<HiddenPlace, 2> tight = {HiddenPlace{2, 1u << kHearts}, HiddenPlace{2, 0}};
  std::array<Card, 4> four{};
  EXPECT_FALSE(deal_around_voids(hearts, tight, rng, four));
}

TEST(Tricks, ADealDependsOnlyOnWhichCardsAreHidden) {
  std::vector<Card> pool = hand_of({"2H", "KD", "4S", "9C", "JH", "AS"});
  std::vector<Card> reversed(pool.rbegin(), pool.rend());
  const std::array<HiddenPlace, 2> places = {HiddenPlace{3, 1u << kClubs}, HiddenPlace{3, 0}};
  std::array<Card, 6> a{}, b{};
  Rng r1(3), r2(3);
  ASSERT_TRUE(deal_around_voids(pool, places, r1, a));
  ASSERT_TRUE(deal_around_voids(reversed, places, r2, b));
  EXPECT_EQ(a, b);
}

TEST(Deal, NoSeatIsGivenACardItMayNotHold) {
  // Seat 0 may hold only spades, seat 1 anything, seat 2 no spades: a deal
  // that places cards at random must often move one on to make room.
  const std::vector<Card> pool = {*parse_card("2S"), *parse_card("3S"), *parse_card("4H"),
                                  *parse_card("5H"), *parse_card("6D"), *parse_card("7S")};
  const std::vector<int> room = {2, 2, 2};
  auto allowed = [](Seat s, Card c) { return s == 1 || (s == 0) == (c.suit() == kSpades); };
  Rng rng(4);
  std::vector<std::vector<Card>> out;
  int seat1_spades = 0;
  for (int i = 0; i < 200; ++i) {
    ASSERT_TRUE(deal_where_allowed(pool, room, allowed, rng, out));
    for (Seat s = 0; s < 3; ++s) {
      ASSERT_EQ(out[static_cast<std::size_t>(s)].size(), 2u);
      for (Card c : out[static_cast<std::size_t>(s)]) EXPECT_TRUE(allowed(s, c));
    }
    for (Card c : out[1]) seat1_spades += c.suit() == kSpades;
  }
  EXPECT_GT(seat1_spades, 0);  // the spade seat 0 has no room for goes to seat 1
  // Three spades, and room for only two where spades may go... plus seat 1's:
  // no deal when seat 1 may not take spades either.
  EXPECT_FALSE(deal_where_allowed(
      pool, room, [](Seat s, Card c) { return (s == 0) == (c.suit() == kSpades); }, rng, out));
}

TEST(Tricks, ADealWithinCapsGivesNoPlaceMoreOfASuitThanItMayHold) {
  // Two places of three: the first may hold one heart at most (a void since
  // broken by a draw), the second anything; four hearts cannot fit once the
  // first may hold none.
  std::vector<Card> pool;
  for (const char* n : {"2H", "3H", "4H", "5S", "6S", "7S"}) pool.push_back(*parse_card(n));
  std::array<CappedPlace, 2> places{};
  places[0].size = 3, places[0].cap[kHearts] = 1;
  places[1].size = 3;
  Rng rng(8);
  std::array<Card, 6> out{};
  int hearts_first = 0;
  for (int i = 0; i < 300; ++i) {
    ASSERT_TRUE(deal_within_caps(pool, places, rng, out));
    int h = 0;
    for (int k = 0; k < 3; ++k) h += out[static_cast<std::size_t>(k)].suit() == kHearts;
    EXPECT_LE(h, 1);
    hearts_first += h;
  }
  EXPECT_GT(hearts_first, 0);
  pool[3] = *parse_card("8H");  // four hearts, room for three in the second place
  places[0].cap[kHearts] = 0;
  EXPECT_FALSE(deal_within_caps(pool, places, rng, out));
}

TEST(Tricks, TheAceRanksHighOrBelowTheJack) {
  EXPECT_GT(rank_order(kAce), rank_order(kKing));
  EXPECT_EQ(rank_order(kTwo), 0);
  EXPECT_EQ(rank_order(kAce), 12);
  // K Q J A 10 9 ...
  const AceRank b = AceRank::kBelowJack;
  EXPECT_GT(rank_order(kKing, b), rank_order(kQueen, b));
  EXPECT_GT(rank_order(kJack, b), rank_order(kAce, b));
  EXPECT_GT(rank_order(kAce, b), rank_order(kTen, b));
  EXPECT_EQ(rank_order(kKing, b), 12);
  EXPECT_TRUE(beats(*parse_card("JH"), *parse_card("AH"), kNoTrump, b));
  EXPECT_FALSE(beats(*parse_card("JH"), *parse_card("AH"), kNoTrump));
}

TEST(Standing, AheadOfEachOtherSeatAveraged) {
  std::array<double, 3> value{};
  // Level scores: even chances; a lead shows, less so on a larger scale.
  const std::array<double, 3> level = {10, 10, 10};
  standing_by_score(level, 5, value);
  for (double v : value) EXPECT_DOUBLE_EQ(v, 0.5);
  const std::array<double, 3> lead = {20, 10, 10};
  standing_by_score(lead, 5, value);
  EXPECT_GT(value[0], 0.8);
  EXPECT_NEAR(value[0] + value[1] + value[2], 1.5, 1e-12);  // pairwise chances sum to one
  std::array<double, 3> wide{};
  standing_by_score(lead, 50, wide);
  EXPECT_LT(wide[0], value[0]);
  // Cards held: fewer is better, by a smooth share.
  const std::array<double, 3> held = {0, 5, 5};
  standing_by_cards(held, value);
  EXPECT_DOUBLE_EQ(value[0], 0.5 + 0.5 * 5.0 / 6.0);
  EXPECT_DOUBLE_EQ(value[1], (0.5 - 0.5 * 5.0 / 6.0 + 0.5) / 2);
}

// ---- The bank ----------------------------------------------------------------------------

TEST(KitBank, AStakeIsPaidTimesOverReturnedOnAStandOffOrTakenWithMore) {
  Chips c(3, 30);
  c.begin_hand();
  c.stake(1, 1, 2);
  c.stake(2, 2, 2);
  settle_stake(c, 0, 1, 1, 2, 3);  // a natural 9 paid three times
  EXPECT_EQ(c.balance(1), 36);
  settle_stake(c, 0, 2, 2, 2, -2);  // the banker's 8 collects twice
  EXPECT_EQ(c.balance(2), 26);
  EXPECT_EQ(c.balance(0), 28);
  EXPECT_EQ(c.total(), 90);
  c.stake(1, 1, 5);
  settle_stake(c, 0, 1, 1, 5, 0);
  EXPECT_EQ(c.balance(1), 36);
  LastHand last;
  HandResult none;
  last.fill(c, "", none);
  EXPECT_EQ(none.hand, 0);
  last.record(c, 4);
  const BankHand bank = BankHand::of(c, 4, 0, true);
  HandResult r;
  last.fill(c, bank_result(bank), r);
  EXPECT_EQ(r.hand, 4);
  EXPECT_EQ(r.summary, "Seat 0's bank paid out 2 chips.");
  EXPECT_EQ(hand_summary(bank, "counter"), "Hand 4: Seat 0's bank paid out 2 counters.");
  EXPECT_EQ(r.points, (std::vector<double>{-2, 6, -4}));
  EXPECT_EQ(r.totals, (std::vector<double>{28, 36, 26}));
  // The next hand's stakes do not change what the last one shows.
  c.begin_hand();
  c.stake(1, 1, 5);
  HandResult later;
  last.fill(c, "", later);
  EXPECT_EQ(later.totals, r.totals);
}

}  // namespace
}  // namespace parlour::kit
