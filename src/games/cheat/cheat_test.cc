// Cheat: a test for each sentence of seed 004 (004_51e9d4c9f9ca782a.txt) on
// the game, or for the reading rules.md documents where it is silent; then
// the bots and the conformance harness.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>

#include "conformance.h"
#include "core/table.h"
#include "games/cheat/bots.h"
#include "games/cheat/state.h"

namespace parlour::cheat {
namespace {

using testing::card;
using testing::cards;
using testing::legal;

Config config(int players, const std::vector<std::string>& opts = {}) {
  return testing::test_config("cheat", players, opts);
}

CheatState fresh(int players, const std::vector<std::string>& opts = {}) {
  return CheatState(Rules::from(config(players, opts)));
}

CheatState dealt(int players, const std::vector<std::string>& opts = {}, std::uint64_t seed = 1) {
  CheatState s = fresh(players, opts);
  Rng rng(seed);
  s.apply_chance(rng);
  return s;
}

void play(CheatState& s, Seat seat, Move m) {
  ASSERT_TRUE(testing::play(s, seat, m.encode()))
      << seat_name(seat) << ": " << s.action_label(seat, m.encode());
}

// Puts down these cards and calls them.
void put_and_call(CheatState& s, Seat seat, const std::vector<std::string>& names, Rank call,
                  int stated = 0) {
  for (const std::string& n : names) play(s, seat, Move::put(card(n)));
  play(s, seat, Move::call(call, stated));
}

std::vector<Card> hand_of(const CheatState& s, Seat p) {
  std::vector<Card> v;
  for (const kit::Held& h : s.hand(p)) v.push_back(h.card);
  return v;
}

// ---- Preliminaries -------------------------------------------------------------------

TEST(CheatRules, DealAllTheCardsRoundAsFarAsTheyWillGo) {
  // "Deal all the cards round as far as they will go. It doesn't matter if some
  // players have one more than others."
  for (int p = 3; p <= 12; ++p) {
    CheatState s = dealt(p);
    const int deck =
        p > 6 ? 104 : 52;  // "52 or 104 cards": two packs from seven players (our reading)
    int total = 0;
    for (Seat q = 0; q < p; ++q) {
      const int n = static_cast<int>(s.hand(q).size());
      EXPECT_TRUE(n == deck / p || n == deck / p + 1) << p << " players, seat " << q << ": " << n;
      total += n;
    }
    EXPECT_EQ(total, deck);
  }
}

TEST(CheatRules, ThePlayerAtTheDealersLeftGoesFirstAndSaysAces) {
  // "The player at dealer's left goes first ... The first player discards from
  // one to four cards face down and says 'Aces'."
  CheatState s = dealt(4);
  EXPECT_EQ(s.dealer(), 3);
  EXPECT_EQ(s.to_move(), 0);
  const std::vector<Action> l = legal(s, 0);
  EXPECT_TRUE(std::none_of(l.begin(), l.end(), [](Action a) {
    return Move::decode(a)->kind == Move::kCall;
  })) << "a call needs at least one card";
  play(s, 0, Move::put(s.hand(0)[0].card));
  const std::vector<Action> after = legal(s, 0);
  EXPECT_NE(std::find(after.begin(), after.end(), Move::call(kAce).encode()), after.end());
  EXPECT_EQ(std::count_if(after.begin(), after.end(),
                          [](Action a) { return Move::decode(a)->kind == Move::kCall; }),
            1);
}

TEST(CheatRules, FromOneToFourCardsAndMoreWithTwoPacks) {
  // "discards from one to four cards face down"; with two packs, up to eight.
  for (auto [players, most] : {std::pair{4, 4}, {8, 8}}) {
    CheatState s = dealt(players);
    int put = 0;
    for (;;) {
      const std::vector<Action> l = legal(s, 0);
      auto it = std::find_if(l.begin(), l.end(),
                             [](Action a) { return Move::decode(a)->kind == Move::kPut; });
      if (it == l.end()) break;
      play(s, 0, *Move::decode(*it));
      ++put;
    }
    EXPECT_EQ(put, most);
  }
}

TEST(CheatRules, TheRanksGoUpFromAcesToKingsAndRoundAgain) {
  // "The next does likewise and says 'Twos', the next 'Threes', and so on up to
  // 'Kings', followed by 'Aces' again, and so in rotation."
  CheatState s = fresh(3);
  s.set_position({cards({"2C", "3C", "4C"}), cards({"2D", "3D", "4D"}), cards({"2H", "3H", "4H"})},
                 0, kKing);
  put_and_call(s, 0, {"2C"}, kKing);
  for (Seat p : {1, 2}) play(s, p, Move::pass());
  EXPECT_EQ(s.to_move(), 1);
  play(s, 1, Move::put(card("2D")));
  EXPECT_FALSE(testing::play(s, 1, Move::call(kQueen).encode()));
  play(s, 1, Move::call(kAce));  // after Kings, Aces again
}

TEST(CheatRules, YouMustPlayEvenWithoutTheRankAndMayLie) {
  // "you may lie. Indeed, you may have to, since you must play at least one card
  // even if you haven't any of the required rank."
  CheatState s = fresh(3);
  s.set_position({cards({"5C", "9D"}), cards({"2D", "3D"}), cards({"2H", "3H"})}, 0, kAce);
  const std::vector<Action> l = legal(s, 0);
  EXPECT_TRUE(std::none_of(l.begin(), l.end(),
                           [](Action a) { return Move::decode(a)->kind == Move::kPass; }));
  put_and_call(s, 0, {"9D"}, kAce);
  EXPECT_EQ(s.phase(), CheatState::Phase::kWindow);
}

// ---- Challenging ------------------------------------------------------------------------

TEST(CheatRules, AnyPlayerMayChallengeAndWhoeverWasCorrectDoesNotTakeThePile) {
  // "Any player may challenge another ... by calling 'Cheat!'. The challenged
  // player must turn them face up, and whoever was correct must take up the
  // whole discard pile" - the text's "whoever was correct" read as "whoever was
  // wrong", as the next sentence of the book and every account of the game have it.
  CheatState s = fresh(4);
  s.set_position(
      {cards({"AC", "AD", "9S"}), cards({"2D", "3D"}), cards({"2H", "5H"}), cards({"2S", "6S"})}, 0,
      kAce);
  put_and_call(s, 0, {"AC", "AD"}, kAce);
  // Every other player may call at once; the window closes at the first call.
  EXPECT_EQ(s.actors().seats, 0b1110u);
  EXPECT_EQ(s.actors().resolve, Resolve::kFirst);
  play(s, 2, Move::challenge());    // not the next in turn: any player may
  EXPECT_EQ(s.hand(2).size(), 4u);  // the truth: the challenger takes up the two aces
  EXPECT_EQ(s.hand(0).size(), 1u);
  // "Play then continues from the left of the challenged player."
  EXPECT_EQ(s.to_move(), 1);
}

TEST(CheatRules, ALiarCaughtTakesUpTheWholePile) {
  CheatState s = fresh(3);
  s.set_position({cards({"AC", "9S", "9C"}), cards({"2D", "3D", "4D"}), cards({"2H", "5H", "6H"})},
                 0, kAce);
  put_and_call(s, 0, {"AC"}, kAce);
  play(s, 1, Move::pass());
  play(s, 2, Move::pass());          // covered: it joins the pile
  put_and_call(s, 1, {"3D"}, kTwo);  // a lie
  play(s, 2, Move::pass());
  play(s, 0, Move::challenge());
  EXPECT_EQ(hand_of(s, 1), cards({"AC", "2D", "3D", "4D"}));  // the pile, the lie and the rest
  EXPECT_EQ(s.to_move(), 2);                                  // from the left of the challenged
  // Everyone saw what was turned up, and where it went.
  const View v = s.view(2);
  int known = 0;
  for (const CardView& c : v.zones[1].cards) known += c.card.has_value();
  EXPECT_EQ(known, 1);  // the 3D; the ace went down unseen by seat 2
}

TEST(CheatRules, OnceCoveredAPlayCannotBeChallenged) {
  // "You may not challenge a player once the cards they have played have been
  // covered by the next in turn."
  CheatState s = fresh(3);
  s.set_position({cards({"AC", "9S"}), cards({"2D", "3D"}), cards({"2H", "5H"})}, 0, kAce);
  put_and_call(s, 0, {"9S"}, kAce);
  play(s, 2, Move::pass());
  play(s, 1, Move::pass());
  EXPECT_EQ(s.phase(), CheatState::Phase::kBuild);
  EXPECT_EQ(s.pile().size(), 1u);
  EXPECT_TRUE(legal(s, 2).empty());
}

// ---- Winning ---------------------------------------------------------------------------

TEST(CheatRules, TheFirstOutWinsUnlessCaughtOnTheLastTurn) {
  // "The winner is the first to get rid of all their cards - unless, of course,
  // they are successfully challenged on their last turn and have to take up the
  // discard pile."
  CheatState caught = fresh(3);
  caught.set_position({cards({"9S"}), cards({"2D", "3D"}), cards({"2H", "5H"})}, 0, kAce);
  put_and_call(caught, 0, {"9S"}, kAce);
  play(caught, 1, Move::challenge());
  EXPECT_FALSE(caught.terminal());
  EXPECT_EQ(caught.hand(0).size(), 1u);

  CheatState out = fresh(3);
  out.set_position({cards({"AS"}), cards({"2D", "3D"}), cards({"2H", "5H"})}, 0, kAce);
  put_and_call(out, 0, {"AS"}, kAce);
  play(out, 1, Move::challenge());
  ASSERT_TRUE(out.terminal());
  EXPECT_EQ(out.outcome().places[0], 1);
  EXPECT_TRUE(out.outcome().won(0));

  CheatState unchallenged = fresh(3);
  unchallenged.set_position({cards({"9S"}), cards({"2D", "3D"}), cards({"2H", "5H"})}, 0, kAce);
  put_and_call(unchallenged, 0, {"9S"}, kAce);
  play(unchallenged, 1, Move::pass());
  play(unchallenged, 2, Move::pass());
  ASSERT_TRUE(unchallenged.terminal());
  EXPECT_EQ(unchallenged.outcome().kind, OutcomeKind::kRanking);
  EXPECT_TRUE(unchallenged.outcome().won(0));
}

// ---- Variations ------------------------------------------------------------------------

TEST(CheatRules, SomePlayTheSequenceDownwards) {
  // "Some play that the sequence runs downwards (A-K-Q-J etc.)"
  CheatState s = fresh(3, {"sequence=down"});
  s.set_position({cards({"2C", "3C"}), cards({"2D", "3D"}), cards({"2H", "3H"})}, 0, kAce);
  put_and_call(s, 0, {"2C"}, kAce);
  play(s, 1, Move::pass());
  play(s, 2, Move::pass());
  play(s, 1, Move::put(card("2D")));
  play(s, 1, Move::call(kKing));
}

TEST(CheatRules, SomeLetTheNextCallTheNextHigherOrLowerRankNeverTheSame) {
  // Seed 004: "some that the next in turn may call the next higher or lower
  // rank (e.g. A-K-A-2-3-2 etc.)": one higher or one lower, never the same
  // rank again; the first call is Aces. The preset cheat-next plays it.
  EXPECT_EQ(Rules::from(testing::test_config("cheat-next", 3)).sequence, Sequence::kHigherOrLower);
  CheatState s = fresh(3, {"sequence=higher-or-lower"});
  s.set_position({cards({"2C", "3C", "4C", "5C"}), cards({"2D", "3D", "4D", "5D"}),
                  cards({"2H", "3H", "4H", "5H"})},
                 0, kAce);
  // The book's example, call by call, each play covered.
  const std::vector<Rank> example = {kAce, kKing, kAce, kTwo, kThree, kTwo};
  for (std::size_t i = 0; i < example.size(); ++i) {
    const Seat p = static_cast<Seat>(i % 3);
    play(s, p, Move::put(s.hand(p)[0].card));
    const std::vector<Action> l = legal(s, p);
    const auto calls = std::count_if(l.begin(), l.end(),
                                     [](Action a) { return Move::decode(a)->kind == Move::kCall; });
    EXPECT_EQ(calls, i == 0 ? 1 : 2) << "call " << i;
    if (i > 0) {
      EXPECT_FALSE(testing::play(s, p, Move::call(example[i - 1]).encode()))
          << "the same rank again, call " << i;
    }
    play(s, p, Move::call(example[i]));
    for (Seat q : {1, 2, 0})
      if (q != p) play(s, q, Move::pass());
  }
}

TEST(CheatRules, SequenceNextAllowsTheSameRankToo) {
  // The option sequence=next (ravenblack.net/games/cheat.html): "a number
  // up-one, down-one or the same as the previous play".
  CheatState s = fresh(3, {"sequence=next"});
  s.set_position({cards({"2C", "3C"}), cards({"2D", "3D"}), cards({"2H", "3H"})}, 0, kAce);
  put_and_call(s, 0, {"2C"}, kAce);
  play(s, 1, Move::pass());
  play(s, 2, Move::pass());
  play(s, 1, Move::put(card("2D")));
  const std::vector<Action> l = legal(s, 1);
  for (Rank r : {kAce, kKing, kTwo})
    EXPECT_NE(std::find(l.begin(), l.end(), Move::call(r).encode()), l.end()) << r;
  EXPECT_EQ(std::find(l.begin(), l.end(), Move::call(kThree).encode()), l.end());
}

TEST(CheatRules, AStatedNumberMayBeFalseAndIsCaught) {
  // "if you are challenged for saying 'Three Aces' when you have actually put
  // out only two Aces, or three Aces and a Jack, then you must take up the discards."
  const std::vector<std::pair<std::vector<std::string>, int>> lies = {
      {{"AC", "AD"}, 3}, {{"AC", "AD", "AH", "JS"}, 4}};
  for (const auto& [play_these, stated] : lies) {
    CheatState s = fresh(3, {"numbers=stated"});
    s.set_position(
        {cards({"AC", "AD", "AH", "JS", "5C"}), cards({"2D", "3D"}), cards({"2H", "3H"})}, 0, kAce);
    put_and_call(s, 0, play_these, kAce, stated);
    play(s, 1, Move::challenge());
    EXPECT_EQ(s.hand(1).size(), 2u) << "the challenger was right";
    EXPECT_GT(s.hand(0).size(), 1u);
  }
  CheatState honest = fresh(3, {"numbers=stated"});
  honest.set_position({cards({"AC", "AD", "5C"}), cards({"2D", "3D"}), cards({"2H", "3H"})}, 0,
                      kAce);
  put_and_call(honest, 0, {"AC", "AD"}, kAce, 2);
  play(honest, 1, Move::challenge());
  EXPECT_EQ(honest.hand(1).size(), 4u);
}

TEST(CheatRules, AGameThatGoesOnTooLongStops) {
  // Our reading: after max-turns plays the fewest cards win.
  Record r = testing::random_game(*select("cheat"), config(3, {"max-turns=50"}), 3);
  ASSERT_TRUE(r.outcome);
}

// ---- What each seat knows ------------------------------------------------------------

TEST(CheatKnowledge, WhatASeatSawGoIntoAHandIsShownUntilThatPlayerPlaysAgain) {
  CheatState s = fresh(3);
  s.set_position({cards({"AC", "9S", "9C"}), cards({"2D", "3D", "4D"}), cards({"2H", "5H", "6H"})},
                 0, kAce);
  put_and_call(s, 0, {"9S"}, kAce);
  play(s, 1, Move::challenge());  // a lie: seat 0 takes it back, seen by all
  auto known_in_hand0 = [&](Seat viewer) {
    int n = 0;
    const View v = s.view(viewer);
    for (const CardView& c : v.zones[0].cards) n += c.card.has_value();
    return n;
  };
  EXPECT_EQ(known_in_hand0(2), 1);  // the 9S, turned up and taken back
  play(s, 1, Move::put(card("2D")));
  play(s, 1, Move::call(kTwo));
  play(s, 0, Move::pass());
  play(s, 2, Move::pass());
  put_and_call(s, 2, {"5H"}, kThree);
  play(s, 0, Move::pass());
  play(s, 1, Move::pass());
  put_and_call(s, 0, {"AC"},
               kFour);  // seat 0 plays face down: which card went, nobody else can tell
  EXPECT_EQ(known_in_hand0(2), 0);
}

TEST(CheatKnowledge, ATurnedUpPlayShowsWhatLeftTheHand) {
  // Turned up, a play shows exactly which cards left the hand: what the others
  // knew of the rest of it holds again.
  CheatState s = fresh(3);
  s.set_position({cards({"AC", "9S", "9C"}), cards({"2D", "3D", "4D"}), cards({"2H", "5H", "6H"})},
                 0, kAce);
  put_and_call(s, 0, {"9S", "9C"}, kAce);
  play(s, 1, Move::challenge());  // both nines back to seat 0, seen by everyone
  play(s, 1, Move::put(card("2D")));
  play(s, 1, Move::call(kTwo));
  play(s, 0, Move::pass());
  play(s, 2, Move::pass());
  put_and_call(s, 2, {"5H"}, kThree);
  play(s, 0, Move::pass());
  play(s, 1, Move::pass());
  put_and_call(s, 0, {"9S"}, kFour);
  play(s, 2, Move::challenge());  // the 9S turned up: seat 0 still holds the 9C
  EXPECT_TRUE(std::any_of(s.hand(0).begin(), s.hand(0).end(),
                          [](const kit::Held& h) { return h.card == card("9C") && h.seen_by(1); }));
}

TEST(CheatKnowledge, SamplesKeepWhatASeatKnewTheCallerHeld) {
  // Seat 2 saw both aces go into seat 1's hand (a challenge turned them up).
  // When seat 1 calls, seat 2 cannot tell which cards went down, but both
  // aces are still with seat 1, in hand or play: every sample of seat 2's
  // keeps them there, and seat 2 counts them. Seat 1's own count is never
  // copied from the real deal into another seat's sample.
  CheatState s = fresh(3, {"sequence=next"});
  s.set_position({cards({"AC", "AD", "7S", "8S"}), cards({"2D", "3D", "4D", "5D"}),
                  cards({"2H", "5H", "6H", "9H"})},
                 0, kAce);
  put_and_call(s, 0, {"AC", "AD"}, kAce);
  play(s, 1, Move::challenge());  // the truth: seat 1 takes both aces, seen by all
  put_and_call(s, 1, {"AC", "2D"}, kAce);
  ASSERT_EQ(s.knew_of_claim(2), 2);
  Rng rng(3, 3);
  int moved = 0;
  for (int i = 0; i < 200; ++i) {
    auto sample = resampler().resample(s, 2, rng);
    const auto& t = static_cast<const CheatState&>(*sample);
    EXPECT_EQ(t.knew_of_claim(2), 2);
    int aces = 0;
    for (const kit::Cards* place : {&t.hand(1), &t.last_play()})
      for (const kit::Held& h : *place) aces += h.card == card("AC") || h.card == card("AD");
    EXPECT_EQ(aces, 2);
    moved += t.last_play()[1].card != card("2D");
  }
  EXPECT_GT(moved, 0);  // what seat 2 did not know is dealt afresh
}

TEST(CheatKnowledge, ASampledHandOfTwoPacksOffersEachCardOnce) {
  // Cards alike are one choice; a sample deals hidden cards in any order, so
  // a sampled hand is not sorted and alike cards need not lie side by side.
  Rng rng(5, 5);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    CheatState s = dealt(8, {}, seed);
    for (Seat seat = 0; seat < 8; ++seat) {
      auto sample = resampler().resample(s, seat, rng);
      const Seat turn = sample->to_move();
      std::vector<Action> l = legal(*sample, turn);
      std::vector<Action> unique = l;
      std::sort(unique.begin(), unique.end());
      unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
      EXPECT_EQ(unique.size(), l.size()) << "seed " << seed << ", sample of seat " << seat;
    }
  }
}

TEST(CheatKnowledge, SamplesMostlyBelieveAPlayOfSeveralCards) {
  // Players tell the truth when they can and lie with one card when they
  // cannot: a sample believes a true play of several cards nine times in ten.
  CheatState s = fresh(3);
  s.set_position({cards({"AC", "AD", "AH", "7S", "8S"}), cards({"2D", "3D", "4D", "5D"}),
                  cards({"2H", "5H", "6H", "9H"})},
                 0, kAce);
  put_and_call(s, 0, {"AC", "AD", "AH"}, kAce);
  Rng rng(9, 9);
  int believed = 0;
  for (int i = 0; i < 1000; ++i) {
    auto sample = resampler().resample(s, 1, rng);
    const auto& t = static_cast<const CheatState&>(*sample);
    believed += std::all_of(t.last_play().begin(), t.last_play().end(),
                            [](const kit::Held& h) { return h.card.rank() == kAce; });
  }
  EXPECT_NEAR(believed, 900, 40);
}

TEST(CheatKnowledge, WithNumbersStatedTheOthersSeeTheNumberStatedNotTheCards) {
  // Seed 004: "Some play that the number of discards must be stated (e.g.
  // 'Three Aces') and that cheating may be attempted by calling a false
  // number of discards": the others cannot count the play (rules.md), nor so
  // the hand it came from or the pile it joins. Two plays called "three
  // Aces", of two cards and of three, look the same to everyone but the
  // player until one is turned up; samples of them are the same, and so is
  // what sharp does.
  auto position = [](const std::vector<std::string>& put) {
    CheatState s = fresh(3, {"numbers=stated"});
    s.set_position({cards({"AC", "AD", "AH", "5C", "7S"}), cards({"2D", "3D", "4D"}),
                    cards({"2H", "3H", "4H"})},
                   0, kAce);
    put_and_call(s, 0, put, kAce, 3);
    return s;
  };
  CheatState two = position({"AC", "AD"}), three = position({"AC", "AD", "AH"});
  for (Seat v : {1, 2, kSpectator}) {
    EXPECT_EQ(two.view(v), three.view(v)) << seat_name(v);
    std::vector<std::string> a, b;
    two.narrate(v, a), three.narrate(v, b);
    EXPECT_EQ(a, b) << seat_name(v);
    EXPECT_EQ(two.view(v).zones[4].cards.size(), 3u) << "the last play shows the number stated";
    EXPECT_EQ(two.view(v).seats[0].cards, 2) << "the hand shows what the number stated leaves";
  }
  EXPECT_NE(two.view(0), three.view(0));  // the player knows
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    Rng r1(seed, 1), r2(seed, 1);
    auto a = resampler().resample(two, 1, r1), b = resampler().resample(three, 1, r2);
    ASSERT_EQ(a->view(kEveryone), b->view(kEveryone)) << "a sample carries the true number";
    Rng s1(seed, 2), s2(seed, 2);
    EXPECT_EQ(sharp_action(static_cast<const CheatState&>(*a), 1, s1),
              sharp_action(static_cast<const CheatState&>(*b), 1, s2));
  }
  // Covered, the play joins the pile uncounted: it shows three cards to the others.
  for (CheatState* s : {&two, &three}) {
    play(*s, 1, Move::pass());
    play(*s, 2, Move::pass());
  }
  EXPECT_EQ(two.view(2), three.view(2));
  EXPECT_EQ(two.view(2).zones[3].cards.size(), 3u);  // the pile
  // Turned up, a play shows its number: the lie is caught, and the others are
  // not told how many cards the pile held.
  CheatState caught = position({"AC", "AD"});
  play(caught, 1, Move::challenge());
  std::vector<std::string> story;
  caught.narrate(2, story);
  ASSERT_EQ(story.size(), 1u);
  EXPECT_NE(story[0].find("a lie. Seat 0 takes up the pile."), std::string::npos) << story[0];
  EXPECT_EQ(caught.view(2).seats[0].cards, 5);
}

