// Old Maid: a test for each rule of the texts, citing its source (seed file and
// a few words of the sentence), then properties and the conformance harness.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "conformance.h"
#include "core/registry.h"
#include "core/seeds.h"
#include "core/table.h"
#include "games/old_maid/bots.h"
#include "games/old_maid/fast.h"
#include "games/old_maid/floor.h"
#include "games/old_maid/odds.h"
#include "games/old_maid/state.h"

namespace parlour::old_maid {
namespace {

using testing::legal;
// A seat's action, checked: the seat to move plays it if it is legal.
[[nodiscard]] bool act(State& s, Action a) {
  return testing::play(s, s.to_move(), a);
}
// A move's code at this state's table (Move::encode numbers them for its fan).
Action code(const OldMaidState& s, const Move& m) {
  return m.encode(s.rules().classes());
}
// A move, checked, as above.
[[nodiscard]] bool act(OldMaidState& s, const Move& m) {
  return act(s, code(s, m));
}
// Blind bots in every seat, as sim seats them.
std::vector<std::unique_ptr<Player>> blind_players(int players, std::uint64_t seed,
                                                   std::vector<Player*>& at) {
  std::vector<std::unique_ptr<Player>> out;
  at.clear();
  for (int q = 0; q < players; ++q) {
    out.push_back(std::make_unique<BotPlayer>(make_blind_bot(), nullptr, bot_rng(seed, q)));
    at.push_back(out.back().get());
  }
  return out;
}

const GameInfo& game() {
  return *find_game("old-maid");
}

Config config(int players, const std::vector<std::string>& opts = {}) {
  return testing::test_config("old-maid", players, opts);
}

OldMaidState fresh(int players, std::vector<std::string> opts = {}) {
  return OldMaidState(Rules::from(config(players, std::move(opts))));
}

OldMaidState dealt(int players, std::vector<std::string> opts = {}, std::uint64_t seed = 1) {
  OldMaidState s = fresh(players, std::move(opts));
  Rng rng(seed);
  s.apply_chance(rng);
  return s;
}

using testing::card;
using testing::cards;

int total_cards(const OldMaidState& s) {
  std::vector<Card> all;
  s.all_cards(all);
  return static_cast<int>(all.size()) - static_cast<int>(s.aside().size());
}

// ---- The cards -----------------------------------------------------------------

TEST(OldMaidRules, Seed001_RegularDeckWithOneQueenRemoved) {
  // seed 001: "a regular 52-card deck with one of the queens removed"
  OldMaidState s = dealt(4);
  EXPECT_EQ(total_cards(s), 51);
  ASSERT_EQ(s.aside().size(), 1u);
  EXPECT_EQ(s.aside()[0], card("QC"));  // seed 004: "Remove the Q from the pack"
  OldMaidState h = dealt(4, {"removed=hearts"});
  EXPECT_EQ(h.aside()[0], card("QH"));
}

TEST(OldMaidRules, Seed004_MoreThanSixPlayUseTwoPacks) {
  // seed 004: "If more than six play, use two packs shuffled together."
  EXPECT_EQ(total_cards(dealt(6)), 51);
  EXPECT_EQ(total_cards(dealt(7)), 103);
  EXPECT_EQ(total_cards(dealt(12)), 103);
  EXPECT_EQ(total_cards(dealt(4, {"packs=2"})), 103);
  Result<Config> bad =
      make_config(Selection{&game(), nullptr}, 9, std::vector<std::string>{"packs=1"});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("two packs"), std::string::npos) << bad.message();
}

TEST(OldMaidRules, Seed004_BlackJackRemovedLeavesTheOtherAsOddCard) {
  // seed 004: "In Vieux Garcon (Old Boy) and Schwarzer Peter (Black Peter), one
  // black Jack is removed and the loser is the player left with the other in hand."
  for (const char* preset : {"schwarzer-peter", "vieux-garcon", "pouilleux"}) {
    Result<Selection> sel = select(preset);
    ASSERT_TRUE(sel.ok());
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      Record r = testing::random_game(*sel, *make_config(*sel, 4, {}), seed);
      Result<Replayed> rp = replay(r);
      ASSERT_TRUE(rp.ok()) << rp.message();
      const auto& s = dynamic_cast<const OldMaidState&>(rp->state());
      const Seat loser =
          static_cast<Seat>(std::find(r.outcome->places.begin(), r.outcome->places.end(), 4) -
                            r.outcome->places.begin());
      ASSERT_EQ(s.fan(loser).cards, cards({"JS"})) << preset << " seed " << seed;
      EXPECT_EQ(s.aside(), cards({"JC"}));
    }
  }
}

TEST(OldMaidRules, Seed001_PictureDeckHasPairsAndOneOldMaid) {
  // seed 001: "Specially-made Old Maid cards have a single Old Maid card ... and
  // other cards in pairs"
  OldMaidState s = dealt(4, {"odd=picture"});
  EXPECT_EQ(total_cards(s), 51);
  EXPECT_TRUE(s.aside().empty());
  OldMaidState two = dealt(8, {"odd=picture"});
  std::vector<Card> all;
  two.all_cards(all);
  EXPECT_EQ(std::count(all.begin(), all.end(), Card::picture(kLoneCharacter)), 1);
}

TEST(OldMaidStory, Seed002_PictureCardsAreNamedWithTheirOccupations) {
  // seed 002: "A traditional Old Maid card deck contains matching cards of
  // various occupations." The card's token is drawn with the first name
  // ("Ron"); the story adds the full name where it names one card or pair.
  const Card ron = Card::picture(17), dora = Card::picture(3);
  ASSERT_EQ(long_name(ron), "Rag-and-bone Ron");
  OldMaidState s = fresh(2, {"odd=picture"});
  s.set_position({{ron, dora}, {ron, dora, Card::picture(kLoneCharacter)}}, 1, 0);
  ASSERT_TRUE(act(s, Move(Move::kOffer)));
  ASSERT_TRUE(act(s, Move(Move::kDraw, 0)));  // seat 0 draws Ron: a pair
  std::vector<std::string> story;
  s.narrate(kEveryone, story);
  ASSERT_FALSE(story.empty());
  EXPECT_EQ(story[0], "Seat 0 draws " + card_token(ron) +
                          " (Rag-and-bone Ron, card 1 of 3) from Seat 1 and lays down the pair " +
                          card_token(ron) + " " + card_token(ron) + ".");
}

