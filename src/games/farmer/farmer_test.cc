// Farmer: a test for each sentence of seed 003 (003_f6f2248119171254.txt) and
// of Foster's Complete Hoyle (Gutenberg #53881, "FARMER") on the game, or for
// the reading rules.md documents where they are silent; then the farm and the
// match, the views, the resampler, the bot and the harness.
#include <gtest/gtest.h>

#include <algorithm>

#include "conformance.h"
#include "core/deck.h"
#include "core/registry.h"
#include "games/farmer/optimal.h"
#include "games/farmer/solve.h"
#include "games/farmer/state.h"

namespace parlour::farmer {
namespace {

using testing::card;
using testing::cards;
using testing::legal;

// A game of `players` with 25 counters each and a farm priced at 4 (the tests
// count from these), then `opts`.
FarmerState fresh(int players, const std::vector<std::string>& opts = {}) {
  std::vector<std::string> all = {"counters=25", "price=4"};
  all.insert(all.end(), opts.begin(), opts.end());
  return FarmerState(Rules::from(testing::test_config("farmer", players, all)));
}

void act(FarmerState& s, Seat seat, Move m) {
  ASSERT_TRUE(testing::play(s, seat, m.encode()))
      << seat_name(seat) << ": " << s.action_label(seat, m.encode());
}

int counters(const FarmerState& s, Seat p) {
  return s.chips()->balance(p);
}

// The 45 cards stacked so that the farmer deals `first` (from his left) and
// the players then take `draws`, in the order they take them.
std::vector<Card> stacked(const std::vector<Card>& first, const std::vector<Card>& draws) {
  std::vector<Card> top = first;
  top.insert(top.end(), draws.begin(), draws.end());
  std::vector<Card> pack;
  for (Card c : farmer_pack())
    if (std::find(top.begin(), top.end(), c) == top.end()) pack.push_back(c);
  for (auto it = top.rbegin(); it != top.rend(); ++it) pack.push_back(*it);
  EXPECT_EQ(pack.size(), static_cast<std::size_t>(kPackSize));
  return pack;
}

// A deal of `players` with seat `farmer` the farmer, the farm sold, and the
// pack stacked as `stacked` says. Seats are named from the farmer: at(s, 1) is
// the eldest hand.
FarmerState dealt(int players, Seat farmer, std::initializer_list<const char*> first,
                  std::initializer_list<const char*> draws,
                  const std::vector<std::string>& opts = {}) {
  FarmerState s = fresh(players, opts);
  s.set_farmer(farmer);
  s.set_deal(stacked(cards(first), cards(draws)));
  return s;
}

Seat at(const FarmerState& s, int k) {
  return s.left(s.farmer(), k);
}

// Seat k from the farmer's left takes `n` cards and stands.
void takes(FarmerState& s, int k, int n) {
  const Seat p = at(s, k);
  ASSERT_EQ(s.turn(), p);
  for (int i = 0; i < n; ++i) act(s, p, Move::take());
  act(s, p, Move::stand());
}

// ---- Seed 003 ------------------------------------------------------------------------

TEST(FarmerSeed, AnyNumberOfPersonsMayPlay) {
  // "Any number of persons may play." Our reading: 2 to 12, as many as the 45
  // cards always serve (kMaxPlayers).
  const Selection sel = *select("farmer");
  for (int p = 2; p <= 12; ++p) EXPECT_TRUE(sel.game->validate(Config{p, {}}).ok()) << p;
  EXPECT_FALSE(sel.game->validate(Config{1, {}}).ok());
  EXPECT_FALSE(sel.game->validate(Config{13, {}}).ok());
}

TEST(FarmerSeed, TwelvePlayersDrawingAllTheyMayNeverRunThePackShort) {
  // Eleven hands drawing while they hold 15 or less take at most 43 cards.
  const Selection sel = *select("farmer");
  const Config c = testing::test_config("farmer", 12, {"deals=30"});
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    auto st = sel.game->new_game(c);
    Rng rng(seed);
    std::vector<Action> l;
    while (!st->terminal()) {
      if (st->chance()) {
        st->apply_chance(rng);
        continue;
      }
      const Seat p = st->to_move();
      st->legal_actions(p, l);
      st->apply(p, l.front());  // take while a card may be taken
      ASSERT_FALSE(static_cast<const FarmerState&>(*st).stock().empty()) << seed;
    }
  }
}

TEST(FarmerSeed, EightsAndSixesButTheSixOfHeartsAreDiscarded) {
  // "All the 8's and all the 6's but the ♡6 are discarded from a pack of
  // fifty-two cards."
  const std::vector<Card> pack = farmer_pack();
  EXPECT_EQ(pack.size(), 45u);
  for (Card c : pack) EXPECT_NE(c.rank(), kEight);
  EXPECT_EQ(std::count_if(pack.begin(), pack.end(), [](Card c) { return c.rank() == kSix; }), 1);
  EXPECT_NE(std::find(pack.begin(), pack.end(), card("6H")), pack.end());
  std::vector<Card> all;
  fresh(4).all_cards(all);
  std::sort(all.begin(), all.end());
  EXPECT_EQ(all, pack);
}

TEST(FarmerSeed, CourtCardsCountTenTheAceOneAndOthersTheirFaceValue) {
  // "All court cards count for 10, the ace for 1, and all others at their face value."
  for (const char* c : {"JS", "QH", "KD", "10C"}) EXPECT_EQ(points(card(c)), 10) << c;
  EXPECT_EQ(points(card("AS")), 1);
  for (const char* c : {"2C", "3D", "4H", "5S", "6H", "7C", "9D"})
    EXPECT_EQ(points(card(c)), card(c).rank()) << c;
}

// ---- Foster: the farm ------------------------------------------------------------------

TEST(FarmerFoster, EachPlayerPutsACounterInTheFarmAndTheFarmerHisPrice) {
  // "A pool is then made up by each player contributing one counter. This is
  // the farm, and it is sold to the highest bidder, who must put into it the
  // price he pays for it." The price: option `price` (our reading).
  FarmerState s = fresh(5, {"price=7", "counters=30"});
  s.set_farmer(2);
  EXPECT_EQ(s.farmer(), 2);
  EXPECT_EQ(s.farm(), 5 + 7);
  EXPECT_EQ(counters(s, 2), 30 - 1 - 7);
  for (Seat p : {0, 1, 3, 4}) EXPECT_EQ(counters(s, p), 29);
}

TEST(FarmerFoster, TheFarmerDealsOneCardToEachPlayerButTakesNone) {
  // "He then becomes the farmer, and deals one card to each player, but takes
  // none himself."
  FarmerState s = fresh(5);
  Rng rng(3);
  s.apply_chance(rng);
  s.apply_chance(rng);
  for (Seat p = 0; p < 5; ++p) EXPECT_EQ(s.hand(p).size(), p == s.farmer() ? 0u : 1u) << p;
  EXPECT_EQ(s.stock().size(), 41u);
}

TEST(FarmerFoster, TheSixOfHeartsDealtRoundFaceUpMakesTheFirstFarmer) {
  // Our reading for the auction: cards are dealt round face up from seat 0,
  // and the player the six of hearts falls to buys the farm.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    FarmerState s = fresh(5);
    Rng rng(seed), copy(seed);
    s.apply_chance(rng);
    std::vector<Card> pack = farmer_pack();
    copy.shuffle(std::span<Card>(pack));
    const auto i = std::find(pack.begin(), pack.end(), card("6H")) - pack.begin();
    EXPECT_EQ(s.farmer(), i % 5) << seed;
  }
}

