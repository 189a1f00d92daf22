// The double-dummy solver against a plain minimax written here from the
// rules of play alone (no table, no pruning, every card tried), on seeded
// random endings of three to seven hands; and against results known by
// reasoning. dd_vs_dds_test (src/analysis) checks whole bridge deals
// against DDS.
#include "kit/dd_solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "core/rng.h"
#include "kit/tricks.h"

namespace parlour::kit {
namespace {

// An ending as the plain search plays it: each seat's cards in a fixed
// array, the cards of the trick so far, and the seats still to play to it.
struct Plain {
  int seats = 0;
  Suit trump = kNoTrump;
  AceRank ace = AceRank::kHigh;
  std::uint8_t side = 0;
  bool fewest = false;                    // the side plays to take the fewest tricks
  std::array<std::uint8_t, 52> points{};  // all zero: a trick counts one
  std::array<std::array<Card, 52>, kMaxTrickSeats> cards{};
  std::array<int, kMaxTrickSeats> count{};
  std::uint64_t nodes = 0;

  bool counted(int seat) const { return side >> seat & 1; }
  // Whether `seat` plays for the side to take more tricks.
  bool maximises(int seat) const { return counted(seat) != fewest; }

  // The side's tricks from here: `down` holds the cards of the trick in
  // progress (played by `by`), `rest` the seats still to play to it.
  int best(std::array<Card, kMaxTrickSeats> down, std::array<int, kMaxTrickSeats> by, int played,
           std::array<int, kMaxTrickSeats> rest, int waiting) {
    ++nodes;
    if (waiting == 0) {
      int gain = 0, leader = -1;
      if (played > 0) {
        int w = 0;
        for (int i = 1; i < played; ++i)
          if (beats(down[i], down[w], trump, ace)) w = i;
        leader = by[w];
        int worth = 0;
        for (int i = 0; i < played; ++i) worth += points[down[i].index()];
        if (points == std::array<std::uint8_t, 52>{}) worth = 1;
        gain = counted(leader) ? worth : 0;
      } else {
        leader = by[0];
      }
      // The next trick goes round every seat that still holds a card,
      // from the winner, or the first to his left who has one.
      int n = 0;
      for (int i = 0; i < seats; ++i) {
        const int s = (leader + i) % seats;
        if (count[s] > 0) rest[n++] = s;
      }
      if (n == 0) return gain;
      return gain + best(down, by, 0, rest, n);
    }
    const int s = rest[0];
    std::array<int, kMaxTrickSeats> later{};
    for (int i = 1; i < waiting; ++i) later[i - 1] = rest[i];
    bool follow = false;
    for (int i = 0; i < count[s]; ++i)
      if (played > 0 && cards[s][i].suit() == down[0].suit()) follow = true;
    int result = maximises(s) ? -1 : 1000;
    for (int i = 0; i < count[s]; ++i) {
      const Card c = cards[s][i];
      if (follow && c.suit() != down[0].suit()) continue;
      // Take the card out, search, put it back.
      std::swap(cards[s][i], cards[s][count[s] - 1]);
      --count[s];
      down[played] = c;
      by[played] = s;
      const int v = best(down, by, played + 1, later, waiting - 1);
      ++count[s];
      std::swap(cards[s][i], cards[s][count[s] - 1]);
      result = maximises(s) ? std::max(result, v) : std::min(result, v);
    }
    return result;
  }
};

// A random ending: its position, and the plain search set up to solve it.
struct Ending {
  DdPosition position;
  Plain plain;
  std::array<Card, kMaxTrickSeats> down{};
  std::array<int, kMaxTrickSeats> by{};
  int played = 0;
  std::array<int, kMaxTrickSeats> rest{};
  int waiting = 0;
};

// Three to seven seats, one to five cards a hand (at most sixteen in all, so
// that the plain search stays small); a third of the deals unequal; a trick
// in progress with legal cards from some of its seats; random trumps (or
// none), ace rank and sides; the side playing for the most or the fewest.
Ending random_ending(Rng& rng, bool fewest, bool points = false) {
  Ending e;
  const int seats = 3 + static_cast<int>(rng.below(5));
  int per = 1 + static_cast<int>(rng.below(5));
  while (seats * per > 16 && per > 1) --per;
  const bool unequal = rng.below(3) == 0;
  std::array<Card, 52> deck{};
  for (int i = 0; i < 52; ++i) deck[i] = Card::from_index(static_cast<std::uint8_t>(i));
  rng.shuffle(std::span<Card>(deck));
  Plain& p = e.plain;
  p.seats = seats;
  p.trump = rng.below(5) == 4 ? kNoTrump : Suit(rng.below(4));
  p.ace = rng.below(2) ? AceRank::kHigh : AceRank::kBelowJack;
  p.side = static_cast<std::uint8_t>(rng.below(1u << seats));
  p.fewest = fewest;
  if (points) {
    // One to four cards worth 1 to 3 points, of ranks from the eight up
    // (DdPosition::points), among those dealt or not.
    const int k = 1 + static_cast<int>(rng.below(4));
    for (int i = 0, found = 0; found < k && i < 52; ++i) {
      const Card c = deck[rng.below(52)];
      if (high(c, p.ace) < 6 || p.points[c.index()]) continue;
      p.points[c.index()] = static_cast<std::uint8_t>(1 + rng.below(3));
      ++found;
    }
  }
  int at = 0;
  for (int s = 0; s < seats; ++s) {
    p.count[s] = unequal ? 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(per))) : per;
    for (int i = 0; i < p.count[s]; ++i) p.cards[s][i] = deck[at++];
  }
  DdPosition& d = e.position;
  d.seats = seats;
  d.trump = p.trump;
  d.ace = p.ace;
  d.side = p.side;
  d.fewest = p.fewest;
  d.points = p.points;
  d.leader = static_cast<Seat>(rng.below(static_cast<std::uint32_t>(seats)));
  // Some seats from the leader play to the trick, each a legal card.
  const int to_play = static_cast<int>(rng.below(static_cast<std::uint32_t>(seats)));
  for (int i = 0; i < seats; ++i) {
    const int s = (d.leader + i) % seats;
    if (i >= to_play || p.count[s] == 0) {
      if (p.count[s] > 0) e.rest[e.waiting++] = s;
      continue;
    }
    std::array<int, 52> legal{};
    int n = 0;
    for (int j = 0; j < p.count[s]; ++j)
      if (e.played == 0 || p.cards[s][j].suit() == e.down[0].suit()) legal[n++] = j;
    if (n == 0)
      for (int j = 0; j < p.count[s]; ++j) legal[n++] = j;
    const int j = legal[rng.below(static_cast<std::uint32_t>(n))];
    const Card c = p.cards[s][j];
    p.cards[s][j] = p.cards[s][--p.count[s]];
    e.down[e.played] = c;
    e.by[e.played++] = s;
    d.played[s] = c;
  }
  if (e.played == 0) e.by[0] = d.leader;  // the plain search's leader
  for (int s = 0; s < seats; ++s)
    for (int i = 0; i < p.count[s]; ++i) d.hands[s] |= card_bit(p.cards[s][i]);
  return e;
}