TEST(OldMaidRules, JokerAddedForBabanukiAndRandomCardSetAsideForJijiNuki) {
  OldMaidState b = dealt(4, {"odd=joker"});
  EXPECT_EQ(total_cards(b), 53);
  OldMaidState j = dealt(4, {"odd=random"});
  EXPECT_EQ(total_cards(j), 51);
  ASSERT_EQ(j.aside().size(), 1u);
  // Nobody sees the card set aside until the game is over.
  for (Seat v = kSpectator; v < 4; ++v) {
    View view = j.view(v);
    for (const Zone& z : view.zones)
      if (z.kind == ZoneKind::kAside) {
        EXPECT_FALSE(z.cards[0].card.has_value());
      }
  }
}

// ---- The deal and the pairs ----------------------------------------------------------

TEST(OldMaidRules, Seed004_DealAsFarAsTheyWillGoFromTheEldest) {
  // seed 004: "Deal the remainder round as far as they will go - it doesn't
  // matter if some receive more than others." Seat 0, the dealer's left, is
  // dealt first, so the extra cards go to the lowest seats.
  OldMaidState s = dealt(4);
  std::vector<int> dealt_to;
  for (Seat p = 0; p < 4; ++p)
    dealt_to.push_back(s.fan(p).size() + static_cast<int>(s.pairs(p).size()));
  EXPECT_EQ(dealt_to, (std::vector<int>{13, 13, 13, 12}));
  EXPECT_EQ(s.dealer(), 3);
}

TEST(OldMaidRules, Seed001_ThreeOfAKindKeepOneFourMakeTwoPairs) {
  // seed 001: "If a player has three cards of the same value ... he can only put
  // down two of them as a pair ... If he has four of the same kind, he can put all
  // four of them down because they form two pairs"
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    OldMaidState s = dealt(3, {}, seed);
    for (Seat p = 0; p < 3; ++p) {
      std::map<int, int> in_hand, laid;
      for (Card c : s.fan(p).cards) ++in_hand[c.rank()];
      for (Card c : s.pairs(p)) ++laid[c.rank()];
      for (auto [rank, n] : in_hand) EXPECT_EQ(n, 1) << "a pair was left in hand";
      for (auto [rank, n] : laid) EXPECT_EQ(n % 2, 0);
      for (std::size_t i = 0; i + 1 < s.pairs(p).size(); i += 2)
        EXPECT_EQ(s.pairs(p)[i].rank(), s.pairs(p)[i + 1].rank());
    }
  }
}

TEST(OldMaidRules, Seed001_LongerVariationPairsByRankAndColour) {
  // seed 001: "the nine of diamonds can be paired with the nine of hearts because
  // they're both red cards, but not with the nine of clubs"
  OldMaidState s = fresh(2, {"pairs=colour"});
  s.set_position({cards({"9D", "5S"}), cards({"9C", "9H"})}, 1, 0);
  ASSERT_TRUE(act(s, Move(Move::kOffer)));
  ASSERT_TRUE(act(s, Move(Move::kDraw, 0)));  // seat 0 draws 9C: no pair
  EXPECT_EQ(s.fan(0).cards, cards({"9D", "5S", "9C"}));
  EXPECT_TRUE(s.pairs(0).empty());
  // Seat 1 now draws from seat 0's fan: the 9D pairs with its 9H.
  ASSERT_TRUE(act(s, Move(Move::kOffer)));
  ASSERT_TRUE(act(s, Move(Move::kDraw, 0)));
  EXPECT_EQ(s.pairs(1), cards({"9H", "9D"}));
}

// ---- Turn order -------------------------------------------------------------------

TEST(OldMaidRules, Seed001_TheDealersLeftOffersFirstToTheLeft) {
  // seed 001: "One at a time, starting with the player on the dealer's left, each
  // player holds his hand of cards out to the player on his left"
  OldMaidState s = dealt(4);
  EXPECT_EQ(s.offerer(), 0);
  EXPECT_EQ(s.drawer(), 1);
  EXPECT_EQ(s.to_move(), 0);
}

TEST(OldMaidRules, Seed002_TheDealerBeginsPlay) {
  // seed 002: "The dealer then begins play by offering his cards face down to the
  // player on his left."
  OldMaidState s = dealt(4, {"first=dealer"});
  EXPECT_EQ(s.offerer(), 3);
  EXPECT_EQ(s.drawer(), 0);
}

TEST(OldMaidRules, PlayToTheRightKeepsSeatZeroEldest) {
  OldMaidState s = dealt(4, {"direction=right"});
  EXPECT_EQ(s.dealer(), 1);  // seat 0 sits after the dealer in the order of play
  EXPECT_EQ(s.offerer(), 0);
  EXPECT_EQ(s.drawer(), 3);
}

TEST(OldMaidRules, Seed001_ThenHeOffersHisOwnHandToTheNextPlayer) {
  // seed 001: "Then, he offers his own hand (shuffled) to the next player on his left."
  OldMaidState s = fresh(3);
  s.set_position({cards({"2C", "3C"}), cards({"2H", "5C"}), cards({"3H", "5D", "QS"})}, 0, 1);
  ASSERT_TRUE(act(s, Move(Move::kOffer)));
  ASSERT_TRUE(act(s, Move(Move::kDraw, 1)));  // the 3C: no pair for seat 1
  EXPECT_EQ(s.offerer(), 1);
  EXPECT_EQ(s.drawer(), 2);
}

TEST(OldMaidRules, Seed001_TheDrawerChoosesOneCardFromTheBacks) {
  // seed 001: "so that the other player can only see the backs of the cards ...
  // The player on the left chooses one card": a position, not a card.
  OldMaidState s = fresh(2);
  s.set_position({cards({"2C", "3C", "QS"}), cards({"4C"})}, 0, 1);
  ASSERT_TRUE(act(s, Move(Move::kOffer)));
  std::vector<Action> legal;
  s.legal_actions(s.to_move(), legal);
  EXPECT_EQ(legal.size(), 3u);
  View v = s.view(1);
  for (const Zone& z : v.zones)
    if (z.kind == ZoneKind::kHand && z.owner == 0) {
      for (const CardView& c : z.cards) EXPECT_FALSE(c.card.has_value());
    }
  ASSERT_TRUE(act(s, Move(Move::kDraw, 2)));
  EXPECT_EQ(s.fan(1).cards, cards({"4C", "QS"}));
}

