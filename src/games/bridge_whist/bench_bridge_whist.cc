// Bridge-Whist's benchmark, in `make bench` (bench/main.cc prints it as a
// ratio to the Old Maid floor measured in the same run): random play-outs of
// one deal (scope=deal), made, doubled and played at random from four hands
// dealt afresh. It allocates nothing per step (bridge_whist_test counts that).
#include <benchmark/benchmark.h>

#include <array>

#include "core/deck.h"
#include "core/registry.h"
#include "games/bridge_whist/state.h"

namespace parlour::bridge_whist {
namespace {

void random_deal(benchmark::State& st) {
  const std::vector<std::string> deal_only = {"scope=deal"};
  const Rules rules =
      Rules::from(*make_config(Selection{find_game("bridge-whist"), nullptr}, 4, deal_only));
  std::vector<Card> deck = standard_deck();
  std::vector<std::vector<Card>> hands(4);
  for (std::size_t i = 0; i < deck.size(); ++i) hands[i % 4].push_back(deck[i]);
  BridgeWhistState base(rules);
  base.set_deal(0, hands);
  Rng rng(1);
  std::vector<Action> legal;
  legal.reserve(64);
  std::array<Card, 52> cards{};
  for (std::size_t i = 0; i < 52; ++i) cards[i] = deck[i];
  for (auto _ : st) {
    // A fresh deal: the cards shuffled among the seats.
    rng.shuffle(std::span<Card>(cards));
    BridgeWhistState s = base;
    for (Seat p = 0; p < kPlayers; ++p) {
      Hand& h = s.mutable_hand(p);
      for (std::size_t i = 0; i < h.size(); ++i) h[i] = cards[static_cast<std::size_t>(p) * 13 + i];
      kit::sort_held(std::span<Card>(h.data(), h.size()));
    }
    while (!s.terminal()) {
      const Seat seat = s.to_move();
      s.legal_actions(seat, legal);
      s.apply(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    benchmark::DoNotOptimize(s.total(0));
  }
  st.SetItemsProcessed(st.iterations());
}

BENCHMARK(random_deal)->Name("random_deal/bridge-whist");

}  // namespace
}  // namespace parlour::bridge_whist
