// Oh Hell!: a test for each sentence of seed 002 (002_6b7a1a89f58223bd.txt)
// on the game, or for the reading rules.md documents where it is silent;
// then the options, the views, the resampler, the bots and the conformance
// harness.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <new>

#include "conformance.h"
#include "core/seeds.h"
#include "core/table.h"
#include "count_allocations.h"
#include "games/oh_hell/bots.h"
#include "games/oh_hell/state.h"

namespace parlour::oh_hell {
namespace {

using testing::card;
using testing::cards;
using testing::legal;

Config config(int players, const std::vector<std::string>& opts = {},
              std::string_view name = "oh-hell") {
  return testing::test_config(name, players, opts);
}

OhHellState fresh(int players, const std::vector<std::string>& opts = {}) {
  return OhHellState(Rules::from(config(players, opts)));
}

// A game with its first dealer drawn and the first hand dealt.
OhHellState dealt(int players, const std::vector<std::string>& opts = {}, std::uint64_t seed = 1) {
  OhHellState s = fresh(players, opts);
  Rng rng(seed);
  while (s.chance()) s.apply_chance(rng);
  return s;
}

void play(OhHellState& s, Seat seat, Move m) {
  ASSERT_TRUE(testing::play(s, seat, m.encode()))
      << seat_name(seat) << ": " << s.action_label(seat, m.encode());
}

std::vector<int> bids_of(const std::vector<Action>& l) {
  std::vector<int> out;
  for (Action a : l)
    if (Move::decode(a)->kind == Move::kBid) out.push_back(Move::decode(a)->bid);
  return out;
}

// Four players, hand 3 (three cards each), dealt by seat 3: seat 0 is eldest.
OhHellState three_cards(const std::vector<std::vector<Card>>& hands, Card turned,
                        const std::vector<std::string>& opts = {}) {
  OhHellState s = fresh(4, opts);
  s.set_hand(2, 3, hands, turned, {});
  return s;
}

// Plays a whole game with a bot in every seat, calling `each` at every
// position a seat may act in.
template <class F>
void whole_game(const Config& c, std::uint64_t seed, F each) {
  OhHellState s(Rules::from(c));
  Rng chance(seed), rng(seed, 9);
  std::vector<Action> l;
  while (!s.terminal()) {
    if (s.chance()) {
      s.apply_chance(chance);
      continue;
    }
    const Seat p = s.to_move();
    s.legal_actions(p, l);
    each(s, l);
    s.apply(p, rng.below(4) ? heuristic_action(s, p)
                            : l[rng.below(static_cast<std::uint32_t>(l.size()))]);
  }
}

// ---- Players and cards -----------------------------------------------------------

TEST(OhHellRules, ThreeToSevenPlayers) {
  // seed 002: "NUMBER OF PLAYERS: Three to seven"
  const Selection sel = *select("oh-hell");
  for (int p : {2, 8}) EXPECT_FALSE(make_config(sel, p, {}).ok()) << p;
  for (int p = 3; p <= 7; ++p) EXPECT_TRUE(make_config(sel, p, {}).ok()) << p;
}

TEST(OhHellRules, OneStandardPackAceHigh) {
  // seed 002: "One standard pack of fifty-two cards"; "The cards in each suit
  // rank ace, king, queen, jack, ten, nine, eight, seven, six, five, four,
  // three, two."
  OhHellState s = dealt(5);
  std::vector<Card> all;
  s.all_cards(all);
  std::sort(all.begin(), all.end());
  std::vector<Card> deck;
  for (int i = 0; i < 52; ++i) deck.push_back(Card::from_index(static_cast<std::uint8_t>(i)));
  EXPECT_EQ(all, deck);
  OhHellState t = three_cards({cards({"AS", "2H", "3H"}), cards({"KS", "4H", "5H"}),
                               cards({"2S", "6H", "7H"}), cards({"QS", "8H", "9H"})},
                              card("2C"));
  for (Seat p = 0; p < 4; ++p) play(t, p, Move::make_bid(p == 3 ? 1 : 0));
  play(t, 0, Move::play(card("AS")));
  play(t, 1, Move::play(card("KS")));
  play(t, 2, Move::play(card("2S")));
  play(t, 3, Move::play(card("QS")));
  EXPECT_EQ(t.taken(0), 1) << "the ace beats the king";
}

// ---- The first dealer and the deal ----------------------------------------------

TEST(OhHellRules, TheHighestCardDrawnDealsFirstAndTiesDrawAgain) {
  // seed 002: "A dealer is determined by each player drawing cards. The player
  // with the highest card becomes the first dealer". Ties draw again, they
  // alone (our reading).
  int ties = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    OhHellState s = fresh(6);
    Rng rng(seed);
    s.apply_chance(rng);
    const Event& e = s.last_event();
    const Scene& sc = s.last_scene();
    ASSERT_EQ(e.kind, Event::kDraw);
    EXPECT_EQ(e.actor, s.dealer());
    // The last round: the dealer's card alone is the highest.
    const std::size_t from = sc.round_ends.size() > 1 ? sc.round_ends[sc.round_ends.size() - 2] : 0;
    int dealer_card = -1;
    for (std::size_t i = from; i < sc.drawn.size(); ++i)
      if (sc.drawer[i] == s.dealer()) dealer_card = kit::high(sc.drawn[i]);
    for (std::size_t i = from; i < sc.drawn.size(); ++i)
      if (sc.drawer[i] != s.dealer()) {
        EXPECT_LT(kit::high(sc.drawn[i]), dealer_card) << seed;
      }
    if (sc.round_ends.size() > 1) {
      ++ties;
      // Those who draw again tied for the highest in the round before.
      const std::size_t a = sc.round_ends.size() > 2 ? sc.round_ends[sc.round_ends.size() - 3] : 0;
      int top = -1;
      for (std::size_t i = a; i < from; ++i) top = std::max(top, kit::high(sc.drawn[i]));
      for (std::size_t i = from; i < sc.drawn.size(); ++i) {
        bool tied = false;
        for (std::size_t j = a; j < from; ++j)
          tied |= sc.drawer[j] == sc.drawer[i] && kit::high(sc.drawn[j]) == top;
        EXPECT_TRUE(tied) << "seed " << seed << ": " << int(sc.drawer[i]) << " drew again";
      }
    }
  }
  EXPECT_GT(ties, 10);  // six players tie often enough to see it
}

TEST(OhHellRules, TheDealRotatesClockwise) {
  // seed 002: "the deal then rotates clockwise": to the left, seat + 1.
  Seat last = kNobody;
  int hand = -1;
  whole_game(config(4), 3, [&](const OhHellState& s, const std::vector<Action>&) {
    if (s.hand_index() == hand) return;
    if (last != kNobody) {
      EXPECT_EQ(s.dealer(), (last + 1) % 4);
    }
    last = s.dealer(), hand = s.hand_index();
  });
  EXPECT_EQ(hand, 24);
}

TEST(OhHellRules, HandsGoUpOneCardAtATimeAndBackDown) {
  // seed 002: "In the first hand, each player is dealt one card, in the second
  // hand two cards ... This continues until you reach a hand where the number
  // of cards dealt would not be distributed evenly ... Deals continue in this
  // decreasing order until the final hand is dealt with one card to each
  // player."
  const std::vector<std::pair<int, int>> most = {{3, 17}, {4, 13}, {5, 10}, {6, 8}, {7, 7}};
  for (auto [players, top] : most) {
    const Rules r = Rules::from(config(players));
    ASSERT_EQ(r.hands(), 2 * top - 1) << players;
    for (int i = 0; i < r.hands(); ++i)
      EXPECT_EQ(r.cards_in_hand(i), i < top ? i + 1 : 2 * top - 1 - i) << players << " " << i;
  }
}

TEST(OhHellRules, FourPlayersPlayTwentyFiveDealsWithTheHookEveryTime) {
  // seed 002: "for four players, there are a total of twenty-five deals. The
  // first deal has one card, up through the thirteenth hand with thirteen
  // cards dealt to each player. Then the hands decrease back to one." And
  // "The dealer ... must never bid a number of tricks that would cause the
  // cumulative number of tricks bid from all players to equal the number of
  // tricks available."
  std::vector<int> sizes;
  int hooks = 0;
  whole_game(config(4), 7, [&](const OhHellState& s, const std::vector<Action>& l) {
    if (s.phase() == OhHellState::Phase::kBid && s.turn() == s.left(s.dealer())) {
      sizes.push_back(s.hand_size());
      for (Seat p = 0; p < 4; ++p) EXPECT_EQ(static_cast<int>(s.hand(p).size()), s.hand_size());
    }
    if (s.phase() == OhHellState::Phase::kBid && s.turn() == s.dealer()) {
      const int forbidden = s.hand_size() - s.total_bid();
      const std::vector<int> b = bids_of(l);
      EXPECT_EQ(std::count(b.begin(), b.end(), forbidden), 0) << "hand " << s.hand_index() + 1;
      hooks += forbidden >= 0;
    }
  });
  std::vector<int> want;
  for (int i = 1; i <= 13; ++i) want.push_back(i);
  for (int i = 12; i >= 1; --i) want.push_back(i);
  EXPECT_EQ(sizes, want);
  EXPECT_GT(hooks, 10);
}

TEST(OhHellRules, FivePlayersPlayNineteenDealsOfAtMostTen) {
  // seed 002: "With five players, there are a total of nineteen deals, and the
  // maximum number of cards each player receives is ten."
  std::vector<int> sizes;
  whole_game(config(5), 2, [&](const OhHellState& s, const std::vector<Action>&) {
    if (s.phase() == OhHellState::Phase::kBid && s.turn() == s.left(s.dealer()))
      sizes.push_back(s.hand_size());
  });
  ASSERT_EQ(sizes.size(), 19u);
  EXPECT_EQ(*std::max_element(sizes.begin(), sizes.end()), 10);
  EXPECT_EQ(sizes[9], 10);
  EXPECT_EQ(sizes.front(), 1);
  EXPECT_EQ(sizes.back(), 1);
}

TEST(OhHellRules, TheNextCardIsTurnedForTrumps) {
  // seed 002: "After the cards have been dealt, you turn the next card face
  // up. The suit of that card is considered trump for that hand."
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    OhHellState s = dealt(5, {}, seed);
    ASSERT_TRUE(s.turned().valid());
    EXPECT_EQ(s.trump(), s.turned().suit());
    EXPECT_EQ(s.stock().size(), 52u - 5 - 1);
    const View v = s.view(0);
    const Zone& trump = v.zones[5 + 1];
    EXPECT_EQ(trump.name, "trump card");
    ASSERT_EQ(trump.cards.size(), 1u);
    EXPECT_EQ(trump.cards[0].card, s.turned());
    EXPECT_TRUE(trump.cards[0].face_up);
  }
}

