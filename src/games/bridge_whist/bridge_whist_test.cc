// Bridge-Whist: a test for each sentence of seed 003 on the game (B1-B7), and
// for each period law rules.md takes from S1-S6; then the views, the
// resampler, the bot and the conformance harness.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdlib>
#include <new>

#include "bots/random_bot.h"
#include "conformance.h"
#include "core/registry.h"
#include "count_allocations.h"
#include "games/bridge_whist/bots.h"
#include "games/bridge_whist/state.h"

namespace parlour::bridge_whist {
namespace {

using kit::CardBits;
using testing::card;
using testing::legal;

BridgeWhistState fresh(const std::vector<std::string>& opts = {}) {
  return BridgeWhistState(Rules::from(testing::test_config("bridge-whist", 4, opts)));
}

void play(BridgeWhistState& s, Seat seat, Move m) {
  ASSERT_TRUE(testing::play(s, seat, m.encode()))
      << seat_name(seat) << ": " << s.action_label(seat, m.encode());
}

bool offered(const BridgeWhistState& s, Seat seat, Move m) {
  const std::vector<Action> l = legal(s, seat);
  return std::find(l.begin(), l.end(), m.encode()) != l.end();
}

std::vector<Card> suit_cards(Suit su) {
  std::vector<Card> out;
  for (int r = kAce; r <= kKing; ++r) out.push_back(Card::standard(Rank(r), su));
  return out;
}

CardBits bits(std::initializer_list<const char*> names) {
  CardBits b = 0;
  for (const char* n : names) b |= kit::card_bit(card(n));
  return b;
}

// Plays out the deal from where it stands with each seat's first legal move.
void play_out(BridgeWhistState& s) {
  while (s.phase() == BridgeWhistState::Phase::kPlay)
    s.apply(s.to_move(), legal(s, s.to_move())[0]);
}

// A deal that `side` wins whole at no trumps: the eldest, on that side, holds
// all thirteen clubs, leads them and is never beaten. 7 by cards at 12 a
// trick: 84 below (a game), and a grand slam, 40; the aces split two and two.
void win_deal(BridgeWhistState& s, int side) {
  const Seat dealer = (side + 3) % 4;
  std::vector<std::vector<Card>> hands(4);
  hands[static_cast<std::size_t>(side)] = suit_cards(kClubs);
  hands[static_cast<std::size_t>((side + 1) % 4)] = suit_cards(kDiamonds);
  hands[static_cast<std::size_t>((side + 2) % 4)] = suit_cards(kHearts);
  hands[static_cast<std::size_t>((side + 3) % 4)] = suit_cards(kSpades);
  s.set_deal(dealer, hands);
  play(s, dealer, Move::make(kNoTrumps));
  play(s, s.to_move(), Move::content());
  play(s, s.to_move(), Move::content());
  play_out(s);
}

// ---- Cutting, dealing, making -------------------------------------------------------

TEST(BridgeRules, TheLowestCutDealsTheAceLowS1) {
  // S1: "the ace is the lowest card in cutting"; the lowest cut deals.
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    BridgeWhistState s = fresh();
    Rng rng(seed);
    s.apply_chance(rng);
    const kit::Cut& sc = s.last_scene().cut;
    ASSERT_FALSE(sc.rounds.empty());
    const std::size_t from = sc.rounds.size() > 1 ? sc.rounds[sc.rounds.size() - 2] : 0;
    int low = 99;
    for (std::size_t i = from; i < sc.cards.size(); ++i)
      low = std::min(low, static_cast<int>(sc.cards[i].rank()));
    for (std::size_t i = from; i < sc.cards.size(); ++i)
      if (sc.cutter[i] == s.dealer()) {
        EXPECT_EQ(sc.cards[i].rank(), low) << "seed " << seed;
      }
  }
}

TEST(BridgeRules, ThirteenEachOneAtATimeNoCardTurnedUpS1) {
  BridgeWhistState s = fresh();
  Rng rng(7);
  s.apply_chance(rng);
  s.apply_chance(rng);
  std::vector<Card> all;
  for (Seat p = 0; p < 4; ++p) {
    EXPECT_EQ(s.hand(p).size(), 13u);
    all.insert(all.end(), s.hand(p).begin(), s.hand(p).end());
  }
  std::sort(all.begin(), all.end());
  EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end());
  EXPECT_EQ(s.phase(), BridgeWhistState::Phase::kMake);
  EXPECT_EQ(s.to_move(), s.dealer());
  // No card is turned up: nothing lies on the table but the cut.
  for (const Zone& z : s.view(kSpectator).zones)
    if (z.kind != ZoneKind::kHand && z.name != "cut for the first deal") {
      EXPECT_TRUE(z.cards.empty()) << z.name;
    }
}

TEST(BridgeRules, TheDealerMakesOrPassesAndHisPartnerMustMakeS3) {
  // S3: "The dealer may either make the trump or pass the declaration to his
  // partner"; "If the declaration be passed to partner, he must make the trump."
  BridgeWhistState s = fresh();
  Rng rng(3);
  s.apply_chance(rng);
  s.apply_chance(rng);
  const Seat d = s.dealer();
  EXPECT_EQ(legal(s, d).size(), 6u);
  EXPECT_TRUE(offered(s, d, Move::pass()));
  play(s, d, Move::pass());
  EXPECT_EQ(s.to_move(), partner_of(d));
  std::vector<Action> makes = legal(s, partner_of(d));
  std::sort(makes.begin(), makes.end());
  std::vector<Action> five;
  for (int st = 0; st < kStrains; ++st) five.push_back(Move::make(st).encode());
  EXPECT_EQ(makes, five);  // passing back is not a legal action
  play(s, partner_of(d), Move::make(kHearts));
  EXPECT_EQ(s.maker(), partner_of(d));
  // Dummy is the dealer's partner whoever made (S1).
  EXPECT_EQ(s.dummy(), partner_of(d));
}

