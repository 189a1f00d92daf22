// Paskahousu: a test for each sentence of seed 004 (004_51e9d4c9f9ca782a.txt)
// on the game, or for the reading rules.md documents where it is silent; then
// what each seat knows, the bots, and the conformance harness.
#include <gtest/gtest.h>

#include <algorithm>

#include "bots/random_bot.h"
#include "conformance.h"
#include "core/table.h"
#include "games/paskahousu/bots.h"
#include "games/paskahousu/state.h"

namespace parlour::paskahousu {
namespace {

using testing::card;
using testing::cards;
using testing::legal;
using Phase = PaskahousuState::Phase;
using Fresh = PaskahousuState::Fresh;

Config config(int players, const std::vector<std::string>& opts = {}) {
  return testing::test_config("paskahousu", players, opts);
}

PaskahousuState fresh(int players, const std::vector<std::string>& opts = {}) {
  return PaskahousuState(Rules::from(config(players, opts)));
}

PaskahousuState dealt(int players, const std::vector<std::string>& opts = {},
                      std::uint64_t seed = 1) {
  PaskahousuState s = fresh(players, opts);
  Rng rng(seed);
  s.apply_chance(rng);
  return s;
}

void play(PaskahousuState& s, Seat seat, Move m) {
  ASSERT_TRUE(testing::play(s, seat, m.encode()))
      << seat_name(seat) << ": " << s.action_label(seat, m.encode());
}

bool allowed(const PaskahousuState& s, Seat seat, Move m) {
  const std::vector<Action> l = legal(s, seat);
  return std::find(l.begin(), l.end(), m.encode()) != l.end();
}

// Puts down these cards and calls them.
void put_and_call(PaskahousuState& s, Seat seat, const std::vector<std::string>& names, Rank r) {
  for (const std::string& n : names) play(s, seat, Move::put(card(n)));
  play(s, seat, Move::call(r));
}

// Every seat that may challenge lets the play pass.
void pass_all(PaskahousuState& s) {
  while (s.phase() == Phase::kWindow)
    for (Seat p = 0; p < s.rules().players; ++p)
      if (s.open() >> p & 1) play(s, p, Move::pass());
}

std::vector<Card> hand_of(const PaskahousuState& s, Seat p) {
  std::vector<Card> v;
  for (const kit::Held& h : s.hand(p)) v.push_back(h.card);
  return v;
}

// The ranks the player in turn may call, in the order of calls.
std::vector<Rank> callable(const PaskahousuState& s) {
  std::vector<Rank> v;
  for (Rank r : kCallOrder)
    if (s.may_call(r)) v.push_back(r);
  return v;
}

// A position at `turn`'s turn with the last call `top`, three players.
PaskahousuState after(Rank top) {
  PaskahousuState s = fresh(3);
  s.set_position({cards({"5C", "JC", "2C"}), cards({"5D"}), cards({"5H"})}, cards({"9S"}), 0, top);
  return s;
}

// ---- Preliminaries -------------------------------------------------------------------

TEST(PaskahousuRules, ThreeOrMorePlayers) {
  // "3 or more players (4-5 best), 52 cards": five each from 52 seats ten at most.
  const GameInfo& g = *find_game("paskahousu");
  EXPECT_EQ(g.min_players, 3);
  EXPECT_EQ(g.max_players, 10);
  EXPECT_EQ(g.default_players, 4);
  EXPECT_FALSE(make_config(*select("paskahousu"), 2, std::vector<std::string>{}).ok());
}

TEST(PaskahousuRules, DealFiveCardsEachAndStackTheRestFaceDown) {
  // "Deal five cards each and stack the rest face down."
  for (int p = 3; p <= 10; ++p) {
    PaskahousuState s = dealt(p);
    for (Seat q = 0; q < p; ++q) EXPECT_EQ(s.hand(q).size(), 5u);
    EXPECT_EQ(static_cast<int>(s.stock().size()), 52 - 5 * p);
    const View v = s.view(0);
    for (const CardView& c : v.zones[p].cards) EXPECT_FALSE(c.card) << "the stock is unseen";
  }
}

// ---- The start -----------------------------------------------------------------------

TEST(PaskahousuRules, TheGameIsStartedByTheFirstToPlayACardAsAThree) {
  // "The game is started by the first person to initiate a discard pile by
  // playing a card face down to the table and declaring it to be a three,
  // whether or not truthfully": offered from the dealer's left (our reading).
  PaskahousuState s = dealt(4);
  EXPECT_EQ(s.dealer(), 3);
  EXPECT_EQ(s.phase(), Phase::kStart);
  EXPECT_EQ(s.to_move(), 0);
  EXPECT_EQ(s.offer(), kThree);
  EXPECT_TRUE(allowed(s, 0, Move::decline()));
  const Card c = s.hand(0)[0].card;  // whatever it is
  play(s, 0, Move::put(c));
  EXPECT_EQ(callable(s), std::vector<Rank>{kThree});
  // "a card": one card starts the pile.
  EXPECT_FALSE(allowed(s, 0, Move::put(s.hand(0)[0].card)));
  play(s, 0, Move::call(kThree));
  EXPECT_EQ(s.phase(), Phase::kWindow);  // a play like any other: it may be challenged
}

TEST(PaskahousuRules, IfNobodyDoesSoMakeItAFourAndSoOn) {
  // "If nobody does so, make it a Four, and so on."
  PaskahousuState s = dealt(3);
  for (Seat p : {0, 1, 2}) play(s, p, Move::decline());
  EXPECT_EQ(s.offer(), kFour);
  EXPECT_EQ(s.to_move(), 0);
  // Up to Kings, then Aces; the first offered Aces must start (our reading).
  for (int round = 0; round < 10; ++round)
    for (Seat p : {0, 1, 2}) play(s, p, Move::decline());
  EXPECT_EQ(s.offer(), kAce);
  EXPECT_FALSE(allowed(s, 0, Move::decline()));
  play(s, 0, Move::put(s.hand(0)[0].card));
  play(s, 0, Move::call(kAce));
}

TEST(PaskahousuRules, PlayThenProceedsFromTheLeftOfTheStarter) {
  // "Play then proceeds from the left of the starter."
  PaskahousuState s = dealt(4);
  play(s, 0, Move::decline());
  play(s, 1, Move::put(s.hand(1)[0].card));
  play(s, 1, Move::call(kThree));
  pass_all(s);
  EXPECT_EQ(s.phase(), Phase::kPlay);
  EXPECT_EQ(s.to_move(), 2);
  EXPECT_EQ(s.top(), kThree);
}

TEST(PaskahousuRules, YouMayEvenStartFromTheStockAndClaimAThree) {
  // "You may even do this at the start of the game and claim it to be a Three."
  PaskahousuState s = dealt(3);
  EXPECT_TRUE(allowed(s, 0, Move::blind(kThree)));
  EXPECT_FALSE(allowed(s, 0, Move::blind(kFour)));
  EXPECT_FALSE(allowed(s, 0, Move::keep())) << "keeping the card starts no pile";
  const std::size_t stock = s.stock().size();
  play(s, 0, Move::blind(kThree));
  EXPECT_EQ(s.stock().size(), stock - 1);
  EXPECT_EQ(s.hand(0).size(), 5u);
  EXPECT_TRUE(s.claim_blind());
}

// ---- Playing -------------------------------------------------------------------------

TEST(PaskahousuRules, EachInTurnPlaysOneOrMoreCardsOfAnyRankEqualOrHigher) {
  // "Each in turn plays one or more cards face down to the discard pile,
  // declaring them to be any rank equal to or higher than the last rank announced."
  PaskahousuState s = fresh(3);
  s.set_position({cards({"5C", "5D", "9S"}), cards({"6D"}), cards({"6H"})}, {}, 0, kFive);
  play(s, 0, Move::put(card("5C")));
  play(s, 0, Move::put(card("5D")));
  play(s, 0, Move::put(card("9S")));  // one or more, true or not
  EXPECT_EQ(callable(s), (std::vector<Rank>{kFive, kSix, kSeven, kEight, kNine, kTen, kTwo}));
  play(s, 0, Move::call(kFive));
  EXPECT_EQ(s.last_play().size(), 3u);
  pass_all(s);
  EXPECT_EQ(s.to_move(), 1);
}

TEST(PaskahousuRules, NoJackQueenOrKingUnlessThePreviousCallWasAnEightOrHigher) {
  // "You may not call a Jack, Queen or King unless the previous call was an
  // Eight or higher."
  for (Rank top : {kThree, kSix, kSeven}) {
    PaskahousuState s = after(top);
    for (Rank court : {kJack, kQueen, kKing}) EXPECT_FALSE(s.may_call(court)) << top;
  }
  for (Rank top : {kEight, kNine, kTen, kJack}) {
    PaskahousuState s = after(top);
    for (Rank court : {kJack, kQueen, kKing})
      EXPECT_EQ(s.may_call(court), height(court) >= height(top)) << top << " " << court;
  }
}

TEST(PaskahousuRules, NoAceUnlessAfterACourtOrOnAnEmptyPile) {
  // "You may not call an Ace unless either the previous call was a Jack, Queen
  // or King, or the discard pile is empty."
  for (Rank top : {kThree, kEight, kTen}) EXPECT_FALSE(after(top).may_call(kAce)) << top;
  for (Rank top : {kJack, kQueen, kKing}) EXPECT_TRUE(after(top).may_call(kAce)) << top;
  EXPECT_TRUE(after(kNoRank).may_call(kAce));
  // An Ace is not a court: after an Ace only Twos.
  EXPECT_EQ(callable(after(kAce)), std::vector<Rank>{kTwo});
}

TEST(PaskahousuRules, ATwoAtAnyTimeButATwoOnlyByAnotherTwo) {
  // "You may call a Two at any time, but a Two may be followed only by another Two."
  for (Rank top : {kNoRank, kThree, kSeven, kTen, kKing, kAce})
    EXPECT_TRUE(after(top).may_call(kTwo));
  EXPECT_EQ(callable(after(kTwo)), std::vector<Rank>{kTwo});
}

TEST(PaskahousuRules, AnEmptyTableTakesAnyRank) {
  // "start a new pile by playing and calling any card" (our reading for every
  // empty table: the court rule speaks of a previous call).
  EXPECT_EQ(callable(after(kNoRank)).size(), 13u);
}

// ---- Challenging ----------------------------------------------------------------------

TEST(PaskahousuRules, AnyOtherPlayerMayChallengeBeforeThePlayIsCovered) {
  // "Whenever somebody makes such a play, and before their cards are covered by
  // the next player, they may be challenged": any other player (our reading).
  PaskahousuState s = fresh(4);
  s.set_position({cards({"5C", "9S"}), cards({"6D"}), cards({"6H"}), cards({"6S"})}, {}, 0);
  put_and_call(s, 0, {"5C"}, kFive);
  EXPECT_EQ(s.actors().seats, 0b1110u);
  EXPECT_EQ(s.actors().resolve, Resolve::kFirst);
  EXPECT_EQ(s.actors().pass, Move::pass().encode());
  // Option: only the next in turn.
  PaskahousuState next = fresh(4, {"challengers=next"});
  next.set_position({cards({"5C", "9S"}), cards({"6D"}), cards({"6H"}), cards({"6S"})}, {}, 0);
  put_and_call(next, 0, {"5C"}, kFive);
  EXPECT_EQ(next.actors().seats, 0b0010u);
}

TEST(PaskahousuRules, IfTheyConformTheChallengerTakesTheWholePile) {
  // "If they conform to the call, the challenger must add the whole discard
  // pile to his hand, leaving an empty table. ... In either case, the turn then
  // passes to the left of the challenged player."
  PaskahousuState s = fresh(4);
  s.set_position({cards({"5C", "9S"}), cards({"7D", "7S", "3D"}), cards({"6H"}), cards({"6S"})}, {},
                 0);
  put_and_call(s, 0, {"5C"}, kFive);
  pass_all(s);
  put_and_call(s, 1, {"7D", "7S"}, kSeven);
  play(s, 3, Move::challenge());  // not the next in turn: anyone may
  EXPECT_EQ(hand_of(s, 3), cards({"5C", "6S", "7D", "7S"}));
  EXPECT_TRUE(s.pile().empty());
  EXPECT_EQ(s.top(), kNoRank);
  EXPECT_EQ(s.to_move(), 2);
}

TEST(PaskahousuRules, IfNotTheChallengedPlayerTakesIt) {
  // "If not, the challenged player must do likewise."
  PaskahousuState s = fresh(4);
  s.set_position({cards({"5C", "9S"}), cards({"7D", "4S", "3D"}), cards({"6H"}), cards({"6S"})}, {},
                 0);
  put_and_call(s, 0, {"5C"}, kFive);
  pass_all(s);
  put_and_call(s, 1, {"7D", "4S"}, kSeven);
  play(s, 2, Move::challenge());
  EXPECT_EQ(hand_of(s, 1), cards({"3D", "4S", "5C", "7D"}));
  EXPECT_EQ(s.to_move(), 2);  // the left of the challenged player
  EXPECT_EQ(s.hand(2).size(), 1u);
}

TEST(PaskahousuRules, OnceCoveredAPlayCannotBeChallenged) {
  PaskahousuState s = fresh(3);
  s.set_position({cards({"5C", "9S"}), cards({"6D", "6C"}), cards({"6H"})}, {}, 0);
  put_and_call(s, 0, {"9S"}, kFive);
  pass_all(s);
  EXPECT_EQ(s.phase(), Phase::kPlay);
  EXPECT_TRUE(legal(s, 2).empty());
  EXPECT_FALSE(allowed(s, 1, Move::challenge()));
}

// ---- Tens and Aces --------------------------------------------------------------------

TEST(PaskahousuRules, ATenAfterALowerRankUnchallengedRemovesThePileFromPlay) {
  // "Upon calling a Ten (after any lower rank) ... and not being challenged, you
  // remove the discard pile from play, face down, leaving an empty space. You
  // then start a new pile by playing and calling any card from your hand."
  PaskahousuState s = fresh(3);
  s.set_position({cards({"5C", "9S"}), cards({"10D", "3H", "4H"}), cards({"6C", "7C"})},
                 cards({"2C", "2D"}), 0);
  put_and_call(s, 0, {"5C"}, kFive);
  pass_all(s);
  put_and_call(s, 1, {"10D"}, kTen);
  pass_all(s);
  EXPECT_TRUE(s.pile().empty());
  EXPECT_EQ(s.removed().size(), 2u);
  EXPECT_EQ(s.top(), kNoRank);
  EXPECT_EQ(s.to_move(), 1);  // the clearer starts anew
  EXPECT_EQ(s.fresh(), Fresh::kRestart);
  EXPECT_FALSE(allowed(s, 1, Move::keep())) << "a new pile is due";
  play(s, 1, Move::put(card("3H")));
  EXPECT_FALSE(allowed(s, 1, Move::put(card("4H")))) << "\"any card\": one";
  EXPECT_EQ(callable(s).size(), 13u) << "any rank";
  play(s, 1, Move::call(kKing));
  pass_all(s);
  EXPECT_EQ(s.to_move(), 2);
  // Removed from play face down: the others cannot see what went.
  const View v = s.view(2);
  int known = 0;
  for (const CardView& c : v.zones.back().cards) known += c.card.has_value();
  EXPECT_EQ(known, 0);
}

TEST(PaskahousuRules, ATenAfterATenOrOnAnEmptyPileClearsNothing) {
  // "a Ten (after any lower rank)": not after a Ten, nor on an empty pile.
  for (Rank top : {kTen, kNoRank}) {
    PaskahousuState s = fresh(3);
    s.set_position({cards({"10C", "9S"}), cards({"6D"}), cards({"6H"})}, {}, 0, top);
    put_and_call(s, 0, {"10C"}, kTen);
    pass_all(s);
    EXPECT_EQ(s.pile().size(), 1u) << top;
    EXPECT_TRUE(s.removed().empty());
    EXPECT_EQ(s.to_move(), 1);
  }
}

TEST(PaskahousuRules, AnAceAfterACourtUnchallengedRemovesThePile) {
  // "or an Ace (after a Jack, Queen or King)"
  PaskahousuState s = fresh(3);
  s.set_position({cards({"QC", "9S"}), cards({"AD", "3D"}), cards({"6H"})}, {}, 0, kTen);
  put_and_call(s, 0, {"QC"}, kQueen);
  pass_all(s);
  put_and_call(s, 1, {"AD"}, kAce);
  pass_all(s);
  EXPECT_EQ(s.removed().size(), 2u);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.fresh(), Fresh::kRestart);
}

TEST(PaskahousuRules, ARankMeansOneOrMoreOfThatRank) {
  // "a 'call' means a discard and its accompanying announcement, and reference
  // to 'a' rank means 'one or more' of that rank": two Nines then two Tens clear.
  PaskahousuState s = fresh(3);
  s.set_position({cards({"9C", "9D", "3S"}), cards({"10D", "10S", "3D"}), cards({"6H"})}, {}, 0);
  put_and_call(s, 0, {"9C", "9D"}, kNine);
  pass_all(s);
  put_and_call(s, 1, {"10D", "10S"}, kTen);
  pass_all(s);
  EXPECT_EQ(s.removed().size(), 4u);
  EXPECT_EQ(s.fresh(), Fresh::kRestart);
}

TEST(PaskahousuRules, AChallengedTenClearsNothing) {
  // "and not being challenged": a true Ten challenged goes to the challenger.
  PaskahousuState s = fresh(3);
  s.set_position({cards({"5C", "9S"}), cards({"10D", "3H"}), cards({"6C", "7C"})}, {}, 0);
  put_and_call(s, 0, {"5C"}, kFive);
  pass_all(s);
  put_and_call(s, 1, {"10D"}, kTen);
  play(s, 2, Move::challenge());
  EXPECT_TRUE(s.removed().empty());
  EXPECT_EQ(hand_of(s, 2), cards({"5C", "6C", "7C", "10D"}));
  EXPECT_EQ(s.to_move(), 2);
}

TEST(PaskahousuRules, ATenOrAceNextOnANewPileMakesThePlayerAfterTakeItUp) {
  // "If the next player then calls a Ten or an Ace, the player after that must
  // add it to their hand, leaving the next in turn to start a new pile."
  PaskahousuState s = fresh(4);
  s.set_position(
      {cards({"5C", "9S"}), cards({"10D", "3H", "4H"}), cards({"6C", "7C"}), cards({"8C", "8D"})},
      {}, 0);
  put_and_call(s, 0, {"5C"}, kFive);
  pass_all(s);
  put_and_call(s, 1, {"10D"}, kTen);
  pass_all(s);  // cleared: seat 1 starts anew
  put_and_call(s, 1, {"3H"}, kThree);
  pass_all(s);
  EXPECT_EQ(s.fresh(), Fresh::kNext);
  put_and_call(s, 2, {"6C"}, kTen);  // the next player calls a Ten
  pass_all(s);
  EXPECT_TRUE(s.removed().size() == 2u) << "it clears nothing";
  EXPECT_EQ(hand_of(s, 3), cards({"3H", "6C", "8C", "8D"}));  // the player after takes it
  EXPECT_TRUE(s.pile().empty());
  EXPECT_EQ(s.top(), kNoRank);
  EXPECT_EQ(s.to_move(), 0);  // and the next in turn starts a new pile
  EXPECT_EQ(s.fresh(), Fresh::kNone);
}

TEST(PaskahousuRules, AnyOtherCallOnANewPileGoesOnAsUsual) {
  PaskahousuState s = fresh(3);
  s.set_position({cards({"5C", "9S"}), cards({"10D", "3H", "4H"}), cards({"6C", "7C"})}, {}, 0);
  put_and_call(s, 0, {"5C"}, kFive);
  pass_all(s);
  put_and_call(s, 1, {"10D"}, kTen);
  pass_all(s);
  put_and_call(s, 1, {"3H"}, kThree);
  pass_all(s);
  put_and_call(s, 2, {"6C"}, kSix);
  pass_all(s);
  EXPECT_EQ(s.pile().size(), 2u);
  EXPECT_EQ(s.fresh(), Fresh::kNone);
  EXPECT_EQ(s.to_move(), 0);
}

// ---- Drawing from stock ---------------------------------------------------------------

TEST(PaskahousuRules, DrawTheTopCardAndAddItToYourHandEndingYourTurn) {
  // "Instead of playing from your hand to the table, you may draw the top card of
  // stock, so long as any remain, and either add it to your hand, thus ending
  // your turn, or play it face down ..."
  PaskahousuState s = fresh(3);
  s.set_position({cards({"5C"}), cards({"6D"}), cards({"6H"})}, cards({"KD", "2S"}), 0, kSix);
  play(s, 0, Move::keep());
  EXPECT_EQ(hand_of(s, 0), cards({"2S", "5C"}));  // the top card
  EXPECT_EQ(hand_of(s, 0).size(), 2u);
  EXPECT_EQ(s.stock().size(), 1u);
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(s.top(), kSix);  // no call was made
  // The drawer sees the card; the others do not.
  int shown = 0;
  const View v = s.view(1);
  for (const CardView& c : v.zones[0].cards) shown += c.card.has_value();
  EXPECT_EQ(shown, 0);
}

TEST(PaskahousuRules, OrPlayItFaceDownUnseenClaimingAnyLegalRank) {
  // "or play it face down to the table (without first looking at its face) and
  // claim it to be any legal rank"
  PaskahousuState s = fresh(3);
  s.set_position({cards({"5C"}), cards({"6D"}), cards({"6H"})}, cards({"KD", "2S"}), 0, kSix);
  EXPECT_FALSE(allowed(s, 0, Move::blind(kFive))) << "a legal rank only";
  EXPECT_FALSE(allowed(s, 0, Move::blind(kJack)));
  play(s, 0, Move::blind(kSeven));
  EXPECT_EQ(hand_of(s, 0), cards({"5C"}));
  for (Seat v : {0, 1, 2}) {
    const View view = s.view(v);
    ASSERT_EQ(view.zones[5].cards.size(), 1u);
    EXPECT_FALSE(view.zones[5].cards[0].card) << "unseen even by its player";
  }
  play(s, 1, Move::challenge());  // a Two, not a Seven
  EXPECT_EQ(hand_of(s, 0), cards({"2S", "5C"}));
  EXPECT_EQ(s.to_move(), 1);
}

TEST(PaskahousuRules, NoDrawingOnceTheStockIsGone) {
  // "so long as any remain"
  PaskahousuState s = fresh(3);
  s.set_position({cards({"5C"}), cards({"6D"}), cards({"6H"})}, {}, 0, kSix);
  for (Action a : legal(s, 0)) {
    const Move m = *Move::decode(a);
    EXPECT_NE(m.kind, Move::kKeep);
    EXPECT_NE(m.kind, Move::kBlind);
  }
}

TEST(PaskahousuRules, APlayerWithoutCardsDrawsWhileTheStockLasts) {
  // Our reading: nobody is out while the stock lasts.
  PaskahousuState s = fresh(3);
  s.set_position({{}, cards({"6D"}), cards({"6H"})}, cards({"KD"}), 0, kSix);
  EXPECT_TRUE(s.in_play(0));
  const std::vector<Action> l = legal(s, 0);
  EXPECT_TRUE(allowed(s, 0, Move::keep()));
  EXPECT_TRUE(allowed(s, 0, Move::blind(kSix)));
  EXPECT_TRUE(std::none_of(l.begin(), l.end(),
                           [](Action a) { return Move::decode(a)->kind == Move::kPut; }));
}

TEST(PaskahousuRules, WithRefillAPlayerDrawsBackUpToFive) {
  // Option refill=five (Wikipedia, after pagat): "If a player has fewer than
  // five cards in his hand, he must take cards from the stock so that he has five".
  PaskahousuState s = fresh(3, {"refill=five"});
  s.set_position({cards({"5C", "5D", "9S", "9C", "KH"}), cards({"6D"}), cards({"6H"})},
                 cards({"2C", "2D", "3C", "3D"}), 0);
  put_and_call(s, 0, {"5C", "5D"}, kFive);
  EXPECT_EQ(s.hand(0).size(), 3u);  // not before the play is settled
  pass_all(s);
  EXPECT_EQ(s.hand(0).size(), 5u);
  EXPECT_EQ(s.stock().size(), 2u);
  PaskahousuState plain = fresh(3);
  plain.set_position({cards({"5C", "5D", "9S", "9C", "KH"}), cards({"6D"}), cards({"6H"})},
                     cards({"2C", "2D", "3C", "3D"}), 0);
  put_and_call(plain, 0, {"5C", "5D"}, kFive);
  pass_all(plain);
  EXPECT_EQ(plain.hand(0).size(), 3u);
}

// ---- Leaving play and the end ---------------------------------------------------------

TEST(PaskahousuRules, OnceTheStockIsGoneAPlayerOutOfCardsLeavesPlay) {
  PaskahousuState s = fresh(3);
  s.set_position({cards({"5C"}), cards({"6D", "6C"}), cards({"7H", "7C"})}, {}, 0);
  put_and_call(s, 0, {"5C"}, kFive);
  pass_all(s);
  EXPECT_FALSE(s.in_play(0));
  EXPECT_TRUE(s.view(1).seats[0].out);
  put_and_call(s, 1, {"6D"}, kSix);
  EXPECT_EQ(s.actors().seats, 0b100u) << "out of play, out of the challenges";
  pass_all(s);
  EXPECT_EQ(s.to_move(), 2) << "and of the turns";
}

TEST(PaskahousuRules, CaughtOnTheLastCardAPlayerStaysInPlay) {
  PaskahousuState s = fresh(3);
  s.set_position({cards({"5C"}), cards({"6D", "6C"}), cards({"7H", "7C"})}, {}, 0);
  put_and_call(s, 0, {"5C"}, kSix);
  play(s, 1, Move::challenge());
  EXPECT_TRUE(s.in_play(0));
  EXPECT_EQ(hand_of(s, 0), cards({"5C"}));
}

TEST(PaskahousuRules, WhenTheLastCardOfStockIsDrawnThoseWithoutCardsLeave) {
  PaskahousuState s = fresh(4);
  s.set_position({{}, cards({"6D"}), cards({"7H", "7C"}), cards({"8H"})}, cards({"3C"}), 1, kSix);
  EXPECT_TRUE(s.in_play(0));
  play(s, 1, Move::keep());
  EXPECT_FALSE(s.in_play(0));
  EXPECT_EQ(s.to_move(), 2);
}

TEST(PaskahousuRules, TheLastPlayerLeftWithCardsIsPaskahousu) {
  // "The last player left with any cards in hand is designated 'Shitpants'".
  PaskahousuState s = fresh(3);
  s.set_position({cards({"5C"}), cards({"6D"}), cards({"7H", "7C"})}, {}, 0);
  put_and_call(s, 0, {"5C"}, kFive);
  pass_all(s);
  put_and_call(s, 1, {"6D"}, kSix);
  pass_all(s);
  ASSERT_TRUE(s.terminal());
  const Outcome o = s.outcome();
  EXPECT_EQ(o.kind, OutcomeKind::kLoser);
  EXPECT_TRUE(o.lost(2));
  EXPECT_FALSE(o.lost(0));
  EXPECT_FALSE(o.lost(1));
  EXPECT_NE(o.summary.find("Paskahousu"), std::string::npos);
  EXPECT_EQ(s.view(0).seats[2].status, "Paskahousu, dealer");
}

TEST(PaskahousuRules, AGameThatGoesOnTooLongStopsAndTheMostCardsLose) {
  // Our reading: after max-turns turns the player in play holding most loses.
  PaskahousuState s = fresh(3, {"max-turns=50"});
  std::vector<std::vector<Card>> hands(3);
  for (int i = 0; i < 51; ++i)
    hands[i % 3].push_back(Card::from_index(static_cast<std::uint8_t>(i)));
  s.set_position(hands, {Card::from_index(51)}, 0);
  for (int turn = 0; turn < 50; ++turn) {  // everyone calls Twos, and nobody doubts
    ASSERT_FALSE(s.terminal());
    const Seat p = s.to_move();
    play(s, p, Move::put(s.hand(p)[0].card));
    play(s, p, Move::call(kTwo));
    pass_all(s);
  }
  ASSERT_TRUE(s.terminal());
  EXPECT_EQ(s.turns(), 50);
  EXPECT_EQ(s.losers(), 0b100u);  // seats 0 and 1 played their 17 cards; seat 2 holds one
  EXPECT_NE(s.outcome().summary.find("stopped"), std::string::npos);
}

// ---- What each seat knows -------------------------------------------------------------

TEST(PaskahousuKnowledge, TurnedUpCardsAreKnownWhereverTheyGo) {
  PaskahousuState s = fresh(3);
  s.set_position({cards({"5C", "9S"}), cards({"6D", "4S"}), cards({"6H"})}, {}, 0);
  put_and_call(s, 0, {"5C"}, kFive);
  pass_all(s);
  put_and_call(s, 1, {"4S"}, kSix);
  play(s, 2, Move::challenge());  // the 4S turned up: seat 1 takes it and the 5C
  const View v = s.view(2);
  std::vector<Card> known;
  for (const CardView& c : v.zones[1].cards)
    if (c.card) known.push_back(*c.card);
  EXPECT_EQ(known, cards({"4S"}));  // the 5C went down unseen by seat 2
  const View mine = s.view(0);
  known.clear();
  for (const CardView& c : mine.zones[1].cards)
    if (c.card) known.push_back(*c.card);
  std::sort(known.begin(), known.end());
  EXPECT_EQ(known, cards({"4S", "5C"}));  // seat 0 knows where its own card went
  EXPECT_EQ(v.zones[1].cards.size(), 3u);
  EXPECT_TRUE(v.zones[1].cards[0].card) << "known cards first, then backs";
}

TEST(PaskahousuKnowledge, AMemoryOutlastsAFaceDownPlay) {
  // The view forgets which cards are still in a hand after it plays face
  // down; a seat's memory believes the call.
  PaskahousuState s = fresh(3);
  s.set_position(
      {cards({"2C", "2D", "2H", "2S", "9S"}), cards({"3D", "5S", "5C"}), cards({"6H", "4C"})}, {},
      0);
  put_and_call(s, 0, {"2C", "2D", "2H", "2S"}, kTwo);
  play(s, 1, Move::challenge());  // true: seat 1 takes the four Twos, seen by all
  EXPECT_EQ(s.belief(2, 1)[kTwo], 4);
  put_and_call(s, 1, {"5S", "5C"}, kFive);  // seat 1 is on: left of the challenged
  pass_all(s);
  int shown = 0;
  const View v = s.view(2);
  for (const CardView& c : v.zones[1].cards) shown += c.card.has_value();
  EXPECT_EQ(shown, 0);
  EXPECT_EQ(s.belief(2, 1)[kTwo], 4);
  // A sample for seat 0 keeps no other seat's memory of the real cards.
  Rng rng(3);
  auto sample = resampler().resample(s, 0, rng);
  const auto& t = static_cast<const PaskahousuState&>(*sample);
  EXPECT_EQ(t.belief(0, 1)[kTwo], 4);
  EXPECT_EQ(t.belief(2, 1)[kTwo], 0);
}

TEST(PaskahousuKnowledge, TheStockAndABlindCardAreUnseenByAll) {
  PaskahousuState s = dealt(4);
  play(s, 0, Move::blind(kThree));
  for (Seat v = kSpectator; v < 4; ++v) {
    const View view = s.view(v);
    for (int z : {4, 6})
      for (const CardView& c : view.zones[z].cards) EXPECT_FALSE(c.card) << v << " " << z;
  }
}

// ---- Views ------------------------------------------------------------------------------

TEST(PaskahousuView, ThePileNotesItsCallsAndTheChoicesHaveKeys) {
  PaskahousuState s = fresh(3);
  s.set_position({cards({"5C", "9S"}), cards({"6D", "6C"}), cards({"6H"})}, cards({"KD"}), 0);
  put_and_call(s, 0, {"5C"}, kFive);
  pass_all(s);
  put_and_call(s, 1, {"6D", "6C"}, kSix);
  pass_all(s);
  const View v = s.view(2);
  EXPECT_EQ(v.zones[4].note, "called: Seat 0 a Five, Seat 1 two Sixes");
  EXPECT_EQ(v.zones[3].kind, ZoneKind::kStock);
  EXPECT_EQ(v.zones[4].layout, Layout::kPile);
  std::vector<std::string> keys;
  for (const Choice& c : v.choices) keys.push_back(c.key);
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(std::adjacent_find(keys.begin(), keys.end()), keys.end()) << "keys are distinct";
  EXPECT_NE(std::find(keys.begin(), keys.end(), "d"), keys.end());
  EXPECT_NE(v.prompt.find("Sixes"), std::string::npos);
  std::vector<std::string> story;
  put_and_call(s, 2, {"6H"}, kSix);
  play(s, 0, Move::challenge());
  s.narrate(1, story);
  ASSERT_FALSE(story.empty());
  EXPECT_NE(story[0].find("Seat 0 challenges Seat 2"), std::string::npos) << story[0];
}

// ---- Bots -------------------------------------------------------------------------------

TEST(PaskahousuBots, SharpPlaysAllOfTheLowestRankItMayTellTruly) {
  PaskahousuState s = fresh(3);
  s.set_position({cards({"5C", "5D", "9S", "KH"}), cards({"6D"}), cards({"6H"})}, {}, 0, kFour);
  // It is the lowest truth four times in five; the rest vary the play.
  int lowest = 0;
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    Rng rng(seed);
    lowest += *Move::decode(sharp_action(s, 0, rng)) == Move::put(card("5C"));
  }
  EXPECT_GT(lowest, 30);
  Rng rng(1);
  play(s, 0, Move::put(card("5C")));
  EXPECT_EQ(*Move::decode(sharp_action(s, 0, rng)), Move::put(card("5D")));
  play(s, 0, Move::put(card("5D")));
  EXPECT_EQ(*Move::decode(sharp_action(s, 0, rng)), Move::call(kFive));
}