TEST(OhHellRules, NoLeftoverCardMeansNoTrump) {
  // seed 002: "In a hand where there are no leftover cards, the hand is played
  // with no trump." Four players' thirteenth hand.
  bool seen = false;
  whole_game(config(4), 5, [&](const OhHellState& s, const std::vector<Action>&) {
    if (s.phase() != OhHellState::Phase::kBid) return;
    if (s.hand_size() == 13) {
      seen = true;
      EXPECT_FALSE(s.turned().valid());
      EXPECT_EQ(s.trump(), kit::kNoTrump);
      EXPECT_TRUE(s.stock().empty());
      EXPECT_EQ(s.view(0).zones[4 + 1].note, "no trump");
    } else {
      EXPECT_NE(s.trump(), kit::kNoTrump) << "hand " << s.hand_index() + 1;
    }
  });
  EXPECT_TRUE(seen);
}

// ---- Bidding -----------------------------------------------------------------------

TEST(OhHellRules, BiddingStartsAtTheDealersLeftAndTheDealerBidsLastWithTheHook) {
  // seed 002: "You may bid zero if your objective is to take no tricks. The
  // dealer is the last to bid and must never bid a number of tricks that
  // would cause the cumulative number of tricks bid from all players to equal
  // the number of tricks available. The hand must always be over or under bid."
  OhHellState s = three_cards({cards({"AS", "2H", "3H"}), cards({"KS", "4H", "5H"}),
                               cards({"2S", "6H", "7H"}), cards({"QS", "8H", "9H"})},
                              card("2C"));
  EXPECT_EQ(s.to_move(), 0);  // the dealer's (seat 3's) left
  EXPECT_EQ(bids_of(legal(s, 0)), (std::vector<int>{0, 1, 2, 3}));
  play(s, 0, Move::make_bid(1));
  play(s, 1, Move::make_bid(0));
  play(s, 2, Move::make_bid(1));
  EXPECT_EQ(s.to_move(), 3);
  EXPECT_EQ(s.forbidden_bid(), 1);
  EXPECT_EQ(bids_of(legal(s, 3)), (std::vector<int>{0, 2, 3}));
  EXPECT_FALSE(testing::play(s, 3, Move::make_bid(1).encode()));
  // Bids already over the tricks there are: the dealer may bid anything.
  OhHellState over = three_cards({cards({"AS", "2H", "3H"}), cards({"KS", "4H", "5H"}),
                                  cards({"2S", "6H", "7H"}), cards({"QS", "8H", "9H"})},
                                 card("2C"));
  play(over, 0, Move::make_bid(3));
  play(over, 1, Move::make_bid(1));
  play(over, 2, Move::make_bid(0));
  EXPECT_EQ(over.forbidden_bid(), -1);
  EXPECT_EQ(bids_of(legal(over, 3)), (std::vector<int>{0, 1, 2, 3}));
}

