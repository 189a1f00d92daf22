// Conquian: a test for each rule rules.md takes from seed 004 (R1-R15) and
// the period sources (C1-C4), then the bot, the resampler and the
// conformance harness.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>

#include "conformance.h"
#include "core/registry.h"
#include "games/conquian/bots.h"
#include "games/conquian/state.h"

namespace parlour::conquian {
namespace {

using kit::card_bit;
using kit::CardBits;
using testing::card;
using testing::cards;
using testing::legal;

ConquianState fresh(const std::vector<std::string>& opts = {}, int players = 2) {
  return ConquianState(Rules::from(testing::test_config("conquian", players, opts)));
}

CardBits bits(std::initializer_list<const char*> names) {
  CardBits b = 0;
  for (const char* n : names) b |= card_bit(card(n));
  return b;
}

bool offered(const ConquianState& s, Seat seat, Move m) {
  const std::vector<Action> l = legal(s, seat);
  return std::find(l.begin(), l.end(), m.encode()) != l.end();
}

// The mask of the hand positions of `names` in `s`'s hand of `seat`.
std::uint16_t mask_of(const ConquianState& s, Seat seat, std::initializer_list<const char*> names) {
  std::uint16_t m = 0;
  const Hand& h = s.hand(seat);
  for (const char* n : names) {
    const auto it = std::find(h.begin(), h.end(), card(n));
    EXPECT_NE(it, h.end()) << n;
    m = static_cast<std::uint16_t>(m | 1u << (it - h.begin()));
  }
  return m;
}

void play(ConquianState& s, Seat seat, Move m) {
  ASSERT_TRUE(testing::play(s, seat, m.encode()))
      << seat_name(seat) << ": " << s.action_label(seat, m.encode());
}

// Plays random legal moves from a seeded stream to the end of the match.
void random_game(ConquianState& s, std::uint64_t seed,
                 const std::function<void(const ConquianState&)>& each = {}) {
  Rng rng(seed, 5);
  while (!s.terminal()) {
    if (s.chance()) {
      s.apply_chance(rng);
    } else {
      const std::vector<Action> l = legal(s, s.to_move());
      s.apply(s.to_move(), l[rng.below(static_cast<std::uint32_t>(l.size()))]);
    }
    if (each) each(s);
  }
}

// ---- The pack and the melds (C1, C2) ---------------------------------------------

TEST(ConquianMelds, GroupsOfThreeOrFourAndSequencesOfThreeToEightC1) {
  const kit::MeldRules sp = kit::MeldRules::spanish();
  EXPECT_TRUE(kit::is_meld(bits({"5C", "5D", "5H"}), sp));
  EXPECT_TRUE(kit::is_meld(bits({"5C", "5D", "5H", "5S"}), sp));
  EXPECT_FALSE(kit::is_meld(bits({"5C", "5D"}), sp));
  EXPECT_TRUE(kit::is_meld(bits({"2S", "3S", "4S"}), sp));
  // C1: the 7 is next to the jack in the Spanish pack.
  EXPECT_TRUE(kit::is_meld(bits({"6H", "7H", "JH"}), sp));
  // C2: the ace is not in sequence with the king: Q-K-A is none.
  EXPECT_FALSE(kit::is_meld(bits({"QH", "KH", "AH"}), sp));
  // C1: at most eight: A-7 and J is nine cards, and refused.
  EXPECT_TRUE(kit::is_meld(bits({"AC", "2C", "3C", "4C", "5C", "6C", "7C", "JC"}), sp));
  EXPECT_FALSE(kit::is_meld(bits({"AC", "2C", "3C", "4C", "5C", "6C", "7C", "JC", "QC"}), sp));
  // The 8, 9 and 10 are not in the Spanish pack; they are in ace to ten
  // (C2 "in America", C3), where the 10 ends the suit.
  EXPECT_FALSE(kit::is_meld(bits({"7D", "8D", "9D"}), sp));
  const kit::MeldRules at = kit::MeldRules::ace_to_ten();
  EXPECT_TRUE(kit::is_meld(bits({"8D", "9D", "TD"}), at));
  EXPECT_FALSE(kit::is_meld(bits({"9D", "TD", "JD"}), at));
  EXPECT_FALSE(kit::is_meld(bits({"6H", "7H", "JH"}), at));
  // Why not, in words.
  EXPECT_EQ(kit::why_not_meld(bits({"5S", "7S", "JS"}), sp),
            card_token(card("5S")) + " " + card_token(card("7S")) + " " + card_token(card("JS")) +
                " is not a sequence: " + card_token(card("6S")) + " is missing");
  EXPECT_EQ(kit::why_not_meld(bits({"2S", "3S", "4S"}), sp), "");
}

TEST(ConquianMelds, MeldsAreLaidOutWholeInAnyWayThatLeavesEveryCardInAMeldC1C4) {
  const kit::MeldRules sp = kit::MeldRules::spanish();
  // Four fives and the 6 and 7 of clubs: 5-6-7 of clubs and three fives.
  kit::MeldList out;
  ASSERT_TRUE(kit::partition_melds(bits({"5C", "5D", "5H", "5S", "6C", "7C"}), sp, &out));
  EXPECT_EQ(out.size(), 2u);
  for (CardBits m : out) EXPECT_TRUE(kit::is_meld(m, sp));
  EXPECT_FALSE(kit::partition_melds(bits({"5C", "5D", "5H", "5S", "6C"}), sp));
  EXPECT_TRUE(kit::partition_melds(0, sp));
}

// ---- The deal (C1, C2, C4) ------------------------------------------------------------

TEST(ConquianRules, TenEachNoUpcardAndTheNonDealerTurnsFirstC1C4) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    ConquianState s = fresh();
    Rng rng(seed);
    s.apply_chance(rng);  // the cut
    s.apply_chance(rng);  // the deal
    ASSERT_EQ(s.phase(), ConquianState::Phase::kOffer);
    const Seat nd = 1 - s.dealer();
    EXPECT_EQ(s.hand(0).size(), 10u);
    EXPECT_EQ(s.hand(1).size(), 10u);
    // 40 cards: twenty dealt, one turned by the non-dealer, nineteen left.
    EXPECT_EQ(s.stock().size(), 19u);
    EXPECT_EQ(s.faced_how(), Faced::kTurned);
    EXPECT_EQ(s.faced_by(), nd);
    EXPECT_EQ(s.offered_to(), nd);
    EXPECT_EQ(s.to_move(), nd);
  }
}