TEST(FarmerFoster, FromTheDealersLeftEachMustTakeAtLeastOneCard) {
  // "The object of the players is to get as near 16 as possible, and each in
  // turn, beginning on the dealer's left must take at least one card."
  FarmerState s = dealt(4, 1, {"KS", "9H", "7C"}, {"5D", "2C", "3H"});
  EXPECT_EQ(s.turn(), at(s, 1));
  EXPECT_EQ(s.turn(), 2);
  EXPECT_EQ(legal(s, 2), std::vector<Action>{Move::take().encode()});
  EXPECT_FALSE(testing::play(s, 2, Move::stand().encode()));
  act(s, 2, Move::take());  // 5D: 15
  EXPECT_EQ(s.total(2), 15);
  EXPECT_EQ(legal(s, 2).size(), 2u);
}

TEST(FarmerFoster, AfterLookingAtItHeMayAskForAnotherUntilCreveOrHeStands) {
  // "After looking at it he may ask for another, and so on until he is créve
  // or stands."
  FarmerState s = dealt(3, 0, {"2S", "9D"}, {"AC", "3D", "4H", "5C"});
  const Seat p = at(s, 1);
  act(s, p, Move::take());  // AC: 3
  act(s, p, Move::take());  // 3D: 6
  act(s, p, Move::take());  // 4H: 10
  EXPECT_EQ(s.turn(), p);
  EXPECT_EQ(s.total(p), 10);
  act(s, p, Move::stand());
  EXPECT_TRUE(s.stood(p));
  EXPECT_EQ(s.turn(), at(s, 2));
}