TEST(BridgeRules, DoublingGoesInTheOrderOfTheAmericanLawsS3) {
  BridgeWhistState s = fresh();
  s.set_deal(0,
             {suit_cards(kClubs), suit_cards(kDiamonds), suit_cards(kHearts), suit_cards(kSpades)});
  play(s, 0, Move::make(kSpades));  // 2 a trick
  // "The eldest hand has the first right. If he does not wish to double, he
  // may ask his partner, 'May I lead?' His partner shall answer, 'Yes,' or 'I double.'"
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.action_label(1, Move::content().encode()), "\"May I lead?\"");
  play(s, 1, Move::content());
  EXPECT_EQ(s.to_move(), 3);
  EXPECT_EQ(s.action_label(3, Move::double_().encode()), "\"I double\"");
  play(s, 3, Move::double_());
  EXPECT_EQ(s.trick_points(), 4);
  // "The player who has declared the trump shall have the first right. He
  // may say 'I re-double' or 'Satisfied.' Should he say the latter, his
  // partner may re-double."
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(s.action_label(0, Move::content().encode()), "\"Satisfied\"");
  play(s, 0, Move::content());
  EXPECT_EQ(s.to_move(), 2);
  play(s, 2, Move::double_());
  EXPECT_EQ(s.trick_points(), 8);
  // "their adversaries shall have the right to again double. The original
  // doubler has the first right."
  EXPECT_EQ(s.to_move(), 3);
  play(s, 3, Move::content());
  EXPECT_EQ(s.to_move(), 1);
  play(s, 1, Move::content());
  // Both satisfied: the eldest leads.
  EXPECT_EQ(s.phase(), BridgeWhistState::Phase::kPlay);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.doubles(), 2);
}

TEST(BridgeRules, DoublingStopsAtTheLimitIn64ReachableAnd128NotInHearts) {
  // Our limit (double-limit, default 100 a trick): hearts, 8 a trick.
  BridgeWhistState s = fresh();
  s.set_deal(0,
             {suit_cards(kClubs), suit_cards(kDiamonds), suit_cards(kHearts), suit_cards(kSpades)});
  play(s, 0, Move::make(kHearts));
  play(s, 1, Move::double_());
  EXPECT_EQ(s.trick_points(), 16);
  play(s, 0, Move::double_());
  EXPECT_EQ(s.trick_points(), 32);
  play(s, 1, Move::double_());
  EXPECT_EQ(s.trick_points(), 64);
  // 128 would pass the limit: nobody may go over, and the play begins.
  EXPECT_EQ(s.phase(), BridgeWhistState::Phase::kPlay);
  EXPECT_FALSE(offered(s, s.to_move(), Move::double_()));
  // With the limit at 10, spades (2) go to 4 and 8, never 16.
  BridgeWhistState t = fresh({"double-limit=10"});
  t.set_deal(0,
             {suit_cards(kClubs), suit_cards(kDiamonds), suit_cards(kHearts), suit_cards(kSpades)});
  play(t, 0, Move::make(kSpades));
  play(t, 1, Move::double_());
  play(t, 0, Move::double_());
  EXPECT_EQ(t.trick_points(), 8);
  EXPECT_EQ(t.phase(), BridgeWhistState::Phase::kPlay);
  // And no trumps (12) cannot be doubled at all under 10.
  BridgeWhistState u = fresh({"double-limit=10"});
  u.set_deal(0,
             {suit_cards(kClubs), suit_cards(kDiamonds), suit_cards(kHearts), suit_cards(kSpades)});
  play(u, 0, Move::make(kNoTrumps));
  EXPECT_EQ(u.phase(), BridgeWhistState::Phase::kPlay);
}

// ---- Dummy ----------------------------------------------------------------------------

TEST(BridgeRules, DummyLiesFaceUpOnlyFromTheOpeningLeadS1) {
  BridgeWhistState s = fresh();
  Rng rng(11);
  s.apply_chance(rng);
  s.apply_chance(rng);
  const Seat d = s.dealer(), dummy = s.dummy();
  play(s, d, Move::make(kNoTrumps));
  play(s, s.to_move(), Move::content());
  play(s, s.to_move(), Move::content());
  auto sees_dummy = [&](Seat viewer) {
    // The view is a value: keep it alive while its zone is read.
    const View view = s.view(viewer);
    const Zone& z = view.zones[static_cast<std::size_t>(dummy)];
    return std::all_of(z.cards.begin(), z.cards.end(),
                       [](const CardView& c) { return c.card.has_value(); });
  };
  // Before the lead, nobody but dummy sees dummy's hand.
  for (Seat v : {Seat(0), Seat(1), Seat(2), Seat(3), kSpectator})
    EXPECT_EQ(sees_dummy(v), v == dummy) << v;
  const Seat eldest = s.eldest();
  play(s, eldest, Move::decode(legal(s, eldest)[0]).value());
  for (Seat v : {Seat(0), Seat(1), Seat(2), Seat(3), kSpectator}) EXPECT_TRUE(sees_dummy(v)) << v;
  EXPECT_EQ(s.view(kSpectator).zones[static_cast<std::size_t>(dummy)].note,
            "dummy: " + seat_name(d) + " plays these cards");
}

TEST(BridgeRules, TheDealerPlaysDummysCardsAndDummyNeverActsS1) {
  // S1, point 4: "the dealer playing two hands, his partner becoming a dummy".
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    BridgeWhistState s = fresh({"scope=deal"});
    Rng rng(seed);
    while (!s.terminal()) {
      if (s.chance()) {
        s.apply_chance(rng);
        continue;
      }
      if (s.phase() == BridgeWhistState::Phase::kPlay) {
        ASSERT_NE(s.to_move(), s.dummy());
        EXPECT_FALSE(s.actors().has(s.dummy()));
        if (s.player() == s.dummy()) {
          EXPECT_EQ(s.to_move(), s.dealer());
          EXPECT_NE(s.view(s.dealer()).prompt.find("from dummy"), std::string::npos);
        }
      }
      const std::vector<Action> l = legal(s, s.to_move());
      s.apply(s.to_move(), l[rng.below(static_cast<std::uint32_t>(l.size()))]);
    }
  }
}

// ---- Scoring -----------------------------------------------------------------------

