// `make bench`: games per second of
//   - the floor (bench/floor.h), a minimal hand-written Old Maid simulator;
//   - the Old Maid fast path (src/games/old_maid/fast.h);
//   - the generic engine: blind Old Maid through the State interface, and
//     uniformly random playouts of every registered game;
// each reported as a ratio to the floor measured in the same run.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>

#include "core/registry.h"
#include "floor.h"
#include "games/old_maid/fast.h"
#include "games/old_maid/old_maid.h"
#include "games/registry.h"

namespace {

using namespace parlour;

Config four_player_old_maid() { return *make_config(Selection{find_game("old-maid"), nullptr}, 4, {}); }

void floor_sim(benchmark::State& st) {
  Rng rng(1);
  int losses[4] = {};
  for (auto _ : st) ++losses[bench::floor_old_maid(rng)];
  benchmark::DoNotOptimize(losses);
  st.SetItemsProcessed(st.iterations());
}

void fast_path(benchmark::State& st) {
  old_maid::OldMaidFast fast(old_maid::Rules::from(four_player_old_maid()));
  Playout p;
  std::uint64_t seed = 0;
  for (auto _ : st) {
    fast.play(++seed, p);
    benchmark::DoNotOptimize(p);
  }
  st.SetItemsProcessed(st.iterations());
}

// The generic engine playing what the fast path plays: the blind policy
// (shuffle, offer, draw any position) straight on the State interface.
void generic_blind(benchmark::State& st) {
  const GameInfo& g = *find_game("old-maid");
  const Config cfg = four_player_old_maid();
  std::vector<Action> legal;
  std::uint64_t seed = 0;
  for (auto _ : st) {
    ++seed;
    Rng chance(seed, kChanceStream), pick(seed, bot_stream(0));
    auto s = g.new_game(cfg);
    while (!s->terminal()) {
      if (s->to_move() == kChance) {
        s->apply_chance(chance);
        continue;
      }
      s->legal_actions(legal);
      // Offer phase: legal[0] is "offer" and legal[1], if any, "shuffle" or "look".
      Action a = legal[0];
      if (legal.size() > 1 && old_maid::Move::decode(legal[1])->kind == old_maid::Move::kShuffle) a = legal[1];
      else if (old_maid::Move::decode(a)->kind == old_maid::Move::kDraw) a = legal[pick.below(static_cast<std::uint32_t>(legal.size()))];
      s->apply(a);
    }
    benchmark::DoNotOptimize(s);
  }
  st.SetItemsProcessed(st.iterations());
}

void generic_random(benchmark::State& st, const GameInfo* g, int players) {
  Result<Config> cfg = make_config(Selection{g, nullptr}, players, {});
  if (!cfg.ok()) {
    st.SkipWithError(cfg.message().c_str());
    return;
  }
  Rng chance(1, kChanceStream), pick(1, 7);
  std::vector<Action> legal;
  for (auto _ : st) {
    auto s = g->new_game(*cfg);
    while (!s->terminal()) {
      if (s->to_move() == kChance) {
        s->apply_chance(chance);
        continue;
      }
      s->legal_actions(legal);
      s->apply(legal[pick.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    benchmark::DoNotOptimize(s);
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
  benchmark::RegisterBenchmark("floor/old-maid-4p", floor_sim);
  benchmark::RegisterBenchmark("fast_path/old-maid-4p", fast_path);
  benchmark::RegisterBenchmark("generic_blind/old-maid-4p", generic_blind);
  for (const GameInfo& g : games())
    benchmark::RegisterBenchmark(("generic_random/" + std::string(g.name) + "-4p").c_str(), generic_random, &g, 4);
  benchmark::Initialize(&argc, argv);
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  const auto floor = reporter.rate.find("floor/old-maid-4p");
  if (floor != reporter.rate.end() && floor->second > 0) {
    std::printf("\nGames per second as a ratio to the floor (%.0f games/s), same run:\n", floor->second);
    for (const auto& [name, r] : reporter.rate)
      std::printf("  %-34s %12.0f games/s  %6.1f%% of the floor\n", name.c_str(), r, 100 * r / floor->second);
    std::printf("Targets: fast path >= 80%%, generic engine (generic_blind) >= 10%%.\n");
  }
  benchmark::Shutdown();
  return 0;
}