TEST(OldMaidRules, Seed002_ADrawnCardThatPairsIsDiscarded) {
  // seed 002: "If this card makes a pair with any other card in her hand, she
  // discards that pair."
  OldMaidState s = fresh(3);
  s.set_position({cards({"5H", "9C"}), cards({"5S", "KD"}), cards({"QS"})}, 0, 1);
  ASSERT_TRUE(act(s, Move(Move::kOffer)));
  ASSERT_TRUE(act(s, Move(Move::kDraw, 0)));
  EXPECT_EQ(s.fan(1).cards, cards({"KD"}));
  EXPECT_EQ(s.pairs(1), cards({"5S", "5H"}));
}

TEST(OldMaidRules, Seed001_BoltonMatchLetsTheDrawerDrawAgain) {
  // seed 001: "when a player manages to make a match with a card that he just drew
  // ... he gets to continue his turn and draw another card from that person's hand"
  for (bool keep : {false, true}) {
    OldMaidState s = fresh(3, {keep ? "keep-drawing=yes" : "keep-drawing=no"});
    s.set_position({cards({"5H", "9C"}), cards({"5S", "KD"}), cards({"QS", "9D", "KH"})}, 0, 1);
    ASSERT_TRUE(act(s, Move(Move::kOffer)));
    ASSERT_TRUE(act(s, Move(Move::kDraw, 0)));
    EXPECT_EQ(s.offerer(), keep ? 0 : 1);
    EXPECT_EQ(s.drawer(), keep ? 1 : 2);
  }
}

// ---- Going out ---------------------------------------------------------------------

TEST(OldMaidRules, Seed002_SafeOnceAllCardsAreDiscarded) {
  // seed 002: "You are safe and out of the game once you have discarded all of the
  // cards in your hand." The next drawer draws from the nearest player on the
  // right who still holds cards.
  OldMaidState s = fresh(4);
  s.set_position(
      {cards({"5H", "9C"}), cards({"5S"}), cards({"QS", "9D"}), cards({"2C", "2D", "KH"})}, 0, 1);
  ASSERT_TRUE(act(s, Move(Move::kOffer)));
  ASSERT_TRUE(act(s, Move(Move::kDraw, 0)));  // seat 1 pairs its last card
  EXPECT_TRUE(s.fan(1).cards.empty());
  EXPECT_FALSE(s.active(1));
  EXPECT_EQ(s.drawer(), 2);   // seat 2 draws next ...
  EXPECT_EQ(s.offerer(), 0);  // ... from seat 0, passing over seat 1
  EXPECT_EQ(s.view(1).seats[1].status, "safe");
}

TEST(OldMaidRules, Seed004_GivingAwayTheLastCardIsSafeToo) {
  // seed 004: "If, at this point or any later time in the game, a player manages to
  // get rid of all their cards ... they drop out of play and are safe from loss."
  OldMaidState s = fresh(3);
  s.set_position({cards({"9C"}), cards({"5S", "KD"}), cards({"QS", "5D", "KH"})}, 0, 1);
  ASSERT_TRUE(act(s, Move(Move::kOffer)));
  ASSERT_TRUE(act(s, Move(Move::kDraw, 0)));
  EXPECT_FALSE(s.active(0));
  EXPECT_EQ(s.offerer(), 1);
  EXPECT_EQ(s.drawer(), 2);
  // Seat 2 then offers to seat 1: seat 0 is passed over.
  ASSERT_TRUE(act(s, Move(Move::kOffer)));
  ASSERT_TRUE(act(s, Move(Move::kDraw, 0)));
  EXPECT_EQ(s.offerer(), 2);
  EXPECT_EQ(s.drawer(), 1);
}

TEST(OldMaidRules, Seed002_TheLastPlayerHoldingTheQueenLoses) {
  // seed 002: "Play continues until only one player is left holding the Old Maid
  // card (or the last queen). That player becomes the Old Maid and loses the game."
  OldMaidState s = fresh(3);
  s.set_position({cards({"9C"}), cards({"9S", "QS"}), {}}, 0, 1);
  ASSERT_TRUE(act(s, Move(Move::kOffer)));
  ASSERT_TRUE(act(s, Move(Move::kDraw, 0)));
  ASSERT_TRUE(s.terminal());
  Outcome o = s.outcome();
  EXPECT_EQ(o.scores, (std::vector<double>{0, -1, 0}));
  EXPECT_EQ(o.places, (std::vector<int>{1, 3, 1}));
  EXPECT_EQ(o.summary, "Seat 1 is the Old Maid.");
  std::vector<std::string> story;
  s.narrate(kEveryone, story);
  EXPECT_NE(story.back().find("Seat 1 is the Old Maid!"), std::string::npos) << story.back();
  // The story names the queen left in Seat 1's hand: it lies face up for all.
  for (Seat v = kSpectator; v < 3; ++v) {
    const View view = s.view(v);
    const Zone& hand = view.zones[2];  // each seat: its hand, then its pairs
    ASSERT_EQ(hand.name, "Seat 1's hand");
    ASSERT_EQ(hand.cards.size(), 1u);
    EXPECT_TRUE(hand.cards[0].face_up) << v;
  }
}

// ---- Discards ----------------------------------------------------------------------

TEST(OldMaidRules, Seed001_PairsLieFaceUpSeed004_OrFaceDown) {
  // seed 001: "lay each pair of matching cards down on the table in front of them,
  // face up"; seed 004: "If this gives him a pair, he discards it face down."
  for (bool up : {true, false}) {
    OldMaidState s = dealt(3, {up ? "discards=up" : "discards=down"}, 5);
    for (Seat v = 0; v < 3; ++v) {
      View view = s.view(v);
      for (const Zone& z : view.zones) {
        if (z.kind != ZoneKind::kPairs) continue;
        for (const CardView& c : z.cards) EXPECT_EQ(c.card.has_value(), up || z.owner == v);
      }
    }
  }
}

// ---- The offer: rearranging, shuffling, what others know ---------------------------------

