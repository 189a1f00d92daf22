#include "kit/tricks.h"

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
// and caps `cap`: by the supply-demand theorem, exactly when every set of
// suits needs no more cards than the places can take of it.
bool fits(const std::array<int, SUIT_NB>& count, std::span<const int> room,
          std::span<const std::array<int, SUIT_NB>> cap) {
  for (unsigned set = 1; set < (1u << SUIT_NB); ++set) {
    int need = 0, have = 0;
    for (int s = 0; s < SUIT_NB; ++s)
      if (set >> s & 1) need += count[s];
    for (std::size_t p = 0; p < room.size(); ++p) {
      int take = 0;
      for (int s = 0; s < SUIT_NB; ++s)
        if (set >> s & 1) take += cap[p][s];
      have += std::min(room[p], take);
    }
    if (need > have) return false;
  }
  return true;
}

}  // namespace

bool deal_within_caps(std::span<const Card> pool, std::span<const CappedPlace> places, Rng& rng,
                      std::span<Card> out) {
  assert(pool.size() <= 52 && places.size() <= kMaxPlaces && out.size() == pool.size());
  const std::size_t n = places.size();
  std::array<int, kMaxPlaces> room{}, next{};
  std::array<std::array<int, SUIT_NB>, kMaxPlaces> cap{};
  int at = 0;
  for (std::size_t p = 0; p < n; ++p) {
    room[p] = places[p].size, cap[p] = places[p].cap, next[p] = at;
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
  const std::span<const std::array<int, SUIT_NB>> caps(cap.data(), n);
  if (!fits(count, rooms, caps)) return false;
  for (Card c : deck) {
    const Suit s = c.suit();
    --count[s];
    // The places that may take it, tried in a random order weighted by room.
    std::array<bool, kMaxPlaces> tried{};
    for (;;) {
      int total = 0;
      for (std::size_t p = 0; p < n; ++p)
        if (!tried[p] && room[p] > 0 && cap[p][s] > 0) total += room[p];
      if (total == 0) return false;  // cannot happen while the deal fits
      int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
      std::size_t p = 0;
      for (;; ++p) {
        if (tried[p] || room[p] <= 0 || cap[p][s] <= 0) continue;
        if (pick < room[p]) break;
        pick -= room[p];
      }
      --room[p], --cap[p][s];
      if (fits(count, rooms, caps)) {
        out[next[p]++] = c;
        break;
      }
      ++room[p], ++cap[p][s];
      tried[p] = true;
    }
  }
  return true;
}

bool deal_around_voids(std::span<const Card> pool, std::span<const HiddenPlace> places, Rng& rng,
                       std::span<Card> out) {
  assert(places.size() <= kMaxPlaces);
  std::array<CappedPlace, kMaxPlaces> capped{};
  for (std::size_t p = 0; p < places.size(); ++p) {
    capped[p].size = places[p].size;
    for (int s = 0; s < SUIT_NB; ++s) capped[p].cap[s] = places[p].voids >> s & 1 ? 0 : 52;
  }
  return deal_within_caps(pool, std::span<const CappedPlace>(capped.data(), places.size()), rng,
                          out);
}

}  // namespace parlour::kit