TEST(FarmerFoster, AnOverdrawnPlayerSaysNothingUntilAllAreHelped) {
  // "Should a player overdraw himself, he says nothing about it until all are
  // helped, when the hands are exposed." Over 16 he may only stand, as anyone
  // may; the others see the same whether he is over or not.
  FarmerState over = dealt(4, 0, {"9S", "5D", "4C"}, {"QH", "7D", "2C"});
  FarmerState under = dealt(4, 0, {"9S", "5D", "4C"}, {"3H", "7D", "2C"});
  const Seat p = at(over, 1);
  act(over, p, Move::take());   // QH: 19
  act(under, p, Move::take());  // 3H: 12
  EXPECT_EQ(legal(over, p), std::vector<Action>{Move::stand().encode()});
  act(over, p, Move::stand());
  act(under, p, Move::stand());
  for (Seat v : {kSpectator, Seat{0}, Seat{2}, Seat{3}}) {
    EXPECT_TRUE(over.view(v) == under.view(v)) << v;
    std::vector<std::string> a, b;
    over.narrate(v, a), under.narrate(v, b);
    EXPECT_EQ(a, b) << v;
  }
  EXPECT_FALSE(over.shown());
  takes(over, 2, 1);  // 7D: 12
  takes(over, 3, 1);  // 2C: 6
  EXPECT_TRUE(over.shown());
  const View seen = over.view(3);
  EXPECT_EQ(seen.zones[static_cast<std::size_t>(p)].cards[1].card, card("QH"));
  EXPECT_TRUE(seen.zones[static_cast<std::size_t>(p)].cards[1].face_up);
}

TEST(FarmerFoster, ExactlySixteenTakesTheFarmAndAllItsContents) {
  // "Any player having exactly 16 takes the farm and all its contents."
  FarmerState s = dealt(4, 3, {"9S", "5D", "4C"}, {"7H", "QD", "2C"}, {"price=4"});
  EXPECT_EQ(s.farm(), 8);
  takes(s, 1, 1);  // 9 + 7 = 16
  takes(s, 2, 1);  // 15
  takes(s, 3, 1);  // 6
  EXPECT_EQ(s.farm_winner(), at(s, 1));
  EXPECT_EQ(s.farm(), 0);
  // 24 after the farm, + 8 from the farm, + 2 as nearest 16.
  EXPECT_EQ(counters(s, at(s, 1)), 24 + 8 + 2);
}

TEST(FarmerFoster, OfTwoSixteensThatWithTheSixOfHeartsWins) {
  // "If there is more than one 16, that which is made with the assistance of
  // the ♡6 wins".
  FarmerState s = dealt(4, 0, {"9S", "6H", "QC"}, {"7H", "KD", "5C"});
  takes(s, 1, 1);  // 9 + 7 = 16
  takes(s, 2, 1);  // 6H + KD = 16
  takes(s, 3, 1);  // 15
  EXPECT_EQ(s.farm_winner(), at(s, 2));
  EXPECT_EQ(s.winner_by(), TieBreak::kSixOfHearts);
}

TEST(FarmerFoster, OtherwiseTheSixteenInTheFewestCards) {
  // "otherwise the one which is made with the fewest cards".
  FarmerState s = dealt(4, 0, {"5S", "9D", "AC"}, {"4H", "7C", "7D", "5C"});
  takes(s, 1, 2);  // 5 + 4 + 7 = 16 in three cards
  takes(s, 2, 1);  // 9 + 7 = 16 in two
  takes(s, 3, 1);  // 6
  EXPECT_EQ(s.farm_winner(), at(s, 2));
  EXPECT_EQ(s.winner_by(), TieBreak::kFewestCards);
}

TEST(FarmerFoster, IfThisIsATieTheEldestHandWins) {
  // "If this is a tie the eldest hand wins": the nearest the farmer's left.
  FarmerState s = dealt(4, 2, {"9S", "7D", "AC"}, {"7C", "9D", "5C"});
  takes(s, 1, 1);  // 16
  takes(s, 2, 1);  // 16
  takes(s, 3, 1);  // 6
  EXPECT_EQ(s.farm_winner(), at(s, 1));
  EXPECT_EQ(at(s, 1), 3);
  EXPECT_EQ(s.winner_by(), TieBreak::kEldestHand);
}

TEST(FarmerFoster, WithNoSixteenTheFarmStaysWithItsOwnerDealAfterDeal) {
  // "If no one has exactly 16, the farm stays with its original owner deal
  // after deal, until exactly 16 is held by some player."
  FarmerState s = dealt(3, 1, {"9S", "5D"}, {"5H", "QD"});
  const int farm = s.farm();
  takes(s, 1, 1);  // 14
  takes(s, 2, 1);  // 15
  EXPECT_EQ(s.farm_winner(), kNobody);
  EXPECT_EQ(s.farm(), farm);
  EXPECT_EQ(s.farmer(), 1);
  EXPECT_EQ(s.phase(), FarmerState::Phase::kDeal);
  Rng rng(1);
  s.apply_chance(rng);
  EXPECT_EQ(s.farmer(), 1);
  EXPECT_EQ(s.deal_number(), 2);
  EXPECT_EQ(s.farm(), farm);  // nobody puts in again
}

