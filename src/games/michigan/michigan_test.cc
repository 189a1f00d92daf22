// Michigan: a test for each sentence of seed 002 (002_6b7a1a89f58223bd.txt,
// lines 6-10) on the game, or for the reading rules.md documents where it is
// silent; then the options, the views, the resampler, the bot and the
// conformance harness.
#include <gtest/gtest.h>

#include <algorithm>

#include "conformance.h"
#include "core/registry.h"
#include "games/michigan/state.h"

namespace parlour::michigan {
namespace {

using testing::card;
using testing::cards;
using testing::legal;

MichiganState fresh(int players, const std::vector<std::string>& opts = {}) {
  return MichiganState(Rules::from(testing::test_config("michigan", players, opts)));
}

void play(MichiganState& s, Seat seat, Move m) {
  ASSERT_TRUE(testing::play(s, seat, m.encode()))
      << seat_name(seat) << ": " << s.action_label(seat, m.encode());
}

std::vector<std::string> story(const MichiganState& s, Seat viewer = kEveryone) {
  std::vector<std::string> out;
  s.narrate(viewer, out);
  return out;
}

bool mentions(const std::vector<std::string>& lines, const std::string& text) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

std::vector<Card> moves_cards(const std::vector<Action>& l) {
  std::vector<Card> out;
  for (Action a : l)
    if (Move::decode(a)->kind == Move::kPlay) out.push_back(Move::decode(a)->card);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<Card> sorted(std::vector<Card> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Stakes every seat's ante, each chip on the first boodle card (A♥).
void stake_all_on_first(MichiganState& s) {
  while (s.phase() == MichiganState::Phase::kStake) play(s, s.turn(), Move::stake(0));
}

// Plays a game with each seat's first legal action until `stop` says so.
template <class Stop>
void play_until(MichiganState& s, Rng& rng, Stop stop) {
  while (!s.terminal() && !stop(s)) {
    if (s.chance()) {
      s.apply_chance(rng);
      continue;
    }
    s.apply(s.to_move(), legal(s, s.to_move())[0]);
  }
}

// Text with its card tokens written as a player reads them ("A♥").
std::string plain(const std::string& text) {
  return render_tokens(text, [](Card c) { return short_name(c); });
}

bool offered(const MichiganState& s, Seat seat, Action a) {
  const std::vector<Action> l = legal(s, seat);
  return std::find(l.begin(), l.end(), a) != l.end();
}

// ---- Staking -----------------------------------------------------------------------

TEST(MichiganRules, EachPlayerStakesTheAnteOnAnyOrAllBoodleCards) {
  // seed 002: "Each player must place the agreed-upon ante on a combination of
  // any or all of the boodle cards. You can divide up your ante equally, put
  // it all on one boodle card, or however you would like to arrange it."
  MichiganState s = fresh(4, {"ante=4"});
  Rng rng(1);
  s.apply_chance(rng);  // the dealer
  ASSERT_EQ(s.phase(), MichiganState::Phase::kStake);
  const Seat d = s.dealer();
  // In turn from the dealer's left, one chip at a time (rules.md).
  EXPECT_EQ(s.to_move(), (d + 1) % 4);
  // A chip on each of the four boodle cards, or the whole ante evenly at once.
  EXPECT_EQ(legal(s, s.turn()).size(), 5u);
  // The first divides it equally, the second puts it all on the Q♦.
  for (int b = 0; b < 4; ++b) play(s, (d + 1) % 4, Move::stake(b));
  EXPECT_EQ(s.to_move(), (d + 2) % 4);
  for (int i = 0; i < 4; ++i) play(s, (d + 2) % 4, Move::stake(2));
  // Then one on the A♥ and three on the J♠; the dealer stakes last.
  play(s, (d + 3) % 4, Move::stake(0));
  for (int i = 0; i < 3; ++i) play(s, (d + 3) % 4, Move::stake(3));
  EXPECT_EQ(s.to_move(), d);
  for (int i = 0; i < 4; ++i) play(s, d, Move::stake(1));
  EXPECT_EQ(s.phase(), MichiganState::Phase::kDeal);
  const Chips& c = *s.chips();
  EXPECT_EQ(c.pot(0), 2);
  EXPECT_EQ(c.pot(1), 5);
  EXPECT_EQ(c.pot(2), 5);
  EXPECT_EQ(c.pot(3), 4);
  for (Seat p = 0; p < 4; ++p) EXPECT_EQ(c.balance(p), 46);
  EXPECT_EQ(c.total(), 200);
  EXPECT_TRUE(mentions(story(s), "The boodle cards hold:"));
}

TEST(MichiganRules, TheWholeAnteMayBeDividedEquallyInOneMove) {
  // seed 002: "You can divide up your ante equally": one move instead of a
  // chip at a time (issue 37: four clicks a deal were too many).
  MichiganState s = fresh(4, {"ante=8"});
  Rng rng(1);
  s.apply_chance(rng);
  const Seat first = s.turn();
  ASSERT_TRUE(offered(s, first, Move::stake_evenly().encode()));
  EXPECT_EQ(s.action_label(first, Move::stake_evenly().encode()), "stake evenly (2 on each)");
  play(s, first, Move::stake_evenly());
  for (int b = 0; b < kBoodles; ++b) {
    EXPECT_EQ(s.staked_on(first, b), 2);
    EXPECT_EQ(s.chips()->pot(b), 2);
  }
  EXPECT_EQ(s.chips()->balance(first), 42);
  EXPECT_EQ(s.to_move(), (first + 1) % 4);
  EXPECT_TRUE(mentions(
      story(s), "Seat " + std::to_string(first) + " puts 8 chips on the boodle cards: 2 on each."));
  // Once a chip is down, the rest goes a chip at a time.
  play(s, s.turn(), Move::stake(3));
  EXPECT_FALSE(offered(s, s.turn(), Move::stake_evenly().encode()));
  // An ante that does not divide by four cannot be divided equally.
  MichiganState odd = fresh(4, {"ante=6"});
  odd.apply_chance(rng);
  EXPECT_FALSE(offered(odd, odd.turn(), Move::stake_evenly().encode()));
  EXPECT_EQ(legal(odd, odd.turn()).size(), 4u);
}

TEST(MichiganRules, AStakeMayBeRepeatedAsLastDealInOneMove) {
  // Issue 37, item 13: the table remembers how each player divided his ante,
  // and offers the same division again as one move. The chips are what he
  // could place one at a time, so the rule of seed 002 is unchanged.
  const Action again = Move::stake_as_last().encode();
  MichiganState s = fresh(4, {"hands=2"});
  Rng rng(3);
  s.apply_chance(rng);
  const Seat me = (s.dealer() + 1) % 4;
  // Nobody has staked before: there is no last deal to repeat.
  EXPECT_FALSE(offered(s, me, again));
  // Two on the A♥, one on the K♣, one on the J♠, a chip at a time.
  for (int b : {0, 1, 3, 0}) play(s, me, Move::stake(b));
  stake_all_on_first(s);
  play_until(s, rng, [](const MichiganState& t) { return t.hand_number() == 2; });
  ASSERT_EQ(s.phase(), MichiganState::Phase::kStake);
  ASSERT_EQ(s.dealer(), me);  // the deal passed left: he stakes last
  while (s.turn() != me) play(s, s.turn(), Move::stake(2));
  std::array<int, kBoodles> before{};
  for (int b = 0; b < kBoodles; ++b) before[static_cast<std::size_t>(b)] = s.chips()->pot(b);
  const int balance = s.chips()->balance(me);
  ASSERT_TRUE(offered(s, me, again));
  EXPECT_EQ(plain(s.action_label(me, again)), "stake as last deal (2 A♥, 1 K♣, 1 J♠)");
  play(s, me, Move::stake_as_last());
  const std::array<int, kBoodles> division = {2, 1, 0, 1};
  for (int b = 0; b < kBoodles; ++b)
    EXPECT_EQ(s.chips()->pot(b) - before[static_cast<std::size_t>(b)],
              division[static_cast<std::size_t>(b)]);
  EXPECT_EQ(s.chips()->balance(me), balance - 4);
  EXPECT_EQ(s.phase(), MichiganState::Phase::kDeal);  // the dealer staked last
  std::vector<std::string> lines = story(s, me);
  for (auto& l : lines) l = plain(l);
  EXPECT_TRUE(mentions(lines,
                       "You put 4 chips on the boodle cards as last deal: 2 on the A♥ boodle, 1 "
                       "on the K♣ boodle and 1 on the J♠ boodle."));
}

TEST(MichiganRules, NoStakeIsRepeatedWhenTheAnteChangedOrAChipIsDown) {
  // With the dealer staking double (pagat.com), the new dealer's ante of 8 is
  // not last deal's 4; and a division begun a chip at a time ends so.
  const Action again = Move::stake_as_last().encode();
  MichiganState s = fresh(4, {"hands=2", "dealer-double=true"});
  Rng rng(3);
  s.apply_chance(rng);
  stake_all_on_first(s);
  play_until(s, rng, [](const MichiganState& t) { return t.hand_number() == 2; });
  ASSERT_EQ(s.phase(), MichiganState::Phase::kStake);
  const Seat first = s.turn();
  ASSERT_TRUE(offered(s, first, again));
  play(s, first, Move::stake(1));
  EXPECT_FALSE(offered(s, first, again));
  EXPECT_FALSE(offered(s, first, Move::stake_evenly().encode()));
  for (int i = 0; i < 3; ++i) play(s, first, Move::stake(1));
  // Last deal's dealer staked 8, and stakes 4 now; this deal's, the reverse.
  const Seat last_dealer = (s.dealer() + 3) % 4;
  while (s.turn() != s.dealer()) {
    const Seat x = s.turn();
    if (x == last_dealer) {
      EXPECT_FALSE(offered(s, x, again));
    }
    play(s, x, Move::stake(0));
  }
  EXPECT_FALSE(offered(s, s.dealer(), again));
  EXPECT_TRUE(offered(s, s.dealer(), Move::stake_evenly().encode()));
}

TEST(MichiganRules, StakesEvenlyWithTheDealerDoubleAsPagatHasIt) {
  // pagat.com: "the dealer places two chips on each boodle card and the other
  // players put one chip on each" (preset michigan-pagat).
  MichiganState s = MichiganState(Rules::from(testing::test_config("michigan-pagat", 4, {})));
  Rng rng(2);
  s.apply_chance(rng);
  EXPECT_EQ(s.phase(), MichiganState::Phase::kDeal);
  for (int b = 0; b < kBoodles; ++b) EXPECT_EQ(s.chips()->pot(b), 5);
  EXPECT_EQ(s.chips()->balance(s.dealer()), 42);
  EXPECT_EQ(s.chips()->balance((s.dealer() + 1) % 4), 46);
  // An uneven ante cannot be spread evenly.
  Result<Selection> sel = select("michigan");
  ASSERT_TRUE(sel.ok());
  EXPECT_FALSE(make_config(*sel, 4, std::vector<std::string>{"staking=even", "ante=5"}).ok());
}

// ---- The deal ----------------------------------------------------------------------

TEST(MichiganRules, ARandomDealerIsSelected) {
  // seed 002: "A random dealer is selected".
  std::array<int, 5> dealt{};
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    MichiganState s = fresh(5);
    Rng rng(seed);
    s.apply_chance(rng);
    ++dealt[static_cast<std::size_t>(s.dealer())];
  }
  for (int n : dealt) EXPECT_GT(n, 15);
}

TEST(MichiganRules, AllCardsAreDealtOneAtATimeWithADeadHandNobodySees) {
  // seed 002: "he deals out all of the cards in the deck, one at a time,
  // including an extra hand to his left. This hand will not be seen by any of
  // the players."
  MichiganState s = fresh(4);
  Rng rng(3);
  s.apply_chance(rng);
  stake_all_on_first(s);
  s.apply_chance(rng);
  ASSERT_EQ(s.phase(), MichiganState::Phase::kPlay);
  const Seat d = s.dealer();
  // 52 among five hands: the dead hand (first, at the dealer's left) and the
  // dealer's left hold 11, the others 10.
  EXPECT_EQ(s.dead().size(), 11u);
  EXPECT_EQ(s.hand((d + 1) % 4).size(), 11u);
  EXPECT_EQ(s.hand((d + 2) % 4).size(), 10u);
  EXPECT_EQ(s.hand(d).size(), 10u);
  std::vector<Card> all;
  s.all_cards(all);
  EXPECT_EQ(all.size(), 52u);
  for (Seat v : {kSpectator, 0, 1, 2, 3}) {
    const View view = s.view(v);
    const Zone& dead = view.zones[4];
    EXPECT_EQ(dead.name, "dead hand");
    EXPECT_EQ(dead.cards.size(), 11u);
    for (const CardView& c : dead.cards) EXPECT_FALSE(c.card.has_value());
  }
}

TEST(MichiganRules, TheDealerMayExchangeHisHandForTheDeadHandUnseen) {
  // Bicycle: "No player may see the extra hand except the player, if any, who
  // exchanges for it" (option exchange; not in seed 002).
  MichiganState s = fresh(4, {"exchange=yes"});
  Rng rng(3);
  s.apply_chance(rng);
  stake_all_on_first(s);
  s.apply_chance(rng);
  ASSERT_EQ(s.phase(), MichiganState::Phase::kExchange);
  const Seat d = s.dealer();
  EXPECT_EQ(s.to_move(), d);
  EXPECT_EQ(legal(s, d), (std::vector<Action>{Move::exchange().encode(), Move::keep().encode()}));
  // Before he chooses, he sees only his own hand.
  const View before = s.view(d);
  for (const CardView& c : before.zones[4].cards) EXPECT_FALSE(c.card.has_value());
  const std::vector<Card> mine(s.hand(d).begin(), s.hand(d).end());
  const std::vector<Card> dead(s.dead().begin(), s.dead().end());
  play(s, d, Move::exchange());
  EXPECT_TRUE(std::equal(s.hand(d).begin(), s.hand(d).end(), dead.begin(), dead.end()));
  EXPECT_TRUE(std::equal(s.dead().begin(), s.dead().end(), mine.begin(), mine.end()));
  EXPECT_EQ(s.phase(), MichiganState::Phase::kPlay);
  EXPECT_EQ(s.turn(), (d + 1) % 4);
  // He knows the dead hand now, his old one; nobody else sees it.
  for (Seat v : {kSpectator, 0, 1, 2, 3}) {
    const View view = s.view(v);
    for (const CardView& c : view.zones[4].cards) EXPECT_EQ(c.card.has_value(), v == d) << v;
  }
  // His samples keep it; another's deal it afresh.
  const GameInfo* g = find_game("michigan");
  bool moved = false;
  for (int i = 0; i < 20; ++i) {
    auto mine_sample = g->resampler->resample(s, d, rng);
    const auto& m = static_cast<const MichiganState&>(*mine_sample);
    EXPECT_TRUE(std::equal(m.dead().begin(), m.dead().end(), mine.begin(), mine.end()));
    auto other = g->resampler->resample(s, (d + 1) % 4, rng);
    const auto& o = static_cast<const MichiganState&>(*other);
    moved |= !std::equal(o.dead().begin(), o.dead().end(), mine.begin(), mine.end());
  }
  EXPECT_TRUE(moved);
}

TEST(MichiganRules, WithoutTheOptionPlayStartsAtOnce) {
  MichiganState s = fresh(3);
  Rng rng(1);
  s.apply_chance(rng);
  stake_all_on_first(s);
  s.apply_chance(rng);
  EXPECT_EQ(s.phase(), MichiganState::Phase::kPlay);
}

// ---- Runs and stops ------------------------------------------------------------------

// Three players: seat 0 leads. The 6♠ lies in the dead hand.
MichiganState run_position() {
  MichiganState s = fresh(3);
  s.set_position({cards({"2S", "3S", "9H", "KC"}), cards({"4S", "10H", "AC"}), cards({"5S", "7S"})},
                 cards({"6S", "QD"}), 0);
  return s;
}

TEST(MichiganRules, TheLeaderLaysTheLowestCardOfAnyOfHisSuits) {
  // seed 002: "The player to the left of the dealer starts playing by laying
  // down the lowest card in any of his suits."
  MichiganState s = run_position();
  EXPECT_EQ(moves_cards(legal(s, 0)), sorted(cards({"2S", "9H", "KC"})));
  EXPECT_FALSE(testing::play(s, 0, Move::play(card("3S")).encode()));
}

TEST(MichiganRules, WhoeverHoldsTheNextCardPlaysItWhereverHeSits) {
  // seed 002: "If you have the next card in sequence in the same suit, you
  // play that card, no matter where at the table you sit."
  MichiganState s = run_position();
  play(s, 0, Move::play(card("2S")));
  EXPECT_EQ(s.to_move(), 0);  // the 3♠ is his own
  EXPECT_EQ(legal(s, 0), std::vector<Action>{Move::play(card("3S")).encode()});
  play(s, 0, Move::play(card("3S")));
  EXPECT_EQ(s.to_move(), 1);
  play(s, 1, Move::play(card("4S")));
  EXPECT_EQ(s.to_move(), 2);
  EXPECT_EQ(s.run().size(), 3u);
}

TEST(MichiganRules, ACardInTheDeadHandStopsTheRun) {
  // seed 002: "This continues with players playing their cards one at a time
  // in order, until a card is not available (because it is in the extra
  // hand)".
  MichiganState s = run_position();
  play(s, 0, Move::play(card("2S")));
  play(s, 0, Move::play(card("3S")));
  play(s, 1, Move::play(card("4S")));
  play(s, 2, Move::play(card("5S")));
  EXPECT_TRUE(mentions(story(s, 1), "Stop: " + card_token(card("6S")) + " is in the dead hand."));
  // The stop is public: everyone now knows the 6♠ is dead.
  EXPECT_EQ(s.known_dead(), bit(card("6S")));
  EXPECT_NE(s.view(1).zones[3].note.find(card_token(card("6S"))), std::string::npos);
  // "When the play stops, the last player to play before the stop leads".
  EXPECT_TRUE(s.leading());
  EXPECT_EQ(s.to_move(), 2);
}

TEST(MichiganRules, TheRunStopsWhenItReachesTheAce) {
  // seed 002: "... or when the sequence reaches an ace."
  MichiganState s = run_position();
  play(s, 0, Move::play(card("KC")));
  EXPECT_EQ(s.to_move(), 1);
  play(s, 1, Move::play(card("AC")));
  EXPECT_TRUE(mentions(story(s), "Stop: the run has reached the ace."));
  EXPECT_TRUE(s.leading());
  EXPECT_EQ(s.to_move(), 1);
}

TEST(MichiganRules, TheNextLeadIsTheLowestCardOfANewSuit) {
  // seed 002: "When the play stops, the last player to play before the stop
  // leads the next hand. He must play the lowest card in a new suit." A new
  // suit: any but the one just stopped (rules.md, pagat.com).
  MichiganState s = run_position();
  play(s, 0, Move::play(card("KC")));
  play(s, 1, Move::play(card("AC")));
  // Seat 1 holds the 4♠ and the 10♥: clubs are barred (he has none left anyway).
  EXPECT_EQ(moves_cards(legal(s, 1)), sorted(cards({"4S", "10H"})));
  play(s, 1, Move::play(card("10H")));
  // The J♥ is nowhere in this position: played earlier, so a stop.
  EXPECT_EQ(s.to_move(), 1);
  // Hearts were just stopped: seat 1 must lead spades.
  EXPECT_EQ(moves_cards(legal(s, 1)), cards({"4S"}));
}

TEST(MichiganRules, WithNoNewSuitTheLeadPassesToTheLeft) {
  // seed 002: "If he does not have a card in a new suit, he passes the lead to
  // the player on his left."
  MichiganState s = run_position();
  play(s, 0, Move::play(card("2S")));
  play(s, 0, Move::play(card("3S")));
  play(s, 1, Move::play(card("4S")));
  play(s, 2, Move::play(card("5S")));
  // Seat 2 holds only the 7♠, of the suit just stopped.
  EXPECT_EQ(legal(s, 2), std::vector<Action>{Move::pass().encode()});
  play(s, 2, Move::pass());
  EXPECT_TRUE(mentions(story(s), "passes the lead to Seat 0"));
  EXPECT_EQ(s.to_move(), 0);
  // Seat 0 too must lead a new suit: not spades.
  EXPECT_EQ(moves_cards(legal(s, 0)), sorted(cards({"9H", "KC"})));
  // Seat 2 has shown he holds no club, diamond or heart.
  EXPECT_TRUE(s.lacks(2) & bit(card("2H")));
  EXPECT_FALSE(s.lacks(2) & bit(card("8S")));
}

TEST(MichiganRules, WhenEveryoneHoldsOnlyTheStoppedSuitItIsLedAgain) {
  // Our reading (rules.md): if the lead goes all the way round, the stopped
  // suit counts as new again.
  MichiganState s = fresh(3);
  s.set_position({cards({"2S", "8S"}), cards({"4S", "7S"}), cards({"3S", "9S"})}, cards({"5S"}), 0);
  play(s, 0, Move::play(card("2S")));
  play(s, 2, Move::play(card("3S")));
  play(s, 1, Move::play(card("4S")));
  play(s, 1, Move::pass());
  play(s, 2, Move::pass());
  play(s, 0, Move::pass());
  ASSERT_EQ(s.to_move(), 1);
  EXPECT_EQ(moves_cards(legal(s, 1)), cards({"7S"}));
}

// ---- Boodle cards and going out ---------------------------------------------------------

TEST(MichiganRules, PlayingABoodleCardCollectsItsChips) {
  // seed 002: "If at any time you play a card that is the same as one of the
  // boodle cards, you collect the chips on that card."
  MichiganState s = run_position();
  s.test_stake(1, 1, 3);  // three chips on the K♣
  s.test_stake(2, 0, 2);  // two on the A♥
  play(s, 0, Move::play(card("KC")));
  EXPECT_EQ(s.chips()->pot(1), 0);
  EXPECT_EQ(s.chips()->balance(0), 53);
  EXPECT_EQ(s.chips()->pot(0), 2);
  EXPECT_TRUE(mentions(story(s, 0),
                       "You collect the 3 chips on the " + card_token(card("KC")) + " boodle."));
}

TEST(MichiganRules, TheFirstOutCollectsAChipForEveryCardHeld) {
  // seed 002: "Play ends with the first player to discard all of his cards. If
  // you go out first, you get to collect one chip from each player for every
  // card that he holds in his hand."
  MichiganState s = fresh(3, {"hands=1"});
  s.set_position({cards({"5H"}), cards({"6H", "2C", "3C"}), cards({"7H"})}, cards({"8H"}), 0);
  play(s, 0, Move::play(card("5H")));
  ASSERT_TRUE(s.terminal());
  EXPECT_EQ(s.chips()->balance(0), 54);
  EXPECT_EQ(s.chips()->balance(1), 47);
  EXPECT_EQ(s.chips()->balance(2), 49);
  EXPECT_TRUE(mentions(story(s), "Seat 0 goes out first and collects 4 chips"));
  const Outcome o = s.outcome();
  EXPECT_EQ(o.places, (std::vector<int>{1, 3, 2}));
  EXPECT_EQ(o.summary, "After one hand Seat 0 has the most chips, 54.");
  EXPECT_EQ(s.view(1).last_hand.points, (std::vector<double>{4, -3, -1}));
}

TEST(MichiganViews, TheSummaryOfAHandKeepsItsTotalsWhileTheNextIsStaked) {
  MichiganState s = fresh(3, {"hands=2"});
  s.set_position({cards({"5H"}), cards({"6H", "2C", "3C"}), cards({"7H"})}, cards({"8H"}), 0);
  play(s, 0, Move::play(card("5H")));
  ASSERT_EQ(s.phase(), MichiganState::Phase::kStake);
  const std::vector<double> totals = s.view(1).last_hand.totals;
  play(s, s.turn(), Move::stake(0));
  EXPECT_EQ(s.view(1).last_hand.totals, totals);
  EXPECT_EQ(s.view(1).last_hand.hand, 1);
}

TEST(MichiganRules, ChipsLeftOnBoodleCardsCarryOverToTheNextHand) {
  // seed 002: "If the game ends before the chips are taken off a card, those
  // chips remain for the next hand."
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 40 && checked < 5; ++seed) {
    MichiganState s = fresh(4, {"hands=2"});
    Rng rng(seed);
    play_until(s, rng, [](const MichiganState& t) { return t.hand_number() == 2; });
    ASSERT_EQ(s.phase(), MichiganState::Phase::kStake);
    std::array<int, kBoodles> left{};
    int sum = 0;
    for (int b = 0; b < kBoodles; ++b) sum += left[static_cast<std::size_t>(b)] = s.chips()->pot(b);
    if (sum == 0) continue;
    ++checked;
    // The first legal stake is the A♥: all the new chips go there.
    play_until(s, rng,
               [](const MichiganState& t) { return t.phase() == MichiganState::Phase::kPlay; });
    EXPECT_EQ(s.chips()->pot(0), left[0] + 16);
    for (int b = 1; b < kBoodles; ++b)
      EXPECT_EQ(s.chips()->pot(b), left[static_cast<std::size_t>(b)]);
  }
  EXPECT_GT(checked, 0);
}

TEST(MichiganRules, AMatchPassesTheDealLeftAndConservesChips) {
  // pagat.com: "the turn to deal passes to the left after each hand"; the
  // balances carry over (option hands; 0: one deal each).
  MichiganState s = fresh(4);
  Rng rng(11);
  Seat dealer = kNobody;
  int hands = 0;
  while (!s.terminal()) {
    if (s.chance()) {
      s.apply_chance(rng);
      if (s.phase() == MichiganState::Phase::kPlay) {
        if (dealer != kNobody) {
          EXPECT_EQ(s.dealer(), (dealer + 1) % 4);
        }
        dealer = s.dealer(), ++hands;
      }
      continue;
    }
    const std::vector<Action> l = legal(s, s.to_move());
    s.apply(s.to_move(), l[rng.below(static_cast<std::uint32_t>(l.size()))]);
    EXPECT_EQ(s.chips()->total(), 200);
  }
  EXPECT_EQ(hands, 4);
  const View v = s.view(0);
  EXPECT_EQ(v.last_hand.hand, 4);
  // Whatever was left on the boodle cards has been divided: every chip is in
  // a balance.
  double sum = 0;
  for (double t : v.last_hand.totals) sum += t;
  EXPECT_EQ(sum, 200);
  for (int b = 0; b < kBoodles; ++b) EXPECT_EQ(s.chips()->pot(b), 0);
}

TEST(MichiganRules, ChipsLeftOnTheBoodleCardsAfterTheLastHandAreDividedEqually) {
  // seed 002: "those chips remain for the next hand"; after the last there is
  // none. Michigan Rummy's rules (Pressman, rules.md): "After the last pot,
  // the chips remaining on the board are divided equally among [the]
  // players"; the odd chips one each from the dealer's left (our reading).
  MichiganState s = fresh(3, {"hands=1"});
  s.set_position({cards({"5H"}), cards({"6H", "2C", "3C"}), cards({"7H"})}, cards({"8H"}), 0);
  s.test_stake(1, 1, 3);  // three chips on the K♣, two on the A♥: nobody plays them
  s.test_stake(2, 0, 2);
  ASSERT_EQ(s.dealer(), 0);
  play(s, 0, Move::play(card("5H")));
  ASSERT_TRUE(s.terminal());
  // Seat 0 goes out (4 chips: 3 from seat 1, 1 from seat 2); the 5 chips are
  // one to each, and one more to seats 1 and 2.
  EXPECT_EQ(s.chips()->balance(0), 50 + 4 + 1);
  EXPECT_EQ(s.chips()->balance(1), 50 - 3 - 3 + 2);
  EXPECT_EQ(s.chips()->balance(2), 50 - 2 - 1 + 2);
  for (int b = 0; b < kBoodles; ++b) EXPECT_EQ(s.chips()->pot(b), 0);
  EXPECT_TRUE(mentions(story(s),
                       "The 5 chips left on the boodle cards are divided equally: each "
                       "player gets 1 chip; Seat 1 and Seat 2 also get a chip each."));
  EXPECT_TRUE(mentions(story(s, 2), "; Seat 1 and you also get a chip each."));
  EXPECT_TRUE(mentions(story(s, 1), "; You and Seat 2 also get a chip each."));
  EXPECT_NE(s.view(0).last_hand.summary.find("the 5 chips left on the boodle cards were divided"),
            std::string::npos)
      << s.view(0).last_hand.summary;
}

TEST(MichiganRules, EveryChipIssuedEndsInAFinalBalance) {
  // Over whole matches of every preset and player count: what the players
  // hold at the end is what they were given.
  for (const Selection& sel : all_selections()) {
    if (sel.game != find_game("michigan")) continue;
    for (int players = 3; players <= 8; ++players)
      for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        const Config c = *make_config(sel, players, std::vector<std::string>{});
        const Record r = testing::random_game(sel, c, seed);
        ASSERT_TRUE(r.outcome);
        double sum = 0;
        for (double x : r.outcome->scores) sum += x;
        EXPECT_EQ(sum, players * Rules::from(c).chips)
            << sel.name() << ", " << players << " players, seed " << seed;
      }
  }
}

// ---- Views ---------------------------------------------------------------------------

TEST(MichiganViews, BoodleCardsArePotsNamedByTheirCardsAndEveryBalanceIsShown) {
  MichiganState s = run_position();
  s.test_stake(0, 3, 2);
  const View v = s.view(1);
  int pots = 0;
  for (const Zone& z : v.zones)
    if (z.layout == Layout::kPot) {
      ++pots;
      EXPECT_EQ(z.name.find("[["), 0u) << z.name;
    }
  EXPECT_EQ(pots, 4);
  EXPECT_EQ(v.zones[3 + 3 + 3].name, card_token(card("JS")) + " boodle");
  EXPECT_EQ(v.zones[3 + 3 + 3].chips, 2);
  EXPECT_EQ(v.seats[0].counters[0].name, "chips");
  EXPECT_EQ(v.seats[0].counters[0].value, 48);
  // Own hand face up, the others' hidden.
  EXPECT_TRUE(v.zones[1].cards[0].card.has_value());
  EXPECT_FALSE(v.zones[0].cards[0].card.has_value());
}

// ---- Knowledge and the resampler ------------------------------------------------------

TEST(MichiganKnowledge, SamplesKeepTheDeadCardsThePassesAndTheLeads) {
  const GameInfo* g = find_game("michigan");
  int positions = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    MichiganState s = fresh(4, {"hands=1"});
    Rng rng(seed);
    // Play until something is known: a stop on the dead hand or a pass.
    play_until(s, rng, [](const MichiganState& t) {
      if (t.phase() != MichiganState::Phase::kPlay) return false;
      CardBits lacks = 0;
      for (Seat p = 0; p < 4; ++p) lacks |= t.lacks(p);
      return t.known_dead() != 0 && lacks != 0 && t.played().size() > 3;
    });
    if (s.terminal()) continue;
    ++positions;
    for (Seat seat = 0; seat < 4; ++seat) {
      const View before = s.view(seat);
      for (int i = 0; i < 60; ++i) {
        auto sample = g->resampler->resample(s, seat, rng);
        ASSERT_TRUE(sample);
        const auto& t = static_cast<const MichiganState&>(*sample);
        EXPECT_TRUE(t.view(seat) == before);
        EXPECT_TRUE(std::equal(t.hand(seat).begin(), t.hand(seat).end(), s.hand(seat).begin(),
                               s.hand(seat).end()));
        EXPECT_EQ(t.dead().size(), s.dead().size());
        for (Card c : s.dead())
          if (s.known_dead() & bit(c)) {
            EXPECT_NE(std::find(t.dead().begin(), t.dead().end(), c), t.dead().end());
          }
        for (Seat p = 0; p < 4; ++p) {
          EXPECT_EQ(t.hand(p).size(), s.hand(p).size());
          for (Card c : t.hand(p)) EXPECT_FALSE(t.lacks(p) & bit(c)) << seat_name(p);
        }
        if (!s.leading()) {
          const Hand& h = t.hand(s.turn());
          EXPECT_NE(std::find(h.begin(), h.end(), next_card(s.run().back())), h.end());
        }
      }
    }
  }
  EXPECT_GT(positions, 5);
}

