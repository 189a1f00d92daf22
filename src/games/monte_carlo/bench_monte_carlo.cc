// Monte Carlo's solver in `make bench`: positions searched per second over
// the first 50 deals, every card known.
#include <benchmark/benchmark.h>

#include "core/registry.h"
#include "games/monte_carlo/state.h"

namespace parlour::monte_carlo {
namespace {

void solve_fifty_deals(benchmark::State& st) {
  const Config c =
      *make_config(Selection{find_game("monte-carlo"), nullptr}, 1, std::vector<std::string>{});
  std::vector<MonteCarloState> deals;
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    MonteCarloState s(Rules::from(c));
    Rng rng(seed, kChanceStream);
    s.apply_chance(rng);
    deals.push_back(s);
  }
  std::uint64_t nodes = 0;
  for (auto _ : st)
    for (const MonteCarloState& s : deals) {
      if (s.terminal()) continue;
      const SolveReport r = solve(s, SolveLimits{});
      nodes += r.nodes;
      benchmark::DoNotOptimize(r.verdict);
    }
  st.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(solve_fifty_deals)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace parlour::monte_carlo