// ---- Bots ---------------------------------------------------------------------------------

TEST(CheatBots, SharpPlaysTheTruthWhenItCan) {
  CheatState s = fresh(3);
  s.set_position({cards({"AC", "AD", "9S"}), cards({"2D", "3D"}), cards({"2H", "3H"})}, 0, kAce);
  Rng rng(1);
  EXPECT_EQ(*Move::decode(sharp_action(s, 0, rng)), Move::put(card("AC")));
  play(s, 0, Move::put(card("AC")));
  EXPECT_EQ(*Move::decode(sharp_action(s, 0, rng)), Move::put(card("AD")));
  play(s, 0, Move::put(card("AD")));
  EXPECT_EQ(*Move::decode(sharp_action(s, 0, rng)), Move::call(kAce));
}

TEST(CheatBots, SharpCallsWhatItMayFromTheCardsItHeldWhenItsTurnBegan) {
  // Seed 004: the call is "the next higher or lower rank" (or the rank in
  // turn) and "you must play at least one card even if you haven't any of
  // the required rank". Sharp's every move is legal; it chooses its call from
  // the cards it held before putting any down, so that where it held a rank
  // it may call, its play is the truth: every card of that rank (as many as
  // a play holds), and where it may choose, of the callable rank it held most.
  int calls = 0, truths = 0;
  for (const char* sequence : {"up", "down", "next", "higher-or-lower"})
    for (int players : {3, 4, 7})
      for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        SCOPED_TRACE(std::string(sequence) + ", " + std::to_string(players) + " players, seed " +
                     std::to_string(seed));
        CheatState s = dealt(players, {std::string("sequence=") + sequence, "max-turns=300"}, seed);
        Rng rng(seed, 11);
        std::array<int, 14> at_start{};
        while (!s.terminal()) {
          const Seat p =
              static_cast<Seat>(std::countr_zero(s.actors().seats));  // the first who may
          if (s.phase() == CheatState::Phase::kBuild && s.building().empty()) {
            at_start.fill(0);
            for (const kit::Held& h : s.hand(p)) ++at_start[h.card.rank()];
          }
          const Action a = sharp_action(s, p, rng);
          const std::vector<Action> l = legal(s, p);
          ASSERT_NE(std::find(l.begin(), l.end(), a), l.end()) << s.action_label(p, a);
          const Move m = *Move::decode(a);
          if (m.kind == Move::kCall) {
            int n = 0;
            const std::array<Rank, 3> ranks = s.callable(n);
            int most = 0;
            for (int k = 0; k < n; ++k) most = std::max(most, at_start[ranks[k]]);
            ++calls;
            if (most > 0) {
              ++truths;
              EXPECT_EQ(at_start[m.rank], most);
              EXPECT_EQ(static_cast<int>(s.building().size()),
                        std::min(most, s.rules().max_play()));
              for (const kit::Held& h : s.building()) EXPECT_EQ(h.card.rank(), m.rank);
            } else {
              EXPECT_EQ(s.building().size(), 1u) << "a lie of one card";
            }
          }
          ASSERT_TRUE(testing::play(s, p, a));
        }
      }
  EXPECT_GT(calls, 1000);
  EXPECT_GT(truths, 100);
}