TEST(PaskahousuBots, SharpClearsWithATenFirst) {
  PaskahousuState s = fresh(3);
  s.set_position({cards({"8C", "10D", "9S"}), cards({"6D"}), cards({"6H"})}, {}, 0, kSeven);
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Rng rng(seed);
    EXPECT_EQ(*Move::decode(sharp_action(s, 0, rng)), Move::put(card("10D")));
  }
}

TEST(PaskahousuBots, SharpDrawsRatherThanLieOnABigPile) {
  PaskahousuState s = fresh(3);
  s.set_position({cards({"3C", "4S"}), cards({"8D", "8C", "8S", "8H", "3D"}), cards({"6H"})},
                 cards({"KD", "KC"}), 1);
  put_and_call(s, 1, {"8D", "8C", "8S", "8H"}, kEight);
  pass_all(s);
  Rng rng(1);
  EXPECT_EQ(*Move::decode(sharp_action(s, 2, rng)), Move::keep());  // a Six may not be told
}

TEST(PaskahousuBots, SharpChallengesWhatItKnowsCannotBeTrue) {
  PaskahousuState s = fresh(3);
  s.set_position({cards({"9S", "9C", "3C"}), cards({"7D", "7C", "7H", "3D"}), cards({"2H", "3H"})},
                 {}, 0);
  put_and_call(s, 0, {"9S", "9C"}, kSeven);  // two Sevens; seat 1 holds three of four
  Rng rng(1);
  EXPECT_EQ(*Move::decode(sharp_action(s, 1, rng)), Move::challenge());
  EXPECT_EQ(chance_true(s, 1), 0.0);
}

