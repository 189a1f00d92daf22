// Chase the Ace: a test for each sentence of seed 004 (004_51e9d4c9f9ca782a.txt)
// about the game, or for the reading rules.md documents where it is silent;
// then Le Her's equilibrium, the bots, and the conformance harness.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <map>

#include "bots/random_bot.h"
#include "conformance.h"
#include "core/deck.h"
#include "core/registry.h"
#include "core/seeds.h"
#include "core/table.h"
#include "games/chase_the_ace/bots.h"
#include "games/chase_the_ace/state.h"

namespace parlour::chase_the_ace {
namespace {

using testing::card;
using testing::cards;
using testing::legal;

const GameInfo& game() {
  return *find_game("chase-the-ace");
}

Config config(int players, const std::vector<std::string>& opts = {}) {
  return testing::test_config("chase-the-ace", players, opts);
}

ChaseState fresh(int players, const std::vector<std::string>& opts = {}) {
  return ChaseState(Rules::from(config(players, opts)));
}

ChaseState dealt(int players, const std::vector<std::string>& opts = {}, std::uint64_t seed = 1) {
  ChaseState s = fresh(players, opts);
  Rng rng(seed);
  s.apply_chance(rng);
  return s;
}

// A round dealt by `dealer` with these hands (by seat) and the rest of the pack
// in a fixed order, `top` (if given) on top.
ChaseState round_with(int players, Seat dealer, const std::vector<Card>& hands,
                      const std::vector<std::string>& opts = {}, std::optional<Card> top = {}) {
  ChaseState s = fresh(players, opts);
  std::vector<Card> pack;
  for (Card c : standard_deck())
    if (std::find(hands.begin(), hands.end(), c) == hands.end() && c != top) pack.push_back(c);
  if (top) pack.push_back(*top);
  s.set_round(dealer, hands, pack);
  return s;
}

// The seat to move plays `m`, checked.
void play(ChaseState& s, Move m) {
  const Seat seat = s.to_move();
  ASSERT_GE(seat, 0);
  ASSERT_TRUE(testing::play(s, seat, encode(m))) << seat_name(seat) << " " << static_cast<int>(m);
}

std::vector<Move> moves(const ChaseState& s) {
  std::vector<Move> out;
  for (Action a : legal(s, s.to_move())) out.push_back(*decode(a));
  return out;
}

const CardView& card_seen(const View& v, Seat owner) {
  return v.zones[owner].cards.at(0);
}

std::vector<std::string> story(const State& s, Seat viewer) {
  std::vector<std::string> out;
  s.narrate(viewer, out);
  return out;
}

bool says(const std::vector<std::string>& lines, const std::string& what) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& l) { return l.find(what) != std::string::npos; });
}

// ---- Players, cards and the deal -------------------------------------------------------

TEST(ChaseTheAceRules, Seed004_OneCardEachFaceDownFromA52CardPack) {
  // "Deal one card each face down from a 52-card pack ranking A23456789TJQK."
  for (int p : {2, 5, 16}) {
    ChaseState s = dealt(p);
    std::vector<Card> all;
    s.all_cards(all);
    std::sort(all.begin(), all.end());
    EXPECT_EQ(all, standard_deck());
    EXPECT_EQ(static_cast<int>(s.pack().size()), 52 - p);
    for (Seat q = 0; q < p; ++q) {
      EXPECT_TRUE(s.in_round(q));
      for (Seat v = 0; v < p; ++v)  // face down: each sees only his own
        EXPECT_EQ(card_seen(s.view(v), q).card.has_value(), v == q);
    }
  }
  EXPECT_FALSE(make_config(Selection{&game(), nullptr}, 17, {}).ok());
  EXPECT_FALSE(make_config(Selection{&game(), nullptr}, 1, {}).ok());
}

TEST(ChaseTheAceRules, Seed004_PlayersDealInTurn) {
  // "Players deal in turn": the deal passes to the left, over players who are out.
  Result<Selection> sel = select("chase-the-ace");
  ASSERT_TRUE(sel.ok());
  const Record r = testing::random_game(*sel, config(4), 7);
  std::vector<Seat> dealers;
  std::vector<SeatMask> alive;
  ASSERT_TRUE(replay(r, [&](const State& st, const Step& step) {
                const auto& s = dynamic_cast<const ChaseState&>(st);
                if (step.chance && s.last_event().kind == Event::kDeal) {
                  dealers.push_back(s.dealer());
                  SeatMask m = 0;
                  for (Seat q = 0; q < 4; ++q) m |= s.in_round(q) ? 1u << q : 0;
                  alive.push_back(m);
                }
              }).ok());
  ASSERT_GE(dealers.size(), 3u);
  EXPECT_EQ(dealers[0], 3);  // seat 0, the eldest, sits at the first dealer's left
  for (std::size_t i = 1; i < dealers.size(); ++i) {
    Seat next = dealers[i - 1];
    do next = (next + 1) % 4;
    while (!(alive[i] >> next & 1));
    EXPECT_EQ(dealers[i], next) << "round " << i + 1;
  }
}

TEST(ChaseTheAceRules, Seed004_SuitsAreIrrelevantAceIsAlwaysLow) {
  // "Suits are irrelevant; Ace is always low."
  ChaseState s = round_with(3, 2, cards({"AS", "2C", "KD"}));
  play(s, Move::kKeep);
  play(s, Move::kKeep);
  play(s, Move::kStand);
  EXPECT_EQ(s.last_losers(), 1u);  // the ace, below the two
  ChaseState t = round_with(3, 2, cards({"5S", "5C", "9D"}));
  play(t, Move::kKeep);
  play(t, Move::kKeep);
  play(t, Move::kStand);
  EXPECT_EQ(t.last_losers(), 0b011u);  // two fives of different suits tie
}