TEST(FarmerFoster, OverdrawnHandsPayTheFarmerACounterAPointOver) {
  // "Whether any one wins the farm or not, when the hands are exposed all
  // those who have overdrawn must pay to the one who owned the farm at the
  // beginning of that deal, as many counters as they have points more than 16."
  FarmerState s = dealt(4, 0, {"9S", "KD", "5C"}, {"QH", "9C", "AD", "10S"}, {"price=4"});
  takes(s, 1, 1);  // 19: 3 over
  takes(s, 2, 1);  // 19: 3 over
  takes(s, 3, 2);  // 5 + 1 + 10 = 16
  // Seat 0 bought the farm (25 - 5) and collects 6; the others paid a counter in.
  EXPECT_EQ(counters(s, 0), 20 + 6);
  EXPECT_EQ(counters(s, at(s, 1)), 24 - 3 - 1);
  EXPECT_EQ(counters(s, at(s, 2)), 24 - 3 - 1);
  EXPECT_EQ(counters(s, at(s, 3)), 24 + 8 + 2);
}

TEST(FarmerFoster, TheOverdrawsOfTheDealTheFarmIsWonGoToItsOldOwner) {
  // "...to the one who owned the farm at the beginning of that deal", though
  // the winner then buys it (new-farmer=winner).
  FarmerState s = dealt(3, 0, {"9S", "KD"}, {"7H", "9C"}, {"new-farmer=winner", "price=2"});
  takes(s, 1, 1);  // 16: wins the farm
  takes(s, 2, 1);  // 19
  EXPECT_EQ(s.farmer(), 1);
  // Seat 0 collected the 3 over; seat 1 took the farm (5) and bought the new one.
  EXPECT_EQ(counters(s, 0), 25 - 1 - 2 + 3 - 1);
  EXPECT_EQ(counters(s, 1), 24 + 5 + 1 - 1 - 2);
  EXPECT_EQ(s.farm(), 3 + 2);
}

TEST(FarmerFoster, TheseAreClearProfitsAndGoNotIntoTheFarm) {
  // "These payments do not go into the farm, but are clear profits."
  FarmerState s = dealt(3, 2, {"9S", "KD"}, {"QH", "5C"});
  const int farm = s.farm(), farmer = counters(s, 2);
  takes(s, 1, 1);  // 19
  takes(s, 2, 1);  // 15
  EXPECT_EQ(s.farm(), farm);
  EXPECT_EQ(counters(s, 2), farmer + 3);
}

TEST(FarmerFoster, UnderSixteenPaysNothingButTheNearestTakesACounterFromEachOfTheOthers) {
  // "Those who have less than 16 pay nothing to the farmer; but the one who is
  // nearest 16 receives a counter from each of the others." Our reading of
  // "the others": every other player but the farmer, overdrawn or not.
  FarmerState s = dealt(5, 0, {"9S", "KD", "5C", "2H"}, {"5H", "3C", "QD", "7C"});
  takes(s, 1, 1);  // 14
  takes(s, 2, 1);  // 13
  takes(s, 3, 1);  // 15: nearest
  takes(s, 4, 1);  // 9
  EXPECT_EQ(s.nearest(), at(s, 3));
  EXPECT_EQ(counters(s, 0), 25 - 1 - s.rules().price);  // the farmer is paid nothing
  EXPECT_EQ(counters(s, at(s, 3)), 24 + 3);
  for (int k : {1, 2, 4}) EXPECT_EQ(counters(s, at(s, k)), 23) << k;
}

TEST(FarmerFoster, TiesForNearestGoByTheSixOfHeartsTheFewestCardsTheEldestHand) {
  // "Ties are decided by the possession of the ♡ 6, or the fewest cards, or
  // the eldest hand, as already described."
  {
    FarmerState s = dealt(4, 0, {"5C", "6H", "2C"}, {"QD", "4C", "5H", "3C"});
    takes(s, 1, 1);  // 15 in two cards
    takes(s, 2, 2);  // 6H 4C 5H: 15 in three, with the six of hearts
    takes(s, 3, 1);  // 5
    EXPECT_EQ(s.nearest(), at(s, 2));
    EXPECT_EQ(s.nearest_by(), TieBreak::kSixOfHearts);
  }
  {
    FarmerState s = dealt(4, 0, {"9S", "7H", "2C"}, {"5H", "AD", "7C", "AS", "9C", "3D"});
    takes(s, 1, 2);  // 9 5 1: 15 in three cards
    takes(s, 2, 1);  // 7 7: 14
    takes(s, 3, 3);  // 2 1 9 3: 15 in four
    EXPECT_EQ(s.nearest(), at(s, 1));
    EXPECT_EQ(s.nearest_by(), TieBreak::kFewestCards);
  }
  {
    FarmerState s = dealt(4, 1, {"9S", "7H", "AC"}, {"5C", "7C", "3D"});
    takes(s, 1, 1);  // 14
    takes(s, 2, 1);  // 14
    takes(s, 3, 1);  // 4
    EXPECT_EQ(s.nearest(), at(s, 1));
    EXPECT_EQ(s.nearest_by(), TieBreak::kEldestHand);
  }
}

