// The floor plays real Old Maid: its seat loss rates agree with the fast
// path's (different seeds, so statistically).
#include <gtest/gtest.h>

#include <cmath>

#include "core/registry.h"
#include "floor.h"
#include "games/old_maid/fast.h"

namespace parlour {
namespace {

TEST(Floor, LossRatesAgreeWithTheFastPath) {
  const int n = 200000;
  Rng rng(12345);
  std::array<int, 4> floor_losses{}, fast_losses{};
  for (int i = 0; i < n; ++i) ++floor_losses[bench::floor_old_maid(rng)];
  old_maid::OldMaidFast fast(old_maid::Rules::from(*make_config(Selection{find_game("old-maid"), nullptr}, 4, {})));
  Playout p;
  for (int i = 0; i < n; ++i) {
    fast.play(1000000 + i, p);
    for (int s = 0; s < 4; ++s) fast_losses[s] += p.places[s] == 4;
  }
  for (int s = 0; s < 4; ++s) {
    const double a = floor_losses[s] / double(n), b = fast_losses[s] / double(n);
    const double se = std::sqrt(a * (1 - a) / n + b * (1 - b) / n);
    EXPECT_LT(std::abs(a - b), 5 * se) << "seat " << s << ": floor " << a << ", fast " << b;
  }
}

}  // namespace
}  // namespace parlour