// ---- A round ----------------------------------------------------------------------------

TEST(ChaseTheAceRules, Seed004_EachInTurnStartingWithEldestKeepsOrDemandsToExchange) {
  // "Each in turn, starting with eldest, may either keep his card ... or demand to
  // exchange it with that of his left-hand neighbour."
  ChaseState s = dealt(4);
  EXPECT_EQ(s.dealer(), 3);
  EXPECT_EQ(s.eldest(), 0);
  EXPECT_EQ(s.to_move(), 0);
  ChaseState r = round_with(4, 1, cards({"9C", "7D", "3H", "JS"}));
  ASSERT_EQ(r.to_move(), 2);  // the dealer's left
  EXPECT_EQ(moves(r), (std::vector<Move>{Move::kKeep, Move::kExchange}));
  play(r, Move::kExchange);  // seat 2 asks seat 3, its left-hand neighbour
  EXPECT_EQ(r.held(2).card, card("JS"));
  EXPECT_EQ(r.held(3).card, card("3H"));
  EXPECT_EQ(r.to_move(), 3);
  play(r, Move::kKeep);
  EXPECT_EQ(r.to_move(), 0);
  play(r, Move::kExchange);  // seat 0 asks seat 1, the dealer
  EXPECT_EQ(r.held(0).card, card("7D"));
  EXPECT_EQ(r.held(1).card, card("9C"));
  EXPECT_EQ(r.to_move(), 1);  // the dealer plays last
}

TEST(ChaseTheAceRules, Seed004_AKingKeptMustBeTurnedFaceUp) {
  // "keep his card - and, if it is a King, must turn it face up". Our reading: a
  // King is always kept.
  ChaseState s = round_with(3, 2, cards({"KH", "4C", "9D"}));
  EXPECT_EQ(moves(s), (std::vector<Move>{Move::kKeep}));
  EXPECT_FALSE(card_seen(s.view(1), 0).card.has_value());
  play(s, Move::kKeep);
  for (Seat v : {kSpectator, 1, 2}) {
    EXPECT_EQ(card_seen(s.view(v), 0).card, card("KH"));
    EXPECT_TRUE(card_seen(s.view(v), 0).face_up);
  }
  EXPECT_TRUE(says(story(s, 1), "turns it face up"));
  // A card kept unturned is, as everyone can tell, no King.
  play(s, Move::kKeep);
  EXPECT_TRUE(s.held(1).not_king);
  EXPECT_FALSE(card_seen(s.view(2), 1).card.has_value());
}

TEST(ChaseTheAceRules, Seed004_TheNeighbourMayRefuseOnlyWithAKingWhichHeMustShow) {
  // "The latter may refuse only if he holds a King, which he must then show".
  // Our reading: holding one, he always refuses; without, he cannot.
  ChaseState s = round_with(3, 2, cards({"4C", "KD", "9D"}));
  play(s, Move::kExchange);
  EXPECT_EQ(s.held(0).card, card("4C"));  // refused: nothing changes hands
  EXPECT_EQ(s.held(1).card, card("KD"));
  EXPECT_TRUE(s.showed_king(1));
  EXPECT_EQ(card_seen(s.view(2), 1).card, card("KD"));  // shown to all
  EXPECT_TRUE(card_seen(s.view(kSpectator), 1).face_up);
  EXPECT_EQ(s.did(0), Did::kRefused);
  EXPECT_NE(s.view(2).seats[1].status.find("showed a King"), std::string::npos);
  // Then the King's holder keeps it on his turn: his only move.
  EXPECT_EQ(s.to_move(), 1);
  EXPECT_EQ(moves(s), (std::vector<Move>{Move::kKeep}));
  // Without a King the neighbour has no say: the exchange happens.
  ChaseState t = round_with(3, 2, cards({"4C", "QD", "9D"}));
  play(t, Move::kExchange);
  EXPECT_EQ(t.held(0).card, card("QD"));
  EXPECT_EQ(t.held(1).card, card("4C"));
  EXPECT_EQ(t.to_move(), 1);
}

TEST(ChaseTheAceRules, Seed004_SayingCuckooInSomeVersions) {
  // "which he must then show (saying 'Cuckoo!' in some versions)"
  for (bool cuckoo : {false, true}) {
    ChaseState s =
        round_with(3, 2, cards({"4C", "KD", "9D"}), {cuckoo ? "call=cuckoo" : "call=none"});
    play(s, Move::kExchange);
    EXPECT_EQ(says(story(s, 2), "Cuckoo!"), cuckoo);
    EXPECT_TRUE(says(story(s, 2), "shows [[" + std::to_string(card("KD").index()) + "]]"));
  }
  ChaseState p = ChaseState(Rules::from(testing::test_config("cuckoo", 4)));
  EXPECT_TRUE(p.rules().cuckoo);
}

