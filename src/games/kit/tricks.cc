#include "games/kit/tricks.h"

#include <algorithm>
#include <cassert>

namespace parlour::kit {

CardBits playable(std::span<const Card> hand, const Trick& trick) {
  CardBits all = 0, follow = 0;
  for (Card c : hand) {
    all |= card_bit(c);
    if (!trick.empty() && c.suit() == trick.led()) follow |= card_bit(c);
  }
  return follow ? follow : all;
}

namespace {

inline constexpr int kMaxPlaces = 16;

// Whether cards counted by suit (`count`) fit into places with room `room`
// and voids `voids`: by the supply-demand theorem, exactly when every set of
// suits needs no more cards than the places that may take one of them have
// room for.
bool fits(const std::array<int, SUIT_NB>& count, std::span<const int> room,
          std::span<const std::uint8_t> voids) {
  for (unsigned set = 1; set < (1u << SUIT_NB); ++set) {
    int need = 0, have = 0;
    for (int s = 0; s < SUIT_NB; ++s)
      if (set >> s & 1) need += count[s];
    for (std::size_t p = 0; p < room.size(); ++p)
      if (set & ~voids[p] & 0xFu) have += room[p];
    if (need > have) return false;
  }
  return true;
}

}  // namespace

bool deal_around_voids(std::span<const Card> pool, std::span<const HiddenPlace> places, Rng& rng,
                       std::span<Card> out) {
  assert(pool.size() <= 52 && places.size() <= kMaxPlaces && out.size() == pool.size());
  const std::size_t n = places.size();
  std::array<int, kMaxPlaces> room{}, next{};
  std::array<std::uint8_t, kMaxPlaces> voids{};
  int at = 0;
  for (std::size_t p = 0; p < n; ++p) {
    room[p] = places[p].size, voids[p] = places[p].voids, next[p] = at;
    at += places[p].size;
  }
  assert(at == static_cast<int>(pool.size()));
  std::array<Card, 52> cards{};
  std::copy(pool.begin(), pool.end(), cards.begin());
  const std::span<Card> deck(cards.data(), pool.size());
  std::sort(deck.begin(), deck.end());
  rng.shuffle(deck);
  std::array<int, SUIT_NB> count{};
  for (Card c : deck) ++count[c.suit()];
  const std::span<int> rooms(room.data(), n);
  const std::span<const std::uint8_t> void_span(voids.data(), n);
  if (!fits(count, rooms, void_span)) return false;
  for (Card c : deck) {
    const Suit s = c.suit();
    --count[s];
    // The places that may take it, tried in a random order weighted by room.
    std::array<bool, kMaxPlaces> tried{};
    for (;;) {
      int total = 0;
      for (std::size_t p = 0; p < n; ++p)
        if (!tried[p] && room[p] > 0 && !(voids[p] >> s & 1)) total += room[p];
      if (total == 0) return false;  // cannot happen while the deal fits
      int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
      std::size_t p = 0;
      for (;; ++p) {
        if (tried[p] || room[p] <= 0 || (voids[p] >> s & 1)) continue;
        if (pick < room[p]) break;
        pick -= room[p];
      }
      --room[p];
      if (fits(count, rooms, void_span)) {
        out[next[p]++] = c;
        break;
      }
      ++room[p];
      tried[p] = true;
    }
  }
  return true;
}

}  // namespace parlour::kit