TEST(BridgeScoring, TwelveNeededFrom18AsSeed003B6B7) {
  // B6-B7: "Let us suppose this number to be 12, he having already scored
  // 18. These 12 points can be made by winning six by cards with spades for
  // trumps; three by cards with clubs; or two by cards with diamonds or hearts."
  const Rules r = Rules::from(testing::test_config("bridge-whist", 4));
  auto below = [&](int strain, int odd) {
    return BridgeWhistState::score_deal(r, {}, strain, 0, 0, {6 + odd, 7 - odd}).below;
  };
  for (auto [strain, odd] : {std::pair{kSpades, 6}, {kClubs, 3}, {kDiamonds, 2}, {kHearts, 2}})
    EXPECT_GE(18 + below(strain, odd), 30) << strain;
  for (auto [strain, odd] : {std::pair{kSpades, 5}, {kClubs, 2}, {kDiamonds, 1}})
    EXPECT_LT(18 + below(strain, odd), 30) << strain;
  EXPECT_EQ(below(kSpades, 6), 12);
  EXPECT_EQ(below(kClubs, 3), 12);
  EXPECT_EQ(below(kNoTrumps, 1), 12);
  // A double doubles every trick over six (S3).
  EXPECT_EQ(BridgeWhistState::score_deal(r, {}, kHearts, 2, 0, {9, 4}).below, 3 * 32);
  // The adversaries who win the odd tricks score them (S1): the makers
  // (side 0) took 5.
  const DealScore d = BridgeWhistState::score_deal(r, {}, kClubs, 0, 0, {5, 8});
  EXPECT_EQ(d.odd_side, 1);
  EXPECT_EQ(d.below, 8);
}

TEST(BridgeScoring, TheHonoursTableForEverySuitS5) {
  const Rules r = Rules::from(testing::test_config("bridge-whist", 4));
  // Honours of a trump suit: A K Q J 10; their worth in tricks' values.
  struct Line {
    std::array<int, 4> held;  // honours held by seats 0..3
    Honours what;
    int tricks;  // in tricks' values
    int side;
  };
  const std::vector<Line> table = {
      {{2, 1, 1, 1}, Honours::kSimple, 2, 0},  // 3 between 0 and 2
      {{1, 2, 1, 1}, Honours::kSimple, 2, 1},
      {{2, 1, 2, 0}, Honours::kFour, 4, 0},       // four, two and two
      {{3, 0, 2, 0}, Honours::kFive, 5, 0},       // five, three and two
      {{4, 1, 0, 0}, Honours::kFourInOne, 8, 0},  // four in one, the fifth against
      {{4, 0, 1, 0}, Honours::kFourInOneAndOne, 9, 0},
      {{0, 5, 0, 0}, Honours::kFiveInOne, 10, 1},
  };
  const std::array<Rank, 5> order = {kAce, kKing, kQueen, kJack, kTen};
  for (int strain = 0; strain < SUIT_NB; ++strain)
    for (const Line& l : table) {
      std::array<CardBits, 4> dealt{};
      int k = 0;
      for (Seat p = 0; p < 4; ++p)
        for (int i = 0; i < l.held[static_cast<std::size_t>(p)]; ++i)
          dealt[static_cast<std::size_t>(p)] |=
              kit::card_bit(Card::standard(order[static_cast<std::size_t>(k++)], Suit(strain)));
      // Every seat holds a trump besides, so that no chicane counts.
      for (Seat p = 0; p < 4; ++p)
        dealt[static_cast<std::size_t>(p)] |=
            kit::card_bit(Card::standard(Rank(2 + p), Suit(strain)));
      const DealScore d = BridgeWhistState::score_deal(r, dealt, strain, 3, 0, {7, 6});
      EXPECT_EQ(d.honours, l.what) << strain;
      EXPECT_EQ(d.honours_side, l.side) << strain;
      // Doubling changes no honours (S4).
      EXPECT_EQ(d.honours_points, l.tricks * trick_value(strain)) << strain;
      EXPECT_EQ(d.above[static_cast<std::size_t>(l.side)], l.tricks * trick_value(strain))
          << strain;
    }
  // At no trumps, the aces: three 30, four 40, four in one hand 100; two and
  // two, nothing.
  auto aces = [&](CardBits a, CardBits b, CardBits c, CardBits e) {
    return BridgeWhistState::score_deal(r, {a, b, c, e}, kNoTrumps, 0, 0, {7, 6});
  };
  EXPECT_EQ(aces(bits({"AS", "AH"}), bits({"AD"}), bits({"AC"}), 0).above[0], 30);
  EXPECT_EQ(aces(bits({"AS", "AH"}), 0, bits({"AD", "AC"}), 0).above[0], 40);
  EXPECT_EQ(aces(0, bits({"AS", "AH", "AD", "AC"}), 0, 0).above[1], 100);
  const DealScore even = aces(bits({"AS"}), bits({"AH"}), bits({"AD"}), bits({"AC"}));
  EXPECT_EQ(even.honours, Honours::kNone);
  EXPECT_EQ(even.above[0] + even.above[1], 0);
}

TEST(BridgeScoring, ChicaneSlamsAndHonoursInOneDealS1S4) {
  // Seat 0 holds all thirteen spades and makes them trumps; the others hold
  // a suit each. Seat 0 ruffs the club led and draws every trick: seven by
  // cards (14 below), a grand slam (40), five honours in one hand (10 x 2).
  // Chicane: seat 2, his partner, holds no trump (2 x 2 added: his side holds
  // the honours); seats 1 and 3 hold none (double chicane, 4 x 2, taken from
  // the adversaries' honours).
  for (const char* chicane : {"american", "english", "off"}) {
    BridgeWhistState s = fresh({std::string("chicane=") + chicane, "scope=deal"});
    s.set_deal(
        0, {suit_cards(kSpades), suit_cards(kClubs), suit_cards(kHearts), suit_cards(kDiamonds)});
    play(s, 0, Move::make(kSpades));
    play(s, 1, Move::content());
    play(s, 3, Move::content());
    play_out(s);
    ASSERT_TRUE(s.terminal());
    const DealScore& d = s.last_deal();
    EXPECT_EQ(d.tricks[0], 13);
    EXPECT_EQ(d.below, 14);
    EXPECT_EQ(d.honours, Honours::kFiveInOne);
    EXPECT_EQ(d.slam, 40);
    const std::string c = chicane;
    const int above0 = c == "american" ? 20 + 4 - 8 + 40 : c == "english" ? 20 + 4 + 40 : 20 + 40;
    const int above1 = c == "english" ? 8 : 0;
    EXPECT_EQ(d.above[0], above0) << c;
    EXPECT_EQ(d.above[1], above1) << c;
    EXPECT_EQ(s.total(0), 14 + above0) << c;
    // Every seat's score is its side's difference.
    const Outcome o = s.outcome();
    EXPECT_EQ(o.scores[0], 14 + above0 - above1);
    EXPECT_EQ(o.scores[1], -(14 + above0 - above1));
    EXPECT_EQ(o.places, (std::vector<int>{1, 3, 1, 3}));
  }
}

