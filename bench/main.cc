// `make bench`: every benchmark of the game folders (bench_*.cc), and here
// random playouts of every registered game through the driver. Speeds are
// reported as ratios to the floor (a benchmark named "floor/..."), measured
// in the same run.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>

#include "bots/random_bot.h"
#include "core/registry.h"
#include "core/seeds.h"
#include "core/table.h"
#include "games/registry.h"

namespace {

using namespace parlour;

void generic_random(benchmark::State& st, const GameInfo* g, int players) {
  Result<Config> cfg = make_config(Selection{g, nullptr}, players, {});
  if (!cfg.ok()) {
    st.SkipWithError(cfg.message().c_str());
    return;
  }
  Table table(Selection{g, nullptr}, *cfg, 0);
  std::vector<std::unique_ptr<Player>> bots;
  std::vector<Player*> at;
  for (int s = 0; s < players; ++s) {
    bots.push_back(make_bot_player(*g, "random", bot_rng(7, s)));  // as `parlour sim` seats it
    at.push_back(bots.back().get());
  }
  std::uint64_t seed = 0;
  for (auto _ : st) {
    table.restart(++seed);
    benchmark::DoNotOptimize(table.run(at));
  }
  st.SetItemsProcessed(st.iterations());
}

// Collects games per second by benchmark name, to print the ratios at the end.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      auto it = r.counters.find("items_per_second");
      if (it != r.counters.end()) rate[r.benchmark_name()] = it->second.value;
    }
  }
  std::map<std::string, double> rate;
};

}  // namespace

int main(int argc, char** argv) {
  register_all_games();
  for (const GameInfo& g : games()) {
    const int players = std::clamp(4, g.min_players, g.max_players);
    benchmark::RegisterBenchmark(
        ("generic_random/" + std::string(g.name) + "-" + std::to_string(players) + "p").c_str(),
        generic_random, &g, players);
  }
  benchmark::Initialize(&argc, argv);
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  for (const auto& [name, floor] : reporter.rate) {
    if (name.rfind("floor/", 0) != 0 || floor <= 0) continue;
    std::printf("\nGames per second as a ratio to %s (%.0f games/s), same run:\n", name.c_str(),
                floor);
    for (const auto& [other, r] : reporter.rate)
      std::printf("  %-38s %12.0f games/s  %6.1f%% of the floor\n", other.c_str(), r,
                  100 * r / floor);
  }
  std::printf(
      "Targets: fast path >= 80%%; the generic engine (generic_blind: the driver with bots) >= "
      "10.8%%, its\n"
      "ratio before the driver carried several seats at once.\n");
  benchmark::Shutdown();
  return 0;
}