TEST(PaskahousuBots, SharpChallengesAPlayThatWouldGoOut) {
  PaskahousuState s = fresh(3);
  s.set_position({cards({"AS"}), cards({"2D", "3D"}), cards({"2H", "3H"})}, {}, 0, kKing);
  put_and_call(s, 0, {"AS"}, kAce);
  Rng rng(1);
  EXPECT_EQ(*Move::decode(sharp_action(s, 1, rng)), Move::challenge());
}

TEST(PaskahousuBots, SharpBelievesWhatItSawTakenUp) {
  PaskahousuState s = fresh(3);
  s.set_position({cards({"2C", "2D", "2H", "2S", "9S"}), cards({"3D", "5S", "5C", "KC"}),
                  cards({"6H", "4C", "8C"})},
                 {}, 0);
  put_and_call(s, 0, {"2C", "2D", "2H", "2S"}, kTwo);
  play(s, 1, Move::challenge());
  put_and_call(s, 1, {"5S", "5C"}, kFive);
  pass_all(s);
  put_and_call(s, 2, {"8C"}, kEight);
  pass_all(s);
  put_and_call(s, 0, {"9S"}, kNine);
  pass_all(s);
  put_and_call(s, 1, {"2C", "2D", "2H", "2S"}, kTwo);  // the Twos it was seen to take
  EXPECT_GT(chance_true(s, 2), 0.9);
}