// ---- The bot -------------------------------------------------------------------------

TEST(MichiganBots, TheHeuristicLeadsWhereItKeepsTheLead) {
  // Five clubs from the two, or Q♠ K♠ A♠: the spades run to the ace and it
  // leads again.
  MichiganState s = fresh(3);
  s.set_position(
      {cards({"2C", "3C", "4C", "5C", "6C", "QS", "KS", "AS"}), cards({"7C"}), cards({"2H"})},
      cards({"3H"}), 0);
  const std::vector<Action> l = legal(s, 0);
  EXPECT_EQ(Move::decode(heuristic_for_test(s, 0, l))->card, card("QS"));
}

TEST(MichiganBots, TheHeuristicGoesForABoodleCardWithChipsOnIt) {
  MichiganState s = fresh(3);
  s.set_position({cards({"2C", "3C", "4C", "5C", "JD", "QD"}), cards({"6C", "KD"}), cards({"2H"})},
                 cards({"3H"}), 0);
  s.test_stake(1, 2, 3);
  const std::vector<Action> l = legal(s, 0);
  EXPECT_EQ(Move::decode(heuristic_for_test(s, 0, l))->card, card("JD"));
  // Its stakes are spread: each chip on the card it has staked least on.
  MichiganState t = fresh(3);
  Rng rng(1);
  t.apply_chance(rng);
  for (int i = 0; i < 4; ++i) {
    const Seat me = t.turn();
    play(t, me, *Move::decode(heuristic_for_test(t, me, legal(t, me))));
  }
  const Seat first = (t.dealer() + 1) % 3;
  for (int b = 0; b < kBoodles; ++b) EXPECT_EQ(t.staked_on(first, b), 1);
}

TEST(MichiganBots, EveryBotFinishesGames) {
  const GameInfo* g = find_game("michigan");
  for (const BotSpec& b : g->bots) {
    Result<Selection> sel = select("michigan");
    ASSERT_TRUE(sel.ok());
    MichiganState s = fresh(5);
    auto bot = b.make();
    Rng rng(4);
    std::vector<Action> l;
    while (!s.terminal()) {
      if (s.chance()) {
        s.apply_chance(rng);
        continue;
      }
      s.legal_actions(s.to_move(), l);
      const Observation obs(s, s.to_move(), g->resampler, l);
      const Action a = bot->act(obs, rng);
      ASSERT_NE(std::find(l.begin(), l.end(), a), l.end());
      s.apply(s.to_move(), a);
    }
    EXPECT_EQ(s.chips()->total(), 250);
  }
}

// ---- The conformance harness -----------------------------------------------------------

TEST(MichiganConformance, EveryPresetAndPlayerCount) {
  testing::ConformanceOptions opt;
  opt.games = 3;
  testing::check_all_presets(*find_game("michigan"), opt);
}

}  // namespace
}  // namespace parlour::michigan