// ---- Play -----------------------------------------------------------------------------

TEST(OhHellRules, EldestLeadsAndPlayersFollowSuitIfTheyCan) {
  // seed 002: "The player to the left of the dealer begins by playing one card
  // from his hand. Each player in turn must follow that suit if he can. If you
  // are unable to follow suit, you may play any card in your hand."
  OhHellState s = three_cards({cards({"AS", "2H", "3H"}), cards({"KS", "4H", "5H"}),
                               cards({"2D", "6H", "7H"}), cards({"QS", "8H", "9H"})},
                              card("2C"));
  for (Seat p = 0; p < 4; ++p) play(s, p, Move::make_bid(p == 3 ? 2 : 0));
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(legal(s, 0).size(), 3u);  // a lead: any card
  play(s, 0, Move::play(card("AS")));
  EXPECT_EQ(legal(s, 1), (std::vector<Action>{Move::play(card("KS")).encode()}));
  play(s, 1, Move::play(card("KS")));
  EXPECT_EQ(legal(s, 2).size(), 3u);  // no spade: any card
  play(s, 2, Move::play(card("7H")));
  EXPECT_TRUE(s.voids().has(2, kSpades));  // shown to everyone
  EXPECT_FALSE(s.voids().has(1, kSpades));
}

TEST(OhHellRules, TheHighestTrumpElseTheHighestOfTheSuitLedWinsAndLeadsNext) {
  // seed 002: "The player who laid the highest card in the suit led, or the
  // highest trump, wins that trick. That player then leads the next trick.
  // Play continues until all cards have been played." "The trump suit beats
  // any value of a nontrump suit."
  OhHellState s = three_cards({cards({"AS", "2H", "3H"}), cards({"KS", "4H", "5H"}),
                               cards({"2D", "6H", "7H"}), cards({"QS", "2C", "9D"})},
                              card("3C"));
  for (Seat p = 0; p < 4; ++p) play(s, p, Move::make_bid(p == 3 ? 2 : 0));
  play(s, 0, Move::play(card("AS")));
  play(s, 1, Move::play(card("KS")));
  play(s, 2, Move::play(card("2D")));
  play(s, 3, Move::play(card("QS")));
  EXPECT_EQ(s.taken(0), 1);  // the ace of the suit led; a diamond cannot win
  EXPECT_EQ(s.to_move(), 0);
  play(s, 0, Move::play(card("3H")));
  play(s, 1, Move::play(card("5H")));
  play(s, 2, Move::play(card("7H")));
  play(s, 3, Move::play(card("2C")));  // the lowest trump beats any heart
  EXPECT_EQ(s.taken(3), 1);
  EXPECT_EQ(s.to_move(), 3);  // the winner leads
  play(s, 3, Move::play(card("9D")));
  play(s, 0, Move::play(card("2H")));
  play(s, 1, Move::play(card("4H")));
  play(s, 2, Move::play(card("6H")));
  EXPECT_EQ(s.taken(3), 2);
  EXPECT_EQ(s.hands_done(), 1);  // every card played: the hand is over
  EXPECT_EQ(s.phase(), OhHellState::Phase::kDeal);
  EXPECT_EQ(s.dealer(), 0);
}