TEST(ChaseTheAceRules, Seed004_AnExchangeShowsBothPlayersBothCards) {
  // Each sees the card he receives, so both know both; nobody else sees either.
  // The knowledge travels: the asker still knows his old card where it goes next.
  ChaseState s = round_with(4, 3, cards({"4C", "8D", "JH", "9S"}));
  play(s, Move::kExchange);  // seat 0 and seat 1
  for (Seat v : {0, 1}) {
    EXPECT_EQ(card_seen(s.view(v), 0).card, card("8D")) << v;
    EXPECT_EQ(card_seen(s.view(v), 1).card, card("4C")) << v;
  }
  for (Seat v : {kSpectator, 2, 3}) {
    EXPECT_FALSE(card_seen(s.view(v), 0).card.has_value());
    EXPECT_FALSE(card_seen(s.view(v), 1).card.has_value());
  }
  play(s, Move::kExchange);                                // seat 1 passes the 4C on to seat 2
  EXPECT_EQ(card_seen(s.view(0), 2).card, card("4C"));     // seat 0 knows where it went
  EXPECT_FALSE(card_seen(s.view(0), 1).card.has_value());  // but not what seat 1 got
  EXPECT_EQ(card_seen(s.view(1), 1).card, card("JH"));
  EXPECT_FALSE(card_seen(s.view(3), 2).card.has_value());
}

TEST(ChaseTheAceRules, Seed004_TheDealerStandsPatOrCutsAReplacement) {
  // "The dealer, on his turn, may either stand pat or reject his card and cut a
  // replacement from the pack."
  ChaseState s = round_with(2, 1, cards({"9C", "3D"}));
  play(s, Move::kKeep);
  ASSERT_EQ(s.to_move(), 1);
  EXPECT_EQ(moves(s), (std::vector<Move>{Move::kStand, Move::kCut}));
  ChaseState stand = s;
  play(stand, Move::kStand);
  EXPECT_EQ(stand.held(1).card, card("3D"));
  EXPECT_TRUE(stand.aside().empty());
  play(s, Move::kCut);
  ASSERT_EQ(s.to_move(), kChance);  // the cut is chance's
  ASSERT_EQ(s.aside().size(), 1u);
  EXPECT_EQ(s.aside()[0].card, card("3D"));  // rejected, set aside face down
  EXPECT_FALSE(s.view(0).zones[3].cards[0].card.has_value());
  EXPECT_EQ(s.view(1).zones[3].cards[0].card, card("3D"));  // the dealer knows it
  Rng rng(5);
  const std::size_t before = s.pack().size();
  s.apply_chance(rng);
  EXPECT_EQ(s.pack().size(), before - 1);
  EXPECT_NE(s.held(1).card, card("3D"));
  EXPECT_EQ(std::count(s.pack().begin(), s.pack().end(), s.held(1).card), 0);
  EXPECT_TRUE(s.revealed());
}

TEST(ChaseTheAceRules, Seed004_TheCutIsAnyCardOfThePackAlike) {
  // Each card of the pack is as likely to be cut.
  std::map<Rank, int> seen;
  const int n = 13000;
  for (int i = 0; i < n; ++i) {
    ChaseState s = round_with(2, 1, cards({"9C", "3D"}));
    play(s, Move::kKeep);
    play(s, Move::kCut);
    Rng rng(static_cast<std::uint64_t>(i) + 1, 3);
    s.apply_chance(rng);
    ++seen[s.held(1).card.rank()];
  }
  for (int r = kAce; r <= kKing; ++r) {
    const double expected = n * (r == kNine || r == kThree ? 3.0 : 4.0) / 50;
    EXPECT_NEAR(seen[Rank(r)], expected, 5 * std::sqrt(expected)) << r;
  }
}

TEST(ChaseTheAceRules, Seed004_SomeTakeTheTopCardOfThePack) {
  // "Some do not cut, but take the top card of the pack."
  ChaseState s = round_with(2, 1, cards({"9C", "3D"}), {"draw=top"}, card("7H"));
  play(s, Move::kKeep);
  play(s, Move::kCut);
  EXPECT_NE(s.phase(), ChaseState::Phase::kCut);  // no cut: the top card is taken at once
  EXPECT_TRUE(s.revealed());
  EXPECT_EQ(s.held(1).card, card("7H"));
  EXPECT_TRUE(says(story(s, kEveryone), "top card of the pack"));
  EXPECT_EQ(s.last_losers(), 0b10u);  // 7H below 9C
}

TEST(ChaseTheAceRules, Seed004_TheCardsAreRevealedAndTheLowestLosesALife) {
  // "The aim is to avoid holding the lowest card at end of play." "The cards are
  // then revealed, and the player with the lowest card loses a life."
  ChaseState s = round_with(4, 3, cards({"9C", "3D", "JH", "8S"}));
  for (int i = 0; i < 3; ++i) play(s, Move::kKeep);
  play(s, Move::kStand);
  EXPECT_EQ(s.last_losers(), 0b0010u);
  EXPECT_EQ(s.lives(1), 2);
  EXPECT_EQ(s.lives(0), 3);
  for (Seat v = kSpectator; v < 4; ++v)
    for (Seat q = 0; q < 4; ++q) EXPECT_TRUE(card_seen(s.view(v), q).card.has_value());
  EXPECT_TRUE(says(story(s, 2), "The cards are revealed"));
  EXPECT_TRUE(says(story(s, 1), "You hold the lowest card and lose a life (2 lives left)"));
  // Between rounds: lives are each seat's public counter, and the last round's summary.
  const View v = s.view(0);
  EXPECT_EQ(v.seats[1].counters, (std::vector<Counter>{{"lives", 2}}));
  EXPECT_EQ(v.last_hand.hand, 1);
  EXPECT_EQ(v.last_hand.summary, "Seat 1 held the lowest card, a three, and loses a life.");
  EXPECT_EQ(v.last_hand.points, (std::vector<double>{0, -1, 0, 0}));
  EXPECT_EQ(v.last_hand.totals, (std::vector<double>{3, 2, 3, 3}));
}

