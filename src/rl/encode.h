// Fixed-size tensors of what one seat sees, for learning agents (the Python
// API, src/python/) and their benchmarks.
//
// An encoder reads a View and nothing else: a view holds no hidden card (an
// unknown card is an empty optional), so a tensor cannot leak one whatever
// this code does. Its shape depends only on the game's Bounds for a config
// and the number of players, never on the position, so that a batch of games
// fills one array.
//
// The observation, from the viewer's chair (seats turned so that the viewer
// is seat 0; a spectator's as the table sits):
//   1. each zone slot (Bounds::zones of them, in the view's order, a seat's
//      zones moved to the slot of the same zone of the seat it becomes):
//      a count of each card kind shown (kCardKinds), then the count of
//      unknown cards;
//   2. with a fan (Bounds::fan > 0), each seat's fanned hand position by
//      position: a one-hot of the card there, its last slot "unknown", all
//      zero where the hand is shorter; so a learner sees where a card went
//      exactly when the view shows it;
//   3. each seat: cards held, score, out, may act, is the dealer, and the
//      values of its first kCounters counters (bids, tricks, chips);
//   4. the hand's number and the number of hands (0: not fixed); over.
#pragma once

#include <cstddef>
#include <span>

#include "core/game.h"
#include "core/status.h"

namespace parlour::rl {

// Card kinds a tensor tells apart: the 52, the two jokers, the 26 picture cards.
inline constexpr int kCardKinds = 80;
// A kind's slot, 0..79; -1 for a card that is none of them.
int card_kind(Card c);

inline constexpr int kCounters = 4;      // counters of a seat encoded
inline constexpr int kSeatFeatures = 5;  // cards, score, out, may act, dealer
inline constexpr int kZoneWidth = kCardKinds + 1;

struct Shape {
  int players = 0;
  int zones = 0;
  int fan = 0;
  std::size_t size() const {
    const auto p = static_cast<std::size_t>(players);
    return static_cast<std::size_t>(zones) * kZoneWidth +
           p * static_cast<std::size_t>(fan) * kZoneWidth + p * (kSeatFeatures + kCounters) + 3;
  }
  bool operator==(const Shape&) const = default;
};
Shape observation_shape(const Bounds& bounds, int players);

// Writes `view`'s observation into `out` (REQUIRES: out.size() ==
// shape.size()). An error, with `out` zeroed, where the view does not fit the
// shape (a game whose Bounds are wrong): never a write out of range.
[[nodiscard]] Status encode_observation(const View& view, const Shape& shape, std::span<float> out);

}  // namespace parlour::rl