// ---- Scoring -------------------------------------------------------------------------

TEST(OhHellRules, ExactBidsScoreTenATrickAndMissesLoseTenATrick) {
  // seed 002: "If you win exactly the number of tricks that you bid, you
  // receive ten points for each trick. If you bid zero and did not take any
  // tricks, you win ten points. If you miss your bid, you lose ten points for
  // each trick that you were under or over your bid."
  const Rules r = Rules::from(config(4));
  EXPECT_EQ(r.points(3, 3), 30);
  EXPECT_EQ(r.points(1, 1), 10);
  EXPECT_EQ(r.points(0, 0), 10);
  EXPECT_EQ(r.points(2, 3), -10);
  EXPECT_EQ(r.points(2, 0), -20);
  EXPECT_EQ(r.points(0, 2), -20);
  // In play: the hand of the test above.
  OhHellState s = three_cards({cards({"AS", "2H", "3H"}), cards({"KS", "4H", "5H"}),
                               cards({"2D", "6H", "7H"}), cards({"QS", "2C", "9D"})},
                              card("3C"));
  play(s, 0, Move::make_bid(1));
  play(s, 1, Move::make_bid(1));
  play(s, 2, Move::make_bid(0));
  play(s, 3, Move::make_bid(2));
  for (const char* c : {"AS", "KS", "2D", "QS", "3H", "5H", "7H", "2C", "9D", "2H", "4H", "6H"})
    play(s, s.to_move(), Move::play(card(c)));
  EXPECT_EQ(s.score(0), 10);   // bid 1, took 1
  EXPECT_EQ(s.score(1), -10);  // bid 1, took 0
  EXPECT_EQ(s.score(2), 10);   // bid 0, took 0
  EXPECT_EQ(s.score(3), 20);   // bid 2, took 2
  const View v = s.view(0);
  EXPECT_EQ(v.last_hand.hand, 1);
  EXPECT_EQ(v.last_hand.points, (std::vector<double>{10, -10, 10, 20}));
  EXPECT_EQ(
      v.last_hand.summary,
      "Seat 0 and Seat 2 and Seat 3 made their bids; Seat 1 missed (Seat 1 bid 1 and took 0).");
}

TEST(OhHellRules, TheHighestCumulativeScoreWinsAndTiesSharePlaces) {
  // seed 002: "At the end of all of the hands, the player with the highest
  // cumulative score wins the game."
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const Record rec = testing::random_game(*select("oh-hell"), config(4), seed);
    ASSERT_TRUE(rec.outcome);
    const Outcome& o = *rec.outcome;
    EXPECT_EQ(o.kind, OutcomeKind::kScores);
    for (Seat p = 0; p < 4; ++p)
      for (Seat q = 0; q < 4; ++q) {
        if (o.scores[p] > o.scores[q]) {
          EXPECT_LT(o.places[p], o.places[q]);
        }
        if (o.scores[p] == o.scores[q]) {
          EXPECT_EQ(o.places[p], o.places[q]);
        }
      }
    EXPECT_FALSE(o.summary.empty());
  }
}

// ---- Options ---------------------------------------------------------------------------

TEST(OhHellOptions, TenPlusTheBid) {
  // pagat.com: an exact bid scores 10 plus the bid; a missed bid nothing.
  const Rules r = Rules::from(config(4, {"scoring=ten-plus"}));
  EXPECT_EQ(r.points(3, 3), 13);
  EXPECT_EQ(r.points(0, 0), 10);
  EXPECT_EQ(r.points(2, 3), 0);
  EXPECT_EQ(r.points(2, 0), 0);
}