TEST(ChaseTheAceRules, Seed004_PlayersTyingForLowestAllLoseALife) {
  // "Players tying for lowest all lose a life."
  ChaseState s = round_with(4, 3, cards({"3C", "3D", "JH", "8S"}));
  for (int i = 0; i < 3; ++i) play(s, Move::kKeep);
  play(s, Move::kStand);
  EXPECT_EQ(s.last_losers(), 0b0011u);
  EXPECT_EQ(s.lives(0), 2);
  EXPECT_EQ(s.lives(1), 2);
}

TEST(ChaseTheAceRules, Seed004_PlayUpToAnyAgreedNumberOfLives) {
  // "Play up to any agreed number of lives." A player with none left drops out.
  EXPECT_EQ(fresh(3).lives(0), 3);
  EXPECT_EQ(fresh(3, {"lives=5"}).lives(2), 5);
  ChaseState s = round_with(3, 2, cards({"2C", "9D", "JH"}), {"lives=1"});
  play(s, Move::kKeep);
  play(s, Move::kKeep);
  play(s, Move::kStand);
  EXPECT_EQ(s.lives(0), 0);
  EXPECT_EQ(s.last_out(), 1u);
  EXPECT_TRUE(says(story(s, 1), "Seat 0 has no lives left and drops out"));
  ASSERT_EQ(s.to_move(), kChance);
  Rng rng(2);
  s.apply_chance(rng);  // the next deal leaves seat 0 out
  EXPECT_FALSE(s.in_round(0));
  EXPECT_TRUE(s.in_round(1) && s.in_round(2));
  EXPECT_EQ(s.dealer(), 1);  // the deal passes on to seat 0's left, seat 0 being out
  EXPECT_EQ(s.view(1).seats[0].status, "out");
  EXPECT_TRUE(s.view(1).zones[0].cards.empty());
}

TEST(ChaseTheAceRules, TheLastOneStandingWinsAndPlacesFollowDroppingOut) {
  ChaseState s = round_with(3, 2, cards({"2C", "9D", "JH"}), {"lives=1"});
  play(s, Move::kKeep);
  play(s, Move::kKeep);
  play(s, Move::kStand);
  ASSERT_EQ(s.to_move(), kChance);
  // The second round, between seats 1 and 2: seat 1 deals, and holds the lower card.
  ASSERT_EQ(s.dealer(), 1);
  std::vector<Card> pack;
  for (Card c : standard_deck())
    if (c != card("3C") && c != card("QD")) pack.push_back(c);
  s.set_round(1, {Card(), card("3C"), card("QD")}, pack);
  EXPECT_FALSE(s.in_round(0));
  play(s, Move::kKeep);
  play(s, Move::kStand);
  ASSERT_TRUE(s.terminal());
  const Outcome o = s.outcome();
  EXPECT_EQ(o.kind, OutcomeKind::kRanking);
  EXPECT_EQ(o.places, (std::vector<int>{3, 2, 1}));
  EXPECT_EQ(o.scores, (std::vector<double>{0, 1, 2}));
  EXPECT_EQ(o.summary, "Seat 2 is the last one standing and wins, with 1 life left.");
}

TEST(ChaseTheAceRules, ReadingEveryoneLeftOnTheLastLifeTiesReplayOrShare) {
  // The seed is silent; our default replays the round, last-tie=share ends it.
  for (bool share : {false, true}) {
    ChaseState s = fresh(2, {share ? "last-tie=share" : "last-tie=replay"});
    s.set_lives({1, 1});
    s.set_round(1, cards({"6C", "6D"}), {});
    play(s, Move::kKeep);
    play(s, Move::kStand);
    if (share) {
      ASSERT_TRUE(s.terminal());
      EXPECT_EQ(s.outcome().places, (std::vector<int>{1, 1}));
      EXPECT_EQ(s.outcome().summary,
                "Seat 0 and Seat 1 lose their last lives together and share the win.");
    } else {
      EXPECT_FALSE(s.terminal());
      EXPECT_TRUE(s.last_void());
      EXPECT_EQ(s.lives(0), 1);
      EXPECT_EQ(s.lives(1), 1);
      EXPECT_TRUE(says(story(s, 0), "the round does not count"));
    }
  }
}

// ---- Variants -------------------------------------------------------------------------------

TEST(ChaseTheAceRules, Seed004_VariantADealerWhoCutsAKingCountsLowestOfAll) {
  // "If the dealer rejects his card, and then cuts a King, it counts lowest of all,
  // and only he loses a life."
  for (const char* opt : {"dealer-king=counts", "dealer-king=lowest", "dealer-king=keeps-own"}) {
    ChaseState s = round_with(3, 2, cards({"AC", "9D", "2H"}), {opt, "draw=top"}, card("KS"));
    play(s, Move::kKeep);
    play(s, Move::kKeep);
    play(s, Move::kCut);
    const std::string o = opt;
    if (o == "dealer-king=lowest") {
      EXPECT_EQ(s.last_losers(), 0b100u) << "only the dealer, though seat 0 holds an ace";
      EXPECT_TRUE(
          says(story(s, 0), "counts lowest of all: Seat 2 alone loses a life (2 lives left)"));
    } else if (o == "dealer-king=counts") {
      EXPECT_EQ(s.last_losers(), 0b001u);
      EXPECT_EQ(s.held(2).card, card("KS"));
    } else {
      // Classic Le Her, gamerules.com's Cuckoo: the King is void, set aside face
      // up, and the dealer keeps his own card.
      EXPECT_EQ(s.held(2).card, card("2H"));
      ASSERT_EQ(s.aside().size(), 1u);
      EXPECT_EQ(s.aside()[0].card, card("KS"));
      EXPECT_TRUE(s.aside()[0].face_up);
      EXPECT_EQ(s.last_losers(), 0b001u);
    }
  }
}

