// Vingt-et-un: a test for each rule of Foster's Complete Hoyle's Vingt-et-un
// (quoted in rules.md), or for the reading rules.md documents where it is
// silent; then the stakes and the bank, the resampler and the harness.
#include <gtest/gtest.h>

#include <algorithm>

#include "conformance.h"
#include "core/deck.h"
#include "core/registry.h"
#include "games/vingt_et_un/optimal.h"
#include "games/vingt_et_un/solve.h"
#include "games/vingt_et_un/state.h"
#include "story_ledger.h"

namespace parlour::vingt_et_un {
namespace {

using testing::card;
using testing::cards;
using testing::legal;
using testing::says;
using testing::story;

// With 100 counters each, unless the options say otherwise.
VingtState fresh(int players, std::vector<std::string> opts = {}) {
  if (std::none_of(opts.begin(), opts.end(),
                   [](const std::string& o) { return o.starts_with("chips="); }))
    opts.push_back("chips=100");
  return VingtState(Rules::from(testing::test_config("vingt-et-un", players, opts)));
}

void act(VingtState& s, Seat seat, Move m) {
  ASSERT_TRUE(testing::play(s, seat, m.encode()))
      << seat_name(seat) << ": " << s.action_label(seat, m.encode());
}

int chips(const VingtState& s, Seat p) {
  return s.chips()->balance(p);
}

Seat punter(const VingtState& s, int k) {
  return s.left(s.banker(), k);
}

// A hand of `players`: the deal thrown for, each punter from the dealer's
// left staking `stakes`, then dealt `two` (the punters from the dealer's left,
// the dealer last; "" for a punter who staked nothing) from `stock` (top last).
VingtState deal_hand(int players, const std::vector<int>& stakes,
                     const std::vector<std::vector<const char*>>& two,
                     std::initializer_list<const char*> stock, std::vector<std::string> opts = {}) {
  VingtState s = fresh(players, std::move(opts));
  Rng rng(1);
  s.apply_chance(rng);
  const Seat b = s.banker();
  for (int k = 1; k < players; ++k)
    if (s.phase() == VingtState::Phase::kStake && s.turn() == s.left(b, k))
      act(s, s.left(b, k), Move::stake(stakes[static_cast<std::size_t>(k - 1)]));
  std::vector<std::vector<Card>> hands(static_cast<std::size_t>(players));
  for (int k = 1; k <= players; ++k)
    for (const char* c : two[static_cast<std::size_t>(k - 1)])
      hands[static_cast<std::size_t>(s.left(b, k))].push_back(card(c));
  s.set_deal(hands, cards(stock));
  return s;
}

TEST(VingtRules, AnAceIsElevenOrOneCourtCardsTen) {
  // "the ace being reckoned as 11 or 1, at the option of the holder, all court
  // cards as 10 each, and the others at their face value."
  EXPECT_EQ(best_total(Hand{card("AS"), card("6D")}), 17);
  EXPECT_EQ(best_total(Hand{card("AS"), card("6D"), card("9C")}), 16);
  EXPECT_EQ(best_total(Hand{card("AS"), card("AD")}), 12);
  EXPECT_EQ(best_total(Hand{card("KS"), card("QD")}), 20);
  EXPECT_TRUE(natural(Hand{card("AS"), card("JD")}));
  EXPECT_FALSE(natural(Hand{card("AS"), card("5D"), card("5C")}));
}

TEST(VingtRules, TheFirstAceThrownRoundTakesTheDeal) {
  // "The cards are thrown round for the first deal, and the first ace takes it."
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    VingtState s = fresh(5);
    Rng rng(seed), copy(seed);
    s.apply_chance(rng);
    std::vector<Card> deck = standard_deck();
    copy.shuffle(std::span<Card>(deck));
    int i = 0;
    while (deck[static_cast<std::size_t>(i)].rank() != kAce) ++i;
    EXPECT_EQ(s.banker(), i % 5) << seed;
  }
}

TEST(VingtRules, TwoCardsEachInTwoRoundsTheDealerLast) {
  // "Two cards are given to each player, including the dealer, one at a time in two rounds."
  VingtState s = fresh(3, {"double=no"});
  Rng rng(2);
  s.apply_chance(rng);
  act(s, punter(s, 1), Move::stake(1));
  act(s, punter(s, 2), Move::stake(1));
  s.apply_chance(rng);
  for (Seat p = 0; p < 3; ++p) EXPECT_EQ(s.hand(p).size(), 2u) << p;
  EXPECT_EQ(s.stock().size() + s.discards().size(), 46u);
}

TEST(VingtRules, TheDealersNaturalCollectsDoubleUnlessAPlayerHasOne) {
  // "he shows it at once, and the players must pay him twice the amount they
  // have staked in front of them, unless they also have a natural, when it is
  // a stand-off."
  VingtState s = deal_hand(3, {2, 3}, {{"AC", "KD"}, {"9C", "8D"}, {"AS", "10H"}}, {"2C"});
  // The hand is over and the deal has passed left: its dealer sits to the right.
  const Seat b = s.left(s.banker(), 2);
  EXPECT_EQ(chips(s, s.left(b, 1)), 100);
  EXPECT_EQ(chips(s, s.left(b, 2)), 94);
  EXPECT_EQ(chips(s, b), 106);
}

TEST(VingtRules, APlayersNaturalIsPaidDoubleAndTheOthersPlayOn) {
  // "If he has a natural, he exposes it immediately, and the dealer must pay
  // him double the amount staked."
  VingtState s = deal_hand(3, {2, 1}, {{"AC", "QD"}, {"9C", "8D"}, {"7S", "10H"}}, {"2C", "3C"});
  EXPECT_EQ(chips(s, punter(s, 1)), 104);
  EXPECT_EQ(s.part(punter(s, 1)), Part::kNatural);
  EXPECT_TRUE(s.shown(punter(s, 1)));
  EXPECT_EQ(s.turn(), punter(s, 2));
  EXPECT_EQ(s.phase(), VingtState::Phase::kDraw);
}

TEST(VingtRules, CardsDrawnComeFaceUpAndOverTwentyOneIsCrevePaidAtOnce) {
  // "If he wants a card he says: 'One,' and the dealer gives it to him, face
  // up ... make his total greater than 21, he is créve, and passes over to the
  // dealer his stake, throwing his cards in the centre of the table, still face down."
  VingtState s =
      deal_hand(3, {2, 1}, {{"10C", "5D"}, {"9C", "8D"}, {"7S", "10H"}}, {"2C", "3C", "9S"});
  const Seat p1 = punter(s, 1), p2 = punter(s, 2);
  act(s, p1, Move::of(Move::kDraw));  // 9S: 24
  EXPECT_EQ(s.part(p1), Part::kCreve);
  EXPECT_EQ(chips(s, p1), 98);
  EXPECT_FALSE(s.shown(p1));  // still face down
  const View v = s.view(p2);
  EXPECT_FALSE(v.zones[static_cast<std::size_t>(p1)].cards[0].card.has_value());
  EXPECT_EQ(v.zones[static_cast<std::size_t>(3 + p1)].cards[0].card, card("9S"));
  EXPECT_EQ(s.turn(), p2);
}

TEST(VingtRules, AtTwentyOneThereIsNoMoreDrawing) {
  // "If the total is not 21, he may draw another card".
  VingtState s = deal_hand(2, {1}, {{"10C", "5D"}, {"7S", "10H"}}, {"2C", "3C", "6S"});
  act(s, punter(s, 1), Move::of(Move::kDraw));  // 6S: 21
  EXPECT_EQ(legal(s, punter(s, 1)), std::vector<Action>{Move::of(Move::kStand).encode()});
}

TEST(VingtRules, TheDealerShowsDrawsAsHeLikesAndOverdrawingPaysEveryoneStanding) {
  // "He turns his two cards face upward, and draws or stands to suit himself.
  // If he overdraws, all the other players expose their first two cards to
  // show that they have 21 or less, and he then pays each of them".
  VingtState s = deal_hand(3, {2, 1}, {{"10C", "5D"}, {"9C", "8D"}, {"6S", "10H"}}, {"2C", "9S"});
  const Seat b = s.banker(), p1 = punter(s, 1), p2 = punter(s, 2);
  act(s, p1, Move::of(Move::kStand));
  act(s, p2, Move::of(Move::kStand));
  EXPECT_TRUE(s.shown(b));
  act(s, b, Move::of(Move::kDraw));  // 9S: 25
  EXPECT_EQ(chips(s, p1), 102);
  EXPECT_EQ(chips(s, p2), 101);
  EXPECT_EQ(chips(s, b), 97);
}

TEST(VingtRules, TheSameNumberTiesLessLosesMorePays) {
  // "those that have the same number are tied, and win or lose nothing. Those
  // who have less than the dealer lose their stake; those that have more than
  // the dealer, but still not more than 21, he must pay."
  VingtState s =
      deal_hand(4, {1, 2, 3}, {{"10C", "8D"}, {"9C", "8D"}, {"10S", "9D"}, {"7S", "10H"}}, {"2C"});
  const Seat b = s.banker(), p1 = punter(s, 1), p2 = punter(s, 2), p3 = punter(s, 3);
  for (Seat p : {p1, p2, p3}) act(s, p, Move::of(Move::kStand));
  act(s, b, Move::of(Move::kStand));  // 17
  EXPECT_EQ(chips(s, p1), 101);       // 18
  EXPECT_EQ(chips(s, p2), 100);       // 17: tied
  EXPECT_EQ(chips(s, p3), 103);       // 19
  EXPECT_EQ(chips(s, b), 96);
}

// ---- Stakes, the double and the bank ----------------------------------------------------

TEST(VingtStakes, TheDealerMayCallDoubleAndARefuserGivesUpHisStake) {
  // "he has the privilege of calling upon all the others to double the amount
  // they have placed on theirs. Any player refusing to double must pass over
  // to the dealer the stake already put up, and stand out of the game for that hand."
  VingtState s = fresh(3);
  Rng rng(3);
  s.apply_chance(rng);
  const Seat b = s.banker(), p1 = punter(s, 1), p2 = punter(s, 2);
  act(s, p1, Move::stake(2));
  act(s, p2, Move::stake(3));
  s.apply_chance(rng);  // a first card each
  EXPECT_EQ(s.turn(), b);
  EXPECT_EQ(s.phase(), VingtState::Phase::kDouble);
  act(s, b, Move::of(Move::kDouble));
  act(s, p1, Move::of(Move::kAccept));
  EXPECT_EQ(s.stake(p1), 4);
  act(s, p2, Move::of(Move::kRefuse));
  EXPECT_EQ(chips(s, p2), 97);
  EXPECT_EQ(s.part(p2), Part::kIdle);
  EXPECT_TRUE(s.hand(p2).empty());
  EXPECT_EQ(s.hand(p1).size(), 2u);  // the second card came
}

TEST(VingtStakes, AStakeIsWithinTheLimitAndAQuarterOfTheCounters) {
  VingtState s = fresh(3, {"limit=20", "chips=40"});
  Rng rng(1);
  s.apply_chance(rng);
  EXPECT_EQ(s.max_stake(punter(s, 1)), 10);  // 40 / 4
  VingtState t = fresh(3, {"limit=20", "chips=40", "double=no"});
  t.apply_chance(rng);
  EXPECT_EQ(t.max_stake(punter(t, 1)), 20);  // 40 / 2
  VingtState u = fresh(3, {"stake=one"});
  u.apply_chance(rng);
  // "or it may be a fixed sum, such as one counter".
  EXPECT_EQ(legal(u, u.turn()),
            (std::vector<Action>{Move::stake(0).encode(), Move::stake(1).encode()}));
}

TEST(VingtStakes, LookingFirstTheFirstCardComesBeforeTheStake) {
  // "each player is allowed to look at the first card dealt him before making his bet".
  VingtState s = fresh(3, {"look-first=yes"});
  Rng rng(1);
  s.apply_chance(rng);
  EXPECT_EQ(s.phase(), VingtState::Phase::kFirstCard);
  s.apply_chance(rng);
  EXPECT_EQ(s.phase(), VingtState::Phase::kStake);
  EXPECT_EQ(s.hand(s.turn()).size(), 1u);
}

TEST(VingtStakes, TheOldRuleGivesTheBankToANatural) {
  // "the player who held the natural took the bank and the deal".
  VingtState s = deal_hand(3, {1, 1}, {{"9C", "8D"}, {"AC", "QD"}, {"7S", "10H"}}, {"2C", "3C"},
                           {"bank=natural"});
  const Seat holder = punter(s, 2), b = s.banker();
  act(s, punter(s, 1), Move::of(Move::kStand));
  act(s, b, Move::of(Move::kStand));
  EXPECT_EQ(s.banker(), holder);
}

TEST(VingtStakes, TheDealPassesLeftByDefault) {
  VingtState s = deal_hand(3, {1, 1}, {{"9C", "8D"}, {"9S", "7D"}, {"7S", "10H"}}, {"2C", "3C"});
  const Seat b = s.banker();
  act(s, punter(s, 1), Move::of(Move::kStand));
  act(s, punter(s, 2), Move::of(Move::kStand));
  act(s, b, Move::of(Move::kStand));
  EXPECT_EQ(s.banker(), s.left(b));
}

// ---- The resampler ------------------------------------------------------------------------

TEST(VingtViews, ResamplesKeepWhatIsShownAndWhatCreveAndNaturalsTell) {
  const GameInfo& g = *find_game("vingt-et-un");
  VingtState s = deal_hand(4, {1, 1, 1}, {{"10C", "5D"}, {"9C", "8D"}, {"2S", "3D"}, {"7S", "10H"}},
                           {"4C", "QS", "9S"});
  const Seat p1 = punter(s, 1), p3 = punter(s, 3);
  act(s, p1, Move::of(Move::kDraw));  // 9S: créve
  Rng rng(7);
  for (int i = 0; i < 200; ++i) {
    auto w = g.resampler->resample(s, p3, rng);
    ASSERT_TRUE(w);
    const auto& m = static_cast<const VingtState&>(*w);
    EXPECT_EQ(m.hand(p3)[0], card("2S"));
    EXPECT_GT(value(m.hand(p1)[0]) + value(m.hand(p1)[1]) + 9, 21);
    for (Seat p = 0; p < 4; ++p) EXPECT_FALSE(natural(m.hand(p))) << p;
  }
}

// ---- Exact play -----------------------------------------------------------------------------

TEST(VingtOptimal, TheDuelIsSolvedAndPlayedOutAlike) {
  for (bool dbl : {true, false}) {
    const Duel& d = duel(dbl);
    ASSERT_TRUE(d.ok) << "double " << dbl;
    // Each side's guarantee meets the other's among plans (to the
    // programme's precision), and the plans played out give the same figure.
    EXPECT_NEAR(d.lower, d.upper, 1e-5);
    EXPECT_NEAR(d.exact, d.value, 1e-5);
    // The punter's best answer reading every card can do all a plan can,
    // and more: never less than the best plan against the dealer's.
    EXPECT_GE(d.full_upper, d.upper - 1e-9);
    // Plans that read the call leave such a punter under 1.5% (2.66% when
    // they did not).
    EXPECT_LT(d.full_upper - d.exact, 0.015);
    // The dealer's best answer, counted run by run, meets the plans' figure
    // when it follows his plans instead, and can only do better than them.
    // The count that follows the plans runs once, with the call (both sides;
    // without it, side 0 alone is the same code): 9 s of test time saved.
    if (dbl) {
      EXPECT_NEAR(dealer_answer(d, false), d.exact, 1e-12);
    }
    const double dealer_best = dealer_answer(d, true);
    EXPECT_LE(dealer_best, d.lower + 1e-5);
    // What plans leave the dealer is less than what they leave the punter:
    // his plans read what he saw the punter draw.
    EXPECT_LT(d.exact - dealer_best, d.full_upper - d.exact);
    for (int side = 0; side < (dbl ? kSides : 1); ++side)  // without the call, one side
      for (const auto& plan : d.punter[static_cast<std::size_t>(side)]) {
        double sum = 0;
        for (double x : plan) sum += x;
        EXPECT_NEAR(sum, 1, 1e-9);
      }
  }
  // Foster: "he has the privilege of calling upon all the others to double":
  // a privilege, worth something to the dealer.
  EXPECT_LT(duel(true).exact, duel(false).exact);
  // He calls on an ace and a tenth card, where the naturals are his.
  EXPECT_NEAR(duel(true).call[1], 1, 1e-9);
  EXPECT_NEAR(duel(true).call[10], 1, 1e-9);
  // The call tells the punter of the dealer's first card (an ace, a 9 or a
  // tenth card, above), so a punter called draws to more: on a hard 14,
  // always, where uncalled he stands a third of the time.
  const int hard14 = type_of(14, false);
  EXPECT_NEAR(duel(true).punter_draws(1, hard14, 14, -1), 1, 1e-9);
  EXPECT_LT(duel(true).punter_draws(0, hard14, 14, -1), 0.8);
  // Foster: the punter draws on a low hand: on 4 to 11 he cannot go créve.
  for (int hard = 4; hard <= 11; ++hard)
    EXPECT_NEAR(duel(false).punter_draws(0, type_of(hard, false), hard, -1), 1, 1e-9);
  // And never on a hard 20.
  EXPECT_NEAR(duel(false).punter_draws(0, type_of(20, false), 20, -1), 0, 1e-9);
}

TEST(VingtOptimal, AgainstSeveralPuntersTheDealerAnswersThemAll) {
  const Duel& d = duel(true);
  // Foster: "those that have more than the dealer, but still not more than
  // 21, he must pay". Two punters drew 9 and 8 and stood: from any two
  // cards they hold 19 to 21, so the dealer on 17 must draw.
  std::vector<SeenPunter> sure{{1, {9, 8}}, {1, {8, 9}}};
  EXPECT_TRUE(dealer_best_draws(d, 0, std::vector<int>{10, 7}, std::vector<int>{9, 8, 8, 9}, sure));
  // On 20 against two punters who stood on their two cards, he stands.
  std::vector<SeenPunter> pat{{1, {}}, {2, {}}};
  EXPECT_FALSE(dealer_best_draws(d, 0, std::vector<int>{10, 10}, std::vector<int>{}, pat));
  // Called and doubled, on a hard 12 against one who drew a 3 and a 4 (no
  // plan stands under 12) and one who drew a tenth card, he draws.
  std::vector<SeenPunter> drew{{1, {3, 4}}, {1, {10}}};
  EXPECT_TRUE(dealer_best_draws(d, 1, std::vector<int>{10, 2}, std::vector<int>{3, 4, 10}, drew));
  // At the table: the optimal dealer answers the two punters standing.
  VingtState s =
      deal_hand(3, {1, 1}, {{"5C", "4D"}, {"6S", "3H"}, {"TS", "2H"}}, {"KD", "9C", "8H"});
  for (int k = 1; k <= 2; ++k) {
    act(s, punter(s, k), Move::of(Move::kDraw));
    act(s, punter(s, k), Move::of(Move::kStand));
  }
  ASSERT_EQ(s.phase(), VingtState::Phase::kDealerDraw);
  const OptimalChoice c = optimal_choice(s, s.banker());
  EXPECT_NEAR(c.yes, 1, 1e-12) << c.why;
  EXPECT_NE(c.why.find("2 punters standing"), std::string::npos) << c.why;
}

TEST(VingtOptimal, TheExactEdgeAgreesWithTheTableAndBeatsFoster) {
  const Config c = testing::test_config("vingt-et-un", 2);
  Result<OddsReport> exact = Odds().from_deal(c);
  ASSERT_TRUE(exact.ok()) << exact.message();
  // 150,000 hands through the table, the pack dealt through, as for the
  // other games for stakes (`parlour odds vingt-et-un --check N` plays N;
  // here each hand's bots sample the unseen cards, which is most of the
  // test's time: 300,000 took 15 s of `make test`).
  Result<OddsReport> m = Odds().check(c, 150000, 1);
  ASSERT_TRUE(m.ok()) << m.message();
  ASSERT_FALSE(m->notes.empty());
  EXPECT_NEAR(m->chance[0], exact->chance[0], m->precision) << m->notes[0];
  Result<OddsReport> vs = Odds().compare(c, 60000, 1, "foster");
  ASSERT_TRUE(vs.ok()) << vs.message();
  EXPECT_GT(vs->chance[0] - vs->precision, 0) << vs->notes[0];
  // Look-first, a stake after the first card, is not solved: said so.
  Result<OddsReport> lf =
      Odds().from_deal(testing::test_config("vingt-et-un", 2, {"look-first=yes"}));
  ASSERT_FALSE(lf.ok());
  EXPECT_NE(lf.message().find("look-first"), std::string::npos);
}

// ---- The story ----------------------------------------------------------------------------

// Told to a seat, "You" takes the verb for you: "You refuse to double, lose".
TEST(VingtStory, YouIsToldWithTheVerbForYou) {
  testing::check_story_says_you_rightly("vingt-et-un", 30);
}

TEST(VingtStory, TheDealersNaturalCollectsDoubleAndAnotherNaturalStandsOff) {
  VingtState s =
      deal_hand(3, {2, 3}, {{"AS", "KD"}, {"5C", "6D"}, {"AH", "JC"}}, {"2S", "3S", "4S"});
  // The deal has passed left (rotation): the story tells the hand as it was.
  const Seat b = s.left(s.banker(), 2), p1 = s.left(b, 1), p2 = s.left(b, 2);
  const auto lines = story(s);
  auto tok = [](const char* a, const char* c) {
    return card_token(card(a)) + " " + card_token(card(c));
  };
  EXPECT_TRUE(says(lines, seat_name(b) + " shows a natural, " + tok("AH", "JC") + "."));
  EXPECT_TRUE(
      says(lines, seat_name(p1) + " shows a natural, " + tok("AS", "KD") + ": a stand-off."));
  EXPECT_TRUE(says(lines, seat_name(p2) + " shows " + tok("5C", "6D") + ", and loses 6 counters."));
  EXPECT_FALSE(says(lines, "paid double"));
}

// Two players, the punter staking 2 and the dealer dealt a first card each;
// `called`: the dealer has called on all to double.
VingtState first_cards(bool called) {
  VingtState s = fresh(2);
  Rng rng(3);
  s.apply_chance(rng);
  act(s, punter(s, 1), Move::stake(2));
  s.apply_chance(rng);
  if (called) act(s, s.banker(), Move::of(Move::kDouble));
  return s;
}

TEST(VingtStory, ADoubledStakeIsToldAsDoubledWhenTheHandEndsAtOnce) {
  VingtState s = first_cards(false);
  const Seat b = s.banker(), p = punter(s, 1);
  s.mutable_hand(p) = Hand{card("5C")};
  s.mutable_hand(b) = Hand{card("AH")};
  s.mutable_stock().push_back(card("JC"));  // the dealer's second: a natural
  s.mutable_stock().push_back(card("6D"));  // the punter's
  act(s, b, Move::of(Move::kDouble));
  act(s, p, Move::of(Move::kAccept));
  const auto yours = story(s, p);
  EXPECT_TRUE(says(yours, "You double the stake, to 4 counters.")) << yours[0];
  EXPECT_TRUE(says(yours, "You show " + card_token(card("5C")) + " " + card_token(card("6D")) +
                              ", and lose 8 counters."));
}

TEST(VingtStory, ARefuserLosesHisStakeInTheRightPerson) {
  VingtState s = first_cards(true);
  const Seat p = punter(s, 1);
  act(s, p, Move::of(Move::kRefuse));
  EXPECT_TRUE(says(story(s, p), "You refuse to double, lose 2 counters and stand out."));
  EXPECT_TRUE(
      says(story(s), seat_name(p) + " refuses to double, loses 2 counters and stands out."));
}

// ---- Conformance ---------------------------------------------------------------------------

TEST(VingtConformance, EveryPresetAndPlayerCount) {
  testing::ConformanceOptions opt;
  opt.games = 4;
  testing::check_all_presets(*find_game("vingt-et-un"), opt);
  for (const char* o : {"look-first=yes", "stake=one", "double=no"})
    for (const Selection& sel : all_selections())
      if (sel.game == find_game("vingt-et-un"))
        testing::check_conformance(sel, *make_config(sel, 3, std::vector<std::string>{o}), opt);
}

}  // namespace
}  // namespace parlour::vingt_et_un