TEST(ConquianRules, TheLowestCutDealsTheAceLowC2) {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    ConquianState s = fresh();
    Rng rng(seed);
    s.apply_chance(rng);
    const kit::Cut& c = s.last_scene().cut;
    const std::size_t from = c.rounds.size() > 1 ? c.rounds[c.rounds.size() - 2] : 0;
    for (std::size_t i = from; i < c.cards.size(); ++i) {
      if (c.cutter[i] != s.dealer()) continue;
      for (std::size_t j = from; j < c.cards.size(); ++j) {
        EXPECT_LE(c.cards[i].rank(), c.cards[j].rank()) << "seed " << seed;
      }
    }
  }
}

TEST(ConquianRules, AFacedCardIsNeverTakenIntoTheHandAndHandPlusMeldsStayTenC1C3) {
  // Between turns (a card on offer) each player's hand and melds hold ten
  // cards; no move ever makes a hand bigger within a deal.
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    ConquianState s = fresh({"deals=2"});
    std::array<std::size_t, 2> last{10, 10};
    int deal = -1;
    random_game(s, seed, [&](const ConquianState& t) {
      if (t.phase() != ConquianState::Phase::kOffer) return;
      if (t.deals_done() != deal) deal = t.deals_done(), last = {10, 10};
      for (Seat p = 0; p < 2; ++p) {
        const std::size_t held = t.hand(p).size();
        EXPECT_EQ(held + static_cast<std::size_t>(t.melded_count(p)), 10u) << "seed " << seed;
        EXPECT_LE(held, last[static_cast<std::size_t>(p)]) << "seed " << seed;
        last[static_cast<std::size_t>(p)] = held;
      }
    });
  }
}

TEST(ConquianRules, ACardLetGoIsOfferedToTheOtherThenTurnedDownC1) {
  ConquianState s = fresh({"forcing=off"});
  s.set_position(0, {cards({"2C", "4D", "6H", "JS", "KC"}), cards({"3C", "5D", "7H", "QS", "KD"})},
                 {{}, {}}, cards({"AH", "AS"}), card("QD"), Faced::kTurned, 1, 1, false);
  EXPECT_EQ(s.action_label(1, Move::pass().encode()), "pass " + card_token(card("QD")));
  play(s, 1, Move::pass());
  EXPECT_EQ(s.offered_to(), 0);  // the card turned by seat 1, offered to seat 0
  EXPECT_EQ(s.faced(), card("QD"));
  play(s, 0, Move::pass());
  // Let go by both: turned down, and seat 0 turns the next card (A♠, the top).
  EXPECT_EQ(s.dead().size(), 1u);
  EXPECT_EQ(s.faced(), card("AS"));
  EXPECT_EQ(s.faced_by(), 0);
  EXPECT_EQ(s.offered_to(), 0);
}

