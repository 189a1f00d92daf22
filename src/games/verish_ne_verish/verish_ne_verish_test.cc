// Verish' Ne Verish': a test for each sentence of seed 004
// (004_51e9d4c9f9ca782a.txt) on the game, or for the reading rules.md
// documents where it is silent; then what each seat knows, the bots, and the
// conformance harness.
#include <gtest/gtest.h>

#include <algorithm>

#include "bots/random_bot.h"
#include "conformance.h"
#include "core/seeds.h"
#include "core/table.h"
#include "games/verish_ne_verish/bots.h"
#include "games/verish_ne_verish/state.h"

namespace parlour::verish_ne_verish {
namespace {

using testing::card;
using testing::cards;
using testing::legal;

Config config(int players, const std::vector<std::string>& opts = {}) {
  return testing::test_config("verish-ne-verish", players, opts);
}

VerishState fresh(int players, const std::vector<std::string>& opts = {}) {
  return VerishState(Rules::from(config(players, opts)));
}

VerishState dealt(int players, const std::vector<std::string>& opts = {}, std::uint64_t seed = 1) {
  VerishState s = fresh(players, opts);
  Rng rng(seed);
  s.apply_chance(rng);
  return s;
}

void play(VerishState& s, Seat seat, Move m) {
  ASSERT_TRUE(testing::play(s, seat, m.encode()))
      << seat_name(seat) << ": " << s.action_label(seat, m.encode());
}

// Puts down these cards and declares them.
void put_and_declare(VerishState& s, Seat seat, const std::vector<std::string>& names, Rank r) {
  for (const std::string& n : names) play(s, seat, Move::put(card(n)));
  play(s, seat, Move::declare(r));
}

std::vector<Card> hand_of(const VerishState& s, Seat p) {
  std::vector<Card> v;
  for (const kit::Held& h : s.hand(p)) v.push_back(h.card);
  return v;
}

bool has(const std::vector<Action>& l, Move m) {
  return std::find(l.begin(), l.end(), m.encode()) != l.end();
}

int count_kind(const std::vector<Action>& l, Move::Kind k) {
  return static_cast<int>(
      std::count_if(l.begin(), l.end(), [&](Action a) { return Move::decode(a)->kind == k; }));
}

// The cards of seat p's hand that `viewer` sees.
int known_in_hand(const VerishState& s, Seat viewer, Seat p) {
  int n = 0;
  const View v = s.view(viewer);
  for (const CardView& c : v.zones[static_cast<std::size_t>(p)].cards) n += c.card.has_value();
  return n;
}

// The zone of a view by name.
Zone zone(const View& v, std::string_view name) {
  for (const Zone& z : v.zones)
    if (z.name == name) return z;
  ADD_FAILURE() << "no zone " << name;
  return v.zones[0];
}

// ---- Players and cards ------------------------------------------------------------

TEST(VerishRules, TwoOrThreePlayersUse36CardsFourOrMoreUse52) {
  // "Two or three players use 36 cards, four or more use 52." The 36 run six
  // to ace (pagat.com: "36 cards - 6 to A").
  for (int p = 2; p <= 6; ++p) {
    const VerishState s = dealt(p);
    std::vector<Card> all;
    s.all_cards(all);
    EXPECT_EQ(all.size(), p <= 3 ? 36u : 52u) << p << " players";
    for (Card c : all) {
      if (p <= 3) {
        EXPECT_TRUE(c.rank() == kAce || c.rank() >= kSix) << short_name(c);
      }
    }
  }
  std::vector<Card> all;
  dealt(3, {"deck=52"}).all_cards(all);
  EXPECT_EQ(all.size(), 52u);
  dealt(4, {"deck=36"}).all_cards(all);
  EXPECT_EQ(all.size(), 36u);
}

TEST(VerishRules, OneCardIsLaidAsideFaceDownUnseenByAnyone) {
  // "Remove one card from the pack at random and lay it face down to one side
  // without exposing it."
  const VerishState s = dealt(3);
  ASSERT_EQ(s.aside().size(), 1u);
  for (Seat v : {0, 1, 2, kSpectator}) {
    const Zone z = zone(s.view(v), "laid aside");
    ASSERT_EQ(z.cards.size(), 1u);
    EXPECT_FALSE(z.cards[0].card.has_value()) << "seat " << v << " sees the card laid aside";
  }
  // At random: different deals lay different cards aside.
  std::vector<Card> aside;
  for (std::uint64_t seed = 1; seed <= 20; ++seed)
    aside.push_back(dealt(3, {}, seed).aside()[0].card);
  std::sort(aside.begin(), aside.end());
  EXPECT_GT(std::unique(aside.begin(), aside.end()) - aside.begin(), 5);
}

TEST(VerishRules, DealTheRestRoundAsFarAsTheyWillGo) {
  // "Deal the rest round as far as they will go. It doesn't matter if some
  // players have one more card than others."
  for (int p = 2; p <= 6; ++p) {
    const VerishState s = dealt(p);
    const int rest = (p <= 3 ? 36 : 52) - 1;
    int total = 0;
    for (Seat q = 0; q < p; ++q) {
      const int n = static_cast<int>(s.hand(q).size());
      // Round from the dealer's left: the first seats get the odd cards.
      EXPECT_EQ(n, rest / p + (q < rest % p ? 1 : 0)) << p << " players, seat " << q;
      total += n;
    }
    EXPECT_EQ(total, rest);
  }
}

// ---- Play ------------------------------------------------------------------------------

TEST(VerishRules, TheDealersLeftStartsWithOneToFourCardsOfAnyRank) {
  // "The player at the dealer's left starts by playing from one to four cards
  // face down on the table and declaring them to be of any rank".
  VerishState s = dealt(3);
  EXPECT_EQ(s.dealer(), 2);
  EXPECT_EQ(s.to_move(), 0);
  std::vector<Action> l = legal(s, 0);
  EXPECT_EQ(count_kind(l, Move::kDeclare), 0) << "a play needs at least one card";
  EXPECT_EQ(count_kind(l, Move::kChallenge), 0) << "nothing to challenge yet";
  for (int i = 0; i < 4; ++i) play(s, 0, Move::put(s.hand(0)[0].card));
  l = legal(s, 0);
  EXPECT_EQ(count_kind(l, Move::kPut), 0) << "no more than four";
  // Any rank of the pack: the nine of six to ace.
  EXPECT_EQ(count_kind(l, Move::kDeclare), 9);
  EXPECT_TRUE(has(l, Move::declare(kAce)) && has(l, Move::declare(kSix)));
  EXPECT_FALSE(has(l, Move::declare(kTwo)));
}

TEST(VerishRules, EachInTurnPlaysOneOrMoreCardsDeclaringTheSameRank) {
  // "Each in turn thereafter must either play one or more cards face down and
  // declare the same rank as the previous player".
  VerishState s = fresh(3);
  s.set_position(
      {cards({"JC", "9S"}), cards({"6C", "6D", "7C", "7D", "8C", "8D"}), cards({"KC", "KD"})},
      card("AS"), 0);
  put_and_declare(s, 0, {"9S"}, kJack);
  EXPECT_EQ(s.to_move(), 1);
  play(s, 1, Move::put(card("6C")));
  std::vector<Action> l = legal(s, 1);
  EXPECT_EQ(count_kind(l, Move::kDeclare), 1);
  EXPECT_TRUE(has(l, Move::declare(kJack)));
  // "One or more": the whole hand, if he likes (our reading: no limit but the hand).
  for (const char* c : {"6D", "7C", "7D", "8C", "8D"}) play(s, 1, Move::put(card(c)));
  play(s, 1, Move::declare(kJack));
  EXPECT_EQ(s.last_play().size(), 6u);
  EXPECT_EQ(s.pile().size(), 1u);  // the first play is covered
}

TEST(VerishRules, PagatPlaysOneToThreeCards) {
  // pagat.com: "puts one, two or three of his cards on the table" to start,
  // and "one, two or three of his cards on top" later.
  for (bool first : {true, false}) {
    VerishState s = fresh(3, {"first-most=3", "later-most=3"});
    s.set_position({cards({"JC", "JD", "JH", "JS", "9S"}), cards({"6C", "6D", "6H", "6S", "7C"}),
                    cards({"KC"})},
                   card("AS"), 0);
    Seat p = 0;
    if (!first) put_and_declare(s, 0, {"9S"}, kJack), p = 1;
    for (int i = 0; i < 3; ++i) play(s, p, Move::put(s.hand(p)[0].card));
    EXPECT_EQ(count_kind(legal(s, p), Move::kPut), 0);
  }
}

TEST(VerishRules, OnlyThePersonInTurnMayChallengeInsteadOfPlaying) {
  // "or else challenge the previous player's veracity by saying 'Ne verish''
  // ... Only the person in turn to play may challenge."
  VerishState s = fresh(3);
  s.set_position({cards({"JC", "9S"}), cards({"6C", "7C"}), cards({"KC", "KD"})}, card("AS"), 0);
  put_and_declare(s, 0, {"9S"}, kJack);
  EXPECT_TRUE(has(legal(s, 1), Move::challenge()));
  EXPECT_TRUE(legal(s, 2).empty());
  EXPECT_TRUE(legal(s, 0).empty());
  // Challenging is instead of playing: not once cards are put down.
  play(s, 1, Move::put(card("6C")));
  EXPECT_FALSE(has(legal(s, 1), Move::challenge()));
  play(s, 1, Move::take_back(card("6C")));
  EXPECT_TRUE(has(legal(s, 1), Move::challenge()));
}

TEST(VerishRules, AMistakenChallengerTakesUpAllTheCardsAndTheNextRoundStartsAtHisLeft) {
  // "The challenger, if mistaken ... must take up all the cards so far played
  // and add them to his hand." "The next round is then started by the player
  // to the left of the faulted player".
  VerishState s = fresh(3);
  s.set_position({cards({"JC", "JD", "9S"}), cards({"JH", "7C", "7D"}), cards({"KC", "KD", "6H"})},
                 card("AS"), 0);
  put_and_declare(s, 0, {"JC"}, kJack);
  put_and_declare(s, 1, {"JH"}, kJack);
  put_and_declare(s, 2, {"KC"}, kJack);  // a lie, covered by the next play
  put_and_declare(s, 0, {"JD"}, kJack);
  play(s, 1, Move::challenge());  // the truth: seat 1 was wrong
  EXPECT_EQ(hand_of(s, 1), cards({"7C", "7D", "JC", "JD", "JH", "KC"}));
  EXPECT_TRUE(s.pile().empty() && s.last_play().empty());
  EXPECT_EQ(s.phase(), VerishState::Phase::kSets);
  play(s, 1, Move::play_on());
  EXPECT_EQ(s.to_move(), 2);
  EXPECT_TRUE(s.starts_round());
  // "who may, as before, play and call any desired rank".
  play(s, 2, Move::put(card("KD")));
  EXPECT_EQ(count_kind(legal(s, 2), Move::kDeclare), 9);
}

TEST(VerishRules, ALiarCaughtTakesUpAllTheCardsAndTheChallengerStarts) {
  // "... or the challenged player, if caught lying, must take up all the
  // cards so far played" ... "(thus the challenger himself, if correct)".
  VerishState s = fresh(3);
  s.set_position({cards({"JC", "9S"}), cards({"JH", "7C"}), cards({"KC", "KD", "6H"})}, card("AS"),
                 0);
  put_and_declare(s, 0, {"JC"}, kJack);
  put_and_declare(s, 1, {"7C"}, kJack);
  play(s, 2, Move::challenge());
  EXPECT_EQ(hand_of(s, 1), cards({"7C", "JC", "JH"}));
  play(s, 1, Move::play_on());
  EXPECT_EQ(s.to_move(), 2);
  EXPECT_TRUE(s.starts_round());
}

TEST(VerishRules, OnlyTheLastPlayIsTurnedUp) {
  // "turning that player's cards face up": the last play only; the covered
  // plays go into the taker's hand unseen by the others.
  VerishState s = fresh(3);
  s.set_position({cards({"JC", "9S"}), cards({"JH", "7C"}), cards({"KC", "KD", "6H"})}, card("AS"),
                 0);
  put_and_declare(s, 0, {"9S"}, kJack);  // a lie, covered
  put_and_declare(s, 1, {"7C"}, kJack);
  play(s, 2, Move::challenge());
  std::vector<std::string> story;
  s.narrate(2, story);
  ASSERT_EQ(story.size(), 1u);
  EXPECT_NE(story[0].find(card_token(card("7C"))), std::string::npos);
  EXPECT_EQ(story[0].find(card_token(card("9S"))), std::string::npos);
  // Seat 2 knows the 7C in seat 1's hand, not the 9S; seat 0 knows both.
  EXPECT_EQ(known_in_hand(s, 2, 1), 1);
  EXPECT_EQ(known_in_hand(s, 0, 1), 2);
}

TEST(VerishRules, TheTakerMayPutAwayASetOfFourShownToEveryone) {
  // "He may then, before play proceeds, remove any set of four cards of the
  // same rank from his hand, reveal them to everyone, and discard them face
  // down".
  VerishState s = fresh(3);
  s.set_position({cards({"JC", "JD", "9S"}), cards({"JH", "JS", "7C"}), cards({"KC", "KD"})},
                 card("AS"), 0);
  put_and_declare(s, 0, {"JC", "JD"}, kJack);
  play(s, 1, Move::challenge());
  EXPECT_EQ(s.to_move(), 1);
  const std::vector<Action> l = legal(s, 1);
  EXPECT_EQ(l.size(), 2u);
  EXPECT_TRUE(has(l, Move::put_away(kJack)));
  EXPECT_TRUE(has(l, Move::play_on()));
  play(s, 1, Move::put_away(kJack));
  EXPECT_EQ(hand_of(s, 1), cards({"7C"}));
  for (Seat v : {0, 2, kSpectator}) {
    const Zone z = zone(s.view(v), "sets put away");
    ASSERT_EQ(z.cards.size(), 4u);
    for (const CardView& c : z.cards) EXPECT_TRUE(c.card.has_value()) << "seat " << v;
  }
  play(s, 1, Move::play_on());  // "before play proceeds"
  EXPECT_EQ(s.to_move(), 2);
}

TEST(VerishRules, SetsAreFoundInAHandInAnyOrder) {
  // A sampled hand is not sorted: a set is four of a rank wherever they lie,
  // and two pairs are no set.
  VerishState s = fresh(3);
  s.set_position({cards({"JC", "JD", "9S"}), cards({"JH", "JS", "9C", "9D", "7C"}), cards({"KC"})},
                 card("AS"), 0);
  put_and_declare(s, 0, {"JC", "JD"}, kJack);
  play(s, 1, Move::challenge());
  kit::Cards& h = s.mutable_hand(1);
  std::reverse(h.begin(), h.end());
  EXPECT_EQ(legal(s, 1),
            (std::vector<Action>{Move::put_away(kJack).encode(), Move::play_on().encode()}));
  std::swap(h[0], h[3]);
  EXPECT_EQ(count_kind(legal(s, 1), Move::kPutAway), 1);
  EXPECT_EQ(complete_sets(s.hand(2)), 0);
}

TEST(VerishRules, MayMeansTheSetMayBeKept) {
  // "He may": our reading, as pagat.com's "the rules don't force" it: he may
  // keep the set and play on.
  VerishState s = fresh(3);
  s.set_position({cards({"JC", "JD", "9S"}), cards({"JH", "JS", "7C"}), cards({"KC", "KD"})},
                 card("AS"), 0);
  put_and_declare(s, 0, {"JC", "JD"}, kJack);
  play(s, 1, Move::challenge());
  play(s, 1, Move::play_on());
  EXPECT_EQ(hand_of(s, 1).size(), 5u);
  EXPECT_TRUE(s.put_away().empty());
  // Only the taker, after taking up: not the others, not later.
  EXPECT_EQ(count_kind(legal(s, 2), Move::kPutAway), 0);
}

TEST(VerishRules, SetsMustGoInTheVariant) {
  VerishState s = fresh(3, {"sets=must"});
  s.set_position({cards({"JC", "JD", "9S"}), cards({"JH", "JS", "7C"}), cards({"KC", "KD"})},
                 card("AS"), 0);
  put_and_declare(s, 0, {"JC", "JD"}, kJack);
  play(s, 1, Move::challenge());
  EXPECT_EQ(hand_of(s, 1), cards({"7C"}));
  EXPECT_EQ(s.put_away().size(), 4u);
  EXPECT_EQ(s.to_move(), 2);  // straight on to the next round
  std::vector<std::string> story;
  s.narrate(0, story);
  ASSERT_EQ(story.size(), 2u);
  EXPECT_NE(story[1].find("four Jacks"), std::string::npos);
}

TEST(VerishRules, TheTakerIsAskedAboutSetsEvenWithoutOne) {
  // Our reading: whoever takes up always has the moment, so that the others
  // learn nothing from it of whether he holds a set.
  VerishState s = fresh(3);
  s.set_position({cards({"JC", "9S"}), cards({"6C", "7C"}), cards({"KC", "KD"})}, card("AS"), 0);
  put_and_declare(s, 0, {"JC"}, kJack);
  play(s, 1, Move::challenge());
  EXPECT_EQ(s.phase(), VerishState::Phase::kSets);
  EXPECT_EQ(legal(s, 1), std::vector<Action>{Move::play_on().encode()});
}

// ---- Running out, and the loser -----------------------------------------------------

TEST(VerishRules, APlayerWhoseLastCardsAreCoveredIsOutAndPassedOver) {
  // Our reading: a player out of cards leaves play once his last play is
  // covered by the next; play goes on round the others.
  VerishState s = fresh(3);
  s.set_position({cards({"JC"}), cards({"JD", "7C"}), cards({"KC", "KD"})}, card("AS"), 0);
  put_and_declare(s, 0, {"JC"}, kJack);
  EXPECT_TRUE(s.in_play(0));  // his play may yet be turned up
  put_and_declare(s, 1, {"JD"}, kJack);
  EXPECT_FALSE(s.in_play(0));
  EXPECT_TRUE(s.view(1).seats[0].out);
  EXPECT_EQ(s.to_move(), 2);
  play(s, 2, Move::challenge());  // the truth: seat 2 takes up
  play(s, 2, Move::play_on());
  EXPECT_EQ(s.to_move(), 1);  // the left of seat 2, passing over seat 0
}

TEST(VerishRules, ALastPlayCaughtLyingBringsThePlayerBack) {
  VerishState s = fresh(3);
  s.set_position({cards({"9S"}), cards({"JD", "7C"}), cards({"KC", "KD"})}, card("AS"), 0);
  put_and_declare(s, 0, {"9S"}, kJack);
  play(s, 1, Move::challenge());
  EXPECT_EQ(hand_of(s, 0), cards({"9S"}));
  EXPECT_TRUE(s.in_play(0));
  play(s, 0, Move::play_on());
  EXPECT_EQ(s.to_move(), 1);
}

TEST(VerishRules, ALastPlayFoundTrueLeavesThePlayerOut) {
  VerishState s = fresh(3);
  s.set_position({cards({"JC"}), cards({"JD", "7C"}), cards({"KC", "KD"})}, card("AS"), 0);
  put_and_declare(s, 0, {"JC"}, kJack);
  play(s, 1, Move::challenge());
  EXPECT_FALSE(s.in_play(0));
  play(s, 1, Move::play_on());
  EXPECT_EQ(s.to_move(), 2);
  EXPECT_FALSE(s.terminal());
}

TEST(VerishRules, WhoeverIsLeftWithCardsWhenEveryoneElseHasRunOutIsTheLoser) {
  // "Eventually, all complete sets of four will be eliminated, leaving three
  // of the initially discarded rank. Whoever is left with these in hand when
  // everyone else has run out is the loser."
  // Two players; every set but the Jacks put away; the Nine of spades laid
  // aside. Seat 0 plays its last three cards.
  for (bool challenge : {true, false}) {
    VerishState s = fresh(2);
    s.set_position({cards({"JC", "JD", "JH"}), cards({"JS", "9C", "9D", "9H"})}, card("9S"), 0,
                   {kSix, kSeven, kEight, kTen, kQueen, kKing, kAce});
    std::vector<Card> all;
    s.all_cards(all);
    ASSERT_EQ(all.size(), 36u);
    put_and_declare(s, 0, {"JC", "JD", "JH"}, kJack);
    if (challenge) {
      play(s, 1, Move::challenge());  // the truth: seat 0 is out
    } else {
      put_and_declare(s, 1, {"JS"}, kJack);  // believed: seat 0 is out
      EXPECT_EQ(hand_of(s, 1), cards({"9C", "9D", "9H"}));
    }
    ASSERT_TRUE(s.terminal()) << challenge;
    const Outcome o = s.outcome();
    EXPECT_EQ(o.kind, OutcomeKind::kLoser);
    EXPECT_TRUE(o.lost(1));
    EXPECT_FALSE(o.lost(0));
    EXPECT_EQ(o.places, (std::vector<int>{1, 2}));
    EXPECT_NE(o.summary.find("Seat 1"), std::string::npos);
  }
}

TEST(VerishRules, TheLastPlayerInPlayCannotBeCoveredAndLoses) {
  // Our reading: with nobody left to take his cards, whoever plays on when
  // every other player is out has lost, even with his last cards.
  VerishState s = fresh(3);
  s.set_position({cards({"JC"}), cards({"7C", "7D"}), {}}, card("AS"), 0);
  put_and_declare(s, 0, {"JC"}, kJack);
  put_and_declare(s, 1, {"7C", "7D"}, kJack);
  ASSERT_TRUE(s.terminal());
  EXPECT_TRUE(s.outcome().lost(1));
  EXPECT_FALSE(s.outcome().lost(0));
  EXPECT_FALSE(s.outcome().lost(2));
}

TEST(VerishRules, SayingVerishIsProperButNotCompulsory) {
  // "When playing instead of challenging, it is proper, but not compulsory, to
  // say 'Verish''": the story says it, or (say-verish=no) not.
  for (bool say : {true, false}) {
    VerishState s = fresh(3, {say ? "say-verish=yes" : "say-verish=no"});
    s.set_position({cards({"JC", "9S"}), cards({"JD", "7C"}), cards({"KC", "KD"})}, card("AS"), 0);
    put_and_declare(s, 0, {"JC"}, kJack);
    std::vector<std::string> story;
    s.narrate(2, story);
    EXPECT_EQ(story.at(0).find("Verish'"), std::string::npos) << "starting a round believes nobody";
    put_and_declare(s, 1, {"JD"}, kJack);
    story.clear();
    s.narrate(2, story);
    EXPECT_EQ(story.at(0).find("\"Verish'\"") != std::string::npos, say) << story[0];
  }
}

TEST(VerishRules, ATurnTakesBackAtMostFourCardsSoItEnds) {
  // Our reading: putting down and taking back must end.
  VerishState s = fresh(3);
  s.set_position({cards({"JC", "9S"}), cards({"7C"}), cards({"KC"})}, card("AS"), 0);
  for (int i = 0; i < 4; ++i) {
    play(s, 0, Move::put(card("JC")));
    play(s, 0, Move::take_back(card("JC")));
  }
  play(s, 0, Move::put(card("JC")));
  EXPECT_EQ(count_kind(legal(s, 0), Move::kTakeBack), 0);
}

TEST(VerishRules, AGameThatGoesOnTooLongStopsAndTheMostCardsLose) {
  // Our reading: after max-plays plays the game stops; whoever holds the most
  // cards loses.
  bool stopped = false;
  for (std::uint64_t seed = 1; seed <= 30 && !stopped; ++seed) {
    VerishState s = dealt(3, {"max-plays=20"}, seed);
    Rng rng(seed, 5);
    std::vector<Action> l;
    while (!s.terminal()) {
      s.legal_actions(s.to_move(), l);
      s.apply(s.to_move(), l[rng.below(static_cast<std::uint32_t>(l.size()))]);
    }
    ASSERT_LE(s.plays(), 20);
    if (!s.stopped()) continue;
    stopped = true;
    int most = 0;
    for (Seat p = 0; p < 3; ++p) most = std::max(most, static_cast<int>(s.hand(p).size()));
    for (Seat p = 0; p < 3; ++p)
      EXPECT_EQ(s.outcome().lost(p), static_cast<int>(s.hand(p).size()) == most);
  }
  EXPECT_TRUE(stopped);
}

// ---- What each seat knows ------------------------------------------------------------

TEST(VerishKnowledge, TurnedUpCardsAreKnownUntilTheirHolderPlaysAgain) {
  VerishState s = fresh(3);
  s.set_position({cards({"9S", "9C", "JC"}), cards({"6C", "6D", "6H"}), cards({"KC", "KD"})},
                 card("AS"), 0);
  put_and_declare(s, 0, {"9S"}, kJack);
  play(s, 1, Move::challenge());  // a lie: seat 0 takes it back, seen by all
  play(s, 0, Move::play_on());
  EXPECT_EQ(known_in_hand(s, 2, 0), 1);  // the 9S
  put_and_declare(s, 1, {"6C"}, kSix);
  put_and_declare(s, 2, {"KC"}, kSix);
  put_and_declare(s, 0, {"JC"}, kSix);  // which card went, nobody else can tell
  EXPECT_EQ(known_in_hand(s, 2, 0), 0);
}

TEST(VerishKnowledge, ATurnedUpPlayShowsWhatLeftTheHand) {
  VerishState s = fresh(3);
  s.set_position({cards({"9S", "9C", "JC"}), cards({"6C", "6D", "6H"}), cards({"KC", "KD"})},
                 card("AS"), 0);
  put_and_declare(s, 0, {"9S", "9C"}, kJack);
  play(s, 1, Move::challenge());  // both nines back to seat 0, seen by everyone
  play(s, 0, Move::play_on());
  put_and_declare(s, 1, {"6C"}, kSix);
  put_and_declare(s, 2, {"KC"}, kSix);
  put_and_declare(s, 0, {"9S"}, kSix);
  play(s, 1, Move::challenge());  // the 9S turned up: seat 0 still holds the 9C
  EXPECT_TRUE(std::any_of(s.hand(0).begin(), s.hand(0).end(),
                          [](const kit::Held& h) { return h.card == card("9C") && h.seen_by(2); }));
}

TEST(VerishKnowledge, TheCardsYouPlayedAreKnownWhereverTheyGo) {
  VerishState s = fresh(3);
  s.set_position({cards({"JC", "9S"}), cards({"JH", "7C"}), cards({"KC", "KD", "6H"})}, card("AS"),
                 0);
  put_and_declare(s, 0, {"JC"}, kJack);
  put_and_declare(s, 1, {"7C"}, kJack);
  play(s, 2, Move::challenge());  // seat 1 takes up the JC unseen by seat 2
  const auto knows_jc = [&](Seat v) {
    const View view = s.view(v);
    for (const CardView& c : view.zones[1].cards)
      if (c.card == card("JC")) return true;
    return false;
  };
  EXPECT_TRUE(knows_jc(0));
  EXPECT_FALSE(knows_jc(2));
}

TEST(VerishKnowledge, AnotherHandsOrderTellsNothing) {
  // Known cards first, then backs: where the known card sits in the hand
  // (before an unseen card lower than it, or after one higher) does not show.
  auto position = [](const char* other) {
    VerishState s = fresh(3);
    s.set_position({cards({"9S", other}), cards({"6D", "KD", "QD"}), cards({"KC", "AD"})},
                   card("AS"), 0);
    put_and_declare(s, 0, {"9S"}, kJack);
    play(s, 1, Move::challenge());  // a lie: the 9S goes back to seat 0, seen by all
    play(s, 0, Move::play_on());
    put_and_declare(s, 1, {"KD"}, kKing);
    play(s, 2, Move::challenge());  // the truth: seat 2 takes up
    play(s, 2, Move::play_on());
    return s;
  };
  const VerishState low = position("6C"), high = position("QC");
  EXPECT_EQ(high.hand(0)[0].card, card("9S"));  // in hand order, the 9S is first here
  EXPECT_EQ(low.hand(0)[1].card, card("9S"));   // and second here
  EXPECT_EQ(low.view(2).zones[0], high.view(2).zones[0]);
  EXPECT_EQ(low.view(2).zones[1], high.view(2).zones[1]);
  const View v = low.view(2);
  ASSERT_EQ(v.zones[0].cards.size(), 2u);
  EXPECT_EQ(v.zones[0].cards[0].card, card("9S"));  // known first
  EXPECT_FALSE(v.zones[0].cards[1].card.has_value());
}

TEST(VerishKnowledge, TheCardLaidAsideIsShownOnlyAtTheEnd) {
  VerishState s = fresh(2);
  s.set_position({cards({"JC"}), cards({"9C", "9D", "9H"})}, card("9S"), 0);
  put_and_declare(s, 0, {"JC"}, kJack);
  EXPECT_FALSE(zone(s.view(1), "laid aside").cards[0].card.has_value());
  play(s, 1, Move::challenge());
  ASSERT_TRUE(s.terminal());
  EXPECT_EQ(zone(s.view(1), "laid aside").cards[0].card, card("9S"));
  EXPECT_TRUE(zone(s.view(1), "laid aside").cards[0].face_up);  // turned up for all
  EXPECT_NE(s.outcome().summary.find(card_token(card("9S"))), std::string::npos);
}

// ---- Bots ---------------------------------------------------------------------------------

TEST(VerishBots, CannyPlaysTheTruthWhenItCan) {
  VerishState s = fresh(3);
  s.set_position({cards({"JC", "9S", "9C", "9D", "6C", "6D", "6H", "AC", "AD", "AH"}),
                  cards({"JD", "JH", "7C", "8C"}), cards({"KC", "KD"})},
                 card("AS"), 0);
  put_and_declare(s, 0, {"JC"}, kJack);
  Rng rng(1);
  // A claim of one Jack from a hand of ten, two of the four in its own hand:
  // likely enough. It plays on, both its Jacks.
  Move m = *Move::decode(canny_action(s, 1, rng));
  ASSERT_EQ(m.kind, Move::kPut);
  EXPECT_EQ(m.card.rank(), kJack);
  play(s, 1, m);
  play(s, 1, *Move::decode(canny_action(s, 1, rng)));
  EXPECT_EQ(*Move::decode(canny_action(s, 1, rng)), Move::declare(kJack));
}

TEST(VerishBots, CannyStartsWithTheRankItHoldsMost) {
  VerishState s = fresh(3);
  s.set_position({cards({"JC", "9S", "9C", "9D", "6H"}), cards({"7C"}), cards({"KC"})}, card("AS"),
                 0);
  Rng rng(1);
  for (int i = 0; i < 3; ++i) {
    const Move m = *Move::decode(canny_action(s, 0, rng));
    ASSERT_EQ(m.kind, Move::kPut);
    EXPECT_EQ(m.card.rank(), kNine);
    play(s, 0, m);
  }
  EXPECT_EQ(*Move::decode(canny_action(s, 0, rng)), Move::declare(kNine));
}

TEST(VerishBots, CannyLiesWithOneCardWhenItMust) {
  VerishState s = fresh(3);
  s.set_position({cards({"JC", "JD", "9S", "9D", "9H", "6C", "6D", "6H", "6S", "AC", "AD", "AH"}),
                  cards({"7C", "7D", "8C", "QC", "KH"}), cards({"KC", "KD"})},
                 card("AS"), 0);
  put_and_declare(s, 0, {"JC"}, kJack);
  Rng rng(1);
  // One Jack claimed from a hand of twelve, and it holds none: a likely
  // truth, so it plays on with a lie, one card of a rank it holds only one of.
  int lies = 0;
  for (int i = 0; i < 20; ++i) {
    VerishState t = s;
    const Move m = *Move::decode(canny_action(t, 1, rng));
    if (m.kind == Move::kChallenge) continue;
    ASSERT_EQ(m.kind, Move::kPut);
    EXPECT_NE(m.card.rank(), kSeven);
    play(t, 1, m);
    EXPECT_EQ(*Move::decode(canny_action(t, 1, rng)), Move::declare(kJack));
    ++lies;
  }
  EXPECT_GT(lies, 0);
}

TEST(VerishBots, CannyChallengesAClaimItKnowsCannotBeTrue) {
  VerishState s = fresh(3);
  s.set_position({cards({"9S", "9C"}), cards({"JD", "JC", "JH", "7C"}), cards({"KC", "KD"})},
                 card("AS"), 0);
  put_and_declare(s, 0, {"9S", "9C"}, kJack);  // two Jacks; seat 1 holds three of the four
  Rng rng(1);
  EXPECT_EQ(*Move::decode(canny_action(s, 1, rng)), Move::challenge());
}

TEST(VerishBots, CannyWillNotLetTheLastOtherPlayerGoOut) {
  VerishState s = fresh(2);
  s.set_position({cards({"JC"}), cards({"JD", "JH", "7C"})}, card("AS"), 0);
  put_and_declare(s, 0, {"JC"}, kJack);
  Rng rng(1);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(*Move::decode(canny_action(s, 1, rng)), Move::challenge());
}

TEST(VerishBots, TheRoundsEarlierPlaysMakeAClaimLessLikely) {
  // The count of the declared rank still unseen: plays earlier in the round,
  // taken to be true, hold some of it.
  auto claim = [](bool earlier) {
    VerishState s = fresh(3);
    s.set_position(
        {cards({"JC", "9S", "9C", "9D", "6C", "6D"}), cards({"JD", "JH", "7C", "7D", "8C", "8D"}),
         cards({"KC", "KD", "KH", "QC", "QD", "QH"})},
        card("AS"), earlier ? 0 : 1);
    if (earlier) put_and_declare(s, 0, {"9S"}, kJack);
    put_and_declare(s, 1, {"JD", "JH"}, kJack);
    return chance_true(s, 2, knowledge(s, 2));
  };
  EXPECT_GT(claim(false), 0);
  EXPECT_LT(claim(true), claim(false));
}

TEST(VerishBots, CannyDoubtsTheLikelyLieWhenItHasNothingToPlay) {
  // Three Jacks claimed from a hand of four: unlikely, and with no Jack to
  // play on with it says "Ne verish'".
  VerishState s = fresh(3);
  s.set_position({cards({"JC", "JD", "JH", "9S"}), cards({"6S", "7C", "8C"}), cards({"KC", "KD"})},
                 card("AS"), 0);
  put_and_declare(s, 0, {"JC", "JD", "JH"}, kJack);
  Rng rng(1);
  EXPECT_EQ(*Move::decode(canny_action(s, 1, rng)), Move::challenge());
}

TEST(VerishBots, CannyPutsSetsAway) {
  VerishState s = fresh(3);
  s.set_position({cards({"JC", "JD", "9S"}), cards({"JH", "JS", "7C"}), cards({"KC", "KD"})},
                 card("AS"), 0);
  put_and_declare(s, 0, {"JC", "JD"}, kJack);
  play(s, 1, Move::challenge());
  Rng rng(1);
  EXPECT_EQ(*Move::decode(canny_action(s, 1, rng)), Move::put_away(kJack));
  play(s, 1, Move::put_away(kJack));
  EXPECT_EQ(*Move::decode(canny_action(s, 1, rng)), Move::play_on());
}

TEST(VerishBots, TheEstimateFavoursFewCardsAndNoneOfTheRankLaidAside) {
  VerishState s = fresh(3);
  s.set_position({cards({"9C", "9D", "9H"}), cards({"7C", "7D", "8C"}), {}}, card("9S"), 0);
  std::array<double, kMaxSeats> v{};
  search_hints().estimate(s, std::span<double>(v.data(), v.size()));
  EXPECT_EQ(v[2], 1.0);   // out
  EXPECT_LT(v[0], v[1]);  // the same number of cards, but the three Nines
  for (Seat p = 0; p < 3; ++p) EXPECT_TRUE(v[p] >= 0 && v[p] <= 1);
}

TEST(VerishBots, TheSamplerBelievesMostPlaysWhereTheUnseenCardsAllow) {
  VerishState s = fresh(3);
  s.set_position(
      {cards({"9S", "9C", "6C", "JH"}), cards({"7C", "7D", "8C"}), cards({"JC", "JD", "KC", "KD"})},
      card("AS"), 0);
  put_and_declare(s, 0, {"9S", "9C"}, kJack);  // a lie
  const View before = s.view(1);
  Rng rng(7);
  int true_plays = 0;
  for (int i = 0; i < 200; ++i) {
    auto sample = resampler().resample(s, 1, rng);
    ASSERT_TRUE(sample);
    EXPECT_EQ(sample->view(1), before);
    const auto& t = static_cast<const VerishState&>(*sample);
    true_plays += std::all_of(t.last_play().begin(), t.last_play().end(),
                              [](const kit::Held& h) { return h.card.rank() == kJack; });
  }
  EXPECT_GT(true_plays, 165);  // nine in ten, and a few by chance
  EXPECT_LT(true_plays, 195);
  // One card played on is believed less: two in three.
  put_and_declare(s, 1, {"7C"}, kJack);
  true_plays = 0;
  for (int i = 0; i < 200; ++i) {
    auto sample = resampler().resample(s, 2, rng);
    const auto& t = static_cast<const VerishState&>(*sample);
    true_plays += t.last_play()[0].card.rank() == kJack;
  }
  EXPECT_GT(true_plays, 110);
  EXPECT_LT(true_plays, 160);
  // The card laid aside is dealt afresh too: nobody has seen it.
  std::vector<Card> aside;
  for (int i = 0; i < 20; ++i)
    aside.push_back(
        static_cast<const VerishState&>(*resampler().resample(s, 2, rng)).aside()[0].card);
  std::sort(aside.begin(), aside.end());
  EXPECT_GT(std::unique(aside.begin(), aside.end()) - aside.begin(), 2);
}

TEST(VerishBots, CannyBeatsRandomPlay) {
  // Canny against two random players, seats rotating: it is hardly ever the
  // one left with the cards.
  const GameInfo& g = *find_game("verish-ne-verish");
  int lost = 0;
  constexpr int kGames = 30;
  for (int game = 0; game < kGames; ++game) {
    const std::uint64_t seed = 100 + static_cast<std::uint64_t>(game);
    Table t(*select("verish-ne-verish"), config(3), seed);
    const Seat me = game % 3;
    std::vector<std::unique_ptr<BotPlayer>> seats;
    for (Seat p = 0; p < 3; ++p)
      seats.push_back(std::make_unique<BotPlayer>(p == me ? make_canny_bot() : make_random_bot(),
                                                  g.resampler, bot_rng(seed, p)));
    std::vector<Player*> players;
    for (auto& p : seats) players.push_back(p.get());
    ASSERT_TRUE(t.run(players));
    lost += t.state().outcome().lost(me);
  }
  EXPECT_LE(lost, 2) << "of " << kGames;
}

// ---- The conformance harness ---------------------------------------------------------

TEST(VerishConformance, EveryPresetAndPlayerCount) {
  testing::ConformanceOptions opt;
  opt.games = 10;
  testing::check_all_presets(*find_game("verish-ne-verish"), opt);
}

TEST(VerishConformance, EveryVariantWithAShortCap) {
  testing::ConformanceOptions opt;
  opt.games = 3;
  for (int p = 2; p <= 6; ++p)
    for (const std::vector<std::string>& o :
         std::vector<std::vector<std::string>>{{"sets=must", "max-plays=40"},
                                               {"deck=52", "say-verish=no", "max-plays=40"},
                                               {"first-most=1", "later-most=1", "max-plays=40"}})
      testing::check_conformance(*select("verish-ne-verish"), config(p, o), opt);
}

}  // namespace
}  // namespace parlour::verish_ne_verish