TEST(CheatBots, SharpCallsCheatOnAClaimItKnowsCannotBeTrue) {
  CheatState s = fresh(3);
  s.set_position({cards({"9S", "9C"}), cards({"AD", "AC", "AH", "3D"}), cards({"2H", "3H"})}, 0,
                 kAce);
  put_and_call(s, 0, {"9S", "9C"}, kAce);  // two aces claimed; seat 1 holds three of the four
  Rng rng(1);
  EXPECT_EQ(*Move::decode(sharp_action(s, 1, rng)), Move::challenge());
}

TEST(CheatBots, SharpCallsCheatOnAPlayThatWouldGoOut) {
  CheatState s = fresh(3);
  s.set_position({cards({"AS"}), cards({"2D", "3D"}), cards({"2H", "3H"})}, 0, kAce);
  put_and_call(s, 0, {"AS"}, kAce);
  Rng rng(1);
  EXPECT_EQ(*Move::decode(sharp_action(s, 1, rng)), Move::challenge());
}

// ---- The conformance harness ---------------------------------------------------------

TEST(CheatConformance, EveryPresetAndPlayerCount) {
  // Random play makes long games: they are stopped after 120 plays here (the
  // game's own stop), which leaves every rule room to happen.
  testing::ConformanceOptions opt;
  opt.games = 3;
  for (const Selection& sel : all_selections()) {
    if (sel.game != find_game("cheat")) continue;
    for (int p = 3; p <= 12; ++p)
      testing::check_conformance(
          sel, *make_config(sel, p, std::vector<std::string>{"max-turns=120"}), opt);
  }
}

TEST(CheatConformance, WholeGamesOfTheDefaultRules) {
  testing::ConformanceOptions opt;
  opt.games = 4;
  opt.resample_every = 13;
  for (int p : {3, 5}) testing::check_conformance(*select("cheat"), config(p), opt);
}

TEST(CheatConformance, WholeGamesWithNumbersStated) {
  // The samples of what a seat cannot count (resample.cc's recount) look the
  // same to it, often checked, with one pack and two.
  testing::ConformanceOptions opt;
  opt.games = 3;
  opt.resample_every = 3;
  for (int p : {3, 4, 8})
    testing::check_conformance(*select("cheat-counted"),
                               testing::test_config("cheat-counted", p, {"max-turns=200"}), opt);
}

}  // namespace
}  // namespace parlour::cheat
