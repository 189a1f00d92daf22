// Deck builders. Each returns the cards in a fixed, documented order; shuffle
// them with Rng::shuffle. Decks are small, so plain vectors serve, except in a
// game's steps, which allocate nothing: there a deal shuffles standard_cards()
// or fills a SmallVec with add_packs().
#pragma once

#include <array>
#include <vector>

#include "core/card.h"

namespace parlour {

// The 52 standard cards, ace to king within clubs, diamonds, hearts, spades
// order of index: a value, for a deal to shuffle on the stack.
constexpr std::array<Card, 52> standard_cards() {
  std::array<Card, 52> d;
  for (int i = 0; i < 52; ++i)
    d[static_cast<std::size_t>(i)] = Card::from_index(static_cast<std::uint8_t>(i));
  return d;
}

// The same cards as a vector, made once and shared: valid for the whole
// program, and read without allocating.
const std::vector<Card>& standard_deck();

// Appends `n` standard packs, one after another, to `out` (a SmallVec: two
// packs shuffled together, dealt without allocating).
template <class Cards>
void add_packs(Cards& out, int n) {
  for (int i = 0; i < n; ++i)
    for (Card c : standard_cards()) out.push_back(c);
}

// The commercial picture deck: two of each of kPictureCharacters named
// characters, and the lone character: 51 cards.
std::vector<Card> picture_deck();

// `packs` copies of `deck` one after another (two packs shuffled together).
std::vector<Card> packs(const std::vector<Card>& deck, int packs);

// `deck` with `n` jokers added at the end (n <= 2).
std::vector<Card> with_jokers(std::vector<Card> deck, int n);

// Removes one card equal to `c`; returns false if `deck` has none.
bool remove_one(std::vector<Card>& deck, Card c);

}  // namespace parlour