TEST(BridgeScoring, ALittleSlamIsTwentyAndNoChicaneAtNoTrumpsS4) {
  const Rules r = Rules::from(testing::test_config("bridge-whist", 4));
  const DealScore d = BridgeWhistState::score_deal(
      r, {bits({"AS", "AH", "AD"}), 0, 0, bits({"AC"})}, kNoTrumps, 0, 0, {1, 12});
  EXPECT_EQ(d.slam_side, 1);
  EXPECT_EQ(d.slam, 20);
  EXPECT_EQ(d.void_hands[0] + d.void_hands[1], 0);
  EXPECT_EQ(d.above[0], 30);  // three aces, whoever made
  EXPECT_EQ(d.above[1], 20);
}

// ---- Games and the rubber -------------------------------------------------------------

TEST(BridgeRubber, TwoGamesToNoneEndTheRubberWithoutAThirdB2B3) {
  BridgeWhistState s = fresh();
  win_deal(s, 0);
  EXPECT_EQ(s.games(0), 1);
  EXPECT_EQ(s.below_game(0), 0);  // a line is drawn: the next game from nothing
  EXPECT_FALSE(s.terminal());
  win_deal(s, 0);
  ASSERT_TRUE(s.terminal());
  EXPECT_EQ(s.deals_done(), 2);
  EXPECT_EQ(s.last_deal().rubber_side, 0);
  // 84 below and 40 for the slam, twice, and 100 for the rubber.
  EXPECT_EQ(s.total(0), 2 * (84 + 40) + 100);
  EXPECT_EQ(s.total(1), 0);
}

TEST(BridgeRubber, OneGameAllPlaysAThirdB2) {
  BridgeWhistState s = fresh();
  win_deal(s, 0);
  win_deal(s, 1);
  EXPECT_FALSE(s.terminal());
  EXPECT_EQ(s.games(0), 1);
  EXPECT_EQ(s.games(1), 1);
  win_deal(s, 1);
  ASSERT_TRUE(s.terminal());
  EXPECT_EQ(s.last_deal().rubber_side, 1);
  EXPECT_EQ(s.total(1), 2 * 124 + 100);
  // B1: the losers' points stand to their credit until the final accounting.
  EXPECT_EQ(s.total(0), 124);
  EXPECT_EQ(s.outcome().scores[1], 2 * 124 + 100 - 124);
}

TEST(BridgeRubber, TheRubbersWinnersMayLoseOnPointsB1) {
  // B1's final accounting counts every point: seats 0 and 2, who lose the
  // rubber, have 500 above the line from earlier deals (constructed).
  BridgeWhistState s = fresh();
  s.set_score({0, 0}, {0, 0}, {500, 0});
  win_deal(s, 1);
  win_deal(s, 1);
  ASSERT_TRUE(s.terminal());
  EXPECT_EQ(s.last_deal().rubber_side, 1);
  const Outcome o = s.outcome();
  EXPECT_EQ(o.places[0], 1);
  EXPECT_EQ(o.places[1], 3);
  EXPECT_EQ(o.scores[0], 500 - (2 * 124 + 100));
  EXPECT_NE(o.summary.find("Seat 1 and Seat 3 win the rubber"), std::string::npos) << o.summary;
  EXPECT_NE(o.summary.find("Seat 0 and Seat 2 are ahead on points"), std::string::npos)
      << o.summary;
  // The sheet says the same from a winner of the rubber's side; the 500 set
  // without a deal is carried in on a line of its own.
  const ScoreSheet sh = s.view(1).sheet;
  EXPECT_EQ(sh.result, "We win the rubber, but They are ahead on the totals and win 152 points.");
  ASSERT_FALSE(sh.above.empty());
  EXPECT_EQ(sh.above[0].what, "brought forward");
  EXPECT_EQ(sh.above[0].points, (std::vector<int>{0, 500}));
}

