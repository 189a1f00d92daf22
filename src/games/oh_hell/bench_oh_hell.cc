// Oh Hell!'s benchmark, in `make bench` (bench/main.cc prints it as a ratio to
// the Old Maid floor measured in the same run): random playouts of one hand,
// four players, thirteen cards each, the hand research benchmarks use
// (OpenSpiel's oh_hell). Each playout bids and plays at random from a hand
// dealt afresh; it allocates nothing (oh_hell_test counts that).
#include <benchmark/benchmark.h>

#include <array>

#include "core/deck.h"
#include "core/registry.h"
#include "games/oh_hell/state.h"

namespace parlour::oh_hell {
namespace {

void random_hand(benchmark::State& st) {
  const Rules rules = Rules::from(*make_config(Selection{find_game("oh-hell"), nullptr}, 4, {}));
  // The thirteenth hand of four players deals thirteen cards, with no trump.
  const int index = 12;
  OhHellState base(rules);
  std::vector<Card> deck = standard_deck();
  std::vector<std::vector<Card>> hands(4);
  for (std::size_t i = 0; i < deck.size(); ++i) hands[i % 4].push_back(deck[i]);
  base.set_hand(index, 3, hands, Card(), {});
  Rng rng(1);
  std::vector<Action> legal;
  legal.reserve(64);
  std::array<Card, 52> cards{};
  for (std::size_t i = 0; i < 52; ++i) cards[i] = deck[i];
  for (auto _ : st) {
    // A fresh deal: the same hands' cards shuffled among the seats.
    rng.shuffle(std::span<Card>(cards));
    OhHellState s = base;
    for (Seat p = 0; p < 4; ++p)
      s.set_cards(p, std::span<const Card>(cards.data() + static_cast<std::size_t>(p) * 13, 13));
    while (s.hands_done() == 0 && !s.terminal()) {
      const Seat seat = s.to_move();
      s.legal_actions(seat, legal);
      s.apply(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    benchmark::DoNotOptimize(s.score(0));
  }
  st.SetItemsProcessed(st.iterations());
}

BENCHMARK(random_hand)->Name("random_hand/oh-hell-4p-13-cards");

}  // namespace
}  // namespace parlour::oh_hell