TEST(ChaseTheAceRules, Seed004_VariantPassingAnAceTwoOrThreeToTheRightIsAnnounced) {
  // "Some have a rule that a player passing an Ace, Two or Three to his right-hand
  // neighbour must announce that fact." The asked neighbour passes to his right.
  for (bool announce : {false, true}) {
    ChaseState s = round_with(4, 3, cards({"9C", "2D", "JH", "8S"}),
                              {announce ? "announce=yes" : "announce=no"});
    play(s, Move::kExchange);  // seat 1 passes the two to seat 0, its right-hand neighbour
    EXPECT_EQ(s.held(0).announced, announce ? kTwo : kNoRank);
    const View third = s.view(2);
    EXPECT_FALSE(card_seen(third, 0).card.has_value());
    EXPECT_EQ(third.seats[0].status.find("was passed a two (announced)") != std::string::npos,
              announce);
    EXPECT_EQ(says(story(s, 2), "\"Two!\""), announce);
  }
  // A four is not announced, nor is a low card passed leftwards by the asker.
  ChaseState s = round_with(4, 3, cards({"3C", "4D", "JH", "8S"}), {"announce=yes"});
  play(s, Move::kExchange);
  EXPECT_EQ(s.held(0).announced, kNoRank);
  EXPECT_EQ(s.held(1).announced, kNoRank);
}

TEST(ChaseTheAceRules, PresetsNameTheirVariants) {
  EXPECT_EQ(Rules::from(testing::test_config("ranter-go-round", 4)).draw, Draw::kTop);
  EXPECT_TRUE(Rules::from(testing::test_config("chase-the-ace-announce", 4)).announce);
  EXPECT_EQ(Rules::from(testing::test_config("cuckoo", 4)).dealer_king, DealerKing::kKeepsOwn);
  EXPECT_EQ(Rules::from(testing::test_config("le-her", 2)).dealer_king, DealerKing::kKeepsOwn);
  Result<Selection> le_her = select("le-her");
  ASSERT_TRUE(le_her.ok());
  EXPECT_FALSE(make_config(*le_her, 3, {}).ok());  // two players exactly
}

// ---- Views and words --------------------------------------------------------------------

TEST(ChaseTheAceViews, PromptsInWordsLabelsAndKeys) {
  ChaseState s = round_with(3, 2, cards({"4C", "QD", "9D"}));
  View v = s.view(0);
  EXPECT_EQ(v.prompt,
            "Keep your [[" + std::to_string(card("4C").index()) + "]], or ask Seat 1 to exchange.");
  ASSERT_EQ(v.choices.size(), 2u);
  EXPECT_EQ(v.choices[0].label, "keep your card");
  EXPECT_EQ(v.choices[0].key, "k");
  EXPECT_EQ(v.choices[1].label, "ask Seat 1 to exchange");
  EXPECT_EQ(v.choices[1].key, "e");
  EXPECT_TRUE(v.list_choices);
  play(s, Move::kKeep);
  play(s, Move::kExchange);  // seat 1 asks seat 2, the dealer
  v = s.view(2);
  EXPECT_NE(v.prompt.find("stand pat"), std::string::npos) << v.prompt;
  EXPECT_EQ(v.choices[0].key, "s");
  EXPECT_EQ(v.choices[1].key, "c");
  EXPECT_NE(v.seats[2].status.find("dealer"), std::string::npos);
  EXPECT_NE(v.seats[1].status.find("exchanged with Seat 2"), std::string::npos);
  EXPECT_TRUE(says(story(s, 2), "Seat 1 asks you to exchange"));
  EXPECT_TRUE(says(story(s, 0), "Seat 1 exchanges cards with Seat 2"));
}

TEST(ChaseTheAceViews, SamplesKeepWhatEveryoneCanTell) {
  // Kept unturned or passed: no King; announced: that rank. Every sample agrees,
  // and the seat's view is unchanged.
  ChaseState s = round_with(4, 3, cards({"9C", "2D", "KH", "8S"}), {"announce=yes"});
  play(s, Move::kExchange);  // seat 0 gets the announced two; seat 1 the nine
  play(s, Move::kKeep);      // seat 1 keeps: no King
  Rng rng(11);
  for (int i = 0; i < 200; ++i) {
    auto sample = resampler().resample(s, 3, rng);
    ASSERT_TRUE(sample);
    const auto& t = dynamic_cast<const ChaseState&>(*sample);
    EXPECT_EQ(t.held(0).card.rank(), kTwo);
    EXPECT_NE(t.held(1).card.rank(), kKing);
    EXPECT_EQ(t.held(3).card, card("8S"));
    EXPECT_TRUE(t.view(3) == s.view(3));
  }
}

// ---- Le Her: the equilibrium ---------------------------------------------------------------

LeHerRules classic() {
  // Le Her as Waldegrave solved it: ties go to the dealer, a King the dealer draws
  // is void, a King the receiver holds is not shown.
  return {DealerKing::kKeepsOwn, true, false};
}

