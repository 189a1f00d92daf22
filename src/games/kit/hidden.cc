#include "games/kit/hidden.h"

#include <algorithm>

namespace parlour::kit {

void HiddenCards::deal(Rng& rng) {
  std::vector<Card> pool;
  pool.reserve(slots_.size());
  for (const Held* h : slots_) pool.push_back(h->card);
  std::sort(pool.begin(), pool.end());
  rng.shuffle(std::span<Card>(pool));
  for (std::size_t i = 0; i < slots_.size(); ++i) slots_[i]->card = pool[i];
}

}  // namespace parlour::kit
