#include "kit/race.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

namespace parlour::kit {

RaceResult race(std::size_t choices, const std::function<bool(std::size_t, int)>& won,
                const RaceLimits& lim, std::span<const double> head_start) {
  RaceResult r;
  if (choices <= 1) return r;
  // Each choice's results, a bit a trial; every choice in the race has been
  // tried on trials 0 to n - 1.
  std::vector<std::vector<std::uint64_t>> results(choices);
  std::vector<int> wins(choices, 0);
  std::vector<std::size_t> alive(choices);
  for (std::size_t i = 0; i < choices; ++i) alive[i] = i;
  int n = 0;
  for (;;) {
    for (std::size_t c : alive)
      for (int k = n; k < n + lim.batch; ++k) {
        if (k % 64 == 0) results[c].push_back(0);
        const bool w = won(c, k);
        results[c].back() |= std::uint64_t{w} << (k % 64);
        wins[c] += w;
      }
    n += lim.batch;
    r.spent += lim.batch * static_cast<int>(alive.size());
    auto score = [&](std::size_t c) {
      return wins[c] + (head_start.empty() ? 0.0 : head_start[c] * n);
    };
    r.best = alive[0];
    for (std::size_t c : alive)
      if (score(c) > score(r.best)) r.best = c;
    const int lead = wins[r.best];
    if (n >= lim.most || r.spent >= lim.spent || (n >= lim.plain && (lead == n || lead == 0)) ||
        (lim.stop && lim.stop()))
      break;
    if (n < lim.first) continue;
    // The difference of two choices on a trial is 0 or ±1: its variance is
    // at most the share of trials they differ on (one more counted, so that
    // choices alike so far are not taken for certain on a few trials).
    std::erase_if(alive, [&](std::size_t c) {
      if (c == r.best) return false;
      int differ = 0;
      for (std::size_t w = 0; w < results[c].size(); ++w)
        differ += std::popcount(results[r.best][w] ^ results[c][w]);
      return (score(r.best) - score(c)) - lim.z * std::sqrt(differ + 1.0) > -lim.equal * n;
    });
    if (alive.size() == 1) break;
  }
  r.wins = wins[r.best], r.tries = n;
  return r;
}

}  // namespace parlour::kit