TEST(ChaseTheAceLeHer, TheSolverFindsWaldegravesClassicSolution) {
  // Bellhouse and Fillion (Statistical Science, 2015): Paul wins with chance
  // (2828ac + 2834bc + 2838ad + 2828bd) / (13·17·25·(a+b)(c+d)), a : b = 3 : 5 his
  // changing or holding a seven, c : d = 5 : 3 the dealer's changing or holding an
  // eight. Here computed from the rules, then compared.
  const LeHerSolution sol = solve_le_her(classic());
  ASSERT_TRUE(sol.ok);
  for (int r = 1; r <= 13; ++r) {
    EXPECT_NEAR(sol.strategy.exchange[r], r <= 6 ? 1.0 : r == 7 ? 3.0 / 8 : 0.0, 1e-9) << r;
    EXPECT_NEAR(sol.strategy.cut[r], r <= 7 ? 1.0 : r == 8 ? 5.0 / 8 : 0.0, 1e-9) << r;
  }
  auto paul_wins = [](double value) { return (value + 1) / 2 * 5525; };
  EXPECT_NEAR(paul_wins(sol.value), 2831.75, 1e-6);
  EXPECT_NEAR(paul_wins(sol.dealer_value), 2831.75, 1e-6);
  // The four pure matchings of the formula.
  auto pure = [](bool paul_changes_seven, bool pierre_changes_eight) {
    LeHerStrategy s;
    for (int r = 1; r <= 13; ++r) {
      s.exchange[r] = r <= 6 || (r == 7 && paul_changes_seven);
      s.cut[r] = r <= 7 || (r == 8 && pierre_changes_eight);
    }
    return s;
  };
  EXPECT_NEAR(paul_wins(le_her_value(classic(), pure(true, true))), 2828, 1e-6);    // ac
  EXPECT_NEAR(paul_wins(le_her_value(classic(), pure(false, true))), 2834, 1e-6);   // bc
  EXPECT_NEAR(paul_wins(le_her_value(classic(), pure(true, false))), 2838, 1e-6);   // ad
  EXPECT_NEAR(paul_wins(le_her_value(classic(), pure(false, false))), 2828, 1e-6);  // bd
}

TEST(ChaseTheAceLeHer, NeitherSideGainsByDeviating) {
  // Against the computed dealer strategy no eldest strategy does better than the
  // value, and against the computed eldest strategy no dealer strategy does.
  for (DealerKing k : {DealerKing::kCounts, DealerKing::kLowest, DealerKing::kKeepsOwn})
    for (bool ties_to_dealer : {false, true}) {
      const LeHerRules rules{k, ties_to_dealer, true};
      const LeHerSolution sol = solve_le_her(rules);
      ASSERT_TRUE(sol.ok);
      EXPECT_NEAR(sol.value, sol.dealer_value, 1e-9);  // minimax: both programmes agree
      EXPECT_NEAR(le_her_value(rules, sol.strategy), sol.value, 1e-9);
      EXPECT_LE(eldest_best_response(rules, sol.strategy), sol.value + 1e-9);
      EXPECT_GE(dealer_best_response(rules, sol.strategy), sol.value - 1e-9);
      // And not a degenerate answer: low cards are exchanged, high ones kept.
      EXPECT_NEAR(sol.strategy.exchange[1], 1, 1e-9);
      EXPECT_NEAR(sol.strategy.exchange[12], 0, 1e-9);
      EXPECT_NEAR(sol.strategy.cut[1], 1, 1e-9);
      EXPECT_NEAR(sol.strategy.cut[13], 0, 1e-9);
    }
}

// The round played through the game itself, two players, every deal of two
// cards and every card on top of the pack (draw=top, each card alike, as a cut):
// the exact value of the equilibrium, and what each seat could gain by changing
// any choice, grouped by what that seat's view shows when it chooses.
struct Engine {
  double value = 0;
  double eldest_best = 0;  // the eldest's best reply against the dealer's strategy
  double dealer_best = 0;  // the dealer's best reply against the eldest's
};

std::string view_key(const View& v) {
  std::string k;
  for (const Zone& z : v.zones) {
    k += "|";
    for (const CardView& c : z.cards) k += c.card ? std::to_string(c.card->index()) + "," : "?,";
  }
  for (const SeatInfo& s : v.seats) k += "|" + s.status;
  return k;
}

