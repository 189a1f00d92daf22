#include "kit/deal.h"

#include <algorithm>
#include <deque>

namespace parlour::kit {

bool deal_where_allowed(std::span<const Card> cards, std::span<const int> room,
                        const std::function<bool(Seat, Card)>& allowed, Rng& rng,
                        std::vector<std::vector<Card>>& out) {
  const int seats = static_cast<int>(room.size());
  out.assign(static_cast<std::size_t>(seats), {});
  std::vector<Card> order(cards.begin(), cards.end());
  std::sort(order.begin(), order.end());  // where they lie now tells nothing
  rng.shuffle(std::span<Card>(order));
  std::vector<Seat> seat_order(static_cast<std::size_t>(seats));
  for (Seat s = 0; s < seats; ++s) seat_order[static_cast<std::size_t>(s)] = s;
  auto free = [&](Seat s) {
    return static_cast<int>(out[static_cast<std::size_t>(s)].size()) <
           room[static_cast<std::size_t>(s)];
  };
  for (Card c : order) {
    rng.shuffle(std::span<Seat>(seat_order));
    bool placed = false;
    for (Seat s : seat_order)
      if (free(s) && allowed(s, c)) {
        out[static_cast<std::size_t>(s)].push_back(c);
        placed = true;
        break;
      }
    if (placed) continue;
    // Every seat that may take the card is full: find a chain of moves, a
    // card from a seat that may take this one to a seat that may take it,
    // and so on, ending at a seat with room (an augmenting path).
    std::vector<int> from(static_cast<std::size_t>(seats), -2);  // -1: a start
    std::vector<std::size_t> moved(static_cast<std::size_t>(seats), 0);
    std::deque<Seat> queue;
    for (Seat s : seat_order)
      if (allowed(s, c)) from[static_cast<std::size_t>(s)] = -1, queue.push_back(s);
    Seat end = kNobody;
    while (!queue.empty() && end == kNobody) {
      const Seat s = queue.front();
      queue.pop_front();
      const auto& held = out[static_cast<std::size_t>(s)];
      for (std::size_t i = 0; i < held.size() && end == kNobody; ++i)
        for (Seat t : seat_order) {
          if (from[static_cast<std::size_t>(t)] != -2 || !allowed(t, held[i])) continue;
          from[static_cast<std::size_t>(t)] = s, moved[static_cast<std::size_t>(t)] = i;
          if (free(t)) {
            end = t;
            break;
          }
          queue.push_back(t);
        }
    }
    if (end == kNobody) return false;
    // Shift along the chain: each seat passes one card on, the first takes c.
    for (Seat t = end; from[static_cast<std::size_t>(t)] != -1;) {
      const Seat s = static_cast<Seat>(from[static_cast<std::size_t>(t)]);
      auto& held = out[static_cast<std::size_t>(s)];
      const std::size_t i = moved[static_cast<std::size_t>(t)];
      out[static_cast<std::size_t>(t)].push_back(held[i]);
      held.erase(held.begin() + static_cast<std::ptrdiff_t>(i));
      t = s;
      if (from[static_cast<std::size_t>(t)] == -1) {
        held.push_back(c);
        break;
      }
    }
    if (from[static_cast<std::size_t>(end)] == -1) out[static_cast<std::size_t>(end)].push_back(c);
  }
  return true;
}

}  // namespace parlour::kit
