// Klondike's solver in `make bench`: positions searched per second, proving
// thoughtful deal 69 lost (405,818 positions; klondike_test pins the count).
#include <benchmark/benchmark.h>

#include "core/registry.h"
#include "games/klondike/state.h"

namespace parlour::klondike {
namespace {

void solve_thoughtful_deal(benchmark::State& st) {
  const Config c = *make_config(Selection{find_game("klondike"), nullptr}, 1,
                                std::vector<std::string>{"thoughtful=yes"});
  KlondikeState s(Rules::from(c));
  Rng rng(69, kChanceStream);
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
BENCHMARK(solve_thoughtful_deal)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace parlour::klondike