// B1: "The total is written on the score-sheet". The figures are the laws'
// arithmetic, worked here: 7 by cards at no trumps, 12 a trick, is 84 below
// the line (a game); 13 tricks, a grand slam, 40 above; the rubber 100.
TEST(BridgeSheet, ARubberIsWrittenAboveAndBelowTheLineWithARuleUnderEachGameB1) {
  BridgeWhistState s = fresh();
  win_deal(s, 0);
  {
    const ScoreSheet mid = s.view(2).sheet;
    EXPECT_EQ(mid.columns, (std::vector<std::string>{"We", "They"}));
    EXPECT_EQ(mid.games, (std::vector<int>{1, 0}));
    EXPECT_TRUE(mid.result.empty());  // the rubber is not over
  }
  win_deal(s, 1);
  win_deal(s, 1);
  ASSERT_TRUE(s.terminal());
  // Seat 1's sheet: "We" are seats 1 and 3.
  const ScoreSheet sh = s.view(1).sheet;
  EXPECT_EQ(sh.columns, (std::vector<std::string>{"We", "They"}));
  EXPECT_EQ(sh.note, "We: you and Seat 3; They: Seat 0 and Seat 2.");
  ASSERT_EQ(sh.below.size(), 3u);
  EXPECT_EQ(sh.below[0].what, "deal 1: 7 by cards in no trumps; game");
  EXPECT_EQ(sh.below[0].points, (std::vector<int>{0, 84}));
  EXPECT_EQ(sh.below[1].points, (std::vector<int>{84, 0}));
  EXPECT_EQ(sh.below[2].points, (std::vector<int>{84, 0}));
  for (const SheetEntry& e : sh.below) EXPECT_TRUE(e.ruled) << e.what;  // each won a game
  ASSERT_EQ(sh.above.size(), 4u);
  EXPECT_EQ(sh.above[0].what, "deal 1: grand slam");
  EXPECT_EQ(sh.above[0].points, (std::vector<int>{0, 40}));
  EXPECT_EQ(sh.above[3].what, "rubber");
  EXPECT_EQ(sh.above[3].points, (std::vector<int>{100, 0}));
  EXPECT_EQ(sh.games, (std::vector<int>{2, 1}));
  EXPECT_EQ(sh.totals, (std::vector<int>{84 + 84 + 40 + 40 + 100, 84 + 40}));
  EXPECT_EQ(sh.result, "We win the rubber and 224 points.");
  // A spectator's sheet names the sides, seats 0 and 2 first.
  const ScoreSheet sp = s.view(kSpectator).sheet;
  EXPECT_EQ(sp.columns, (std::vector<std::string>{"N-S", "E-W"}));
  EXPECT_EQ(sp.below[0].points, (std::vector<int>{84, 0}));
  EXPECT_EQ(sp.result, "E-W win the rubber and 224 points.");
}

TEST(BridgeRubber, EveryRubberEndsWithinThreeGames) {
  // Every deal gives at least 2 below the line to one side: a game takes at
  // most 15 deals, a rubber 3 games.
  for (const char* chicane : {"american", "english", "off"})
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
      BridgeWhistState s = fresh({std::string("chicane=") + chicane});
      Rng rng(seed, 3);
      while (!s.terminal()) {
        if (s.chance()) {
          s.apply_chance(rng);
          continue;
        }
        const std::vector<Action> l = legal(s, s.to_move());
        s.apply(s.to_move(), l[rng.below(static_cast<std::uint32_t>(l.size()))]);
      }
      EXPECT_LE(s.games(0) + s.games(1), 3);
      EXPECT_EQ(std::max(s.games(0), s.games(1)), 2);
      EXPECT_LE(s.deals_done(), 45);
      // The sheet, written deal by deal, adds up to the score kept apart
      // from it: each column's entries to its total, a rule under each game.
      const ScoreSheet sh = s.view(kSpectator).sheet;
      std::array<int, 2> sum{};
      int rules = 0;
      for (const auto* part : {&sh.above, &sh.below})
        for (const SheetEntry& e : *part) {
          EXPECT_NE(e.what, "brought forward");
          sum[0] += e.points[0], sum[1] += e.points[1];
          rules += e.ruled;
        }
      EXPECT_EQ(sum[0], s.total(0));
      EXPECT_EQ(sum[1], s.total(1));
      EXPECT_EQ(rules, s.games(0) + s.games(1));
      EXPECT_EQ(static_cast<int>(sh.below.size()), s.deals_done());
    }
}

TEST(BridgeRubber, ScopeDealScoresOneDealAlone) {
  BridgeWhistState s = fresh({"scope=deal"});
  win_deal(s, 0);
  ASSERT_TRUE(s.terminal());
  EXPECT_EQ(s.games(0), 0);
  EXPECT_EQ(s.total(0), 84 + 40);
}

// ---- Views and the story -------------------------------------------------------------

TEST(BridgeViews, BetweenDealsTheScoreIsToldNotTheCards) {
  BridgeWhistState s = fresh();
  win_deal(s, 0);
  const View v = s.view(1);
  EXPECT_EQ(v.last_hand.hand, 1);
  EXPECT_NE(
      v.last_hand.summary.find("Seat 0 and Seat 2 made 7 by cards in no trumps: 84 below the line"),
      std::string::npos)
      << v.last_hand.summary;
  EXPECT_NE(v.last_hand.summary.find("grand slam, 40"), std::string::npos);
  EXPECT_EQ(v.last_hand.points, (std::vector<double>{124, 0, 124, 0}));
  std::vector<std::string> lines;
  s.narrate(0, lines);
  auto says = [&](const std::string& t) {
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string& l) { return l.find(t) != std::string::npos; });
  };
  EXPECT_TRUE(
      says("Deal 1: You and Seat 2 take 13 tricks, 7 by cards in no trumps: 84 below the line."));
  EXPECT_TRUE(says("Grand slam: you and Seat 2, 40."));
  EXPECT_TRUE(says("You and Seat 2 win a game"));
}

TEST(BridgeViews, TheMakeAndTheDoublesAreToldInThePeriodWords) {
  BridgeWhistState s = fresh();
  s.set_deal(0,
             {suit_cards(kClubs), suit_cards(kDiamonds), suit_cards(kHearts), suit_cards(kSpades)});
  std::vector<std::string> lines;
  play(s, 0, Move::pass());
  s.narrate(kSpectator, lines);
  play(s, 2, Move::make(kHearts));
  s.narrate(kSpectator, lines);
  play(s, 1, Move::content());
  s.narrate(kSpectator, lines);
  play(s, 3, Move::double_());
  s.narrate(kSpectator, lines);
  play(s, 2, Move::double_());
  s.narrate(kSpectator, lines);
  EXPECT_EQ(lines, (std::vector<std::string>{
                       "Seat 0 passes the make to Seat 2.",
                       "Seat 2 makes hearts trumps (8 a trick).", "Seat 1 asks \"May I lead?\"",
                       "Seat 3 doubles: 16 a trick.", "Seat 2 goes over: 32 a trick."}));
}

// ---- The bot ------------------------------------------------------------------------