TEST(PaskahousuBots, ThePolicyIsLegalWhereverRandomPlayLeadsIt) {
  // In search the policy plays on from positions random moves made (cards put
  // down at random, taken back to the limit): its move must be legal there.
  const Selection sel = *select("paskahousu");
  for (int players : {3, 4, 6}) {
    for (std::uint64_t seed = 0; seed < 6; ++seed) {
      Table t(sel, config(players, {"max-turns=200"}), seed);
      Rng rng(seed, 1);
      std::vector<Action> l;
      while (!t.state().terminal()) {
        if (t.state().chance()) {
          t.chance();
          continue;
        }
        const auto& s = static_cast<const PaskahousuState&>(t.state());
        const Actors a = s.actors();
        Seat seat = kNobody;
        for (Seat p = 0; p < players && seat == kNobody; ++p)
          if (a.has(p)) seat = p;
        s.legal_actions(seat, l);
        const Action mine = sharp_action(s, seat, rng);
        ASSERT_NE(std::find(l.begin(), l.end(), mine), l.end())
            << s.action_label(seat, mine) << " at " << s.actions_applied();
        ASSERT_TRUE(t.act(seat, l[rng.below(static_cast<std::uint32_t>(l.size()))]).ok());
      }
    }
  }
}

// Plays whole games with these bots; the loser's bot of each, or "" if a bot
// chose an illegal move.
std::vector<std::string> tournament(const std::vector<std::string>& bots, int games) {
  const Selection sel = *select("paskahousu");
  const int n = static_cast<int>(bots.size());
  const Config cfg = config(n);
  std::vector<std::string> losers;
  for (int g = 0; g < games; ++g) {
    Table t(sel, cfg, 500 + static_cast<std::uint64_t>(g));
    std::vector<std::unique_ptr<Player>> players;
    std::vector<Player*> seats;
    for (int p = 0; p < n; ++p) {
      const std::string& name = bots[static_cast<std::size_t>((p + g) % n)];
      players.push_back(
          std::make_unique<BotPlayer>(make_bot(*sel.game, name), sel.game->resampler, Rng(g, p)));
      seats.push_back(players.back().get());
    }
    if (!t.run(seats)) return {""};
    const Outcome o = t.state().outcome();
    for (int p = 0; p < n; ++p)
      if (o.lost(p)) losers.push_back(bots[static_cast<std::size_t>((p + g) % n)]);
  }
  return losers;
}