TEST(ConquianRules, AMeldUsesTheFacedCardThenADiscardIsOfferedToTheOtherC1) {
  ConquianState s = fresh();
  s.set_position(0,
                 {cards({"5D", "5H", "2C", "JS", "KC", "3D", "4S", "6C", "7D", "QH"}),
                  cards({"3C", "5C", "7H", "QS", "KD", "2D", "4D", "6S", "AC", "JC"})},
                 {{}, {}}, cards({"AH", "AS"}), card("5S"), Faced::kTurned, 0, 0, false);
  play(s, 0, Move::meld(mask_of(s, 0, {"5D", "5H"})));
  EXPECT_EQ(s.melded(0), bits({"5D", "5H", "5S"}));
  EXPECT_EQ(s.hand(0).size(), 8u);
  ASSERT_EQ(s.phase(), ConquianState::Phase::kDiscard);
  play(s, 0, Move::discard(0));
  EXPECT_EQ(s.faced_how(), Faced::kDiscarded);
  EXPECT_EQ(s.offered_to(), 1);
  EXPECT_TRUE(s.last_offer());  // a discard let go is turned down
}

// The terminal and the browser say why selected cards make no meld (issue
// 38, bad input): any card of the hand may be selected while a card is
// faced (Zone::pick_any), and the faced card is never taken into the hand
// (C3).
TEST(ConquianRules, ASelectionThatMakesNoMeldIsToldWhyC1C3) {
  ConquianState s = fresh();
  s.set_position(0,
                 {cards({"5D", "5H", "2C", "JS", "KC", "3D", "4S", "6C", "7D", "QH"}),
                  cards({"3C", "5C", "7H", "QS", "KD", "2D", "4D", "6S", "AC", "JC"})},
                 {{}, {}}, cards({"AH", "AS"}), card("5S"), Faced::kTurned, 0, 0, false);
  auto picks = [&](std::initializer_list<const char*> names) {
    std::vector<CardRef> out;
    for (const char* n : names)
      out.push_back({0, static_cast<int>(std::find(s.hand(0).begin(), s.hand(0).end(), card(n)) -
                                         s.hand(0).begin())});
    return out;
  };
  const auto t = [](const char* c) { return card_token(card(c)); };
  EXPECT_TRUE(s.view(0).zones[0].pick_any);
  EXPECT_FALSE(s.view(1).zones[1].pick_any);
  // The Spanish pack runs 4 5 6 7 J: the 6♠ is missing.
  EXPECT_EQ(
      s.why_not(0, "m", picks({"4S", "JS"})),
      t("4S") + " " + t("5S") + " " + t("JS") + " is not a sequence: " + t("6S") + " is missing");
  EXPECT_EQ(s.why_not(0, "", picks({"4S", "6C"})),
            t("4S") + " " + t("5S") + " " + t("6C") +
                " is neither a group (one rank) nor a sequence (one suit)");
  EXPECT_EQ(s.why_not(0, "", picks({"5D", "5H"})), "");  // a meld
  const int faced_zone = 2 + 2 * kMeldZones;
  EXPECT_EQ(s.why_not(0, "", std::vector<CardRef>{{faced_zone, 0}}),
            "a faced card is melded or passed, never taken into the hand: select the cards of "
            "your hand to meld it with");
  EXPECT_EQ(s.why_not(1, "", std::vector<CardRef>{{1, 0}}), "it is Seat 0's turn");
  play(s, 0, Move::meld(mask_of(s, 0, {"5D", "5H"})));
  EXPECT_FALSE(s.view(0).zones[0].pick_any);  // a discard is one card, clicked
  EXPECT_EQ(s.why_not(0, "", std::vector<CardRef>{{0, 0}, {0, 1}}), "discard one card");
}