int plain_tricks(Ending& e) {
  return e.plain.best(e.down, e.by, e.played, e.rest, e.waiting);
}

void agrees_with_plain_minimax(std::uint64_t seed, bool fewest, bool points = false) {
  Rng rng(seed);
  DdSolver solver(12);
  std::uint64_t plain_nodes = 0;
  for (int deal = 0; deal < 10000; ++deal) {
    Ending e = random_ending(rng, fewest || (points && deal % 2 == 0), points);
    const int want = plain_tricks(e);
    plain_nodes += e.plain.nodes;
    ASSERT_EQ(solver.tricks(e.position), want) << "ending " << deal;
    if (deal % 10 != 0) continue;
    // The null-window question alone, either side of the answer.
    EXPECT_TRUE(solver.reaches(e.position, want)) << "ending " << deal;
    EXPECT_FALSE(solver.reaches(e.position, want + 1)) << "ending " << deal;
    // Every card the seat to play may play, against the plain search one
    // card further on.
    const std::array<std::int8_t, 52> plays = solver.plays(e.position);
    if (e.waiting == 0) continue;
    const int s = e.rest[0];
    std::array<int, kMaxTrickSeats> later{};
    for (int i = 1; i < e.waiting; ++i) later[i - 1] = e.rest[i];
    bool follow = false;
    for (int i = 0; i < e.plain.count[s]; ++i)
      if (e.played > 0 && e.plain.cards[s][i].suit() == e.down[0].suit()) follow = true;
    for (int i = 0; i < e.plain.count[s]; ++i) {
      Plain& p = e.plain;
      const Card c = p.cards[s][i];
      if (follow && c.suit() != e.down[0].suit()) {
        EXPECT_EQ(plays[c.index()], -1) << "ending " << deal << " may not play " << short_name(c);
        continue;
      }
      std::swap(p.cards[s][i], p.cards[s][p.count[s] - 1]);
      --p.count[s];
      std::array<Card, kMaxTrickSeats> down = e.down;
      std::array<int, kMaxTrickSeats> by = e.by;
      down[e.played] = c;
      by[e.played] = s;
      const int v = p.best(down, by, e.played + 1, later, e.waiting - 1);
      ++p.count[s];
      std::swap(p.cards[s][i], p.cards[s][p.count[s] - 1]);
      EXPECT_EQ(plays[c.index()], v) << "ending " << deal << " card " << short_name(c);
    }
  }
  // The endings were not all trivial.
  EXPECT_GT(plain_nodes, 1000000u);
}