TEST(PaskahousuBots, SharpPlaysLegallyAndBeatsRandom) {
  const std::vector<std::string> losers = tournament({"sharp", "sharp", "random"}, 30);
  ASSERT_NE(losers, std::vector<std::string>{""}) << "an illegal move";
  EXPECT_GE(std::count(losers.begin(), losers.end(), "random"), 27);
}

TEST(PaskahousuBots, SearchWithTheHintsPlaysWholeGames) {
  const std::vector<std::string> losers = tournament({"ismcts:40", "sharp", "sharp", "random"}, 2);
  ASSERT_NE(losers, std::vector<std::string>{""}) << "an illegal move";
  EXPECT_GE(losers.size(), 2u);
}

TEST(PaskahousuBots, TheEstimateFavoursFewerCards) {
  PaskahousuState s = fresh(4);
  s.set_position({cards({"5C"}), cards({"6D", "6C", "7D"}), cards({"6H", "7H"}), cards({"3S"})}, {},
                 0);
  put_and_call(s, 0, {"5C"}, kFive);
  pass_all(s);  // seat 0 is out
  std::array<double, kMaxSeats> v{};
  search_hints().estimate(s, std::span<double>(v.data(), v.size()));
  EXPECT_EQ(v[0], 1.0);
  EXPECT_GT(v[3], v[2]);
  EXPECT_GT(v[2], v[1]);
  for (int p = 0; p < 4; ++p) EXPECT_TRUE(v[p] >= 0 && v[p] <= 1);
}