TEST(OhHellOptions, SequencesOfHandSizes) {
  // pagat.com: "Each successive hand is played with one card fewer, down to a
  // hand of just one card each, then one card more per hand back up to the
  // starting level"; "3 to 5 players, 10 cards each; 6 players, 8 cards each;
  // 7 players, 7 cards each".
  const Rules down_up = Rules::from(config(7, {"sequence=down-up", "max-cards=10"}));
  std::vector<int> got;
  for (int i = 0; i < down_up.hands(); ++i) got.push_back(down_up.cards_in_hand(i));
  EXPECT_EQ(got, (std::vector<int>{7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(Rules::from(config(6, {"max-cards=10"})).most, 8);
  EXPECT_EQ(Rules::from(config(5, {"max-cards=10"})).most, 10);
  EXPECT_EQ(Rules::from(config(4, {"max-cards=10"})).most, 10);
  const Rules down = Rules::from(config(4, {"sequence=down", "max-cards=10"}));
  got.clear();
  for (int i = 0; i < down.hands(); ++i) got.push_back(down.cards_in_hand(i));
  EXPECT_EQ(got, (std::vector<int>{10, 9, 8, 7, 6, 5, 4, 3, 2, 1}));
  // In play: the presets deal these sizes.
  std::vector<int> sizes;
  whole_game(config(6, {}, "oh-hell-pagat"), 4,
             [&](const OhHellState& s, const std::vector<Action>&) {
               if (s.phase() == OhHellState::Phase::kBid && s.turn() == s.left(s.dealer()))
                 sizes.push_back(s.hand_size());
             });
  EXPECT_EQ(sizes, (std::vector<int>{8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST(OhHellOptions, TheLargestHandsWithoutTrumps) {
  // pagat.com's variations: some play the largest deals without trumps even if
  // not all the cards are used.
  int largest = 0;
  whole_game(config(5, {"largest-no-trump=yes"}), 6,
             [&](const OhHellState& s, const std::vector<Action>&) {
               if (s.phase() != OhHellState::Phase::kBid) return;
               if (s.hand_size() == 10) {
                 ++largest;
                 EXPECT_EQ(s.trump(), kit::kNoTrump);
                 EXPECT_EQ(s.stock().size(), 2u);  // cards left over, none turned
               } else {
                 EXPECT_NE(s.trump(), kit::kNoTrump);
               }
             });
  EXPECT_GT(largest, 0);
  OhHellState seed_rules = fresh(5);
  seed_rules.set_hand(9, 0, std::vector<std::vector<Card>>(5), card("2C"), {});
  EXPECT_EQ(seed_rules.trump(), kClubs);  // without the option, the ten-card hand has trumps
}

TEST(OhHellOptions, WithoutTheHookTheDealerBidsAnything) {
  OhHellState s = three_cards({cards({"AS", "2H", "3H"}), cards({"KS", "4H", "5H"}),
                               cards({"2S", "6H", "7H"}), cards({"QS", "8H", "9H"})},
                              card("2C"), {"hook=no"});
  play(s, 0, Move::make_bid(1));
  play(s, 1, Move::make_bid(0));
  play(s, 2, Move::make_bid(1));
  EXPECT_EQ(bids_of(legal(s, 3)), (std::vector<int>{0, 1, 2, 3}));
}

TEST(OhHellOptions, BadOptionsAreRefusedWithAReason) {
  const Selection sel = *select("oh-hell");
  for (const char* bad : {"scoring=lots", "max-cards=20", "sequence=sideways", "hook=maybe"}) {
    Result<Config> c = make_config(sel, 4, std::vector<std::string>{bad});
    ASSERT_FALSE(c.ok()) << bad;
    EXPECT_FALSE(c.message().empty());
  }
  Result<Config> few = make_config(sel, 2, {});
  ASSERT_FALSE(few.ok());
  EXPECT_NE(few.message().find("3 to 7"), std::string::npos) << few.message();
}

// ---- Views ------------------------------------------------------------------------------

TEST(OhHellView, HandsTheTrickByItsSeatsCountersAndChoices) {
  OhHellState s = three_cards({cards({"AS", "2H", "3H"}), cards({"KS", "4H", "5H"}),
                               cards({"2D", "6H", "7H"}), cards({"QS", "2C", "9D"})},
                              card("3C"));
  View v = s.view(0);
  EXPECT_EQ(v.hands, 25);
  EXPECT_EQ(v.hand, 3);
  ASSERT_EQ(v.choices.size(), 4u);
  EXPECT_EQ(v.choices[2].key, "b 2");
  EXPECT_EQ(v.choices[2].label, "bid 2");
  EXPECT_TRUE(v.zones[0].cards[0].card.has_value());
  EXPECT_FALSE(v.zones[1].cards[0].card.has_value());  // another's hand: face down
  for (Seat p = 0; p < 4; ++p) play(s, p, Move::make_bid(p == 3 ? 2 : 0));
  play(s, 0, Move::play(card("AS")));
  v = s.view(1);
  const Zone& trick = v.zones[4];
  EXPECT_EQ(trick.layout, Layout::kTrick);
  ASSERT_EQ(trick.cards.size(), 1u);
  EXPECT_EQ(trick.cards[0].seat, 0);
  EXPECT_EQ(trick.cards[0].card, card("AS"));
  ASSERT_EQ(v.choices.size(), 1u);  // must follow with the KS, held 4H 5H KS
  EXPECT_EQ(v.choices[0].key, "3");
  ASSERT_EQ(v.choices[0].picks.size(), 1u);
  EXPECT_EQ(v.choices[0].picks[0].zone, 1);
  EXPECT_EQ(v.choices[0].picks[0].card, 2);
  EXPECT_EQ(v.seats[3].counters[0].name, "bid");
  EXPECT_EQ(v.seats[3].counters[0].value, 2);
  EXPECT_EQ(v.seats[3].counters[1].name, "tricks");
  EXPECT_EQ(v.zones[6].name, "stock");
}

TEST(OhHellView, NarrationTellsBidsPlaysTricksAndScores) {
  OhHellState s = three_cards({cards({"AS", "2H", "3H"}), cards({"KS", "4H", "5H"}),
                               cards({"2D", "6H", "7H"}), cards({"QS", "2C", "9D"})},
                              card("3C"));
  std::vector<std::string> story;
  play(s, 0, Move::make_bid(1));
  s.narrate(kEveryone, story);
  EXPECT_EQ(story.back(), "Seat 0 bids 1.");
  s.narrate(0, story);
  EXPECT_EQ(story.back(), "You bid 1.");
  play(s, 1, Move::make_bid(1));
  play(s, 2, Move::make_bid(0));
  play(s, 3, Move::make_bid(2));
  s.narrate(kEveryone, story);
  EXPECT_EQ(story.back(), "Seat 3 bids 2. The bids add up to 4 for 3 tricks.");
  for (const char* c : {"AS", "KS", "2D", "QS"}) play(s, s.to_move(), Move::play(card(c)));
  story.clear();
  s.narrate(kEveryone, story);
  ASSERT_EQ(story.size(), 2u);
  EXPECT_EQ(story[1], "Seat 0 wins the trick.");
}

// ---- What each seat knows: the resampler -----------------------------------------------

TEST(OhHellKnowledge, SamplesNeverGiveASeatASuitItHasShownItLacks) {
  // Seat 2 did not follow spades, seat 1 did not follow hearts: every sample
  // of seat 0's keeps them void, keeps seat 0's view, and deals the rest anew.
  OhHellState s = fresh(4);
  std::vector<Card> stock;
  const std::vector<std::vector<Card>> hands = {
      cards({"AS", "2H", "3H", "4C", "5C"}), cards({"KS", "QS", "9C", "10D", "JD"}),
      cards({"2D", "3D", "4D", "5D", "6C"}), cards({"JS", "10S", "8H", "9H", "10H"})};
  std::vector<Card> used;
  for (const auto& h : hands) used.insert(used.end(), h.begin(), h.end());
  for (int i = 0; i < 52; ++i) {
    const Card c = Card::from_index(static_cast<std::uint8_t>(i));
    if (std::find(used.begin(), used.end(), c) == used.end() && c != card("7C")) stock.push_back(c);
  }
  s.set_hand(4, 3, hands, card("7C"), stock);
  for (Seat p = 0; p < 4; ++p) play(s, p, Move::make_bid(p == 3 ? 3 : 1));
  play(s, 0, Move::play(card("AS")));
  play(s, 1, Move::play(card("KS")));
  play(s, 2, Move::play(card("2D")));  // void in spades
  play(s, 3, Move::play(card("JS")));
  play(s, 0, Move::play(card("2H")));
  play(s, 1, Move::play(card("9C")));  // void in hearts
  play(s, 2, Move::play(card("3D")));  // void in hearts too
  play(s, 3, Move::play(card("8H")));
  ASSERT_TRUE(s.voids().has(2, kSpades));
  ASSERT_TRUE(s.voids().has(1, kHearts));
  ASSERT_TRUE(s.voids().has(2, kHearts));
  Rng rng(11);
  const View mine = s.view(0);
  int moved = 0;
  for (int i = 0; i < 2000; ++i) {
    auto sample = resampler().resample(s, 0, rng);
    ASSERT_TRUE(sample);
    const auto& t = static_cast<const OhHellState&>(*sample);
    ASSERT_TRUE(t.view(0) == mine);
    for (Card c : t.hand(2)) EXPECT_TRUE(c.suit() != kSpades && c.suit() != kHearts) << i;
    for (Card c : t.hand(1)) EXPECT_NE(c.suit(), kHearts) << i;
    for (Seat p = 1; p < 4; ++p) EXPECT_EQ(t.hand(p).size(), s.hand(p).size());
    moved += !(t.hand(1) == s.hand(1));
  }
  EXPECT_GT(moved, 1000);  // what seat 0 cannot see is dealt afresh
}

TEST(OhHellKnowledge, SamplesRespectVoidsThroughWholeGames) {
  for (int players : {3, 5, 7}) {
    Rng rng(players);
    int checked = 0;
    whole_game(config(players), 8, [&](const OhHellState& s, const std::vector<Action>&) {
      if (s.phase() != OhHellState::Phase::kPlay || rng.below(4)) return;
      const Seat me = s.to_move();
      auto sample = resampler().resample(s, me, rng);
      ASSERT_TRUE(sample);
      const auto& t = static_cast<const OhHellState&>(*sample);
      ASSERT_TRUE(t.view(me) == s.view(me));
      for (Seat p = 0; p < players; ++p)
        for (Card c : t.hand(p)) ASSERT_FALSE(s.voids().has(p, c.suit()));
      ++checked;
    });
    EXPECT_GT(checked, 20);
  }
}

// ---- Bots --------------------------------------------------------------------------------

TEST(OhHellBots, TheHeuristicBidsItsHighCardsAndRespectsTheHook) {
  OhHellState s = three_cards({cards({"AS", "AC", "KC"}), cards({"2S", "3D", "4H"}),
                               cards({"5D", "6H", "7H"}), cards({"8H", "9H", "10H"})},
                              card("2C"));
  EXPECT_EQ(*Move::decode(heuristic_action(s, 0)), Move::make_bid(3));
  play(s, 0, Move::make_bid(3));
  EXPECT_EQ(*Move::decode(heuristic_action(s, 1)), Move::make_bid(0));
  play(s, 1, Move::make_bid(0));
  play(s, 2, Move::make_bid(0));
  // Seat 3 would bid 0, which the hook forbids (3 + 0 + 0 + 0 = 3).
  EXPECT_EQ(s.forbidden_bid(), 0);
  EXPECT_EQ(*Move::decode(heuristic_action(s, 3)), Move::make_bid(1));
}

TEST(OhHellBots, TheHeuristicWinsWhenItNeedsTricksAndDucksWhenItHasThem) {
  OhHellState s = three_cards({cards({"AS", "5H", "9C"}), cards({"KS", "2H", "4H"}),
                               cards({"2D", "JH", "QH"}), cards({"QS", "KH", "9H"})},
                              card("3C"));
  play(s, 0, Move::make_bid(1));
  play(s, 1, Move::make_bid(0));
  play(s, 2, Move::make_bid(1));
  play(s, 3, Move::make_bid(2));
  // Needing a trick, seat 0 leads its ace, which nobody can beat.
  EXPECT_EQ(*Move::decode(heuristic_action(s, 0)), Move::play(card("AS")));
  play(s, 0, Move::play(card("AS")));
  play(s, 1, Move::play(card("KS")));
  play(s, 2, Move::play(card("2D")));
  play(s, 3, Move::play(card("QS")));
  // Seat 0 has its trick: it leads low, keeping its trump.
  EXPECT_EQ(*Move::decode(heuristic_action(s, 0)), Move::play(card("5H")));
  play(s, 0, Move::play(card("5H")));
  // Seat 1 bid nothing: it throws its highest card that does not win.
  EXPECT_EQ(*Move::decode(heuristic_action(s, 1)), Move::play(card("4H")));
  play(s, 1, Move::play(card("4H")));
  // Seat 2 needs a trick and seat 3 is still to play: its highest.
  EXPECT_EQ(*Move::decode(heuristic_action(s, 2)), Move::play(card("QH")));
  play(s, 2, Move::play(card("QH")));
  // Seat 3, last, needing two: the cheapest card that wins.
  EXPECT_EQ(*Move::decode(heuristic_action(s, 3)), Move::play(card("KH")));
}

TEST(OhHellBots, TheHeuristicBeatsRandomPlay) {
  const Selection sel = *select("oh-hell");
  const Config c = config(4);
  double heuristic = 0, randoms = 0;
  const GameInfo& g = *sel.game;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Table t(sel, c, seed);
    std::vector<std::unique_ptr<Player>> owned;
    std::vector<Player*> seats;
    for (Seat p = 0; p < 4; ++p) {
      const Seat h = static_cast<Seat>(seed % 4);
      std::unique_ptr<Bot> bot = p == h ? g.bots[0].make() : nullptr;
      if (!bot) {
        struct Random final : Bot {
          Action act(const Observation& obs, Rng& rng) override {
            return obs.legal()[rng.below(static_cast<std::uint32_t>(obs.legal().size()))];
          }
        };
        bot = std::make_unique<Random>();
      }
      owned.push_back(std::make_unique<BotPlayer>(std::move(bot), g.resampler, bot_rng(seed, p)));
      seats.push_back(owned.back().get());
    }
    ASSERT_TRUE(t.run(seats));
    const Outcome o = t.state().outcome();
    for (Seat p = 0; p < 4; ++p)
      (p == static_cast<Seat>(seed % 4) ? heuristic : randoms) += o.scores[p];
  }
  EXPECT_GT(heuristic / 20, randoms / 60 + 50);
}

// dd-sample plays for its bid, not for tricks. Two cards each, clubs trumps,
// no stock: the only cards seat 0 cannot see are the three diamonds, one in
// each other hand, so every deal it samples plays alike and the truth is
// found by hand. Seat 1 leads 5H, seat 2 plays 7H, seat 3 4H; seat 0 holds
// AH 2H. The ace takes this trick and then the two leads into diamonds and
// takes the last: two tricks. The two loses this trick and seat 2 leads a
// diamond, under which the ace is thrown: no trick. A solver after the most
// tricks would always play the ace.
TEST(OhHellBots, DdSamplePlaysForItsBidNotForTheMostTricks) {
  for (const int bid : {0, 2}) {
    OhHellState s = fresh(4);
    s.set_hand(
        1, 0, {cards({"AH", "2H"}), cards({"5H", "9D"}), cards({"7H", "10D"}), cards({"4H", "JD"})},
        card("2C"), {});
    play(s, 1, Move::make_bid(1));
    play(s, 2, Move::make_bid(0));
    play(s, 3, Move::make_bid(0));
    play(s, 0, Move::make_bid(bid));
    play(s, 1, Move::play(card("5H")));
    play(s, 2, Move::play(card("7H")));
    play(s, 3, Move::play(card("4H")));
    std::unique_ptr<Bot> bot = make_dd_sample_bot({.samples = 4, .seconds = 0});
    const std::vector<Action> l = legal(s, 0);
    Rng rng(3, 3);
    const Action a = bot->act(Observation(s, 0, &resampler(), l), rng);
    EXPECT_EQ(*Move::decode(a), Move::play(card(bid == 0 ? "2H" : "AH"))) << "bid " << bid;
    EXPECT_NE(bot->explain().find("over 4 deals"), std::string::npos) << bot->explain();
  }
}

// The analysis (`parlour dd`, `replay --dd`) gives each card the fewest
// tricks beside the most, and the tricks the bid still needs: a bid wants
// neither. The position above, worked by hand: the ace takes two tricks and
// the two none, whatever the others do; a bid of 2 is in reach by the ace
// alone.
TEST(OhHellAnalysis, EachCardGetsTheFewestAndTheMostAndTheBidsNeed) {
  OhHellState s = fresh(4);
  s.set_hand(1, 0,
             {cards({"AH", "2H"}), cards({"5H", "9D"}), cards({"7H", "10D"}), cards({"4H", "JD"})},
             card("2C"), {});
  play(s, 1, Move::make_bid(1));
  play(s, 2, Move::make_bid(0));
  play(s, 3, Move::make_bid(0));
  play(s, 0, Move::make_bid(2));
  play(s, 1, Move::play(card("5H")));
  play(s, 2, Move::play(card("7H")));
  play(s, 3, Move::play(card("4H")));
  const std::optional<DdPlays> p = double_dummy().plays(s);
  ASSERT_TRUE(p.has_value());
  EXPECT_TRUE(p->ranges);
  EXPECT_EQ(p->wanted, 2);
  EXPECT_EQ(p->aim, "bid");
  ASSERT_EQ(p->plays.size(), 2u);
  for (const DdPlay& d : p->plays) {
    const int both = d.card == card("AH") ? 2 : 0;
    EXPECT_EQ(d.tricks, both) << long_name(d.card);
    EXPECT_EQ(d.least, both) << long_name(d.card);
  }
}

// Where the others decide, the fewest can exceed the most. Three players,
// two cards each, clubs trumps and none held. Seat 0 leads the KH: seat 1
// takes it with the AH and his 2H takes the last (none to seat 0), or plays
// the 2H under it, and seat 0's 3S takes the last (two). Seat 0 leads the
// 3S: nobody follows, it wins, and leads the KH into the same choice (one
// or two). So the KH gives at most 0 (the others against it) and at fewest
// 2 (the others giving it tricks); the 3S at most 1 and at fewest 2. A bid
// of 1 is out of reach either way: the others can hold it to none after the
// king, or give it two after the three.
TEST(OhHellAnalysis, WhereTheOthersDecideTheFewestExceedsTheMost) {
  OhHellState s = fresh(3);
  s.set_hand(1, 2, {cards({"KH", "3S"}), cards({"AH", "2H"}), cards({"5D", "6D"})}, card("2C"), {});
  play(s, 0, Move::make_bid(1));
  play(s, 1, Move::make_bid(1));
  play(s, 2, Move::make_bid(1));
  ASSERT_EQ(s.to_move(), 0);
  const std::optional<DdPlays> p = double_dummy().plays(s);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->wanted, 1);
  ASSERT_EQ(p->plays.size(), 2u);
  for (const DdPlay& d : p->plays) {
    const bool king = d.card == card("KH");
    EXPECT_EQ(d.tricks, king ? 0 : 1) << long_name(d.card);
    EXPECT_EQ(d.least, 2) << long_name(d.card);
  }
}

// dd-sample solves only deals its view allows: two games that differ only
// in a card of one suit exchanged between seats 1 and 2, played alike to
// seat 0's first card, get the same card and the same reasons from it.
TEST(OhHellBots, DdSampleSolvesOnlyDealsItsViewAllows) {
  const std::vector<std::string> opts = {"sequence=down", "max-cards=6"};
  auto to_seat_0 = [&](OhHellState s, Card x, Card y) -> std::optional<OhHellState> {
    while (s.phase() == OhHellState::Phase::kBid) {
      // The first bid the hook allows, the same in both games.
      const Seat m = s.to_move();
      const int b = s.forbidden_bid() == 0 && m == s.dealer() ? 1 : 0;
      play(s, m, Move::make_bid(b));
    }
    while (s.to_move() != 0) {
      const std::vector<Action> l = legal(s, s.to_move());
      const auto a = std::find_if(l.begin(), l.end(),
                                  [&](Action c) { return c != x.index() && c != y.index(); });
      if (a == l.end()) return std::nullopt;
      s.apply(s.to_move(), *a);
    }
    if (legal(s, 0).size() < 2) return std::nullopt;
    return s;
  };
  std::optional<OhHellState> a, b;
  for (std::uint64_t seed = 1; seed <= 20 && !a; ++seed) {
    const OhHellState d = dealt(4, opts, seed);
    for (Card x : d.hand(1))
      for (Card y : d.hand(2)) {
        if (a || x.suit() != y.suit()) continue;
        OhHellState e = d;
        Hand h1 = e.hand(1), h2 = e.hand(2);
        *std::find(h1.begin(), h1.end(), x) = y;
        *std::find(h2.begin(), h2.end(), y) = x;
        e.set_cards(1, std::span<const Card>(h1.data(), h1.size()));
        e.set_cards(2, std::span<const Card>(h2.data(), h2.size()));
        a = to_seat_0(d, x, y), b = to_seat_0(e, x, y);
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

// ---- Play-outs allocate nothing --------------------------------------------------------

TEST(OhHellSpeed, RandomPlayoutsAllocateNothingPerStep) {
  OhHellState s = fresh(5);
  std::vector<Action> l;
  l.reserve(64);
  Rng chance(1), rng(2);
  const std::uint64_t before = testing::heap_allocations;
  int steps = 0;
  while (!s.terminal()) {
    if (s.chance()) {
      s.apply_chance(chance);
      continue;
    }
    const Seat p = s.to_move();
    s.legal_actions(p, l);
    s.apply(p, l[rng.below(static_cast<std::uint32_t>(l.size()))]);
    ++steps;
  }
  auto copy = s.clone();  // a clone is one allocation
  EXPECT_EQ(testing::heap_allocations - before, 1u);
  EXPECT_GT(steps, 100);
}

// ---- The conformance harness ------------------------------------------------------------

TEST(OhHellConformance, EveryPresetAndPlayerCount) {
  testing::ConformanceOptions opt;
  opt.games = 2;
  opt.resample_every = 11;
  for (const Selection& sel : all_selections()) {
    if (sel.game != find_game("oh-hell")) continue;
    for (int p = 3; p <= 7; ++p) testing::check_conformance(sel, *make_config(sel, p, {}), opt);
  }
}

TEST(OhHellConformance, EveryOption) {
  testing::ConformanceOptions opt;
  opt.games = 2;
  opt.resample_every = 5;
  for (const std::vector<std::string>& o :
       std::vector<std::vector<std::string>>{{"scoring=ten-plus"},
                                             {"sequence=down", "max-cards=5"},
                                             {"largest-no-trump=yes", "max-cards=6"},
                                             {"hook=no", "max-cards=4"}})
    testing::check_conformance(*select("oh-hell"), config(4, o), opt);
}

}  // namespace
}  // namespace parlour::oh_hell
