// The machinery of the trick-taking games (Oh Hell!, Polignac, Lift Smoke):
// a trick in play, which cards of a hand may be played to it, who wins it,
// and the voids each seat has shown. Small values, fixed-size arrays: the
// hot path of a play-out allocates nothing.
//
// The common rules it encodes:
// - a trick is one card from each seat in turn from its leader, to the left
//   (seat + 1);
// - a seat must follow the suit led if it can, else may play any card;
// - the highest trump wins, else the highest card of the suit led; ranks run
//   ace high (core's Rank has kAce = 1: use rank_order);
// - the winner leads the next trick;
// - a seat that does not follow suit has shown it holds none of the suit led
//   (a void): public knowledge that views and resamplers respect.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>

#include "core/card.h"
#include "core/rng.h"
#include "core/view.h"

namespace parlour::kit {

inline constexpr int kMaxTrickSeats = 8;
// The trump suit of a hand played without trumps.
inline constexpr Suit kNoTrump = SUIT_NB;

// Where the ace ranks in tricks: above the king (most games), or between the
// jack and the ten, K Q J A 10 9 ... (some accounts of Polignac).
enum class AceRank : std::uint8_t { kHigh, kBelowJack };

// Ranks in trick order, aces high: two 0, three 1 ... king 11, ace 12; with
// the ace below the jack: ten 8, ace 9, jack 10, queen 11, king 12.
// REQUIRES: r is a rank (not kNoRank).
constexpr int rank_order(Rank r, AceRank ace = AceRank::kHigh) {
  if (ace == AceRank::kBelowJack) {
    if (r == kAce) return 9;
    return r >= kJack ? static_cast<int>(r) - 1 : static_cast<int>(r) - 2;
  }
  return r == kAce ? 12 : static_cast<int>(r) - 2;
}
// The trick order of a standard card.
constexpr int high(Card c, AceRank ace = AceRank::kHigh) {
  return rank_order(c.rank(), ace);
}

// A hand as it is held: by suit, then in trick order.
inline void sort_held(std::span<Card> hand, AceRank ace = AceRank::kHigh) {
  // Standard cards, each once (one pack): placed through a bit set of their
  // (suit, rank) keys, in one pass; std::sort's comparisons were a tenth of
  // a random playout of Oh Hell!. Anything else (two packs, a joker) sorts.
  std::uint64_t keys = 0;
  std::array<Card, 64> by_key;
  bool plain = hand.size() <= 52;
  for (Card c : hand) {
    if (!c.is_standard()) {
      plain = false;
      break;
    }
    const int k = c.suit() * 16 + high(c, ace);
    keys |= std::uint64_t{1} << k;
    by_key[static_cast<std::size_t>(k)] = c;
  }
  if (plain && static_cast<std::size_t>(std::popcount(keys)) == hand.size()) {
    for (std::size_t i = 0; keys; keys &= keys - 1)
      hand[i++] = by_key[static_cast<std::size_t>(std::countr_zero(keys))];
    return;
  }
  std::sort(hand.begin(), hand.end(), [ace](Card a, Card b) {
    return a.suit() != b.suit() ? a.suit() < b.suit() : high(a, ace) < high(b, ace);
  });
}

// A set of standard cards: bit c.index().
using CardBits = std::uint64_t;
constexpr CardBits card_bit(Card c) {
  return CardBits{1} << c.index();
}
// The cards of `suit`.
constexpr CardBits suit_bits(Suit suit) {
  CardBits b = 0;
  for (int i = suit; i < 52; i += 4) b |= CardBits{1} << i;
  return b;
}

// The card of trick order `order` (aces high: 0 two ... 12 ace) in `suit`.
constexpr Card card_of_order(int order, Suit suit) {
  return Card::standard(order == 12 ? kAce : Rank(order + 2), suit);
}

// A hand of one pack's standard cards held as a set, aces high: bit
// suit * 16 + trick order, so that the bits from the lowest run in the
// order a hand is held (by suit, then low to high, as sort_held). Following
// suit is one mask, playing a card clears one bit, and a deal needs no sort:
// what a trick game's random play-out spends most of its time on.
using HeldBits = std::uint64_t;
constexpr int held_key(Card c) {
  return c.suit() * 16 + high(c);
}
constexpr HeldBits held_bit(Card c) {
  return HeldBits{1} << held_key(c);
}
// The card of bit `key`. REQUIRES: a key held_key gives.
constexpr Card held_card(int key) {
  return card_of_order(key & 15, Suit(key >> 4));
}
// The cards of `suit`.
constexpr HeldBits held_suit(Suit suit) {
  return HeldBits{0x1FFF} << (suit * 16);
}
// The lowest card of a non-empty set: the first in the held order.
constexpr Card first_held(HeldBits h) {
  return held_card(std::countr_zero(h));
}
// The cards of a set in the held order, as a range: `for (Card c : held_cards(h))`.
struct HeldCards {
  HeldBits bits = 0;
  struct Iter {
    HeldBits left;
    Card operator*() const { return first_held(left); }
    Iter& operator++() {
      left &= left - 1;
      return *this;
    }
    bool operator==(const Iter&) const = default;
  };
  Iter begin() const { return {bits}; }
  Iter end() const { return {0}; }
};
constexpr HeldCards held_cards(HeldBits h) {
  return {h};
}
// Whether no card above `c` of its suit is still out, aces high: every
// higher one is in `known` (a seat's own cards and the cards gone). A bot's
// sure winner.
constexpr bool master(Card c, CardBits known) {
  for (int o = high(c) + 1; o <= 12; ++o)
    if (!(known & card_bit(card_of_order(o, c.suit())))) return false;
  return true;
}

// Whether `c` takes the trick from `winning`, the card winning it so far
// (of the suit led or a trump): a higher card of its suit, or a trump over
// a card that is none.
constexpr bool beats(Card c, Card winning, Suit trump, AceRank ace = AceRank::kHigh) {
  if (c.suit() == winning.suit()) return high(c, ace) > high(winning, ace);
  return c.suit() == trump;
}

// `x` (0 <= x < 2 * n) brought into 0..n-1: a seat round the table without
// a division (the `%` of a seat's turn was a tenth of a playout's time).
constexpr int wrap(int x, int n) {
  return x >= n ? x - n : x;
}

// The trick in play: the cards in the order they were played from the
// leader round to the left.
class Trick {
 public:
  // An empty trick that `leader` leads.
  void start(Seat leader) {
    leader_ = leader;
    count_ = 0;
  }
  Seat leader() const { return leader_; }
  int count() const { return count_; }
  bool empty() const { return count_ == 0; }
  bool complete(int players) const { return count_ == players; }
  // The suit led. REQUIRES: !empty().
  Suit led() const { return cards_[0].suit(); }
  // The i-th card played and the seat that played it. REQUIRES: i < count().
  Card card(int i) const { return cards_[i]; }
  Seat seat(int i, int players) const { return wrap(leader_ + i, players); }
  // The card `s` played to this trick, or an invalid Card if it has not yet.
  Card card_of(Seat s, int players) const {
    const int i = wrap(s - leader_ + players, players);
    return i < count_ ? cards_[i] : Card();
  }
  // The seat to play next. REQUIRES: !complete(players).
  Seat next(int players) const { return wrap(leader_ + count_, players); }
  // The next seat plays `c`. REQUIRES: count() < kMaxTrickSeats.
  void play(Card c) { cards_[count_++] = c; }