TEST(DdSolver, AgreesWithPlainMinimaxOnRandomEndings) {
  agrees_with_plain_minimax(20240611, false);
}

// The other bound of an exact aim (Oh Hell!'s bid): the fewest tricks the
// side can be held to when the other seats play to give it the most.
TEST(DdSolver, AgreesWithPlainMinimaxWhenTheSidePlaysForTheFewest) {
  agrees_with_plain_minimax(20261129, true);
}

// Where cards are worth points (Polignac's Jacks): the points the side
// takes, half the endings played for the most and half for the fewest.
TEST(DdSolver, AgreesWithPlainMinimaxCountingPoints) {
  agrees_with_plain_minimax(20261130, false, true);
}

// A fact of the game on larger deals than the plain search can play out:
// a position's value is the best, for the side to play, of the values after
// each of its cards. Two solvers answer, so that neither's table helps the
// other, on deals of three to seven hands of up to thirteen cards.
TEST(DdSolver, AValueIsTheBestOfItsPlays) {
  Rng rng(7031);
  DdSolver whole(14), parts(14);
  for (int deal = 0; deal < 150; ++deal) {
    const int seats = 3 + static_cast<int>(rng.below(5));
    const int per = std::min(52 / seats, 5 + static_cast<int>(rng.below(4)));
    std::array<Card, 52> deck{};
    for (int i = 0; i < 52; ++i) deck[i] = Card::from_index(static_cast<std::uint8_t>(i));
    rng.shuffle(std::span<Card>(deck));
    DdPosition p;
    p.seats = seats;
    for (int i = 0; i < seats * per; ++i) p.hands[i % seats] |= card_bit(deck[i]);
    p.trump = rng.below(5) == 4 ? kNoTrump : Suit(rng.below(4));
    p.ace = rng.below(2) ? AceRank::kHigh : AceRank::kBelowJack;
    p.side = static_cast<std::uint8_t>(1 + rng.below((1u << seats) - 2));
    p.leader = static_cast<Seat>(rng.below(static_cast<std::uint32_t>(seats)));
    // Slower to search (no sure-trick bounds): smaller hands.
    p.fewest = per <= 6 && rng.below(3) == 0;
    // A quarter counting Polignac's points instead: a Jack 1, that of
    // spades 2, the side playing for the fewest.
    if (per <= 6 && rng.below(4) == 0) {
      for (Suit su : {kClubs, kDiamonds, kHearts, kSpades})
        p.points[Card::standard(kJack, su).index()] = su == kSpades ? 2 : 1;
      p.fewest = true;
    }
    const int value = whole.tricks(p);
    const std::array<std::int8_t, 52> plays = parts.plays(p);
    const bool maximises = (p.side >> p.leader & 1) != p.fewest;
    int best = maximises ? -1 : 99;
    for (std::int8_t v : plays)
      if (v >= 0) best = maximises ? std::max<int>(best, v) : std::min<int>(best, v);
    ASSERT_EQ(value, best) << "deal " << deal;
  }
}

