// Deck builders. Each returns the cards in a fixed, documented order; shuffle
// them with Rng::shuffle. Decks are small, so plain vectors serve.
#pragma once

#include <vector>

#include "core/card.h"

namespace parlour {

// The 52 standard cards, ace to king within clubs, diamonds, hearts, spades order of index.
std::vector<Card> standard_deck();

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
