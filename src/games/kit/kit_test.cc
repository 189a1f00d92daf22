// The machinery the bluffing games share: words for claims, the zones where
// plays lie, the choices that move cards there, the odds of a claim, and
// what a seat sees of another's hand.
#include <gtest/gtest.h>

#include "games/kit/claims.h"
#include "games/kit/deal.h"
#include "games/kit/hidden.h"

namespace parlour::kit {
namespace {

Cards held(std::initializer_list<const char*> names, SeatMask known, bool face_up = false) {
  Cards out;
  for (const char* n : names) out.push_back({*parse_card(n), known, face_up});
  return out;
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

TEST(Claims, TheLastPlayIsFaceDownUntilTurnedUpAndThenShownToAll) {
  TurnedUp turned;
  const Cards play = held({"AS", "7D"}, bit(1));
  Zone z = last_play_zone(play, "Seat 1 claims two Aces", turned, 0);
  EXPECT_EQ(z.name, "the last play");
  EXPECT_EQ(z.owner, kNobody);
  EXPECT_EQ(z.note, "Seat 1 claims two Aces");
  ASSERT_EQ(z.cards.size(), 2u);
  EXPECT_FALSE(z.cards[0].card.has_value());  // seat 0 cannot see seat 1's play
  EXPECT_TRUE(last_play_zone(play, "", turned, 1).cards[1].card.has_value());

  turned.set(held({"AS", "7D"}, 0, true), 1, 2, false);
  z = last_play_zone({}, "", turned, 0);
  EXPECT_EQ(z.note, "Seat 1's play, turned up by Seat 2: a lie");
  ASSERT_EQ(z.cards.size(), 2u);
  EXPECT_EQ(z.cards[1].card, parse_card("7D"));
  turned.clear();
  EXPECT_TRUE(last_play_zone({}, "", turned, 0).cards.empty());
}

TEST(Claims, CardsBeingPlayedAreSeenByTheirPlayerOnly) {
  const Cards building = held({"2C", "2H"}, bit(3));
  const Zone mine = being_played_zone(building, 3, 3);
  EXPECT_EQ(mine.note, "Seat 3 puts down");
  EXPECT_EQ(mine.cards[0].card, parse_card("2C"));
  const Zone theirs = being_played_zone(building, 3, 0);
  EXPECT_FALSE(theirs.cards[0].card.has_value());
  EXPECT_EQ(being_played_zone({}, kNobody, 0).note, "");
}

TEST(Hidden, AnothersHandListsTheKnownCardsFirst) {
  // Seat 0 knows where the 9S lies in seat 1's hand, not the others: it sees
  // the 9S first, whatever its place, so the place tells nothing.
  Cards hand = held({"3C", "5D"}, bit(1));
  hand.push_back({*parse_card("9S"), bit(0) | bit(1), false});
  const Zone seen = hand_view(hand, 1, 0, 0);
  EXPECT_EQ(seen.name, "Seat 1's hand");
  ASSERT_EQ(seen.cards.size(), 3u);
  EXPECT_EQ(seen.cards[0].card, parse_card("9S"));
  EXPECT_FALSE(seen.cards[1].card.has_value());
  EXPECT_FALSE(seen.cards[2].card.has_value());
  const Zone own = hand_view(hand, 1, 1, 1);  // its owner sees it in order
  EXPECT_EQ(own.cards[0].card, parse_card("3C"));
  EXPECT_EQ(own.cards[2].card, parse_card("9S"));
  const Zone end = hand_view(hand, 1, 0, kEveryone);  // at the end, all is shown
  EXPECT_EQ(end.cards[0].card, parse_card("3C"));     // in its order
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

}  // namespace
}  // namespace parlour::kit