TEST(PaskahousuBots, TheSampleBelievesMostPlaysButNotBlindOnes) {
  PaskahousuState s = fresh(3);
  s.set_position({cards({"7S", "7C", "3C"}), cards({"4D", "5D"}), cards({"4H", "5H"})},
                 cards({"7H", "7D", "KS", "KC", "QS", "QC", "JS", "JC"}), 0);
  put_and_call(s, 0, {"7S", "7C"}, kSeven);
  int sevens = 0;
  Rng rng(9);
  for (int i = 0; i < 400; ++i) {
    auto t = resampler().resample(s, 1, rng);
    const auto& u = static_cast<const PaskahousuState&>(*t);
    sevens += std::all_of(u.last_play().begin(), u.last_play().end(),
                          [](const kit::Held& c) { return c.card.rank() == kSeven; });
  }
  EXPECT_GT(sevens, 260);  // three in four, and chance the rest
  EXPECT_LT(sevens, 340);
  // A card played blind is a Seven by chance alone: 2 of the 11 cards hidden from seat 1.
  PaskahousuState b = fresh(3);
  b.set_position({cards({"3C"}), cards({"4D", "5D"}), cards({"4H", "5H"})},
                 cards({"7H", "7D", "KS", "KC", "QS", "QC", "JS", "JC"}), 0);
  play(b, 0, Move::blind(kSeven));
  sevens = 0;
  for (int i = 0; i < 400; ++i) {
    auto t = resampler().resample(b, 1, rng);
    sevens += static_cast<const PaskahousuState&>(*t).last_play()[0].card.rank() == kSeven;
  }
  EXPECT_GT(sevens, 40);
  EXPECT_LT(sevens, 110);
}