Engine play_every_deal(DealerKing king) {
  const char* names[] = {"dealer-king=counts", "dealer-king=lowest", "dealer-king=keeps-own"};
  const Config cfg = config(2, {names[static_cast<int>(king)], "draw=top"});
  const Rules rules = Rules::from(cfg);
  const LeHerSolution sol = solve_le_her(rules.le_her());
  const std::vector<Card> deck = standard_deck();
  // Sums by what the chooser sees: [keep or stand, exchange or cut].
  std::map<std::string, std::array<double, 2>> eldest, dealer;
  Engine out;
  const double w_deal = 1.0 / (52 * 51);
  for (Card e : deck)
    for (Card d : deck) {
      if (e == d) continue;
      std::vector<Card> rest;
      for (Card c : deck)
        if (c != e && c != d) rest.push_back(c);
      ChaseState base(rules);
      base.set_round(1, {e, d}, rest);  // seat 1 deals; seat 0 is the eldest
      const std::string ekey = view_key(base.view(0));
      for (Move a : {Move::kKeep, Move::kExchange}) {
        ChaseState s = base;
        if (!testing::play(s, 0, encode(a))) {
          eldest[ekey][1] = -1e300;  // a King: no exchange to weigh
          continue;
        }
        const double pa = a == Move::kExchange ? sol.strategy.exchange[e.rank()]
                                               : 1 - sol.strategy.exchange[e.rank()];
        // The dealer's equilibrium choice, from what he knows.
        double pcut = 0;
        const Held& theirs = s.held(0);
        const Rank mine = s.held(1).card.rank();
        if (s.did(0) == Did::kExchanged)
          pcut = dealer_cuts_knowing(rules.le_her(), theirs.card.rank(), mine);
        else if (s.did(0) == Did::kRefused)
          pcut = sol.strategy.cut_after_refusal;
        else
          pcut = theirs.face_up ? dealer_cuts_knowing(rules.le_her(), kKing, mine)
                                : sol.strategy.cut[mine];
        auto payoff = [](const ChaseState& t) {
          const SeatMask l = t.last_losers();
          return l == 0b10u ? 1.0 : l == 0b01u ? -1.0 : 0.0;
        };
        ChaseState st = s;
        EXPECT_TRUE(testing::play(st, 1, encode(Move::kStand)));
        const double stand = payoff(st);
        double cut = 0;
        for (std::size_t t = 0; t < rest.size(); ++t) {
          std::vector<Card> pack = rest;
          std::swap(pack[t], pack.back());  // this card on top
          ChaseState c(rules);
          c.set_round(1, {e, d}, pack);
          EXPECT_TRUE(testing::play(c, 0, encode(a)));
          EXPECT_TRUE(testing::play(c, 1, encode(Move::kCut)));
          cut += payoff(c) / rest.size();
        }
        const double after = pcut * cut + (1 - pcut) * stand;
        out.value += w_deal * pa * after;
        eldest[ekey][a == Move::kExchange] += w_deal * after;
        auto& dk = dealer[view_key(s.view(1))];
        dk[0] += w_deal * pa * stand;
        dk[1] += w_deal * pa * cut;
      }
    }
  for (const auto& [k, v] : eldest) out.eldest_best += std::max(v[0], v[1]);
  for (const auto& [k, v] : dealer) out.dealer_best += std::min(v[0], v[1]);
  return out;
}

TEST(ChaseTheAceLeHer, NeitherSideGainsByDeviatingInTheGameItself) {
  // Every deal played through ChaseState: the value is the solver's, and no
  // choice by either seat, made on what its view shows, does better.
  for (DealerKing k : {DealerKing::kCounts, DealerKing::kLowest, DealerKing::kKeepsOwn}) {
    Rules r;
    r.dealer_king = k;
    const LeHerSolution sol = solve_le_her(r.le_her());
    const Engine e = play_every_deal(k);
    EXPECT_NEAR(e.value, sol.value, 1e-9) << static_cast<int>(k);
    EXPECT_LE(e.eldest_best, sol.value + 1e-9) << static_cast<int>(k);
    EXPECT_GE(e.dealer_best, sol.value - 1e-9) << static_cast<int>(k);
  }
}

TEST(ChaseTheAceLeHer, OurTiesMakeTheLeHerPresetPure) {
  // Where our rules differ from the classic: a tie costs both a life instead of
  // going to the dealer. With the classic's void King (the le-her preset) the
  // mixed sevens and eights of the classic become pure.
  const LeHerSolution ours = solve_le_her(Rules::from(testing::test_config("le-her", 2)).le_her());
  const LeHerSolution theirs = solve_le_her(classic());
  auto pure = [](double p) { return std::fabs(p) < 1e-9 || std::fabs(p - 1) < 1e-9; };
  for (int r = 1; r <= 13; ++r) {
    EXPECT_TRUE(pure(ours.strategy.exchange[r])) << r;
    EXPECT_TRUE(pure(ours.strategy.cut[r])) << r;
  }
  EXPECT_GT(theirs.strategy.exchange[7], 0);
  EXPECT_LT(theirs.strategy.exchange[7], 1);
  EXPECT_GT(ours.value, theirs.value);  // ties no longer count against the eldest
}

// ---- Bots -----------------------------------------------------------------------------------

// Share of games won by `bot` against `other` over `games` games, seats swapping.
double win_share(const char* preset, int players, const std::function<std::unique_ptr<Bot>()>& bot,
                 const std::function<std::unique_ptr<Bot>()>& other, int games) {
  Result<Selection> sel = select(preset);
  EXPECT_TRUE(sel.ok());
  const Config cfg = testing::test_config(preset, players);
  double won = 0;
  for (int g = 0; g < games; ++g) {
    const Seat seat = g % players;
    Table t(*sel, cfg, 1000 + g);
    std::vector<std::unique_ptr<Player>> owned;
    std::vector<Player*> at;
    for (Seat q = 0; q < players; ++q) {
      owned.push_back(std::make_unique<BotPlayer>(q == seat ? bot() : other(), game().resampler,
                                                  bot_rng(1000 + g, q)));
      at.push_back(owned.back().get());
    }
    EXPECT_TRUE(t.run(at));
    const Outcome o = t.state().outcome();
    // A shared first place counts as a share of the win.
    const int first = static_cast<int>(std::count(o.places.begin(), o.places.end(), 1));
    if (o.places[seat] == 1) won += 1.0 / first;
  }
  return won / games;
}

TEST(ChaseTheAceBots, TheEquilibriumBeatsTheRandomBotHeadsUp) {
  // 2,000 games of le-her with fixed seeds: the measured share is about 76%
  // (rules.md); at 2,000 games its standard error is under 1%, so 70% is a
  // margin of six of them.
  const double share = win_share("le-her", 2, make_equilibrium_bot, make_random_bot, 2000);
  EXPECT_GT(share, 0.70) << share;
}