  // The place in play order of the card winning so far. REQUIRES: !empty().
  int winning_index(Suit trump, AceRank ace = AceRank::kHigh) const {
    int w = 0;
    for (int i = 1; i < count_; ++i)
      if (beats(cards_[i], cards_[w], trump, ace)) w = i;
    return w;
  }
  Card winning_card(Suit trump, AceRank ace = AceRank::kHigh) const {
    return cards_[winning_index(trump, ace)];
  }
  // Who wins so far; with every card in, who wins the trick and leads next.
  Seat winner(int players, Suit trump, AceRank ace = AceRank::kHigh) const {
    return seat(winning_index(trump, ace), players);
  }

  bool operator==(const Trick&) const = default;

 private:
  std::array<Card, kMaxTrickSeats> cards_{};
  Seat leader_ = 0;
  int count_ = 0;
};

// The cards of `hand` that may be played to `trick`: those of the suit led if
// the hand holds any, else all of them (every card leads).
CardBits playable(std::span<const Card> hand, const Trick& trick);

// The same for a hand held as a set: the suit led's cards where it holds any.
inline HeldBits playable(HeldBits hand, const Trick& trick) {
  if (trick.empty()) return hand;
  const HeldBits follow = hand & held_suit(trick.led());
  return follow ? follow : hand;
}

// Whether `c`, from `hand`, may be played to `trick`.
inline bool may_play(std::span<const Card> hand, const Trick& trick, Card c) {
  return playable(hand, trick) & card_bit(c);
}

// The suits each seat is known to hold none of.
class Voids {
 public:
  void clear() { bits_.fill(0); }
  // Before `seat` plays `c` to `trick`: if it does not follow the suit led,
  // it has shown it holds none of it.
  void note(const Trick& trick, Seat seat, Card c) {
    if (!trick.empty() && c.suit() != trick.led()) set(seat, trick.led());
  }
  void set(Seat seat, Suit suit) { bits_[seat] |= static_cast<std::uint8_t>(1u << suit); }
  bool has(Seat seat, Suit suit) const { return bits_[seat] >> suit & 1; }
  // Bit s: void in suit s.
  std::uint8_t of(Seat seat) const { return bits_[seat]; }
  bool operator==(const Voids&) const = default;

 private:
  std::array<std::uint8_t, kMaxTrickSeats> bits_{};
};

// A place hidden cards are dealt to: how many it takes, and the suits it may
// not hold (bit s: suit s), such as a hand's shown voids.
struct HiddenPlace {
  int size = 0;
  std::uint8_t voids = 0;
};

// A place that may take at most cap[s] cards of suit s: a void is a cap of 0,
// and where a void does not last (a player who drew since) the cap counts the
// cards drawn.
struct CappedPlace {
  int size = 0;
  std::array<int, SUIT_NB> cap{52, 52, 52, 52};
};

// As deal_around_voids, within caps.
bool deal_within_caps(std::span<const Card> pool, std::span<const CappedPlace> places, Rng& rng,
                      std::span<Card> out);

// Deals the cards of `pool` into `places`, none into a place void in its
// suit: out[0 .. places[0].size) for the first place, and so on (out holds
// the sum of the sizes, which must equal pool.size()). The pool is sorted
// before it is dealt, so the deal depends only on which cards are in it and
// on `rng`. Every consistent deal can come out (not quite uniformly: each
// card goes to a place chosen by room left, among those where the rest can
// still be dealt). Returns false, and leaves `out` unspecified, if no deal
// fits. At most 52 cards and 16 places.
bool deal_around_voids(std::span<const Card> pool, std::span<const HiddenPlace> places, Rng& rng,
                       std::span<Card> out);

}  // namespace parlour::kit