TEST(OldMaidRules, Seed001_ShuffleBeforeOfferingHidesWhereCardsAre) {
  // seed 001: "the players shuffle the remaining cards in their hands"; seed 004:
  // "holds his hand of cards out, face down". The giver of a card knows where it
  // went until the fan is shuffled.
  OldMaidState s = fresh(2);
  s.set_position({cards({"QS", "3C"}), cards({"4C", "3H"})}, 0, 1);
  ASSERT_TRUE(act(s, Move(Move::kOffer)));
  ASSERT_TRUE(act(s, Move(Move::kDraw, 0)));  // seat 1 takes the QS
  ASSERT_EQ(s.fan(1).cards, cards({"4C", "3H", "QS"}));
  auto zone_of = [](const View& v, Seat owner) {
    for (const Zone& z : v.zones)
      if (z.kind == ZoneKind::kHand && z.owner == owner) return z;
    return Zone{};
  };
  EXPECT_EQ(zone_of(s.view(0), 1).cards[2].card, card("QS"));  // seat 0 saw it go to the end
  EXPECT_FALSE(zone_of(s.view(0), 1).cards[0].card.has_value());
  // Moving it keeps it in sight.
  ASSERT_TRUE(act(s, Move(Move::kArrange, 2, 0)));
  EXPECT_EQ(zone_of(s.view(0), 1).cards[0].card, card("QS"));
  // Shuffling hides it; the prompt of seat 0 no longer names it.
  ASSERT_TRUE(act(s, Move(Move::kShuffle)));
  for (const CardView& c : zone_of(s.view(0), 1).cards) EXPECT_FALSE(c.card.has_value());
  EXPECT_EQ(zone_of(s.view(1), 1).note, "shuffled face down");
  // A draw from a shuffled fan is chance's to decide.
  ASSERT_TRUE(act(s, Move(Move::kOffer)));
  ASSERT_TRUE(act(s, Move(Move::kDraw, 1)));
  EXPECT_EQ(s.to_move(), kChance);
}

TEST(OldMaidRules, EveryOfferEnds) {
  // An offer allows one shuffle, one look and n - 1 moves, so it always ends.
  OldMaidState s = fresh(2);
  s.set_position({cards({"2C", "3C", "4C", "5C"}), cards({"6C"})}, 0, 1);
  std::vector<Action> legal;
  int moves = 0;
  for (;; ++moves) {
    s.legal_actions(s.to_move(), legal);
    const int fan = s.rules().classes();
    auto arrange = std::find_if(legal.begin(), legal.end(), [fan](Action a) {
      return Move::decode(a, fan)->kind == Move::kArrange;
    });
    if (arrange == legal.end()) break;
    s.apply(s.to_move(), *arrange);
  }
  EXPECT_EQ(moves, 3);
  ASSERT_TRUE(act(s, Move(Move::kShuffle)));
  ASSERT_TRUE(act(s, Move(Move::kLook)));
  Rng rng(3);
  s.apply_chance(rng);
  s.legal_actions(s.to_move(), legal);
  EXPECT_EQ(legal, (std::vector<Action>{code(s, Move(Move::kOffer))}));
}

// ---- Scoring and matches -------------------------------------------------------------

TEST(OldMaidRules, Seed001_MostPairsWithoutTheOldMaidWins) {
  // seed 001: "have it be the player with the most pairs who doesn't have the Old Maid"
  OldMaidState s = fresh(3, {"scoring=most-pairs"});
  s.set_position({cards({"9C"}), cards({"9S", "QS"}), {}}, 0, 1);
  ASSERT_TRUE(act(s, Move(Move::kOffer)));
  ASSERT_TRUE(act(s, Move(Move::kDraw, 0)));
  ASSERT_TRUE(s.terminal());
  // Seat 1 made the only pair but holds the queen: it scores nothing.
  EXPECT_EQ(s.outcome().scores, (std::vector<double>{0, 0, 0}));
  EXPECT_EQ(s.pairs(1).size(), 2u);
}

TEST(OldMaidRules, Seed001_AMatchCountsHandsAvoidedAndTheDealPasses) {
  // seed 001: "the person who has avoided the old maid the most in multiple rounds"
  Result<Selection> sel = select("old-maid-match");
  ASSERT_TRUE(sel.ok());
  Record r = testing::random_game(*sel, *make_config(*sel, 4, {}), 11);
  ASSERT_TRUE(r.outcome);
  double total = 0;
  for (double x : r.outcome->scores) total += x;
  EXPECT_EQ(total, 5 * 3);  // five hands, three players avoid it each hand
  std::vector<int> dealers;
  Result<Replayed> rp = replay(r, [&](const State& st, const Step&) {
    const auto& s = dynamic_cast<const OldMaidState&>(st);
    if (s.last_event().kind == Event::kDeal) dealers.push_back(s.dealer());
  });
  ASSERT_TRUE(rp.ok());
  EXPECT_EQ(dealers, (std::vector<int>{3, 0, 1, 2, 3}));  // the deal passes to the left
}

TEST(OldMaidRules, BabanukiRanksByGoingOut) {
  // Babanuki ranks players by the order they go out; the first out scores most.
  OldMaidState s = fresh(3, {"scoring=finishing-order"});
  s.set_position({cards({"9C"}), cards({"9S", "QS", "5D"}), cards({"5C"})}, 0, 1);
  ASSERT_TRUE(act(s, Move(Move::kOffer)));
  ASSERT_TRUE(act(s, Move(Move::kDraw, 0)));  // seat 0 gives its last card: first out
  ASSERT_TRUE(act(s, Move(Move::kOffer)));
  ASSERT_TRUE(act(s, Move(Move::kDraw, 1)));  // seat 2 pairs the 5: second out
  ASSERT_TRUE(s.terminal());
  EXPECT_EQ(s.outcome().scores, (std::vector<double>{2, 0, 1}));
  EXPECT_EQ(s.outcome().places, (std::vector<int>{1, 3, 2}));
}

TEST(OldMaidRules, SchwarzerPeterGetsSootAndScabbyQueenRaps) {
  for (const char* preset : {"schwarzer-peter", "scabby-queen"}) {
    Result<Selection> sel = select(preset);
    Record r = testing::random_game(*sel, *make_config(*sel, 3, {}), 4);
    std::string story;
    Result<Replayed> rp = replay(r, [&](const State& s, const Step&) {
      std::vector<std::string> lines;
      s.narrate(kEveryone, lines);
      for (auto& l : lines) story += l + "\n";
    });
    ASSERT_TRUE(rp.ok());
    if (std::string(preset) == "schwarzer-peter")
      EXPECT_NE(story.find("soot mark"), std::string::npos) << story;
    else
      EXPECT_NE(story.find("raps on the knuckles"), std::string::npos) << story;
  }
}

// ---- Bad options ----------------------------------------------------------------------