TEST(FarmerFoster, TheFarmerDealsAgainAndCollectsUntilHeLosesHisFarm) {
  // "If the farm remains in the same hands, the farmer deals again, and
  // collects his profits until he loses his farm."
  const Selection sel = *select("farmer");
  const Config c = testing::test_config("farmer", 4, {"deals=40"});
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    auto st = sel.game->new_game(c);
    const auto& s = static_cast<const FarmerState&>(*st);
    Rng rng(seed);
    std::vector<Action> l;
    Seat farmer = kNobody;
    int sold = 0;
    bool won = false, first = true;
    while (!st->terminal()) {
      if (st->chance()) {
        const bool deal = s.phase() == FarmerState::Phase::kDeal;
        st->apply_chance(rng);
        if (!deal) continue;
        // A deal with no 16 keeps the farmer and the farm; a farm won is sold anew.
        if (!first && !won) {
          EXPECT_EQ(s.farmer(), farmer);
          EXPECT_EQ(s.farms_sold(), sold);
        } else if (!first) {
          EXPECT_EQ(s.farms_sold(), sold + 1);
        }
        first = false, farmer = s.farmer(), sold = s.farms_sold();
        continue;
      }
      const Seat p = st->to_move();
      st->legal_actions(p, l);
      st->apply(p, l[rng.below(static_cast<std::uint32_t>(l.size()))]);
      if (s.shown()) won = s.farm_winner() != kNobody;
    }
  }
}

TEST(FarmerFoster, AFarmWonIsEmptiedAndResoldAsInTheBeginning) {
  // "When the farm is won, it is emptied, and resold as in the beginning":
  // each player puts in a counter again, and the six of hearts is dealt round
  // again for the farmer (option new-farmer, by default).
  FarmerState s = dealt(3, 0, {"9S", "KD"}, {"7H", "5C"}, {"price=3"});
  takes(s, 1, 1);  // 16
  takes(s, 2, 1);  // 15
  EXPECT_EQ(s.farm(), 0);
  EXPECT_EQ(s.phase(), FarmerState::Phase::kFarmer);
  const std::array<int, 3> before = {counters(s, 0), counters(s, 1), counters(s, 2)};
  Rng rng(2), copy(2);
  s.apply_chance(rng);
  EXPECT_EQ(s.farms_sold(), 2);
  // Dealt round from the last farmer's left, seat 1.
  std::vector<Card> pack = farmer_pack();
  copy.shuffle(std::span<Card>(pack));
  const auto i = std::find(pack.begin(), pack.end(), card("6H")) - pack.begin();
  EXPECT_EQ(s.farmer(), (1 + i) % 3);
  EXPECT_EQ(s.farm(), 3 + 3);
  for (Seat p = 0; p < 3; ++p)
    EXPECT_EQ(counters(s, p), before[static_cast<std::size_t>(p)] - 1 - (p == s.farmer() ? 3 : 0));
}

TEST(FarmerFoster, WithNewFarmerLeftTheFarmPassesToTheLeft) {
  // Option new-farmer=left: Foster's Vingt-et-un, "the deal passing in
  // regular rotation to the left".
  FarmerState s = dealt(3, 0, {"9S", "KD"}, {"7H", "5C"}, {"new-farmer=left"});
  takes(s, 1, 1);  // 16
  takes(s, 2, 1);
  EXPECT_EQ(s.farmer(), 1);
  EXPECT_EQ(s.phase(), FarmerState::Phase::kDeal);
  EXPECT_EQ(s.farm(), 3 + s.rules().price);
}

// ---- The match ----------------------------------------------------------------------

TEST(FarmerMatch, AMatchIsItsDealsPlayedOnUntilTheFarmIsWon) {
  const Selection sel = *select("farmer");
  const Config c = testing::test_config("farmer", 3, {"deals=5"});
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto st = sel.game->new_game(c);
    Rng rng(seed);
    std::vector<Action> l;
    while (!st->terminal()) {
      if (st->chance()) {
        st->apply_chance(rng);
        continue;
      }
      st->legal_actions(st->to_move(), l);
      st->apply(st->to_move(), l[rng.below(static_cast<std::uint32_t>(l.size()))]);
    }
    const auto& s = static_cast<const FarmerState&>(*st);
    EXPECT_GE(s.deal_number(), 5);
    EXPECT_NE(s.farm_winner(), kNobody);
    EXPECT_EQ(s.farm(), 0);
    // Players rank by their counters, which are all the counters there are.
    const Outcome o = st->outcome();
    double sum = 0;
    for (Seat p = 0; p < 3; ++p) {
      EXPECT_EQ(o.scores[static_cast<std::size_t>(p)], counters(s, p));
      sum += o.scores[static_cast<std::size_t>(p)];
    }
    EXPECT_EQ(sum, 3 * s.rules().counters);
  }
}

