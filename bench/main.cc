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
#include "rl/vector_env.h"

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
  double actions = 0;
  for (auto _ : st) {
    table.restart(++seed);
    benchmark::DoNotOptimize(table.run(at));
    actions += table.state().actions_applied();
  }
  st.SetItemsProcessed(st.iterations());
  st.counters["actions"] = benchmark::Counter(actions, benchmark::Counter::kIsRate);
}

// The batched environment under the Python API's VectorEnv (src/rl): 1,024
// rows, every seat a learner, each step's actions drawn in C++
// (step_random), with observations written or not. Items: seat actions.
constexpr int kRows = 1024;
void vector_env(benchmark::State& st, const GameInfo* g, int players, bool observations) {
  Result<Config> cfg = make_config(Selection{g, nullptr}, players, {});
  if (!cfg.ok()) {
    st.SkipWithError(cfg.message().c_str());
    return;
  }
  rl::VectorOptions o;
  o.envs = kRows, o.seed = 1, o.observations = observations;
  Result<std::unique_ptr<rl::VectorEnv>> env = rl::VectorEnv::make(Selection{g, nullptr}, *cfg, o);
  if (!env.ok()) {
    st.SkipWithError(env.message().c_str());
    return;
  }
  (*env)->reset();
  std::uint64_t seed = 0;
  for (auto _ : st) {
    if (Status s = (*env)->step_random(1, ++seed); !s.ok()) {
      st.SkipWithError(s.message().c_str());
      return;
    }
  }
  st.SetItemsProcessed(st.iterations() * kRows);
}

// Collects games per second by benchmark name, to print the ratios at the end.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      auto it = r.counters.find("items_per_second");
      if (it == r.counters.end()) continue;
      if (r.benchmark_name().rfind("vector_env/", 0) == 0)
        env[r.benchmark_name()] = it->second.value;
      else
        rate[r.benchmark_name()] = it->second.value;
      if (auto a = r.counters.find("actions"); a != r.counters.end())
        actions[r.benchmark_name()] = a->second.value;
    }
  }
  std::map<std::string, double> rate;     // games a second
  std::map<std::string, double> env;      // vector_env/: seat actions a second
  std::map<std::string, double> actions;  // generic_random/: seat actions a second
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
  // Section 8 of the Python API's issue (39) measures these two.
  for (const char* name : {"old-maid", "oh-hell"})
    for (bool observations : {false, true}) {
      const GameInfo* g = find_game(name);
      if (!g) continue;
      benchmark::RegisterBenchmark(
          ("vector_env/" + std::string(name) + "-4p" + (observations ? "-observations" : ""))
              .c_str(),
          vector_env, g, 4, observations);
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
  if (!reporter.env.empty())
    std::printf(
        "\nVectorEnv (%d rows, actions drawn in C++) in seat actions a second, as a ratio to the\n"
        "driver playing one game at a time with random bots (generic_random), same run:\n",
        kRows);
  for (const auto& [name, r] : reporter.env) {
    // vector_env/GAME-4p[-observations] against generic_random/GAME-4p.
    std::string game = name.substr(std::string("vector_env/").size());
    if (const auto cut = game.find("-observations"); cut != std::string::npos) game.resize(cut);
    const auto ref = reporter.actions.find("generic_random/" + game);
    if (ref == reporter.actions.end() || ref->second <= 0)
      std::printf("  %-38s %12.0f actions/s\n", name.c_str(), r);
    else
      std::printf("  %-38s %12.0f actions/s  %5.2f of generic_random/%s (%.0f actions/s)\n",
                  name.c_str(), r, r / ref->second, game.c_str(), ref->second);
  }
  std::printf(
      "Targets: fast path >= 80%%; the generic engine (generic_blind: the driver with bots) >= "
      "10.8%%, its\n"
      "ratio before the driver carried several seats at once.\n");
  benchmark::Shutdown();
  return 0;
}