TEST(OldMaidRules, BadCombinationsAreRefusedWithReasons) {
  auto message = [](int players, std::vector<std::string> opts) {
    Result<Config> c = make_config(Selection{&game(), nullptr}, players, opts);
    return c.ok() ? std::string("accepted") : c.message();
  };
  EXPECT_NE(message(4, {"odd=picture", "pairs=colour"}).find("pairs=colour needs a standard deck"),
            std::string::npos);
  EXPECT_NE(message(4, {"odd=joker", "removed=hearts"}).find("needs odd=queen"), std::string::npos);
  EXPECT_NE(message(13, {}).find("2 to 12 players"), std::string::npos);
  EXPECT_NE(message(1, {}).find("2 to 12 players"), std::string::npos);
  EXPECT_NE(message(4, {"odd=king"}).find("queen|jack|joker|random|picture"), std::string::npos);
  EXPECT_NE(message(4, {"hands=0"}).find("1..100"), std::string::npos);
}

// ---- Properties ----------------------------------------------------------------------------

RC_GTEST_PROP(OldMaidProps, MovesRoundTrip, ()) {
  const auto kind =
      *rc::gen::element(Move::kOffer, Move::kShuffle, Move::kLook, Move::kDraw, Move::kArrange);
  const int fan = *rc::gen::inRange(2, kMaxFan + 1);
  const int from = *rc::gen::inRange(0, fan), to = *rc::gen::inRange(0, fan);
  RC_PRE(kind != Move::kArrange || from != to);
  Move m(kind, kind >= Move::kDraw ? from : 0, kind == Move::kArrange ? to : 0);
  RC_ASSERT(m.encode(fan) < Move::bound(fan));
  RC_ASSERT(Move::decode(m.encode(fan), fan) == std::optional<Move>(m));
}

RC_GTEST_PROP(OldMaidProps, EveryGameEndsWithOneLoserHoldingTheOddCard, ()) {
  const int players = *rc::gen::inRange(2, 13);
  const std::uint64_t seed = *rc::gen::arbitrary<std::uint64_t>();
  std::vector<Selection> sels;
  for (const Selection& x : all_selections())
    if (x.game == &game()) sels.push_back(x);
  const Selection sel = *rc::gen::elementOf(sels);
  Result<Config> cfg = make_config(sel, players, {});
  RC_PRE(cfg.ok());
  Record r = testing::random_game(sel, *cfg, seed);
  RC_ASSERT(r.outcome.has_value());
  Result<Replayed> rp = replay(r);
  RC_ASSERT(rp.ok());
  const auto& s = dynamic_cast<const OldMaidState&>(rp->state());
  int holding = 0;
  for (Seat p = 0; p < players; ++p) {
    if (s.fan(p).cards.empty()) continue;
    ++holding;
    RC_ASSERT(s.fan(p).size() == 1);
    // The card left is the one whose class has an odd number of cards in the game.
    std::vector<Card> all;
    s.all_cards(all);
    const int cls = s.rules().pair_class(s.fan(p).cards[0]);
    int in_play = 0;
    for (Card c : all) in_play += s.rules().pair_class(c) == cls;
    for (Card c : s.aside()) in_play -= s.rules().pair_class(c) == cls;
    RC_ASSERT(in_play % 2 == 1);
  }
  RC_ASSERT(holding == 1);
}

// ---- Bots ------------------------------------------------------------------------------

TEST(OldMaidBots, BlindBotShufflesThenOffersAndDrawsAnyPosition) {
  OldMaidState s = fresh(2);
  s.set_position({cards({"2C", "3C", "4C"}), cards({"6C"})}, 0, 1);
  auto bot = make_blind_bot();
  Rng rng(1);
  std::vector<Action> l = legal(s, 0);
  EXPECT_EQ(bot->act(Observation(s, 0, nullptr, l), rng), code(s, Move(Move::kShuffle)));
  s.apply(s.to_move(), code(s, Move(Move::kShuffle)));
  l = legal(s, 0);
  EXPECT_EQ(bot->act(Observation(s, 0, nullptr, l), rng), code(s, Move(Move::kOffer)));
  s.apply(s.to_move(), code(s, Move(Move::kOffer)));
  std::array<int, 3> seen{};
  l = legal(s, 1);
  const Observation obs(s, 1, nullptr, l);
  for (int i = 0; i < 3000; ++i)
    ++seen[Move::decode(bot->act(obs, rng), s.rules().classes())->from];
  for (int n : seen) EXPECT_NEAR(n, 1000, 150);
}

// ---- The floor and the fast path -------------------------------------------------------

TEST(OldMaidFloor, LossRatesAgreeWithTheFastPath) {
  // The floor (floor.h, the benchmarks' reference) must play real Old Maid:
  // its seat loss rates agree with the fast path's (other seeds, so
  // statistically).
  const int n = 200000;
  Rng rng(12345);
  std::array<int, 4> floor_losses{}, fast_losses{};
  for (int i = 0; i < n; ++i) ++floor_losses[floor_old_maid(rng)];
  OldMaidFast fast(Rules::from(config(4)));
  Playout p;
  for (int i = 0; i < n; ++i) {
    fast.play(1000000 + i, p);
    for (int s = 0; s < 4; ++s) fast_losses[s] += p.places[s] == 4;
  }
  for (int s = 0; s < 4; ++s) {
    const double a = floor_losses[s] / double(n), b = fast_losses[s] / double(n);
    const double se = std::sqrt(a * (1 - a) / n + b * (1 - b) / n);
    EXPECT_LT(std::abs(a - b), 5 * se) << "seat " << s << ": floor " << a << ", fast " << b;
  }
}