TEST(ChaseTheAceBots, TheHeuristicBeatsRandomBotsAtAFullTable) {
  // One heuristic bot against three random ones: about 68% of the games (rules.md),
  // against the 25% an equal player would take.
  const double share = win_share("chase-the-ace", 4, make_heuristic_bot, make_random_bot, 1000);
  EXPECT_GT(share, 0.55) << share;
}

TEST(ChaseTheAceBots, TheHeuristicKeepsHighExchangesLowAndIsSafeBelowAKnownCard) {
  ChaseState t = round_with(4, 3, cards({"QC", "2D", "5H", "9S"}));
  EXPECT_EQ(*decode(heuristic_action(t, 0)), Move::kKeep);  // a queen is kept
  play(t, Move::kKeep);
  EXPECT_EQ(*decode(heuristic_action(t, 1)), Move::kExchange);  // a two is passed on
  play(t, Move::kExchange);  // seat 1 gets the five, seat 2 the two
  EXPECT_EQ(*decode(heuristic_action(t, 2)), Move::kExchange);
  play(t, Move::kExchange);  // the dealer gets the two, and knows seat 2 holds the 9S
  EXPECT_EQ(*decode(heuristic_action(t, 3)), Move::kCut);
  // A dealer who knows a lower card is out there stands even on a four; not
  // knowing one, he cuts.
  ChaseState known = round_with(4, 3, cards({"QC", "JD", "4H", "3C"}));
  play(known, Move::kKeep);
  play(known, Move::kKeep);
  play(known, Move::kExchange);  // seat 2 takes the dealer's three, the dealer its four
  ASSERT_EQ(known.held(3).card, card("4H"));
  EXPECT_EQ(*decode(heuristic_action(known, 3)), Move::kStand);
  ChaseState unknown = round_with(4, 3, cards({"QC", "JD", "9S", "4H"}));
  play(unknown, Move::kKeep);
  play(unknown, Move::kKeep);
  play(unknown, Move::kKeep);
  EXPECT_EQ(*decode(heuristic_action(unknown, 3)), Move::kCut);
}

TEST(ChaseTheAceBots, SearchHintsPlayTheHeuristicAndValueLives) {
  ASSERT_EQ(game().search, &search_hints());
  ChaseState t = round_with(4, 3, cards({"QC", "2D", "5H", "9S"}));
  std::vector<Action> moves = legal(t, 0);
  Rng rng(1, 1);
  EXPECT_EQ(search_hints().policy(t, 0, moves, rng), heuristic_action(t, 0));
  ChaseState s = fresh(3);
  s.set_lives({3, 1, 0});
  s.set_round(1, {card("6C"), card("6D"), Card()}, {});
  std::vector<double> v(3);
  search_hints().estimate(s, v);
  EXPECT_GT(v[0], v[1]);
  EXPECT_GT(v[1], v[2]);
  for (double x : v) EXPECT_TRUE(x >= 0 && x <= 1) << x;
}

TEST(ChaseTheAceBots, TheEquilibriumBotPlaysTheComputedStrategy) {
  // Heads-up, the dealer who was given a card in an exchange cuts exactly when
  // the computed best reply says so; the eldest exchanges an ace, keeps a queen.
  const Rules r = Rules::from(config(2));
  auto bot = make_equilibrium_bot();
  Rng rng(3);
  std::vector<Action> buf;
  for (const char* e : {"AC", "QD"}) {
    ChaseState s = round_with(2, 1, {card(e), card("6H")});
    s.legal_actions(0, buf);
    const Observation obs(s, 0, &resampler(), buf);
    EXPECT_EQ(*decode(bot->act(obs, rng)), std::string(e) == "AC" ? Move::kExchange : Move::kKeep);
  }
  for (const char* e : {"5C", "9D"}) {
    ChaseState s = round_with(2, 1, {card(e), card("7H")});
    play(s, Move::kExchange);  // the dealer now holds e and knows the eldest holds 7H
    s.legal_actions(1, buf);
    const Observation obs(s, 1, &resampler(), buf);
    const bool cut = dealer_cuts_knowing(r.le_her(), kSeven, card(e).rank());
    EXPECT_EQ(*decode(bot->act(obs, rng)), cut ? Move::kCut : Move::kStand) << e;
  }
}

// ---- Records and the conformance harness -----------------------------------------------------

TEST(ChaseTheAceRecords, RecordsReplay) {
  for (const char* preset : {"chase-the-ace", "ranter-go-round", "le-her"}) {
    Result<Selection> sel = select(preset);
    ASSERT_TRUE(sel.ok());
    const Config cfg = testing::test_config(preset, 2);
    const Record r = testing::random_game(*sel, cfg, 42);
    Result<Replayed> again = replay(r);
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(again->state().outcome(), *r.outcome);
  }
}

TEST(ChaseTheAceConformance, EveryPresetAndPlayerCount) {
  testing::ConformanceOptions opt;
  opt.games = 3;
  opt.resample_every = 3;
  testing::check_all_presets(game(), opt);
}

TEST(ChaseTheAceConformance, EveryOptionValue) {
  testing::ConformanceOptions opt;
  opt.games = 4;
  opt.resample_every = 2;
  for (const char* o : {"dealer-king=lowest", "dealer-king=keeps-own", "draw=top", "announce=yes",
                        "call=cuckoo", "last-tie=share", "lives=1", "lives=6"})
    for (int p : {2, 3, 6})
      testing::check_conformance(Selection{&game(), nullptr}, config(p, {o}), opt);
}

}  // namespace
}  // namespace parlour::chase_the_ace
