#include "kit/hidden.h"

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

Zone hand_view(const Cards& hand, Seat owner, Seat viewer, Seat as) {
  Zone z{ZoneKind::kHand, Layout::kHand, owner, seat_name(owner) + "'s hand", {}, "", 0, 0};
  for (const Held& c : hand)
    if (owner == viewer || c.seen_by(as))
      z.cards.push_back(c.view(owner == viewer ? kEveryone : as));
  for (const Held& c : hand)
    if (owner != viewer && !c.seen_by(as)) z.cards.push_back(c.view(as));
  return z;
}

}  // namespace parlour::kit
