// Double-dummy analysis: PBN read and refused, and DDS's tables on deals
// whose results are known by reasoning, not by another solver.
#include "analysis/dd.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace parlour::analysis {
namespace {

// North holds every spade, East every heart, South every diamond, West every club.
constexpr std::string_view kSuitsApart =
    "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";

TEST(Pbn, ReadsADealAndWritesItBack) {
  Result<BridgeDeal> d = parse_pbn(kSuitsApart);
  ASSERT_TRUE(d.ok()) << d.message();
  EXPECT_EQ(d->hands[0].size(), 13u);
  EXPECT_TRUE(std::all_of(d->hands[0].begin(), d->hands[0].end(),
                          [](Card c) { return c.suit() == kSpades; }));
  EXPECT_TRUE(std::all_of(d->hands[3].begin(), d->hands[3].end(),
                          [](Card c) { return c.suit() == kClubs; }));
  EXPECT_EQ(to_pbn(*d), kSuitsApart);
  // Any first hand: "E:" gives East first, round to North last.
  Result<BridgeDeal> e =
      parse_pbn("E:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 AKQJT98765432...");
  ASSERT_TRUE(e.ok()) << e.message();
  EXPECT_EQ(to_pbn(*e), kSuitsApart);
  // A random deal is a deal.
  const BridgeDeal r = random_bridge_deal(1, 7);
  Result<BridgeDeal> back = parse_pbn(to_pbn(r));
  ASSERT_TRUE(back.ok()) << back.message();
  EXPECT_EQ(to_pbn(*back), to_pbn(r));
}

TEST(Pbn, BadDealsAreRefusedNamingTheCardOrTheHand) {
  auto says = [](std::string_view text, std::string_view what) {
    Result<BridgeDeal> d = parse_pbn(text);
    EXPECT_FALSE(d.ok()) << text;
    if (!d.ok()) {
      EXPECT_NE(d.message().find(what), std::string::npos) << d.message();
    }
  };
  says("AKQ", "begins with the first hand's compass");
  says("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543A",
       "AC is dealt twice");
  says("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543", "unequal size");
  says("N:AKQJT98765432.2.. .AKQJT9876543.. ..AKQJT98765432. ...AKQJT98765432",
       "N's hand has 14 cards");
  says("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.", "the deal has 3 hands");
  says("N:AKQJT98765432.. .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
       "N's hand has 3 suits");
  says("N:AKQJT98765431... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
       "'1' is not a rank");
  says("N:AKQJT9876543.A.. .KQJT98765432.. ..AKQJT98765432. ...AKQJT9876543", "unequal size");
}

TEST(Dds, SolvesDealsWhoseResultsAreKnownByReasoning) {
  if (!have_dds()) GTEST_SKIP() << "this build has no DDS";
  Result<BridgeDeal> d = parse_pbn(kSuitsApart);
  ASSERT_TRUE(d.ok());
  Result<DdTable> t = dds_table(*d);
  ASSERT_TRUE(t.ok()) << t.message();
  // No trumps: the declarer's left-hand opponent leads his long suit and
  // takes every trick.
  for (int h = 0; h < 4; ++h) EXPECT_EQ(t->tricks[0][static_cast<std::size_t>(h)], 0) << h;
  // Spades (row 1): North or South declaring, North trumps whatever is led
  // and takes all thirteen; East or West declaring, North is a defender
  // with the same thirteen trumps.
  EXPECT_EQ(t->tricks[1], (std::array<int, 4>{13, 0, 13, 0}));
  // Clubs (row 4): West's thirteen trumps take everything for East-West.
  EXPECT_EQ(t->tricks[4], (std::array<int, 4>{0, 13, 0, 13}));
  // A random deal, and the same deal turned a seat round the table: each
  // declarer's results move with his cards (a fact of the game, not of the
  // solver), and every entry lies in 0..13.
  const BridgeDeal r = random_bridge_deal(3, 1);
  BridgeDeal turned;
  for (std::size_t h = 0; h < 4; ++h) turned.hands[(h + 1) % 4] = r.hands[h];
  Result<DdTable> rt = dds_table(r), tt = dds_table(turned);
  ASSERT_TRUE(rt.ok() && tt.ok());
  for (std::size_t s = 0; s < 5; ++s)
    for (std::size_t h = 0; h < 4; ++h) {
      EXPECT_EQ(tt->tricks[s][(h + 1) % 4], rt->tricks[s][h]);
      EXPECT_GE(rt->tricks[s][h], 0);
      EXPECT_LE(rt->tricks[s][h], 13);
    }
  EXPECT_NE(format_table(*t).find("NT     0   0   0   0"), std::string::npos) << format_table(*t);
}

}  // namespace
}  // namespace parlour::analysis
