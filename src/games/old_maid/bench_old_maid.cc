// Old Maid's benchmarks, in `make bench` (bench/main.cc prints the ratios):
//   - the floor (floor.h), a minimal hand-written simulator: the reference
//     every other figure is a ratio to;
//   - the fast path (fast.h);
//   - the generic engine playing what the fast path plays: blind bots in every
//     seat, through the driver (core/table.h), as `parlour sim` plays any game.
#include <benchmark/benchmark.h>

#include "core/registry.h"
#include "core/seeds.h"
#include "core/table.h"
#include "games/old_maid/bots.h"
#include "games/old_maid/fast.h"
#include "games/old_maid/floor.h"
#include "games/old_maid/old_maid.h"

namespace parlour::old_maid {
namespace {

Config four_players() {
  return *make_config(Selection{find_game("old-maid"), nullptr}, 4, {});
}

void floor_sim(benchmark::State& st) {
  Rng rng(1);
  int losses[4] = {};
  for (auto _ : st) ++losses[floor_old_maid(rng)];
  benchmark::DoNotOptimize(losses);
  st.SetItemsProcessed(st.iterations());
}

void fast_path(benchmark::State& st) {
  OldMaidFast fast(Rules::from(four_players()));
  Playout p;
  std::uint64_t seed = 0;
  for (auto _ : st) {
    fast.play(++seed, p);
    benchmark::DoNotOptimize(p);
  }
  st.SetItemsProcessed(st.iterations());
}

void generic_blind(benchmark::State& st) {
  Table table(Selection{find_game("old-maid"), nullptr}, four_players(), 0);
  std::vector<std::unique_ptr<Player>> bots;
  std::vector<Player*> at;
  for (int s = 0; s < 4; ++s) {
    bots.push_back(std::make_unique<BotPlayer>(make_blind_bot(), nullptr, bot_rng(1, s)));
    at.push_back(bots.back().get());
  }
  std::uint64_t seed = 0;
  for (auto _ : st) {
    table.restart(++seed);
    benchmark::DoNotOptimize(table.run(at));
  }
  st.SetItemsProcessed(st.iterations());
}

BENCHMARK(floor_sim)->Name("floor/old-maid-4p");
BENCHMARK(fast_path)->Name("fast_path/old-maid-4p");
BENCHMARK(generic_blind)->Name("generic_blind/old-maid-4p");

}  // namespace
}  // namespace parlour::old_maid
