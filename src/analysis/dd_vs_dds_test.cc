// Parlour's own double-dummy solver (kit/dd_solver.h) against DDS on seeded
// random bridge deals: all twenty results of each deal equal. The deals
// come from random_bridge_deal(seed, i); PARLOUR_DD_DEALS says how many
// (ctest runs dd_vs_dds_quick on 5 and dd_vs_dds, labelled long, on 1,000).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "analysis/dd.h"
#include "core/rng.h"
#include "kit/dd_solver.h"
#include "kit/dds.h"

namespace parlour::analysis {
namespace {

constexpr std::uint64_t kSeed = 20240611;

int deal_count() {
  const char* env = std::getenv("PARLOUR_DD_DEALS");
  return env ? std::atoi(env) : 5;
}

TEST(DdVsDds, AllTwentyResultsAgreeOnRandomDeals) {
  if (!have_dds()) GTEST_SKIP() << "this build has no DDS (libdds-dev): nothing to compare with";
  const int deals = deal_count();
  ASSERT_GT(deals, 0) << "PARLOUR_DD_DEALS must be a positive count";
  kit::DdSolver solver;
  for (int i = 0; i < deals; ++i) {
    const BridgeDeal deal = random_bridge_deal(kSeed, static_cast<std::uint64_t>(i));
    Result<DdTable> want = dds_table(deal);
    ASSERT_TRUE(want.ok()) << want.message();
    std::array<kit::CardBits, 4> hands{};
    for (std::size_t h = 0; h < 4; ++h)
      for (Card c : deal.hands[h]) hands[h] |= kit::card_bit(c);
    const kit::DdTricks got = solver.table(hands);
    for (std::size_t strain = 0; strain < 5; ++strain)
      for (std::size_t d = 0; d < 4; ++d)
        ASSERT_EQ(got[strain][d], want->tricks[strain][d])
            << "deal " << i << " (" << to_pbn(deal) << "), " << kStrainNames[strain]
            << " declared by " << kCompass[d];
  }
}

// The card by card answers the bots use (kit::dds_plays, DDS's SolveBoard)
// against the kit's solver, two methods apart: positions in the middle of
// play, each reached by random legal cards from a seeded deal (six to nine
// tricks played, then none to three cards of the next), every strain, the
// tricks of either partnership.
TEST(DdVsDds, EachCardsTricksAgreeInPositionsOfPlay) {
  if (!kit::have_dds())
    GTEST_SKIP() << "this build has no DDS (libdds-dev): nothing to compare with";
  Rng rng(20261129);
  kit::DdSolver solver(14);
  for (int i = 0; i < 120; ++i) {
    const BridgeDeal deal = random_bridge_deal(kSeed + 1, static_cast<std::uint64_t>(i));
    kit::DdPosition p;
    p.seats = 4;
    for (std::size_t h = 0; h < 4; ++h)
      for (Card c : deal.hands[h]) p.hands[h] |= kit::card_bit(c);
    p.trump = rng.below(5) == 4 ? kit::kNoTrump : Suit(rng.below(4));
    p.side = rng.below(2) ? 0b0101 : 0b1010;
    Seat leader = static_cast<Seat>(rng.below(4));
    const int tricks = 6 + static_cast<int>(rng.below(4)), extra = static_cast<int>(rng.below(4));
    std::array<Card, 4> played{};
    for (int t = 0; t <= tricks; ++t) {
      const int cards = t < tricks ? 4 : extra;
      Seat win = leader;
      for (int k = 0; k < cards; ++k) {
        const Seat s = (leader + k) % 4;
        kit::CardBits h = p.hands[static_cast<std::size_t>(s)];
        if (k > 0 && (h & kit::suit_bits(played[static_cast<std::size_t>(leader)].suit())))
          h &= kit::suit_bits(played[static_cast<std::size_t>(leader)].suit());
        std::vector<Card> legal;
        for (kit::CardBits b = h; b; b &= b - 1)
          legal.push_back(Card::from_index(static_cast<std::uint8_t>(std::countr_zero(b))));
        const Card c = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        p.hands[static_cast<std::size_t>(s)] &= ~kit::card_bit(c);
        played[static_cast<std::size_t>(s)] = c;
        if (k > 0 && kit::beats(c, played[static_cast<std::size_t>(win)], p.trump)) win = s;
      }
      if (t < tricks) leader = win, played = {};
    }
    p.leader = leader;
    p.played = {};
    for (int k = 0; k < extra; ++k) {
      const auto s = static_cast<std::size_t>((leader + k) % 4);
      p.played[s] = played[s];
    }
    const std::optional<std::array<std::int8_t, 52>> by_dds = kit::dds_plays(p);
    ASSERT_TRUE(by_dds.has_value()) << "position " << i;
    ASSERT_EQ(*by_dds, solver.plays(p)) << "position " << i << " (" << to_pbn(deal) << ")";
  }
}

}  // namespace
}  // namespace parlour::analysis
