// Parlour's own double-dummy solver (kit/dd_solver.h) against DDS on seeded
// random bridge deals: all twenty results of each deal equal. The deals
// come from random_bridge_deal(seed, i); PARLOUR_DD_DEALS says how many
// (ctest runs dd_vs_dds_quick on 5 and dd_vs_dds, labelled long, on 1,000).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "analysis/dd.h"
#include "kit/dd_solver.h"

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

}  // namespace
}  // namespace parlour::analysis