TEST(OldMaidFast, PlaysTheSameGamesAsTheGenericEngineOnEveryPreset) {
  // Same seed: the same deal, the same draws (drawer, offerer, class), the same
  // outcome, game for game, with the blind bot in every seat.
  int games = 0;
  for (const Selection& sel : all_selections()) {
    if (sel.game != &game()) continue;
    for (int p = sel.preset->min_players; p <= sel.preset->max_players; ++p) {
      const Config cfg = *make_config(sel, p, {});
      OldMaidFast fast(Rules::from(cfg));
      for (std::uint64_t seed = 1; seed <= 25; ++seed) {
        SCOPED_TRACE(std::string(sel.name()) + ", " + std::to_string(p) + " players, seed " +
                     std::to_string(seed));
        std::vector<std::array<int, 3>> fast_draws, generic_draws;
        Playout fp;
        const std::function<void(Seat, Seat, int)> trace = [&](Seat d, Seat o, int c) {
          fast_draws.push_back({d, o, c});
        };
        fast.play(seed, fp, trace);
        // The generic engine: the driver, with blind bots seeing their views.
        Table t(sel, cfg, seed);
        std::vector<Player*> at;
        auto players = blind_players(p, seed, at);
        ASSERT_TRUE(t.run(at, [&](const State& st, const Step&) {
          const auto& x = static_cast<const OldMaidState&>(st);
          const Event& e = x.last_event();
          if (e.kind == Event::kDrawn)
            generic_draws.push_back({e.actor, e.other, x.rules().pair_class(e.card)});
        }));
        const auto& s = static_cast<const OldMaidState&>(t.state());
        ASSERT_EQ(fast_draws, generic_draws);
        const Outcome o = s.outcome();
        for (int q = 0; q < p; ++q) {
          ASSERT_EQ(fp.scores[q], o.scores[q]);
          ASSERT_EQ(fp.places[q], o.places[q]);
        }
        ASSERT_EQ(fp.length, s.actions_applied());
        ASSERT_EQ(fp.facts[kOddCardFact], s.odd_card_seats());
        ++games;
      }
    }
  }
  EXPECT_GT(games, 4000);
}

TEST(OldMaidFast, AgreesOnEveryOptionValueToo) {
  for (const char* o :
       {"first=dealer", "direction=right", "keep-drawing=yes", "pairs=colour", "odd=jack",
        "odd=joker", "odd=random", "odd=picture", "scoring=most-pairs", "scoring=finishing-order",
        "hands=3", "penalty=raps", "packs=2", "spare=aside", "deal-start=dealer"}) {
    for (int p : {2, 3, 4, 7}) {
      const Config cfg = config(p, {o});
      OldMaidFast fast(Rules::from(cfg));
      for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Playout fp;
        fast.play(seed, fp);
        Table t(Selection{&game(), nullptr}, cfg, seed);
        std::vector<Player*> at;
        auto players = blind_players(p, seed, at);
        ASSERT_TRUE(t.run(at));
        const Outcome out = t.state().outcome();
        for (int q = 0; q < p; ++q)
          ASSERT_EQ(fp.places[q], out.places[q]) << o << " " << p << " seed " << seed;
        ASSERT_EQ(fp.length, t.state().actions_applied()) << o;
      }
    }
  }
}

// ---- Exact odds ------------------------------------------------------------------------

TEST(OldMaidOdds, SolvesTheCycleOfAQueenPassedBackAndForth) {
  // Seat 0 holds 5 and Q, seat 1 holds 5, seat 1 draws. Half the time it pairs
  // and seat 0 loses; else the queen goes over and seat 0 draws from {5, Q}: half
  // the time it pairs (seat 1 loses), else back to the start. x = 1/2 + x/4: 2/3.
  OldMaidState s = fresh(2);
  s.set_position({cards({"5H", "QS"}), cards({"5C"})}, 0, 1);
  Result<OddsReport> r = exact_odds().at(s);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_NEAR(r->chance[0], 2.0 / 3.0, 1e-14);
  EXPECT_NEAR(r->chance[1], 1.0 / 3.0, 1e-14);
  EXPECT_TRUE(r->exact);
}

TEST(OldMaidOdds, ThreeHandsWithPassingOver) {
  // Seat 1 pairs out on its draw, then seat 2 draws from seat 0: each seat's odds
  // follow by hand. Seat 0 {9C}, seat 1 {9S}, seat 2 {QS}: seat 1 draws the 9 and
  // both are out; seat 2 is left with the queen.
  OldMaidState s = fresh(3);
  s.set_position({cards({"9C"}), cards({"9S"}), cards({"QS"})}, 0, 1);
  Result<OddsReport> r = exact_odds().at(s);
  ASSERT_TRUE(r.ok());
  EXPECT_NEAR(r->chance[2], 1.0, 1e-15);
}

double sim_lose(const Config& cfg, Seat seat, int games, double& se) {
  OldMaidFast fast(Rules::from(cfg));
  Playout p;
  int lost = 0;
  for (int i = 0; i < games; ++i) {
    fast.play(7000000 + i, p);
    lost += p.places[seat] == cfg.players;
  }
  const double q = static_cast<double>(lost) / games;
  se = std::sqrt(q * (1 - q) / games);
  return q;
}

TEST(OldMaidOdds, FromTheDealAgreeWithSimulation) {
  // Two and three players, with the variants that move the odds.
  for (auto [p, opt] : {std::pair{2, "first=eldest"},
                        {3, "first=eldest"},
                        {3, "first=dealer"},
                        {3, "keep-drawing=yes"},
                        {3, "direction=right"},
                        {3, "pairs=colour"},
                        {3, "odd=picture"},
                        {2, "odd=joker"}}) {
    const Config cfg = config(p, {opt});
    Result<OddsReport> r = exact_odds().from_deal(cfg);
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_TRUE(r->exact);
    double total = 0;
    for (Seat s = 0; s < p; ++s) {
      double se = 0;
      const double q = sim_lose(cfg, s, 200000, se);
      EXPECT_NEAR(r->chance[s], q, 4.5 * se) << p << " players, " << opt << ", seat " << s;
      total += r->chance[s];
    }
    EXPECT_NEAR(total, 1.0, 1e-12);
  }
}

TEST(OldMaidOdds, FivePlayersFromTheDealSayWhatToDoInstead) {
  Result<OddsReport> r = exact_odds().from_deal(config(5));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("parlour sim"), std::string::npos);
}

// ---- Odds as one seat can know them ------------------------------------------------------

// A position reached by blind play from a deal, stopped at an offer once the
// other seats hold at most `others_left` cards between them.
OldMaidState blind_position(const Config& cfg, std::uint64_t seed, Seat seat, int others_left) {
  Table t(Selection{&game(), nullptr}, cfg, seed);
  std::vector<Player*> at;
  auto players = blind_players(cfg.players, seed, at);
  for (;;) {
    t.settle();
    const auto& s = static_cast<const OldMaidState&>(t.state());
    if (s.terminal()) return s;
    int others = 0;
    for (Seat p = 0; p < cfg.players; ++p) others += p == seat ? 0 : s.fan(p).size();
    if (others <= others_left && s.phase() == OldMaidState::Phase::kOffer) return s;
    std::vector<Action> l = legal(s, s.to_move());
    const Action a = at[s.to_move()]->act(s, s.to_move(), l);
    EXPECT_TRUE(t.act(s.to_move(), a).ok());
  }
}