TEST(BridgeBots, APartnerForcedToMakeFollowsTheOldDummyRuleS6) {
  BridgeWhistState s = fresh();
  auto forced = [&](std::initializer_list<const char*> hand) {
    std::vector<std::vector<Card>> hands(4);
    hands[2] = testing::cards(hand);
    // The rest of the pack to the others, in any order: the rule reads one hand.
    std::vector<Card> rest;
    for (int i = 0; i < 52; ++i) {
      const Card c = Card::from_index(static_cast<std::uint8_t>(i));
      if (std::find(hands[2].begin(), hands[2].end(), c) == hands[2].end()) rest.push_back(c);
    }
    for (std::size_t i = 0; i < rest.size(); ++i)
      hands[std::array<std::size_t, 3>{0, 1, 3}[i % 3]].push_back(rest[i]);
    s.set_deal(0, hands);
    return forced_make(s, 2);
  };
  // Three aces: no trumps.
  EXPECT_EQ(forced({"AS", "AH", "AD", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "2D", "3D", "4D"}),
            kNoTrumps);
  // The longest suit: six diamonds.
  EXPECT_EQ(forced({"AS", "2H", "3H", "4H", "5H", "2D", "3D", "4D", "5D", "6D", "7D", "2C", "3C"}),
            kDiamonds);
  // Five hearts and five clubs: the stronger, the clubs (A K Q J 10 count 11 and 10, the rest their
  // pips: 29 against 20).
  EXPECT_EQ(forced({"AS", "2S", "3S", "2H", "3H", "4H", "5H", "6H", "KC", "QC", "2C", "3C", "4C"}),
            kClubs);
}

TEST(BridgeBots, ADealerWithNoCardAboveANinePasses) {
  BridgeWhistState s = fresh();
  std::vector<std::vector<Card>> hands(4);
  hands[0] = testing::cards(
      {"2S", "3S", "4S", "5S", "2H", "3H", "4H", "9H", "2D", "3D", "4D", "2C", "3C"});
  std::vector<Card> rest;
  for (int i = 0; i < 52; ++i) {
    const Card c = Card::from_index(static_cast<std::uint8_t>(i));
    if (std::find(hands[0].begin(), hands[0].end(), c) == hands[0].end()) rest.push_back(c);
  }
  for (std::size_t i = 0; i < rest.size(); ++i) hands[1 + i % 3].push_back(rest[i]);
  s.set_deal(0, hands);
  EXPECT_EQ(heuristic_action(s, 0), Move::pass().encode());
}

// B5: the make's "first consideration should be the state of the score";
// B6-B7: at 18 up, 12 more is "three by cards with clubs" but 30 at love
// all is eight by cards in clubs, three at no trumps. The hand: seven clubs
// headed A K Q, four hearts to the ace, a singleton in each other suit. Its
// expected odd tricks (an average partner) reach game at no trumps from
// nothing, and at clubs, with more to spare, from 18.
TEST(BridgeBots, TheMakeReadsThePointsNeededFromTheScoreB5B6) {
  std::vector<std::vector<Card>> hands(4);
  hands[0] = testing::cards(
      {"AC", "KC", "QC", "9C", "7C", "5C", "3C", "AH", "8H", "6H", "4H", "2D", "2S"});
  std::vector<Card> rest;
  for (int i = 0; i < 52; ++i) {
    const Card c = Card::from_index(static_cast<std::uint8_t>(i));
    if (std::find(hands[0].begin(), hands[0].end(), c) == hands[0].end()) rest.push_back(c);
  }
  for (std::size_t i = 0; i < rest.size(); ++i) hands[1 + i % 3].push_back(rest[i]);
  BridgeWhistState love = fresh();
  love.set_deal(0, hands);
  std::string why_love;
  EXPECT_EQ(heuristic_make(love, 0, &why_love), kNoTrumps) << why_love;
  EXPECT_NE(why_love.find("needs 30 for game"), std::string::npos) << why_love;
  BridgeWhistState up = fresh();
  up.set_deal(0, hands);
  up.set_score({18, 0}, {0, 0});
  std::string why_up;
  EXPECT_EQ(heuristic_make(up, 0, &why_up), kClubs) << why_up;
  EXPECT_NE(why_up.find("needs 12 for game (18 below the line already)"), std::string::npos)
      << why_up;
  EXPECT_NE(why_up.find("clubs"), std::string::npos);
  EXPECT_NE(why_up.find("game needs 3"), std::string::npos) << why_up;  // B7: three by cards
  // The bot says the same reasons through Bot::explain (`play --explain`).
  auto bot = make_heuristic_bot();
  Rng rng(1, 1);
  const std::vector<Action> buf = legal(up, 0);
  const Observation obs(up, 0, &resampler(), buf);
  EXPECT_EQ(bot->act(obs, rng), Move::make(kClubs).encode());
  EXPECT_EQ(bot->explain(), why_up);
}

TEST(BridgeBots, TheHeuristicBeatsRandomPlay) {
  // Over 200 deals, seats 0 and 2 the heuristic, 1 and 3 random: the
  // heuristic's side ahead on points on the whole.
  long ahead = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    BridgeWhistState s = fresh({"scope=deal"});
    Rng rng(seed, 9);
    while (!s.terminal()) {
      if (s.chance()) {
        s.apply_chance(rng);
        continue;
      }
      const Seat m = s.to_move();
      const std::vector<Action> l = legal(s, m);
      s.apply(m, side_of(m) == 0 ? heuristic_action(s, m)
                                 : l[rng.below(static_cast<std::uint32_t>(l.size()))]);
    }
    ahead += s.total(0) - s.total(1);
  }
  EXPECT_GT(ahead, 0);
}