TEST(ConquianRules, MeldsAreRearrangedButNeverMadeOnTheOpponentsC1C4) {
  ConquianState s = fresh({"forcing=off"});
  // Seat 0 has four fives down; the 6♣ faced and the 7♣ in hand make 5-6-7
  // of clubs with three fives left: a rearrangement.
  s.set_position(0,
                 {cards({"7C", "2D", "JS", "KC", "3D", "QH"}),
                  cards({"3C", "7H", "QS", "KD", "2S", "4D", "AC"})},
                 {cards({"5C", "5D", "5H", "5S"}), cards({"JH", "QD", "KH"})}, cards({"AH"}),
                 card("6C"), Faced::kTurned, 0, 0, false);
  EXPECT_TRUE(offered(s, 0, Move::meld(mask_of(s, 0, {"7C"}))));
  play(s, 0, Move::meld(mask_of(s, 0, {"7C"})));
  EXPECT_EQ(s.layout(0).size(), 2u);  // 5-6-7 of clubs and three fives
  // A faced 4♦ that only the other's A-2-3 of diamonds would take: a player
  // melds only in front of himself, so seat 0 has no meld.
  ConquianState t = fresh({"forcing=off"});
  t.set_position(0, {cards({"2S", "JS", "3H", "QH"}), cards({"3C", "7H", "QS"})},
                 {cards({"5C", "5D", "5H", "5S", "6C", "7C"}), cards({"AD", "2D", "3D"})},
                 cards({"AH"}), card("4D"), Faced::kTurned, 0, 0, false);
  for (Action a : legal(t, 0))
    EXPECT_NE(Move::decode(a)->kind, Move::kMeld) << t.action_label(0, a);
  EXPECT_EQ(t.melded(1), bits({"AD", "2D", "3D"}));
}

TEST(ConquianRules, AForcedPlayerAddsTheCardAndDiscardsC4) {
  ConquianState s = fresh();
  s.set_position(0,
                 {cards({"2D", "KC", "3D", "QH", "4S", "6H", "7H"}),
                  cards({"3C", "QS", "KD", "2S", "4C", "AC", "6S"})},
                 {cards({"5C", "5D", "5H"}), cards({"JH", "JD", "JC"})}, cards({"AH"}), card("JS"),
                 Faced::kTurned, 0, 0, false);
  // The J♠ fits seat 1's jacks; seat 0 may force it on him.
  ASSERT_TRUE(offered(s, 0, Move::force()));
  const std::size_t held = s.hand(1).size();
  play(s, 0, Move::force());
  EXPECT_EQ(s.melded_count(1), 4);
  ASSERT_EQ(s.to_move(), 1);
  play(s, 1, Move::discard(0));
  EXPECT_EQ(s.hand(1).size(), held - 1);  // one card fewer in hand
  ConquianState off = fresh({"forcing=off"});
  off.set_position(0, {cards({"2D", "3S"}), cards({"3C", "7H"})},
                   {cards({"5C", "5D", "5H"}), cards({"JH", "JD", "JC"})}, cards({"AH"}),
                   card("JS"), Faced::kTurned, 0, 0, false);
  EXPECT_FALSE(offered(off, 0, Move::force()));
}

TEST(ConquianRules, TheEleventhCardDownWinsAtOnceWithNoDiscardC1C3R15) {
  ConquianState s = fresh({"deals=1", "stake=3"});
  // Seat 1: eight down and two in hand; the faced 4♠ with them is eleven.
  s.set_position(
      0, {cards({"2D", "3D", "6H", "7C", "4C"}), cards({"2S", "3S"})},
      {cards({"5C", "5D", "5H"}), cards({"JH", "JD", "JC", "JS", "KH", "KD", "KC", "KS"})},
      cards({"AH"}), card("4S"), Faced::kDiscarded, 0, 1, true);
  play(s, 1, Move::meld(mask_of(s, 1, {"2S", "3S"})));
  EXPECT_TRUE(s.terminal());
  EXPECT_EQ(s.melded_count(1), 11);
  // R15, C2: flat-out: the loser pays the stake, whatever he holds.
  EXPECT_EQ(s.chips()->balance(1), 3);
  EXPECT_EQ(s.chips()->balance(0), -3);
}