TEST(OldMaidOdds, ASeatsOddsAreTheAverageOverEveryDealingOfWhatItCannotSee) {
  // Brute force: every way of placing the cards seat 0 cannot see into the
  // places it cannot see (no pair left in a hand), each counted once, each
  // with its exact odds; their average is what seat_odds gives.
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const OldMaidState s = blind_position(config(3), seed, 0, 7);
    if (s.terminal()) continue;
    const Rules& r = s.rules();
    std::vector<Card> pool;
    std::vector<std::pair<Seat, int>> slots;
    for (Seat p = 1; p < 3; ++p)
      for (int i = 0; i < s.fan(p).size(); ++i)
        if (s.fan(p).shuffled || !(s.fan(p).known[i] & 1))
          pool.push_back(s.fan(p).cards[i]), slots.push_back({p, i});
    std::sort(pool.begin(), pool.end());
    double sum[3] = {0, 0, 0};
    long ways = 0;
    do {  // every ordering of the pool into the slots: each placement counted alike
      OldMaidState x = s;
      for (std::size_t k = 0; k < slots.size(); ++k)
        x.mutable_fan(slots[k].first).cards[slots[k].second] = pool[k];
      bool pairless = true;
      for (Seat p = 1; p < 3; ++p)
        for (int i = 0; i < x.fan(p).size(); ++i)
          for (int j = i + 1; j < x.fan(p).size(); ++j)
            pairless &= r.pair_class(x.fan(p).cards[i]) != r.pair_class(x.fan(p).cards[j]);
      if (!pairless) continue;
      Result<OddsReport> o = exact_odds().at(x);
      ASSERT_TRUE(o.ok());
      for (int p = 0; p < 3; ++p) sum[p] += o->chance[p];
      ++ways;
    } while (std::next_permutation(pool.begin(), pool.end()));
    ASSERT_GT(ways, 0);
    Result<OddsReport> mine = seat_odds(s, 0);
    ASSERT_TRUE(mine.ok()) << mine.message();
    EXPECT_TRUE(mine->exact);
    for (int p = 0; p < 3; ++p)
      EXPECT_NEAR(mine->chance[p], sum[p] / ways, 1e-9) << "seed " << seed << " seat " << p;
    ++checked;
  }
  EXPECT_GE(checked, 8);
}

TEST(OldMaidOdds, ASeatsOddsReadNothingItCannotSee) {
  // The same figures from every position the seat cannot tell from the real
  // one, under every variant that hides cards differently.
  int checked = 0;
  for (const char* o :
       {"odd=queen", "discards=down", "odd=random", "spare=aside", "odd=joker", "pairs=colour"})
    for (int p : {3, 4, 6})
      for (std::uint64_t seed = 1; seed <= (p == 6 ? 1u : p == 4 ? 2u : 3u); ++seed) {
        const Config cfg = config(p, {o});
        const OldMaidState s = blind_position(cfg, seed, 1, p == 3 ? 20 : 12);
        if (s.terminal()) continue;
        for (Seat v : {kSpectator, 1}) {
          Result<OddsReport> here = seat_odds(s, v);
          ASSERT_TRUE(here.ok()) << o << " " << p << ": " << here.message();
          EXPECT_EQ(here->exact, p <= 4);
          Rng rng(seed, 3);
          for (int k = 0; k < (p == 6 ? 1 : 2); ++k) {
            auto other = resampler().resample(s, v, rng);
            ASSERT_TRUE(other);
            Result<OddsReport> there = seat_odds(static_cast<const OldMaidState&>(*other), v);
            ASSERT_TRUE(there.ok());
            EXPECT_EQ(there->chance, here->chance) << o << ", " << p << " players, seat " << v;
          }
          double total = 0;
          for (double x : here->chance) total += x;
          EXPECT_GE(total,
                    1 - 1e-9);  // someone is left holding cards (several, with spare cards aside)
          ++checked;
        }
      }
  EXPECT_GT(checked, 50);
}

TEST(OldMaidOdds, ASeatKnowsMoreThanASpectator) {
  // Seat 0 sees its own hand, a spectator only the pairs laid face up and the
  // counts: their figures differ, and each adds up to one.
  const OldMaidState s = blind_position(config(4), 5, 0, 100);
  Result<OddsReport> pub = seat_odds(s, kSpectator), mine = seat_odds(s, 0);
  ASSERT_TRUE(pub.ok() && mine.ok());
  EXPECT_NE(pub->chance, mine->chance);
  double a = 0, b = 0;
  for (int p = 0; p < 4; ++p) a += pub->chance[p], b += mine->chance[p];
  EXPECT_NEAR(a, 1, 1e-9);
  EXPECT_NEAR(b, 1, 1e-9);
}

// GameInfo::bounds says a fan holds at most one card of each pairing class
// (pairs go down the moment they form: seed 001, "three of a kind keeps the
// third card back"), so a fan of F = 13 classes numbers its moves below 173
// (Move::encode: the last is a move from position 4 to 13).
// The conformance harness checks no position passes the bound; random games
// seldom reach it (two hands of 13 ranks pair off to about 7 cards each), so
// here a real deal that does: with 2 players, every rank but the queen splits
// 3 to 1 (about one deal in 4,096), and the dealer, dealt 25 cards, keeps one
// of each of the 13 classes, the queen among them; the dealer offers first
// (seed 002's variation), so this fan is the one arranged. Its largest legal
// action is the bound's last code, and its fan the bound's fan.
TEST(OldMaidBounds, ADealCanReachThemAndTheirLastCodeIsLegalThere) {
  const Bounds b = game().bounds(config(2, {"first=dealer"}));
  for (std::uint64_t seed = 1; seed < 200000; ++seed) {
    OldMaidState s = dealt(2, {"first=dealer"}, seed);
    ASSERT_LE(s.fan(s.offerer()).size(), b.fan) << "seed " << seed;
    if (s.fan(s.offerer()).size() < 13) continue;
    const std::vector<Action> moves = legal(s, s.to_move());
    EXPECT_EQ(b.fan, 13);
    EXPECT_EQ(*std::max_element(moves.begin(), moves.end()), b.actions - 1) << "seed " << seed;
    EXPECT_EQ(b.actions, 173u);
    EXPECT_EQ(s.action_label(s.to_move(), b.actions - 1), "move 4 to 13") << "seed " << seed;
    return;
  }
  FAIL() << "no deal of the first 200,000 gives the offerer a card of each class";
}