// A call stopped by its limit of positions leaves in the table only what is
// true: after many stopped calls, the same solver answers as a fresh one.
TEST(DdSolver, AStoppedSearchLeavesItsTableTrue) {
  Rng rng(4112);
  DdSolver stopped(12);
  int stops = 0;
  for (int deal = 0; deal < 60; ++deal) {
    const int seats = 3 + static_cast<int>(rng.below(3));
    std::array<Card, 52> deck{};
    for (int i = 0; i < 52; ++i) deck[i] = Card::from_index(static_cast<std::uint8_t>(i));
    rng.shuffle(std::span<Card>(deck));
    DdPosition p;
    p.seats = seats;
    for (int i = 0; i < seats * 6; ++i) p.hands[i % seats] |= card_bit(deck[i]);
    p.trump = rng.below(5) == 4 ? kNoTrump : Suit(rng.below(4));
    p.side = static_cast<std::uint8_t>(1u << rng.below(static_cast<std::uint32_t>(seats)));
    p.fewest = rng.below(2) == 0;
    for (int k = 0; k < 3; ++k) {
      stopped.limit(1 + rng.below(2000));
      (void)stopped.plays(p);
      stops += stopped.stats().stopped;
    }
    stopped.limit(0);
    const std::array<std::int8_t, 52> after = stopped.plays(p);
    EXPECT_FALSE(stopped.stats().stopped);
    DdSolver fresh(12);
    ASSERT_EQ(after, fresh.plays(p)) << "deal " << deal;
  }
  EXPECT_GT(stops, 60);  // the limit did stop searches (88 of 180)
}

// Each hand holds a whole suit: North spades, East hearts, South diamonds,
// West clubs. Without trumps the declarer's left-hand opponent leads his
// suit and takes every trick; with trumps the hand that holds them takes
// all thirteen, for whichever side he is on.
TEST(DdSolver, TableOfSuitsApart) {
  const std::array<CardBits, 4> hands = {suit_bits(kSpades), suit_bits(kHearts),
                                         suit_bits(kDiamonds), suit_bits(kClubs)};
  const DdTricks t = dd_table(hands);
  EXPECT_EQ(t[0], (std::array<int, 4>{0, 0, 0, 0}));
  EXPECT_EQ(t[1], (std::array<int, 4>{13, 0, 13, 0}));
  EXPECT_EQ(t[2], (std::array<int, 4>{0, 13, 0, 13}));
  EXPECT_EQ(t[3], (std::array<int, 4>{13, 0, 13, 0}));
  EXPECT_EQ(t[4], (std::array<int, 4>{0, 13, 0, 13}));
}

// Lift Smoke's rule for hands of unequal size: a seat with no cards is
// out, and a winner without cards passes the lead to the next seat to his
// left that has some. Three seats, no trumps: seat 0 holds the ace of
// spades, seat 1 the king of spades and the two of hearts, seat 2 the queen
// of spades and the three of diamonds. Seat 0 leads the ace and takes the
// trick with his last card; seat 1, on his left, leads the two of hearts,
// and seat 2 can only throw the diamond. Had seat 2 led, his diamond would
// have won.
TEST(DdSolver, AWinnerWithoutCardsPassesTheLeadToHisLeft) {
  DdPosition p;
  p.seats = 3;
  p.hands[0] = card_bit(*parse_card("AS"));
  p.hands[1] = card_bit(*parse_card("KS")) | card_bit(*parse_card("2H"));
  p.hands[2] = card_bit(*parse_card("QS")) | card_bit(*parse_card("3D"));
  p.leader = 0;
  const std::array<int, 3> want = {1, 1, 0};
  for (int s = 0; s < 3; ++s) {
    p.side = static_cast<std::uint8_t>(1u << s);
    EXPECT_EQ(dd_tricks(p), want[s]) << "seat " << s;
  }
}

}  // namespace
}  // namespace parlour::kit
