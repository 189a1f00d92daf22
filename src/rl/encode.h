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
#include <cstdint>
#include <span>
#include <vector>

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

// What an encoding left in its buffer's fans part: each (turned) seat's fan
// length, and the kind whose slot is set at each position. A caller that
// encodes into the same buffer again (a VectorEnv row) keeps it, and the next
// encoding writes only the positions whose kind changed, clearing the slot
// they had, instead of the whole part: Old Maid's fans are 4,212 of its 4,980
// values (4 players); clearing them was a quarter of a batched step with
// observations, and clearing each position's 81 slots still an eighth.
struct Written {
  bool known = false;               // false: the buffer may hold anything
  std::vector<int> fans;            // by turned seat
  std::vector<std::uint8_t> kinds;  // [turned seat][position]: the slot set, 0..kCardKinds
};

// Writes `view`'s observation into `out` (REQUIRES: out.size() ==
// shape.size()). An error, with `out` zeroed, where the view does not fit the
// shape (a game whose Bounds are wrong): never a write out of range. With
// `written`, `out` is taken to hold what it says (when known), and it is
// updated to say what `out` holds now.
[[nodiscard]] Status encode_observation(const View& view, const Shape& shape, std::span<float> out,
                                        Written* written = nullptr);

// The information state: the observation now, then the seat's own record of
// the hand so far, read from its views alone (perfect recall of what it was
// shown, never of what it was not). For each seat action since the hand began
// (the last kHistory of them), one row: who acted (turned, a one-hot over the
// players), then what the action changed in what the seat sees: each seat's
// (turned) score and first kCounters counters (a bid), then for each seat and
// for the table the count of each card kind shown and of unknown cards, over
// its zones. So "Seat 2 laid three cards
// face down" is a row (seat 2's hand -3 unknown, the pile +3 unknown), and
// which cards they were is in it only if the seat's view shows them.
inline constexpr int kHistory = 64;
struct InfoShape {
  Shape observation;
  int history = kHistory;
  std::size_t row() const {
    const auto p = static_cast<std::size_t>(observation.players);
    return p + p * (1 + kCounters) + (p + 1) * kZoneWidth;
  }
  std::size_t size() const {
    return observation.size() + static_cast<std::size_t>(history) * row();
  }
  bool operator==(const InfoShape&) const = default;
};

// A seat's record, built action by action from the views it was shown.
class InfoState {
 public:
  explicit InfoState(const InfoShape& shape) : shape_(shape) {}
  // A seat action by `actor`: the viewer's view just before it and just after
  // it (before any chance that follows). A view of another hand than the
  // rows so far starts the record again.
  void saw(Seat actor, const View& before, const View& after);
  // The observation of `now`, then the rows (those of `now`'s hand only);
  // REQUIRES: out.size() == shape.size(). Errors as encode_observation.
  [[nodiscard]] Status write(const View& now, std::span<float> out) const;
  int rows() const { return static_cast<int>(rows_.size() / shape_.row()); }

 private:
  InfoShape shape_;
  int hand_ = -1;
  std::vector<float> rows_;            // at most shape_.history rows, the oldest first
  std::vector<float> before_, after_;  // buffers
};

}  // namespace parlour::rl
