// Montana's solver in `make bench`: positions searched per second, proving
// the first round of deal 3 lost (3.16 million positions; montana_test pins
// the count).
#include <benchmark/benchmark.h>

#include "core/registry.h"
#include "games/montana/state.h"

namespace parlour::montana {
namespace {

void solve_first_round(benchmark::State& st) {
  const Config c = *make_config(Selection{find_game("montana"), nullptr}, 1,
                                std::vector<std::string>{"redeals=0"});
  MontanaState s(Rules::from(c));
  Rng rng(3, kChanceStream);
  s.apply_chance(rng);
  std::uint64_t nodes = 0;
  for (auto _ : st) {
    const SolveReport r = solve(s, SolveLimits{});
    nodes += r.nodes;
    benchmark::DoNotOptimize(r.verdict);
  }
  st.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(solve_first_round)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace parlour::montana