TEST(FarmerMatch, APlayerMayOwe) {
  // Our reading: a balance may fall below nothing; it is owed.
  FarmerState s = dealt(3, 0, {"9S", "KD"}, {"QH", "5C"}, {"counters=1"});
  takes(s, 1, 1);  // 19
  takes(s, 2, 1);  // 15
  EXPECT_EQ(counters(s, at(s, 1)), 0 - 3 - 1);
  EXPECT_EQ(s.chips()->total(), 3);
}

// ---- What each seat sees ---------------------------------------------------------------

TEST(FarmerViews, EachSeesOnlyHisOwnCardsUntilTheHandsAreShown) {
  FarmerState s = dealt(4, 0, {"9S", "KD", "5C"}, {"3H", "2C", "4D"});
  act(s, 1, Move::take());
  const View mine = s.view(1), theirs = s.view(2), farmer = s.view(0);
  EXPECT_EQ(mine.zones[1].cards[0].card, card("9S"));
  EXPECT_EQ(mine.zones[1].cards[1].card, card("3H"));
  EXPECT_EQ(mine.zones[1].note, "12 points");
  EXPECT_FALSE(theirs.zones[1].cards[0].card.has_value());
  EXPECT_FALSE(theirs.zones[1].cards[1].card.has_value());
  EXPECT_EQ(theirs.zones[1].note, "face down");
  EXPECT_FALSE(farmer.zones[2].cards[0].card.has_value());
  EXPECT_EQ(theirs.zones[2].cards[0].card, card("KD"));
  // The farm is a pot everyone sees; balances are public.
  EXPECT_EQ(theirs.zones[4].layout, Layout::kPot);
  EXPECT_EQ(theirs.zones[4].chips, s.farm());
  EXPECT_EQ(theirs.seats[0].counters[0].name, "counters");
  // The narration names the card to its taker alone.
  std::vector<std::string> to_taker, to_other;
  s.narrate(1, to_taker), s.narrate(2, to_other);
  EXPECT_NE(to_taker[0].find(card_token(card("3H"))), std::string::npos);
  EXPECT_EQ(to_other[0], "Seat 1 takes a card, face down, and holds 2.");
}

TEST(FarmerViews, ResamplesKeepOwnCardsHandSizesAndWhatDrawingAgainTells) {
  const GameInfo& g = *find_game("farmer");
  // Seat 1 drew twice more: its first two cards made 15 or less.
  FarmerState s = dealt(4, 0, {"2S", "KD", "5C"}, {"3H", "4D", "QC"});
  act(s, 1, Move::take());
  act(s, 1, Move::take());
  act(s, 1, Move::stand());
  act(s, 2, Move::take());
  Rng rng(7);
  for (int i = 0; i < 300; ++i) {
    auto w = g.resampler->resample(s, 2, rng);
    ASSERT_TRUE(w);
    const auto& m = static_cast<const FarmerState&>(*w);
    EXPECT_EQ(m.hand(2).size(), 2u);
    EXPECT_EQ(m.hand(2)[0], card("KD"));
    EXPECT_EQ(m.hand(2)[1], card("QC"));
    ASSERT_EQ(m.hand(1).size(), 3u);
    EXPECT_LE(points(m.hand(1)[0]) + points(m.hand(1)[1]), 15);
    EXPECT_EQ(m.hand(3).size(), 1u);
    EXPECT_TRUE(m.view(2) == s.view(2));
  }
}

// ---- The bot ----------------------------------------------------------------------------

TEST(FarmerBot, TakesWhatItMustStandsOnSixteenAndChasesABigFarm) {
  FarmerState s = dealt(4, 0, {"9S", "KD", "5C"}, {"7H", "5D", "AC"});
  const Seat p = at(s, 1);
  EXPECT_EQ(heuristic_for_test(s, p, legal(s, p)), Move::take().encode());
  act(s, p, Move::take());  // 16
  EXPECT_EQ(heuristic_for_test(s, p, legal(s, p)), Move::stand().encode());
  act(s, p, Move::stand());
  act(s, at(s, 2), Move::take());  // KD 5D: 15
  // At 15 with a farm of 8 it stands: only an ace of the 42 cards unseen helps.
  EXPECT_EQ(heuristic_for_test(s, at(s, 2), legal(s, at(s, 2))), Move::stand().encode());
  // With a farm of 200 it draws for the ace.
  FarmerState rich = dealt(4, 0, {"9S", "KD", "5C"}, {"7H", "5D"}, {"price=100"});
  act(rich, 1, Move::take());
  act(rich, 1, Move::stand());
  act(rich, 2, Move::take());
  EXPECT_EQ(rich.farm(), 104);
  EXPECT_EQ(heuristic_for_test(rich, 2, legal(rich, 2)), Move::take().encode());
}