// ---- Moves --------------------------------------------------------------------------------

TEST(PaskahousuMoves, EveryMoveRoundTrips) {
  std::vector<Move> moves = {Move::keep(), Move::decline(), Move::challenge(), Move::pass()};
  for (std::uint8_t i = 0; i < 52; ++i)
    moves.push_back(Move::put(Card::from_index(i))),
        moves.push_back(Move::take_back(Card::from_index(i)));
  for (Rank r : kCallOrder) moves.push_back(Move::call(r)), moves.push_back(Move::blind(r));
  std::vector<Action> codes;
  for (const Move& m : moves) {
    EXPECT_EQ(Move::decode(m.encode()), m);
    codes.push_back(m.encode());
  }
  std::sort(codes.begin(), codes.end());
  EXPECT_EQ(std::adjacent_find(codes.begin(), codes.end()), codes.end());
  EXPECT_FALSE(Move::decode(128));
  EXPECT_FALSE(Move::decode(9999));
}

// ---- The conformance harness ---------------------------------------------------------

TEST(PaskahousuConformance, EveryPresetAndPlayerCount) {
  // Random play makes long games: they are stopped after 150 turns here (the
  // game's own stop), which leaves every rule room to happen.
  testing::ConformanceOptions opt;
  opt.games = 3;
  for (const Selection& sel : all_selections()) {
    if (sel.game != find_game("paskahousu")) continue;
    for (int p = 3; p <= kMaxPlayers; ++p)
      testing::check_conformance(
          sel, *make_config(sel, p, std::vector<std::string>{"max-turns=150"}), opt);
  }
}

TEST(PaskahousuConformance, WholeGamesOfTheDefaultRules) {
  testing::ConformanceOptions opt;
  opt.games = 3;
  opt.resample_every = 13;
  for (int p : {3, 5}) testing::check_conformance(*select("paskahousu"), config(p), opt);
}

}  // namespace
}  // namespace parlour::paskahousu
