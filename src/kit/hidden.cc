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

void order_hand(Cards& hand, std::span<SeatMask> marks) {
  const auto by_card = [](const Held& a, const Held& b) { return a.card < b.card; };
  // Most hands carry no marks: sorted where they lie, with no allocation (a
  // search samples thousands of times a move).
  if (marks.size() != hand.size()) return std::stable_sort(hand.begin(), hand.end(), by_card);
  std::vector<std::size_t> order(hand.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return by_card(hand[a], hand[b]); });
  const Cards was = hand;
  const std::vector<SeatMask> marks_were(marks.begin(), marks.end());
  for (std::size_t i = 0; i < order.size(); ++i) {
    hand[i] = was[order[i]];
    marks[i] = marks_were[order[i]];
  }
}

void recall(Cards& hand, const Cards& shown, Seat owner) {
  for (Held& h : hand) h.known = h.knew | bit(owner);
  SmallVec<Card, Cards::capacity()> values;  // on the stack: a claim is settled every few steps
  for (const Held& c : shown) values.push_back(c.card);
  std::sort(values.begin(), values.end());
  const Card* const distinct = std::unique(values.begin(), values.end());
  for (const Card* it = values.begin(); it != distinct; ++it) {
    const Card v = *it;
    const auto left =
        std::count_if(shown.begin(), shown.end(), [&](const Held& c) { return c.card == v; });
    for (Seat s = 0; s < kMaxSeats; ++s) {
      if (s == owner) continue;
      long knew = 0;
      for (const Cards* place : {static_cast<const Cards*>(&hand), &shown})
        for (const Held& c : *place) knew += c.card == v && (c.knew >> s & 1);
      long may = knew - left;  // the copies it can still tell stayed
      for (Held& c : hand)
        if (c.card == v && (c.known >> s & 1) && may-- <= 0) c.known &= ~bit(s);
    }
  }
}

Zone& hand_view(View& v, const Cards& hand, Seat owner, Seat viewer, Seat as) {
  Zone& z = v.add_zone(ZoneKind::kHand, Layout::kHand, owner);
  if (v.text()) z.name = seat_name(owner) + "'s hand";
  for (const Held& c : hand)
    if (owner == viewer || c.seen_by(as))
      z.cards.push_back(c.view(owner == viewer ? kEveryone : as));
  for (const Held& c : hand)
    if (owner != viewer && !c.seen_by(as)) z.cards.push_back(c.view(as));
  return z;
}

}  // namespace parlour::kit