// The numbering before 2026-12-03, written out here from its own layout (not
// from Move::recode): a move from f to t was 64 + 32 f + t at every table.
Action old_code(const Move& m) {
  switch (m.kind) {
    case Move::kOffer:
      return 0;
    case Move::kShuffle:
      return 1;
    case Move::kLook:
      return 2;
    case Move::kDraw:
      return 32 + static_cast<Action>(m.from);
    case Move::kArrange:
      return 64 + static_cast<Action>(m.from * 32 + m.to);
  }
  return 0;
}

// For every fan a table can have, each move has its own code below the
// bound, decodes back to itself, and its old code reads as it (recode); a
// code no move has decodes to none.
TEST(OldMaidActions, EveryMoveHasItsOwnCodeAndItsOldCodeReadsAsIt) {
  for (int fan = 2; fan <= kMaxFan; ++fan) {
    std::vector<Move> moves = {Move(Move::kOffer), Move(Move::kShuffle), Move(Move::kLook)};
    for (int f = 0; f < fan; ++f) {
      moves.emplace_back(Move::kDraw, f);
      for (int t = 0; t < fan; ++t)
        if (t != f) moves.emplace_back(Move::kArrange, f, t);
    }
    std::set<Action> codes;
    for (const Move& m : moves) {
      const Action a = m.encode(fan);
      ASSERT_LT(a, Move::bound(fan)) << "fan " << fan;
      EXPECT_TRUE(codes.insert(a).second) << "fan " << fan << ": code " << a << " twice";
      EXPECT_EQ(Move::decode(a, fan), std::optional<Move>(m)) << "fan " << fan << ", code " << a;
      EXPECT_EQ(Move::recode(old_code(m), fan), a) << "fan " << fan;
      EXPECT_EQ(Move::recode(a, fan), a) << "fan " << fan << ": today's codes read as they are";
    }
    EXPECT_EQ(*codes.rbegin(), Move::bound(fan) - 1) << "fan " << fan << ": the bound is exact";
    for (Action a = 0; a < 64 + 32 * 32; ++a) {
      if (codes.count(a)) continue;
      EXPECT_FALSE(Move::decode(a, fan).has_value()) << "fan " << fan << ", " << a;
    }
  }
  // By hand: 13 classes (a standard pack) keep ceil((169 - 61) / 32) = 4 blocks,
  // the last move kept from 4 to 13: 64 + 3 * 32 + 12 = 172 (460 before); 26
  // (pairs by colour, or the picture deck) keep 20: 64 + 19 * 32 + 25 = 697 (890).
  EXPECT_EQ(Move::bound(13), 173u);
  EXPECT_EQ(Move::bound(26), 698u);
}

// An offer lists its moves in Move::encode's codes (legal_actions steps
// through the spare ones without encode), in order: each position's moves
// to every other. Random games, fans of 13, 26 and 27 classes.
TEST(OldMaidActions, AnOfferListsItsMovesInEncodesCodes) {
  int offers = 0;
  for (const char* opt : {"first=dealer", "pairs=colour", "odd=picture", "odd=joker"}) {
    for (int players : {2, 3}) {
      for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        OldMaidState s = dealt(players, {opt}, seed);
        const int fan = s.rules().classes();
        Rng rng(seed);
        std::vector<Action> moves;
        while (!s.terminal()) {
          if (s.chance()) {
            s.apply_chance(rng);
            continue;
          }
          moves = legal(s, s.to_move());
          std::vector<Action> arranges, expected;
          for (Action a : moves)
            if (Move::decode(a, fan)->kind == Move::kArrange) arranges.push_back(a);
          if (!arranges.empty()) {
            ++offers;
            const int n = s.fan(s.offerer()).size();
            for (int i = 0; i < n; ++i)
              for (int j = 0; j < n; ++j)
                if (i != j) expected.push_back(Move(Move::kArrange, i, j).encode(fan));
            ASSERT_EQ(arranges, expected) << opt << ", fan of " << n;
          }
          s.apply(s.to_move(), moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
        }
      }
    }
  }
  EXPECT_GT(offers, 1000);
}

// Records and stored games in the old codes replay to the same game, as do
// those begun in the old codes and finished in the new (a server's table
// across an upgrade). tests/records' Old Maid records are in the old codes
// too (engine_test).
TEST(OldMaidActions, ARecordInTheOldCodesReplaysToTheSameGameAndPlayTakesOnlyTheNew) {
  const Selection sel{&game(), nullptr};
  int renumbered = 0;  // moves whose code changed
  for (const char* opt : {"odd=queen", "pairs=colour", "odd=picture", "odd=joker"}) {
    for (int players : {2, 4}) {
      const Config cfg = config(players, {opt});
      const int fan = Rules::from(cfg).classes();
      for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        SCOPED_TRACE(std::string(opt) + ", " + std::to_string(players) + " players, seed " +
                     std::to_string(seed));
        renumbered += testing::expect_old_codes_replay(
            testing::random_game(sel, cfg, seed),
            [fan](Action a) { return old_code(*Move::decode(a, fan)); });
      }
    }
  }
  EXPECT_GT(renumbered, 100);
  // Play takes today's codes alone: the old code of a move from position 5
  // to 1 (64 + 4 * 32 + 0 = 192) is past the bound.
  OldMaidState s = dealt(2, {"first=dealer"}, 1);
  ASSERT_GE(s.fan(s.offerer()).size(), 5);
  EXPECT_FALSE(testing::play(s, s.to_move(), 192));
  EXPECT_TRUE(testing::play(s, s.to_move(), Move(Move::kArrange, 4, 0).encode(13)));
}

// ---- The conformance harness ------------------------------------------------------------

TEST(OldMaidConformance, DefaultGameAllPlayerCounts) {
  testing::ConformanceOptions opt;
  opt.games = 10;
  for (int p = 2; p <= 12; ++p)
    testing::check_conformance(Selection{&game(), nullptr}, config(p), opt);
}

TEST(OldMaidConformance, EveryOptionValue) {
  testing::ConformanceOptions opt;
  opt.games = 4;
  for (const char* o :
       {"first=dealer", "direction=right", "keep-drawing=yes", "discards=down", "pairs=colour",
        "odd=jack", "odd=joker", "odd=random", "odd=picture", "scoring=most-pairs",
        "scoring=finishing-order", "penalty=soot", "penalty=raps"})
    for (int p : {2, 3, 5, 7})
      testing::check_conformance(Selection{&game(), nullptr}, config(p, {o}), opt);
}

}  // namespace
}  // namespace parlour::old_maid