TEST(ConquianRules, AnEmptyHandWithTenDownPlaysOnC4) {
  ConquianState s = fresh();
  s.set_position(
      0, {cards({"2D", "JS", "4H", "3D"}), cards({"2S"})},
      {cards({"5C", "5D", "5H"}), cards({"JH", "JD", "JC", "KH", "KD", "KS", "AS", "AH", "AD"})},
      cards({"AC", "3C"}), card("KC"), Faced::kTurned, 0, 0, false);
  ASSERT_TRUE(offered(s, 0, Move::force()));
  play(s, 0, Move::force());  // seat 1 now has ten down and must discard his last card
  play(s, 1, Move::discard(0));
  EXPECT_TRUE(s.hand(1).empty());
  EXPECT_EQ(s.melded_count(1), 10);
  EXPECT_FALSE(s.terminal());
  EXPECT_EQ(s.phase(), ConquianState::Phase::kOffer);
}

TEST(ConquianRules, ATableauPoolsACounterEachForTheNextWinnerC2) {
  // Random games until a tableau comes, then the pool goes to the next winner.
  bool seen = false;
  for (std::uint64_t seed = 1; seed <= 200 && !seen; ++seed) {
    ConquianState s = fresh({"deals=4"});
    int pool_before = 0;
    random_game(s, seed, [&](const ConquianState& t) {
      const Event& e = t.last_event();
      if (!e.deal_done) return;
      if (e.winner == kNobody) {
        if (e.over) {
          // The match over, the pool goes back to who put it in.
          EXPECT_EQ(t.pool(), 0);
          EXPECT_EQ(e.returned[0] + e.returned[1], pool_before + 2);
        } else {
          EXPECT_EQ(t.pool(), pool_before + 2);
        }
        seen = true;
      } else {
        EXPECT_EQ(e.pool_won, pool_before);
        EXPECT_EQ(t.pool(), 0);
      }
      pool_before = t.pool();
      EXPECT_EQ(t.chips()->balance(0) + t.chips()->balance(1) + t.pool(), 0);
    });
  }
  EXPECT_TRUE(seen) << "no tableau in 200 random matches";
}

TEST(ConquianRules, WithThreeTheDealerSitsOutC2) {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    ConquianState s = fresh({"deals=3"}, 3);
    random_game(s, seed, [&](const ConquianState& t) {
      if (t.phase() != ConquianState::Phase::kOffer && t.phase() != ConquianState::Phase::kDiscard)
        return;
      EXPECT_TRUE(t.hand(t.dealer()).empty());
      EXPECT_EQ(t.melded(t.dealer()), 0u);
      EXPECT_NE(t.to_move(), t.dealer());
    });
    EXPECT_EQ(s.chips()->balance(0) + s.chips()->balance(1) + s.chips()->balance(2) + s.pool(), 0);
  }
}

// ---- The bot ----------------------------------------------------------------------------

TEST(ConquianBots, TheHeuristicMeldsAFacedCardThatCompletesAGroup) {
  ConquianState s = fresh();
  s.set_position(0,
                 {cards({"5D", "5H", "2C", "JS", "KC", "3D", "4S", "6C", "7D", "QH"}),
                  cards({"3C", "5C", "7H", "QS", "KD", "2D", "4D", "6S", "AC", "JC"})},
                 {{}, {}}, cards({"AH", "AS"}), card("5S"), Faced::kTurned, 0, 0, false);
  const Action a = heuristic_action(s, 0);
  ASSERT_EQ(Move::decode(a)->kind, Move::kMeld);
  EXPECT_EQ(s.hand_bits(0, Move::decode(a)->mask), bits({"5D", "5H"}));
}

TEST(ConquianBots, TheHeuristicBeatsRandomPlay) {
  long ahead = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    ConquianState s = fresh({"deals=2"});
    Rng rng(seed, 9);
    while (!s.terminal()) {
      if (s.chance()) {
        s.apply_chance(rng);
        continue;
      }
      const Seat m = s.to_move();
      const std::vector<Action> l = legal(s, m);
      s.apply(m, m == static_cast<Seat>(seed % 2)
                     ? heuristic_action(s, m)
                     : l[rng.below(static_cast<std::uint32_t>(l.size()))]);
    }
    ahead += s.chips()->balance(static_cast<Seat>(seed % 2));
  }
  EXPECT_GT(ahead, 0);
}

TEST(ConquianConformance, EveryPresetAndPlayerCount) {
  testing::ConformanceOptions opt;
  opt.games = 3;
  testing::check_all_presets(*find_game("conquian"), opt);
}

}  // namespace
}  // namespace parlour::conquian