// dd-sample solves deals it dealt from its view, never the real one: two
// positions the dealer cannot tell apart (the adversaries' unseen cards
// exchanged) give the same card and the same means, deal for deal, from the
// same randomness. The fact this rests on is the resampler's contract, checked
// by the conformance harness; a bot that solved the real deal even once would
// show different means here.
TEST(BridgeBots, DdSampleSolvesOnlyDealsItsViewAllows) {
  // A card of seat 1 and one of seat 3 of the same suit change places; the
  // play goes the same way in both deals, never touching either, to the
  // dealer's turn in the seventh trick (fewer cards: quicker solving). The
  // first seeded deal where that can be done serves.
  auto position = [](const std::vector<std::vector<Card>>& h, Card x,
                     Card y) -> std::optional<BridgeWhistState> {
    BridgeWhistState s = fresh({"scope=deal"});
    s.set_deal(0, h);
    play(s, 0, Move::make(kNoTrumps));
    play(s, s.to_move(), Move::content());
    play(s, s.to_move(), Move::content());
    while (std::popcount(s.played_by(0)) < 6 || s.to_move() != 0 || legal(s, 0).size() < 2) {
      if (s.phase() != BridgeWhistState::Phase::kPlay) return std::nullopt;
      const Seat m = s.to_move();
      const std::vector<Action> l = legal(s, m);
      const auto a = std::find_if(l.begin(), l.end(),
                                  [&](Action c) { return c != x.index() && c != y.index(); });
      if (a == l.end()) return std::nullopt;
      s.apply(m, *a);
    }
    return s;
  };
  std::optional<BridgeWhistState> a, b;
  for (std::uint64_t seed = 1; seed <= 50 && !a; ++seed) {
    std::vector<Card> pack;
    for (int i = 0; i < 52; ++i) pack.push_back(Card::from_index(static_cast<std::uint8_t>(i)));
    Rng deal_rng(seed, 5);
    deal_rng.shuffle(std::span<Card>(pack));
    std::vector<std::vector<Card>> hands(4);
    for (int i = 0; i < 52; ++i) hands[static_cast<std::size_t>(i % 4)].push_back(pack[i]);
    for (Card x : hands[1])
      for (Card y : hands[3]) {
        if (a || x.suit() != y.suit()) continue;
        std::vector<std::vector<Card>> swapped = hands;
        *std::find(swapped[1].begin(), swapped[1].end(), x) = y;
        *std::find(swapped[3].begin(), swapped[3].end(), y) = x;
        a = position(hands, x, y), b = position(swapped, x, y);
        if (!a || !b || a->view(0) != b->view(0)) a.reset();
      }
  }
  ASSERT_TRUE(a.has_value());
  ASSERT_NE(a->view(1), b->view(1));
  const testing::BotAnswer x =
      testing::answer_of(*make_dd_sample_bot({.samples = 6, .seconds = 0}), *a, 0, &resampler(), 7);
  const testing::BotAnswer y =
      testing::answer_of(*make_dd_sample_bot({.samples = 6, .seconds = 0}), *b, 0, &resampler(), 7);
  EXPECT_EQ(x.action, y.action);
  EXPECT_EQ(x.why, y.why);
  EXPECT_NE(x.why.find("over 6 deals"), std::string::npos) << x.why;
}

// The analysis `parlour dd --record` and `replay --dd` print reads the deal
// the right way round: at the opening lead, the eldest's best lead keeps his
// side the tricks the dealer's side does not take as declarer in a 20-result
// table, whose order of strains and seats dd_vs_dds_test holds to DDS's.
TEST(BridgeDoubleDummy, TheOpeningLeadsAgreeWithTheDeclarersTable) {
  for (int strain : {int(kHearts), kNoTrumps}) {
    std::vector<Card> pack;
    for (int i = 0; i < 52; ++i) pack.push_back(Card::from_index(static_cast<std::uint8_t>(i)));
    Rng deal_rng(static_cast<std::uint64_t>(strain) + 21, 3);
    deal_rng.shuffle(std::span<Card>(pack));
    std::vector<std::vector<Card>> hands(4);
    std::array<CardBits, 4> held{};
    for (int i = 0; i < 52; ++i) {
      hands[static_cast<std::size_t>(i % 4)].push_back(pack[i]);
      held[static_cast<std::size_t>(i % 4)] |= kit::card_bit(pack[i]);
    }
    const Seat dealer = 1;
    BridgeWhistState s = fresh({"scope=deal"});
    s.set_deal(dealer, hands);
    play(s, dealer, Move::make(strain));
    play(s, s.to_move(), Move::content());
    play(s, s.to_move(), Move::content());
    ASSERT_EQ(s.to_move(), s.eldest());
    const std::optional<DdPlays> p = double_dummy().plays(s);
    ASSERT_TRUE(p.has_value());
    EXPECT_EQ(p->player, s.eldest());
    EXPECT_EQ(p->in_trick, 0);
    EXPECT_EQ(p->plays.size(), 13u);
    int best = 0;
    for (const DdPlay& d : p->plays) best = std::max(best, d.tricks);
    // Strains in the table: no trumps, spades, hearts, diamonds, clubs.
    const int row = strain == kNoTrumps ? 0 : 4 - strain;
    const kit::DdTricks table = kit::dd_table(held);
    EXPECT_EQ(best, 13 - table[static_cast<std::size_t>(row)][dealer]) << strain;
    // No analysis outside the play.
    BridgeWhistState before = fresh({"scope=deal"});
    before.set_deal(dealer, hands);
    EXPECT_FALSE(double_dummy().plays(before).has_value());
  }
}

// make bench times random play-outs of a deal: the cut, the deal, the make,
// the doubling and the play allocate nothing (a search copies states by the
// thousand), and nor does the end: its summary is put in words only when asked.
TEST(BridgeSpeed, RandomPlayoutsAllocateNothingPerStep) {
  BridgeWhistState s = fresh({"scope=deal"});
  std::vector<Action> l;
  l.reserve(64);
  Rng chance(1), rng(2);
  const std::uint64_t start = testing::heap_allocations;
  int steps = 0;
  std::uint64_t before_the_end = 0;
  while (!s.terminal()) {
    if (s.chance()) {
      s.apply_chance(chance);
      continue;
    }
    const Seat p = s.to_move();
    s.legal_actions(p, l);
    before_the_end = testing::heap_allocations - start;
    s.apply(p, l[rng.below(static_cast<std::uint32_t>(l.size()))]);
    ++steps;
  }
  EXPECT_EQ(before_the_end, 0u);
  EXPECT_EQ(testing::heap_allocations - start, 0u);
  // The summary in words is counted: the count can see allocations.
  const std::uint64_t at_end = testing::heap_allocations;
  EXPECT_FALSE(s.outcome().summary.empty());
  EXPECT_GT(testing::heap_allocations - at_end, 0u);
  EXPECT_TRUE(s.terminal());
  EXPECT_GE(steps, 53);
}