TEST(FarmerBot, EndsAheadOfPlayersWhoStandAtAFixedCount) {
  // One heuristic player against three who draw below 12 (then 15), seats
  // rotating: rules.md quotes the figures of 2000 matches.
  const Selection sel = *select("farmer");
  const Config c = testing::test_config("farmer", 4);
  for (int stand_on : {12, 15}) {
    double mine = 0, theirs = 0;
    for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
      const Seat me = static_cast<Seat>(seed % 4);
      auto st = sel.game->new_game(c);
      const auto& s = static_cast<const FarmerState&>(*st);
      Rng rng(seed);
      std::vector<Action> l;
      while (!st->terminal()) {
        if (st->chance()) {
          st->apply_chance(rng);
          continue;
        }
        const Seat p = st->to_move();
        st->legal_actions(p, l);
        const Action fixed = s.total(p) < stand_on ? l.front() : l.back();
        st->apply(p, p == me ? heuristic_for_test(s, p, l) : fixed);
      }
      for (Seat p = 0; p < 4; ++p) (p == me ? mine : theirs) += counters(s, p);
    }
    EXPECT_GT(mine / 1000, theirs / 3000 + 2) << stand_on;
  }
}

// ---- Optimal play and odds -------------------------------------------------------------

double punters_total(const Field& f) {
  double x = 0;
  for (double v : f.value) x += v;
  return x;
}

TEST(FarmerOptimal, EveryHandAPlayerCanHoldIsWalkedOnce) {
  const std::vector<Holding>& hs = holdings();
  // Breadth first from the empty hand: children come after their parents,
  // and the chances of the next card sum to one wherever he may draw.
  for (std::size_t i = 0; i < hs.size(); ++i) {
    double sum = 0;
    for (std::size_t k = 0; k < 9; ++k) {
      if (hs[i].child[k] < 0) continue;
      EXPECT_GT(static_cast<std::size_t>(hs[i].child[k]), i);
      EXPECT_EQ(hs[static_cast<std::size_t>(hs[i].child[k])].cards, hs[i].cards + 1);
      sum += hs[i].chance[k];
    }
    if (hs[i].may_draw) {
      EXPECT_NEAR(sum, 1, 1e-12) << i;
    }
    // "until he is créve or stands": over 15 only the card dealt is drawn on.
    EXPECT_EQ(hs[i].may_draw, hs[i].cards <= 1 || hs[i].total < kTarget) << i;
  }
  EXPECT_EQ(holding_of(cards({"6H", "KD"})), holding_of(cards({"KS", "6H"})));
  EXPECT_TRUE(hs[static_cast<std::size_t>(holding_of(cards({"6H", "KD"})))].six);
}

TEST(FarmerOptimal, HeadsUpTheBestPlayIsExactAndItsFiguresBalance) {
  // One player: nothing of another hand counts, and the walk is the game.
  // What he wins is the farm when it is won, less what he pays the farmer.
  const Field& f = field(2, 14);
  ASSERT_TRUE(f.exact);
  ASSERT_EQ(f.value.size(), 1u);
  EXPECT_NEAR(f.value[0], f.farm * f.won - f.farmer, 1e-12);
  EXPECT_GT(f.farmer, 0.5);
  EXPECT_LT(f.value[0], 0);  // at price 12, the farm does not pay its chase
  EXPECT_LT(field(2, 102).won, 0.5);
  EXPECT_GT(field(2, 102).won, f.won);  // a farm of 102 is chased harder
}

TEST(FarmerOptimal, HeadsUpItStandsOnFifteenUnlessTheFarmPaysForTheAce) {
  // 9 and 6H: 15. Only the four aces of the 43 cards unseen make 16. With a
  // farm of 6 that is worth 4 x 6 / 43 against the 232 / 43 counters the
  // others overdraw by (four each of 2 to 5 and 7, three 9s, sixteen tens):
  // stand. With a farm of 102, draw.
  FarmerState s = dealt(2, 0, {"9S"}, {"6H"});
  act(s, 1, Move::take());
  ASSERT_EQ(s.total(1), 15);
  OptimalChoice c = optimal_choice(s, 1);
  EXPECT_FALSE(c.draw) << c.why;
  EXPECT_NEAR(c.if_stand, 0, 1e-12);
  EXPECT_NEAR(c.if_draw, (4.0 * 6 - (4 + 8 + 12 + 16 + 24 + 3 * 8 + 16 * 9)) / 43, 1e-12);
  FarmerState rich = dealt(2, 0, {"9S"}, {"6H"}, {"price=100"});
  act(rich, 1, Move::take());
  c = optimal_choice(rich, 1);
  EXPECT_TRUE(c.draw) << c.why;
  EXPECT_NE(c.why.find("draw: at 15 in 2 cards"), std::string::npos) << c.why;
  // On 6 the sixteen tens make 16: it draws, whatever the farm.
  FarmerState low = dealt(2, 0, {"4S"}, {"2D"});
  act(low, 1, Move::take());
  EXPECT_TRUE(optimal_choice(low, 1).draw);
}

