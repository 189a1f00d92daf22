#include "core/deck.h"

#include <algorithm>

namespace parlour {

const std::vector<Card>& standard_deck() {
  static const std::vector<Card> d = [] {
    const std::array<Card, 52> cards = standard_cards();
    return std::vector<Card>(cards.begin(), cards.end());
  }();
  return d;
}

std::vector<Card> picture_deck() {
  std::vector<Card> d;
  d.reserve(2 * kPictureCharacters + 1);
  for (int c = 0; c < kPictureCharacters; ++c) {
    d.push_back(Card::picture(c));
    d.push_back(Card::picture(c));
  }
  d.push_back(Card::picture(kLoneCharacter));
  return d;
}

std::vector<Card> packs(const std::vector<Card>& deck, int n) {
  std::vector<Card> d;
  d.reserve(deck.size() * n);
  for (int i = 0; i < n; ++i) d.insert(d.end(), deck.begin(), deck.end());
  return d;
}

std::vector<Card> with_jokers(std::vector<Card> deck, int n) {
  for (int i = 0; i < n; ++i) deck.push_back(Card::joker(i));
  return deck;
}

bool remove_one(std::vector<Card>& deck, Card c) {
  auto it = std::find(deck.begin(), deck.end(), c);
  if (it == deck.end()) return false;
  deck.erase(it);
  return true;
}

}  // namespace parlour
