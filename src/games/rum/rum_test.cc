// Rum: a test for each rule rules.md takes from seed 004 (R1-R15) and the
// period sources (D1-D3), then the bot, the resampler and the conformance
// harness.
#include <gtest/gtest.h>

#include <algorithm>

#include "conformance.h"
#include "core/registry.h"
#include "games/rum/bots.h"
#include "games/rum/state.h"

namespace parlour::rum {
namespace {

using kit::card_bit;
using testing::card;
using testing::cards;
using testing::legal;

RumState fresh(const std::vector<std::string>& opts = {}, int players = 3) {
  return RumState(Rules::from(testing::test_config("rum", players, opts)));
}

bool offered(const RumState& s, Seat seat, Move m) {
  const std::vector<Action> l = legal(s, seat);
  return std::find(l.begin(), l.end(), m.encode(s.rules().max_hand())) != l.end();
}

int pos_of(const RumState& s, Seat seat, const char* name) {
  const Hand& h = s.hand(seat);
  return static_cast<int>(std::find(h.begin(), h.end(), card(name)) - h.begin());
}

std::uint32_t mask_of(const RumState& s, Seat seat, std::initializer_list<const char*> names) {
  std::uint32_t m = 0;
  for (const char* n : names) m |= 1u << pos_of(s, seat, n);
  return m;
}

void play(RumState& s, Seat seat, Move m) {
  ASSERT_TRUE(testing::play(s, seat, m.encode(s.rules().max_hand())))
      << seat_name(seat) << ": " << s.action_label(seat, m.encode(s.rules().max_hand()));
}

// ---- The deal (D1, D2) ----------------------------------------------------------------

TEST(RumRules, HandsOfTenSevenOrSixAndAnUpcardD2) {
  for (int players = 2; players <= 6; ++players) {
    RumState s = fresh({}, players);
    Rng rng(players);
    s.apply_chance(rng);
    s.apply_chance(rng);
    const std::size_t want = players == 2 ? 10 : players <= 4 ? 7 : 6;
    for (Seat p = 0; p < players; ++p) EXPECT_EQ(s.hand(p).size(), want) << players;
    EXPECT_EQ(s.discards().size(), 1u);  // the upcard
    EXPECT_EQ(s.stock().size(), 52 - want * static_cast<std::size_t>(players) - 1);
    EXPECT_EQ(s.to_move(), s.left(s.dealer()));  // the eldest begins
  }
  RumState e = RumState(Rules::from(testing::test_config("rum-english-1929", 5)));
  Rng rng(1);
  e.apply_chance(rng);
  e.apply_chance(rng);
  for (Seat p = 0; p < 5; ++p) EXPECT_EQ(e.hand(p).size(), 7u);  // D1: seven each, two packs
  EXPECT_EQ(e.stock().size(), 104u - 35 - 1);
}

// ---- The turn (R8, D2) ----------------------------------------------------------------

TEST(RumRules, DrawMeldLayOffDiscardAndNoSameTurnDiscardOfTheCardTakenD2) {
  RumState s = fresh();
  s.set_position(
      0,
      {cards({"9S", "TS", "JS", "4H", "4D", "2C", "KD"}), cards({"3C", "5C"}), cards({"6H", "7H"})},
      {cards({"5D", "6D", "7D"})}, cards({"AH", "AS"}), cards({"8C", "QS"}), 1);
  // Seat 1 draws: the stock or the Q♠ on the pile; then plays.
  EXPECT_TRUE(offered(s, 1, Move::draw_stock()));
  EXPECT_TRUE(offered(s, 1, Move::draw_discard()));
  play(s, 1, Move::draw_discard());
  EXPECT_EQ(s.taken(), card("QS"));
  // The Q♠ may not go straight back.
  EXPECT_FALSE(offered(s, 1, Move::discard(pos_of(s, 1, "QS"))));
  EXPECT_TRUE(offered(s, 1, Move::discard(pos_of(s, 1, "3C"))));
  play(s, 1, Move::discard(pos_of(s, 1, "3C")));
  EXPECT_EQ(s.to_move(), 2);  // to the left
  // Seat 2: the stock's A♠; seat 0 later melds and lays off.
  play(s, 2, Move::draw_stock());
  EXPECT_EQ(s.hand(2).size(), 3u);
  play(s, 2, Move::discard(0));
  play(s, 0, Move::draw_stock());
  ASSERT_TRUE(offered(s, 0, Move::meld_of(mask_of(s, 0, {"9S", "TS", "JS"}))));
  play(s, 0, Move::meld_of(mask_of(s, 0, {"9S", "TS", "JS"})));
  // The K♦ lays off on nothing: the 5-6-7 of diamonds wants the 4 or the 8.
  EXPECT_FALSE(offered(s, 0, Move::lay_off(pos_of(s, 0, "KD"), 0)));
  EXPECT_EQ(s.melds().size(), 2u);
}

// The terminal and the browser say why selected cards make no move (issue
// 38, bad input): a meld that is none (R8, D2: groups of one rank, sequences
// of one suit without a gap) and the same-turn discard of the card taken (D2).
TEST(RumRules, ASelectionThatMakesNoMoveIsToldWhyR8D2) {
  RumState s = fresh();
  s.set_position(
      0, {cards({"5S", "7S", "8S", "4H", "4D", "KD"}), cards({"3C", "5C"}), cards({"6H", "7H"})},
      {}, cards({"AH", "AS"}), cards({"8C", "QS"}), 0);
  auto picks = [&](Seat seat, std::initializer_list<const char*> names) {
    std::vector<CardRef> out;
    for (const char* n : names) out.push_back({seat, pos_of(s, seat, n)});
    return out;
  };
  const auto t = [](const char* c) { return card_token(card(c)); };
  // Before the draw, whatever is selected.
  EXPECT_EQ(s.why_not(0, "m", picks(0, {"5S", "7S", "8S"})),
            "draw first: from the stock, or the discard pile's top card");
  // Not this seat's turn.
  EXPECT_EQ(s.why_not(1, "", picks(1, {"3C", "5C"})), "it is Seat 0's turn");
  EXPECT_FALSE(s.view(0).zones[0].pick_any);
  play(s, 0, Move::draw_discard());  // the Q♠
  // Now any card of the hand may be selected (a meld is chosen by its cards).
  EXPECT_TRUE(s.view(0).zones[0].pick_any);
  EXPECT_FALSE(s.view(1).zones[1].pick_any);
  EXPECT_EQ(
      s.why_not(0, "m", picks(0, {"5S", "7S", "8S"})),
      t("5S") + " " + t("7S") + " " + t("8S") + " is not a sequence: " + t("6S") + " is missing");
  EXPECT_EQ(s.why_not(0, "", picks(0, {"4H", "4D"})),
            t("4D") + " " + t("4H") + " is not a meld: a meld has 3 cards or more");
  EXPECT_EQ(s.why_not(0, "", picks(0, {"4H", "4D", "KD"})),
            t("4D") + " " + t("4H") + " " + t("KD") +
                " is neither a group (one rank) nor a sequence (one suit)");
  EXPECT_EQ(s.why_not(0, "", picks(0, {"QS"})),
            t("QS") + " was taken from the discard pile this turn and may not be discarded in it");
  // What makes a move has no reason; nor has another word, or a place twice or out of range.
  EXPECT_EQ(s.why_not(0, "", picks(0, {"KD"})), "");
  EXPECT_EQ(s.why_not(0, "l", picks(0, {"5S", "7S", "8S"})), "");
  EXPECT_EQ(s.why_not(0, "", std::vector<CardRef>{{0, 1}, {0, 1}}), "");
  EXPECT_EQ(s.why_not(0, "", std::vector<CardRef>{{0, 40}}), "");
  EXPECT_EQ(s.why_not(0, "", std::vector<CardRef>{{1, 0}}), "");
}

TEST(RumRules, TheDiscardPileTurnedOverIsTheNewStockD2) {
  RumState s = fresh();
  s.set_position(0, {cards({"9S", "4H"}), cards({"3C", "5C"}), cards({"6H", "7H"})}, {}, {},
                 cards({"2C", "8D", "QS"}), 1);
  play(s, 1, Move::draw_stock());
  EXPECT_TRUE(s.last_event().turned);
  // Turned over: the first discarded is on top; the Q♠ stays on the pile.
  EXPECT_EQ(s.hand(1).size(), 3u);
  EXPECT_NE(std::find(s.hand(1).begin(), s.hand(1).end(), card("2C")), s.hand(1).end());
  EXPECT_EQ(s.discards().size(), 1u);
  EXPECT_EQ(s.discards().back(), card("QS"));
  EXPECT_EQ(s.stock().size(), 1u);
}

TEST(RumRules, GoingOutEndsTheDealAtOnceR9D2) {
  RumState s = fresh({"deals=1", "rummy-double=off"});
  s.set_position(0, {cards({"9S", "TS", "JS", "4H"}), cards({"3C", "KC"}), cards({"6H", "7H"})}, {},
                 cards({"AH", "AS"}), cards({"8C"}), 0);
  play(s, 0, Move::draw_stock());  // A♠
  play(s, 0, Move::meld_of(mask_of(s, 0, {"9S", "TS", "JS"})));
  play(s, 0, Move::discard(pos_of(s, 0, "4H")));
  // One card left (A♠), so not out yet: the deal goes on.
  EXPECT_FALSE(s.terminal());
  RumState t = fresh({"deals=1", "rummy-double=off"});
  t.set_position(0, {cards({"9S", "TS", "JS", "4H"}), cards({"3C", "KC"}), cards({"6H", "7H"})}, {},
                 cards({"AH", "QS"}), cards({"8C"}), 0);
  play(t, 0, Move::draw_stock());  // the Q♠
  play(t, 0, Move::meld_of(mask_of(t, 0, {"9S", "TS", "JS", "QS"})));
  play(t, 0, Move::discard(pos_of(t, 0, "4H")));
  ASSERT_TRUE(t.terminal());
  // No legal action for anyone after the last card (R9).
  for (Seat p = 0; p < 3; ++p) EXPECT_TRUE(legal(t, p).empty());
  // R10, D2: each other pays the winner his cards' value: 3 + 10, 6 + 7.
  EXPECT_EQ(t.chips()->balance(1), -13);
  EXPECT_EQ(t.chips()->balance(2), -13);
  EXPECT_EQ(t.chips()->balance(0), 26);
}

TEST(RumRules, MeldsScoreNothingTheSameDeadwoodPaysTheSameR12) {
  // Two ends with the same cards left in the losers' hands but different
  // melds on the table pay the same, and payments sum to nothing.
  std::array<int, 3> paid[2];
  for (int k = 0; k < 2; ++k) {
    RumState s = fresh({"deals=1", "rummy-double=off"});
    const auto melds = k == 0 ? std::vector<std::vector<Card>>{cards({"2H", "3H", "4H"})}
                              : std::vector<std::vector<Card>>{cards({"2H", "3H", "4H"}),
                                                               cards({"KC", "KD", "KH"})};
    s.set_position(0, {cards({"5H"}), cards({"3C", "KS"}), cards({"6C", "7D"})}, melds,
                   cards({"AS"}), cards({"8C"}), 0, true);
    play(s, 0, Move::lay_off(0, 0));
    ASSERT_TRUE(s.terminal());
    for (Seat p = 0; p < 3; ++p) paid[k][static_cast<std::size_t>(p)] = s.chips()->balance(p);
    EXPECT_EQ(paid[k][0] + paid[k][1] + paid[k][2], 0);
  }
  EXPECT_EQ(paid[0], paid[1]);
}

TEST(RumRules, OutInOneTurnIsPaidDoubleD2) {
  RumState s = fresh({"deals=1"});
  s.set_position(0, {cards({"9S", "TS", "JS", "4H", "4D", "4C"}), cards({"3C"}), cards({"6H"})}, {},
                 cards({"AH", "KH"}), cards({"8C"}), 0);
  play(s, 0, Move::draw_stock());  // K♥
  play(s, 0, Move::meld_of(mask_of(s, 0, {"9S", "TS", "JS"})));
  play(s, 0, Move::meld_of(mask_of(s, 0, {"4H", "4D", "4C"})));
  play(s, 0, Move::discard(0));
  ASSERT_TRUE(s.terminal());
  EXPECT_TRUE(s.last_event().rummy);
  EXPECT_EQ(s.chips()->balance(1), -6);   // 3, doubled
  EXPECT_EQ(s.chips()->balance(2), -12);  // 6, doubled
}

TEST(RumRules, RummyIsCalledAtSevenOrLessAndNotAtEightD1) {
  RumState s = RumState(Rules::from(testing::test_config("rum-english-1929", 3)));
  // Unmatched 8 (the 8♣ alone): no call; 7 (the 7♣): a call.
  s.set_position(0,
                 {cards({"9S", "TS", "JS", "4H", "4D", "4C", "8C"}), cards({"3C"}), cards({"6H"})},
                 {}, cards({"AH"}), cards({"2C"}), 0);
  EXPECT_EQ(s.unmatched(0), 8);
  EXPECT_FALSE(offered(s, 0, Move::call()));
  s.mutable_hand(0)[static_cast<std::size_t>(pos_of(s, 0, "8C"))] = card("7C");
  EXPECT_EQ(s.unmatched(0), 7);
  ASSERT_TRUE(offered(s, 0, Move::call()));
  // Only draws and the call: nothing is melded on the table in this game.
  play(s, 0, Move::call());
  // Every player is debited with his unmatched cards (D1): 7, 3 and 6; each
  // two settle the difference: seat 0 pays 4 and 1, seat 2 pays 3.
  EXPECT_EQ(s.debited(0), 7);
  EXPECT_EQ(s.debited(1), 3);
  EXPECT_EQ(s.debited(2), 6);
  EXPECT_EQ(s.chips()->balance(0), -5);
  EXPECT_EQ(s.chips()->balance(1), 7);
  EXPECT_EQ(s.chips()->balance(2), -2);
}

TEST(RumRules, ACardTakenFromThePileIsKnownToAllUntilItGoes) {
  RumState s = fresh();
  s.set_position(0, {cards({"9S", "TS", "4H"}), cards({"3C", "5C"}), cards({"6H", "7H"})}, {},
                 cards({"AH"}), cards({"JS"}), 0);
  play(s, 0, Move::draw_discard());
  for (Seat v : {1, 2}) {
    const View view = s.view(v);
    const Zone& h = view.zones[0];
    ASSERT_EQ(h.cards.size(), 4u);
    EXPECT_EQ(h.cards[0].card, std::optional<Card>(card("JS")));
    EXPECT_FALSE(h.cards[1].card.has_value());
  }
  play(s, 0, Move::meld_of(mask_of(s, 0, {"9S", "TS", "JS"})));
  EXPECT_TRUE(s.known(0).empty());
}

// ---- Records ------------------------------------------------------------------------------

// The codes of a move before 2026-12-03, when every config numbered its
// actions alike (written out here from that layout, not from Move::recode):
// melds the hand's mask, lay-offs 70000 + 64 position + meld, discards
// 80000 + position, the draws and the call 90000, 90001, 90002.
Action old_code(const Move& m) {
  switch (m.kind) {
    case Move::kMeld:
      return m.mask;
    case Move::kLayOff:
      return 70000 + 64 * static_cast<Action>(m.pos) + static_cast<Action>(m.meld);
    case Move::kDiscard:
      return 80000 + static_cast<Action>(m.pos);
    case Move::kDrawStock:
      return 90000;
    case Move::kDrawDiscard:
      return 90001;
    case Move::kCall:
      return 90002;
  }
  return 0;
}

// A learner's mask is as wide as the config's largest hand needs (seven
// cards dealt and one drawn: 587, not the 90,003 of the old codes), and
// records and stored games written in the old codes replay to the same game:
// tests/records/v2's rum-3.json and rum-english-1929-3.json are in them too
// (engine_test).
TEST(RumRecords, ARecordInTheOldCodesReplaysToTheSameGameAndPlayTakesOnlyTheNew) {
  for (const char* name : {"rum", "rum-english-1929"}) {
    const Selection sel = *select(name);
    for (int players : {3, 4}) {
      const Config c = testing::test_config(name, players);
      const int hand = Rules::from(c).max_hand();
      EXPECT_EQ(sel.game->bounds(c).actions, 587u) << name << ", " << players;
      int lay_offs = 0;
      for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        SCOPED_TRACE(std::string(name) + ", " + std::to_string(players) + " players, seed " +
                     std::to_string(seed));
        const Record now = testing::random_game(sel, c, seed);
        for (const SeatAction& m : now.moves)
          lay_offs += Move::decode(m.action, hand)->kind == Move::kLayOff;
        EXPECT_GT(testing::expect_old_codes_replay(
                      now, [hand](Action a) { return old_code(*Move::decode(a, hand)); }),
                  0);
      }
      if (std::string(name) == "rum") {
        EXPECT_GT(lay_offs, 0) << "the games lay off";
      }
    }
  }
  // Play takes today's codes alone: the old draw is refused.
  RumState s = fresh();
  s.set_position(0, {cards({"9S", "TS", "4H"}), cards({"3C", "5C"}), cards({"6H", "7H"})}, {},
                 cards({"AH"}), cards({"JS"}), 0);
  EXPECT_FALSE(testing::play(s, 0, 90001));
  EXPECT_TRUE(testing::play(s, 0, Move::draw_discard().encode(s.rules().max_hand())));
}

// ---- The bot ------------------------------------------------------------------------------

TEST(RumBots, TheHeuristicTakesTheQueenToTheNineTenJack) {
  RumState s = fresh();
  s.set_position(0,
                 {cards({"9S", "TS", "JS", "4H", "2D", "KC", "6C"}), cards({"3C"}), cards({"6H"})},
                 {}, cards({"AH"}), cards({"QS"}), 0);
  EXPECT_EQ(heuristic_action(s, 0), Move::draw_discard().encode(s.rules().max_hand()));
  s.set_position(0,
                 {cards({"9S", "TS", "JS", "4H", "2D", "KC", "6C"}), cards({"3C"}), cards({"6H"})},
                 {}, cards({"AH"}), cards({"QH"}), 0);
  EXPECT_EQ(heuristic_action(s, 0), Move::draw_stock().encode(s.rules().max_hand()));
}

// The search's estimate of a position cut short: at equal balances, the
// player one discard from going out (R9: the deal ends with his last card)
// is ahead of one whose seven cards join nothing, whichever seat holds
// which hand, and a card that lays off on a meld on the table is no loose
// card.
TEST(RumBots, TheSearchEstimateFavoursThePlayerNearestGoingOut) {
  const std::vector<Card> near = cards({"9S", "TS", "JS", "4H", "4D", "4C", "KC"});
  const std::vector<Card> far = cards({"2S", "5H", "7D", "9C", "JH", "8H", "QC"});
  for (const bool swap : {false, true}) {
    RumState s = fresh({}, 2);
    s.set_position(1, {swap ? far : near, swap ? near : far}, {}, cards({"AH", "3D", "8S"}),
                   cards({"6H"}), 0);
    std::array<double, kMaxPlayers> v{};
    search_hints().estimate(s, std::span<double>(v.data(), v.size()));
    const std::size_t a = swap ? 1 : 0, b = swap ? 0 : 1;
    EXPECT_GT(v[a], v[b]) << "swap " << swap;
    EXPECT_GT(v[a], 0.5) << "swap " << swap;
  }
  // The same loose king, but the three other kings on the table take it:
  // the hand is then as good as out.
  RumState s = fresh({}, 2);
  const std::vector<Card> loose_king = cards({"9S", "TS", "JS", "4H", "4D", "4C", "KC"});
  s.set_position(1, {loose_king, far}, {}, cards({"AH", "3D", "8S"}), cards({"6H"}), 0);
  std::array<double, kMaxPlayers> before{}, after{};
  search_hints().estimate(s, std::span<double>(before.data(), before.size()));
  s.set_position(1, {loose_king, far}, {cards({"KH", "KS", "KD"})}, cards({"AH", "3D", "8S"}),
                 cards({"6H"}), 0);
  search_hints().estimate(s, std::span<double>(after.data(), after.size()));
  EXPECT_GT(after[0], before[0]);
}

// The search stops where a deal has ended (R9: play ceases when one player
// goes out), its payments known, and never within one.
TEST(RumBots, TheSearchCallsAPositionSettledOnlyWhereADealHasEnded) {
  RumState s = fresh({"deals=2"}, 2);
  Rng rng(3, 1);
  int ends = 0, within = 0;
  while (!s.terminal()) {
    if (s.phase() == RumState::Phase::kDraw || s.phase() == RumState::Phase::kPlay) {
      EXPECT_FALSE(search_hints().settled(s));
      ++within;
    }
    if (s.chance()) {
      s.apply_chance(rng);
      continue;
    }
    const int done = s.deals_done();
    const Seat m = s.to_move();
    s.apply(m, heuristic_action(s, m));
    if (s.deals_done() > done && !s.terminal()) {
      EXPECT_TRUE(search_hints().settled(s));  // the first deal just ended
      ++ends;
    }
  }
  EXPECT_EQ(ends, 1);
  EXPECT_GT(within, 10);
}

TEST(RumBots, TheHeuristicBeatsRandomPlay) {
  long ahead = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    RumState s = fresh({"deals=1"}, 2);
    Rng rng(seed, 9);
    const Seat me = static_cast<Seat>(seed % 2);
    while (!s.terminal()) {
      if (s.chance()) {
        s.apply_chance(rng);
        continue;
      }
      const Seat m = s.to_move();
      const std::vector<Action> l = legal(s, m);
      s.apply(
          m, m == me ? heuristic_action(s, m) : l[rng.below(static_cast<std::uint32_t>(l.size()))]);
    }
    ahead += s.chips()->balance(me);
  }
  EXPECT_GT(ahead, 0);
}

TEST(RumConformance, EveryPresetAndPlayerCount) {
  testing::ConformanceOptions opt;
  opt.games = 2;
  testing::check_all_presets(*find_game("rum"), opt);
}

}  // namespace
}  // namespace parlour::rum
