// Random playouts per second for every registered game, through the generic
// interface (Table-free: chance and actions straight on the State).
#include <benchmark/benchmark.h>

#include "core/registry.h"
#include "games/registry.h"

namespace {

void generic_playouts(benchmark::State& st, const parlour::Selection sel, int players) {
  using namespace parlour;
  Result<Config> cfg = make_config(sel, players, {});
  if (!cfg.ok()) {
    st.SkipWithError(cfg.message().c_str());
    return;
  }
  Rng chance(1, kChanceStream), pick(1, 7);
  std::vector<Action> legal;
  std::int64_t games = 0;
  for (auto _ : st) {
    auto s = sel.game->new_game(*cfg);
    while (!s->terminal()) {
      if (s->to_move() == kChance) {
        s->apply_chance(chance);
        continue;
      }
      s->legal_actions(legal);
      s->apply(legal[pick.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    benchmark::DoNotOptimize(s);
    ++games;
  }
  st.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
}

}  // namespace

int main(int argc, char** argv) {
  parlour::register_all_games();
  for (const parlour::GameInfo& g : parlour::games()) {
    parlour::Selection sel{&g, nullptr};
    benchmark::RegisterBenchmark(("generic_random_playout/" + std::string(g.name) + "/4p").c_str(),
                                 generic_playouts, sel, 4);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