TEST(FarmerOptimal, TheExactFiguresAgreeWithAMillionDealsThroughTheTable) {
  const Config c = testing::test_config("farmer", 2);
  Result<OddsReport> exact = Odds().from_deal(c);
  ASSERT_TRUE(exact.ok()) << exact.message();
  EXPECT_TRUE(exact->exact);
  Result<OddsReport> m = Odds().check(c, 1000000, 1);
  ASSERT_TRUE(m.ok()) << m.message();
  ASSERT_EQ(m->chance.size(), 2u);
  for (std::size_t k = 0; k < 2; ++k) {
    EXPECT_NE(m->notes[k].find("agrees"), std::string::npos) << m->notes[k];
    EXPECT_NEAR(m->chance[k], exact->chance[k], 0.01);
  }
  EXPECT_GT(m->precision, 0.002);  // a real interval
}

TEST(FarmerOptimal, WithMorePlayersTheModelIsInEquilibriumAndBalances) {
  for (int players : {3, 4, 6, 12}) {
    const Field& f = field(players, players + 12);
    EXPECT_FALSE(f.exact);
    ASSERT_EQ(f.value.size(), static_cast<std::size_t>(players - 1));
    // A place answering the others at its best gains almost nothing.
    for (double g : f.gain) EXPECT_LT(g, 1e-3) << players;
    // The counters for the nearest hand pass between players: the players
    // together win the farm and pay the farmer, nothing else.
    EXPECT_NEAR(punters_total(f), f.farm * f.won - f.farmer, 1e-9) << players;
    // The eldest hand wins the ties: he does best.
    EXPECT_GT(f.value.front(), f.value.back()) << players;
  }
}

TEST(FarmerOptimal, TheModelsFiguresStandCloseToPlayAtFourPlayers) {
  // The model forgets that one hand's cards change the others' chances:
  // its figures are near what the table gives, not equal.
  const Config c = testing::test_config("farmer", 4);
  Result<OddsReport> model = Odds().from_deal(c);
  ASSERT_TRUE(model.ok());
  EXPECT_FALSE(model->exact);
  Result<OddsReport> m = Odds().check(c, 100000, 1);
  ASSERT_TRUE(m.ok()) << m.message();
  for (std::size_t k = 0; k < 4; ++k)
    EXPECT_NEAR(m->chance[k], model->chance[k], 0.08) << m->notes[k];
}

TEST(FarmerOptimal, TheAdviceAndEachSeatsFiguresAtTheTable) {
  FarmerState s = dealt(4, 2, {"9S", "KD", "5C"}, {"2H", "5D", "AC"});
  const Seat eldest = at(s, 1);
  Result<OddsReport> r = Odds().for_seat(s, eldest);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(r->kind, OddsReport::Kind::kCounters);
  ASSERT_EQ(r->chance.size(), 4u);
  const Field& f = field(4, s.farm());
  EXPECT_NEAR(r->chance[2], f.farmer, 1e-12);  // the farmer
  EXPECT_NEAR(r->chance[static_cast<std::size_t>(eldest)], f.value[0], 1e-12);
  EXPECT_TRUE(r->advice.empty());  // he must take a card: no choice
  act(s, eldest, Move::take());    // 9 + 2 = 11
  r = Odds().for_seat(s, eldest);
  EXPECT_NE(r->advice.find("at 11 in 2 cards"), std::string::npos) << r->advice;
  // Another seat gets the figures, not the advice.
  EXPECT_TRUE(Odds().for_seat(s, at(s, 2))->advice.empty());
}

TEST(FarmerOptimal, TheOptimalBotPlaysOnlyWhatItMayAndMatchesTheHeuristicHeadsUp) {
  // Heads-up both look ahead over the cards unseen to the same worth: on
  // the same cards they play the same.
  Result<OddsReport> r = Odds().compare(testing::test_config("farmer", 2), 20000, 3, "heuristic");
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_NEAR(r->chance[0], 0, 1e-12);
  EXPECT_FALSE(Odds().compare(testing::test_config("farmer", 2), 10, 1, "nobody").ok());
}

// ---- Conformance ------------------------------------------------------------------------

TEST(FarmerConformance, EveryPresetAndPlayerCount) {
  testing::ConformanceOptions opt;
  opt.games = 4;
  testing::check_all_presets(*find_game("farmer"), opt);
}

TEST(FarmerConformance, TheOtherWaysOfSellingTheFarm) {
  testing::ConformanceOptions opt;
  opt.games = 3;
  const Selection sel = *select("farmer");
  for (const char* o : {"new-farmer=winner", "new-farmer=left"})
    for (int p : {2, 3, 5, 12})
      testing::check_conformance(sel, testing::test_config("farmer", p, {o}), opt);
}

}  // namespace
}  // namespace parlour::farmer