// dd-sample by deals or by time (issue 38: "configurable by samples or
// time"), and settings that are neither refused with the forms accepted.
TEST(BridgeBots, DdSampleIsSetByDealsOrBySeconds) {
  Result<kit::DdSampleOptions> deals = kit::read_dd_sample("40");
  ASSERT_TRUE(deals.ok());
  EXPECT_EQ(deals->samples, 40);
  EXPECT_EQ(deals->seconds, 0);
  Result<kit::DdSampleOptions> time = kit::read_dd_sample("2.5s");
  ASSERT_TRUE(time.ok());
  EXPECT_EQ(time->seconds, 2.5);
  for (const char* bad : {"", "s", "0", "10001", "1e3", "-1", "1.5", "0s", "601s", "x", ".s"}) {
    const Result<kit::DdSampleOptions> r = kit::read_dd_sample(bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.message().find("accepted: dd-sample:DEALS"), std::string::npos) << r.message();
  }
  const GameInfo& g = *find_game("bridge-whist");
  EXPECT_NE(make_bot(g, "dd-sample:3"), nullptr);
  EXPECT_EQ(make_bot(g, "dd-sample:"), nullptr);
  EXPECT_EQ(make_bot(g, "dd-sample:0"), nullptr);
  EXPECT_TRUE(check_bot(g, "dd-sample:1s").ok());
  EXPECT_NE(check_bot(g, "dd-sample:9x").message().find("accepted"), std::string::npos);
}

// Combining the hands (S2 "Combining the Hands of Dealer and Dummy"; the
// same chapter in S5, Elwell's table of holdings; B4 "the methods by which
// the hands of the partners are combined"). Five single-suit positions at no
// trumps: the eldest can lead only clubs and the dealer wins the first trick
// with the ace, then must bring in the spades. The heuristic plays the
// dealer's two hands, the adversaries play double dummy, and the dealer
// takes what the solver says the position is worth. In the first a wrong
// order costs a trick (the solver says so too): the high card of the short
// hand must go first.
struct Combining {
  const char* name;
  std::vector<std::string> dealer, eldest, dummy, fourth;
  bool order_matters;
};

int play_combining(const Combining& c, int* worth, bool* punishes) {
  auto cards = [](const std::vector<std::string>& names) {
    std::vector<Card> out;
    for (const std::string& n : names) out.push_back(card(n.c_str()));
    return out;
  };
  BridgeWhistState s = fresh({"scope=deal"});
  s.set_deal(0, {cards(c.dealer), cards(c.eldest), cards(c.dummy), cards(c.fourth)});
  play(s, 0, Move::make(kNoTrumps));
  play(s, s.to_move(), Move::content());
  play(s, s.to_move(), Move::content());
  const std::optional<DdPlays> start = double_dummy().plays(s);
  int eldest_best = 0;
  for (const DdPlay& d : start->plays) eldest_best = std::max(eldest_best, d.tricks);
  *worth = static_cast<int>(c.dealer.size()) - eldest_best;
  *punishes = false;
  bool first_lead = true;
  while (!s.terminal()) {
    const Seat m = s.to_move();
    const std::optional<DdPlays> d = double_dummy().plays(s);
    if (side_of(m) == 0) {
      if (first_lead && s.trick().empty() && s.played_by(0)) {
        first_lead = false;
        int lo = 99, hi = -1;
        for (const DdPlay& p : d->plays) lo = std::min(lo, p.tricks), hi = std::max(hi, p.tricks);
        *punishes = lo < hi;
      }
      s.apply(m, heuristic_action(s, m));
    } else {
      const DdPlay* best = &d->plays[0];
      for (const DdPlay& p : d->plays)
        if (p.tricks > best->tricks) best = &p;
      s.apply(m, best->action);
    }
  }
  return s.tricks(0);
}

TEST(BridgeBots, TheDealerCombinesHisHandsAsTheSolverSaysS2) {
  const std::vector<Combining> positions = {
      {"K 2 opposite A Q J 10: the king first",
       {"KS", "2S", "AC", "2H"},
       {"KC", "QC", "JC", "TC"},
       {"AS", "QS", "JS", "TS"},
       {"9C", "8C", "KH", "QH"},
       true},
      {"A Q J opposite K 2: low to the king first",
       {"AS", "QS", "JS", "AC"},
       {"KC", "QC", "JC", "TC"},
       {"KS", "2S", "3H", "2H"},
       {"9C", "8C", "KH", "QH"},
       false},
      {"A K x opposite Q x x (S5: may be led from either hand)",
       {"AS", "KS", "2S", "AC"},
       {"KC", "QC", "JC", "TC"},
       {"QS", "4S", "3S", "2H"},
       {"JS", "TS", "9S", "3H"},
       false},
      {"K Q x opposite x x x, the ace behind the weak hand",
       {"KS", "QS", "5S", "AC"},
       {"KC", "QC", "JC", "TC"},
       {"4S", "3S", "2S", "2H"},
       {"AS", "JS", "TS", "3H"},
       false},
      {"A x x opposite Q x x, the king over the queen",
       {"AS", "3S", "2S", "AC"},
       {"KC", "QC", "JC", "TC"},
       {"QS", "5S", "4S", "2H"},
       {"KS", "JS", "TS", "3H"},
       false},
  };
  for (const Combining& c : positions) {
    int worth = 0;
    bool punishes = false;
    const int taken = play_combining(c, &worth, &punishes);
    EXPECT_EQ(taken, worth) << c.name;
    if (c.order_matters) {
      EXPECT_TRUE(punishes) << c.name << ": no order of the dealer's loses";
    }
  }
}

TEST(BridgeConformance, EveryPresetAndPlayerCount) {
  testing::ConformanceOptions opt;
  opt.games = 3;
  testing::check_all_presets(*find_game("bridge-whist"), opt);
}

}  // namespace
}  // namespace parlour::bridge_whist
