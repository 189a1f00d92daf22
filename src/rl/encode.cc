#include "rl/encode.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <string>
#include <vector>

namespace parlour::rl {

int card_kind(Card c) {
  const int i = c.index();
  if (c.is_standard() || c.is_joker()) return i;
  if (c.is_picture()) return 54 + (i - 64);
  return -1;
}

Shape observation_shape(const Bounds& bounds, int players) {
  return Shape{players, bounds.zones, bounds.fan};
}

namespace {

// The seat `s` becomes from `viewer`'s chair: the viewer is 0, the next 1...
Seat turned(Seat s, Seat viewer, int players) {
  if (s < 0 || viewer < 0 || players <= 0) return s;
  return (s - viewer + players) % players;
}

// The slot of each zone: a seat's zone takes the slot of the zone that is the
// same (kind, and which of that seat's zones of the kind) of the seat it
// becomes; table zones keep theirs. Where the zones are not alike seat by
// seat, which this cannot turn, the view's own order. `slot` and `nth` hold
// a value a zone.
void zone_slots(const View& v, std::span<int> slot, std::span<int> nth) {
  const int n = static_cast<int>(v.zones.size());
  for (int i = 0; i < n; ++i) {
    slot[static_cast<std::size_t>(i)] = i;
    nth[static_cast<std::size_t>(i)] = 0;
    for (int j = 0; j < i; ++j)
      nth[static_cast<std::size_t>(i)] +=
          v.zones[static_cast<std::size_t>(j)].owner ==
              v.zones[static_cast<std::size_t>(i)].owner &&
          v.zones[static_cast<std::size_t>(j)].kind == v.zones[static_cast<std::size_t>(i)].kind;
  }
  if (v.viewer < 0) return;
  // Which zones a seat's zone has been turned onto; a table zone keeps its own.
  std::span<int> taken = nth.subspan(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    taken[static_cast<std::size_t>(i)] = v.zones[static_cast<std::size_t>(i)].owner < 0;
  for (int i = 0; i < n; ++i) {
    const Zone& z = v.zones[static_cast<std::size_t>(i)];
    if (z.owner < 0) continue;
    const Seat to = turned(z.owner, v.viewer, v.players);
    int found = -1;
    for (int j = 0; j < n && found < 0; ++j) {
      const Zone& y = v.zones[static_cast<std::size_t>(j)];
      if (y.owner == to && y.kind == z.kind &&
          nth[static_cast<std::size_t>(j)] == nth[static_cast<std::size_t>(i)])
        found = j;
    }
    if (found < 0 || taken[static_cast<std::size_t>(found)]) {
      std::iota(slot.begin(), slot.begin() + n, 0);
      return;
    }
    taken[static_cast<std::size_t>(found)] = 1;
    slot[static_cast<std::size_t>(i)] = found;
  }
}

}  // namespace

namespace {

// Zeroes `out` (an observation of `shape`), all of it, or, where `written`
// says what an encoding left there, all but the fans part, which the
// encoding then rewrites where it changed (returns true).
bool clear(const Shape& shape, std::span<float> out, const Written* written) {
  const auto p = static_cast<std::size_t>(shape.players);
  const std::size_t zones = static_cast<std::size_t>(shape.zones) * kZoneWidth;
  const auto fan = static_cast<std::size_t>(shape.fan);  // positions of one seat's
  if (!written || !written->known || written->fans.size() != p ||
      written->kinds.size() != p * fan || out.size() != shape.size() || shape.players > kMaxSeats) {
    std::fill(out.begin(), out.end(), 0.0f);
    return false;
  }
  std::fill_n(out.begin(), zones, 0.0f);
  std::fill(out.begin() + static_cast<std::ptrdiff_t>(zones + p * fan * kZoneWidth), out.end(),
            0.0f);
  return true;
}

}  // namespace

Status encode_observation(const View& v, const Shape& shape, std::span<float> out,
                          Written* written) {
  std::string bad;
  if (out.size() != shape.size())
    bad = "an observation of " + std::to_string(shape.size()) + " values was asked into " +
          std::to_string(out.size());
  else if (v.players != shape.players)
    bad = "a view of " + std::to_string(v.players) + " players for a shape of " +
          std::to_string(shape.players);
  else if (static_cast<int>(v.zones.size()) > shape.zones)
    bad = v.game + ": the view has " + std::to_string(v.zones.size()) +
          " zones, more than the game's bounds (" + std::to_string(shape.zones) + ")";
  // Each (turned) seat's fan length the buffer holds: where it is kept, a
  // position whose kind is unchanged is not written again. A seat that moves
  // several times running (Old Maid's offerer arranging its fan) shifts a few
  // positions, and the rest of its row, cold in a batch of rows, is not
  // touched. What is left beyond a fan now shorter is cleared at the end.
  std::array<int, kMaxSeats> held{};
  if (!bad.empty())
    std::fill(out.begin(), out.end(), 0.0f);
  else if (clear(shape, out, written))
    std::copy(written->fans.begin(), written->fans.end(), held.begin());
  if (written) {  // said again as the fans below are written
    written->known = out.size() == shape.size();
    const auto p = static_cast<std::size_t>(std::max(shape.players, 0));
    written->fans.assign(p, 0);
    written->kinds.resize(p * static_cast<std::size_t>(std::max(shape.fan, 0)));
  }
  if (!bad.empty()) return Status::error(bad);
  // Three values a zone, on the stack for any view of fewer than 64 zones
  // (every game's), so that an encoding allocates nothing.
  const std::size_t n = v.zones.size();
  std::array<int, 3 * 64> on_stack;
  std::vector<int> on_heap;
  if (n > 64) on_heap.resize(3 * n);
  const std::span<int> scratch = n > 64 ? std::span<int>(on_heap) : std::span<int>(on_stack);
  const std::span<int> slot = scratch.first(n);
  zone_slots(v, slot, scratch.subspan(n, 2 * n));
  float* const zones = out.data();
  float* const fans = zones + static_cast<std::size_t>(shape.zones) * kZoneWidth;
  float* const seats = fans + static_cast<std::size_t>(shape.players) *
                                  static_cast<std::size_t>(shape.fan) * kZoneWidth;
  SeatMask fanned = 0;  // the (turned) seats whose fan is written
  for (std::size_t i = 0; i < v.zones.size(); ++i) {
    const Zone& z = v.zones[i];
    float* const row = zones + static_cast<std::size_t>(slot[i]) * kZoneWidth;
    for (const CardView& c : z.cards) {
      if (c.empty) continue;
      const int k = c.card ? card_kind(*c.card) : kCardKinds;
      row[k < 0 ? kCardKinds : k] += 1;
    }
    if (z.layout != Layout::kFan || z.owner < 0 || z.owner >= shape.players) continue;
    if (static_cast<int>(z.cards.size()) > shape.fan) {
      std::fill(out.begin(), out.end(), 0.0f);
      if (written) std::fill(written->fans.begin(), written->fans.end(), 0);
      return Status::error(v.game + ": " + z.name + " fans " + std::to_string(z.cards.size()) +
                           " cards, more than the game's bounds (" + std::to_string(shape.fan) +
                           ")");
    }
    const Seat to = turned(z.owner, v.viewer, v.players);
    if (fanned >> to & 1) continue;  // a seat's first fan only
    fanned |= SeatMask{1} << to;
    if (written) written->fans[static_cast<std::size_t>(to)] = static_cast<int>(z.cards.size());
    float* const hand =
        fans + static_cast<std::size_t>(to) * static_cast<std::size_t>(shape.fan) * kZoneWidth;
    const auto was = static_cast<std::size_t>(held[static_cast<std::size_t>(to)]);
    for (std::size_t p = 0; p < z.cards.size(); ++p) {
      const CardView& c = z.cards[p];
      const int k = c.card ? card_kind(*c.card) : kCardKinds;
      const auto slot = static_cast<std::uint8_t>(k < 0 ? kCardKinds : k);
      if (!written) {
        hand[p * kZoneWidth + slot] = 1;
        continue;
      }
      std::uint8_t& kind =
          written->kinds[static_cast<std::size_t>(to) * static_cast<std::size_t>(shape.fan) + p];
      if (p < was && kind == slot) continue;  // the buffer holds it already
      if (p < was) hand[p * kZoneWidth + kind] = 0;
      hand[p * kZoneWidth + slot] = 1;
      kind = slot;
    }
  }
  if (written) {  // positions held before and not now
    const auto fan = static_cast<std::size_t>(std::max(shape.fan, 0));
    for (std::size_t t = 0; t < written->fans.size(); ++t) {
      float* const hand = fans + t * fan * kZoneWidth;
      for (auto p = static_cast<std::size_t>(written->fans[t]);
           p < static_cast<std::size_t>(held[t]); ++p)
        hand[p * kZoneWidth + written->kinds[t * fan + p]] = 0;
    }
  }
  for (Seat s = 0; s < v.players && s < static_cast<Seat>(v.seats.size()); ++s) {
    const SeatInfo& info = v.seats[static_cast<std::size_t>(s)];
    float* const f = seats + static_cast<std::size_t>(turned(s, v.viewer, v.players)) *
                                 (kSeatFeatures + kCounters);
    f[0] = static_cast<float>(info.cards);
    f[1] = static_cast<float>(info.score);
    f[2] = info.out ? 1.0f : 0.0f;
    f[3] = (v.actors >> s & 1) ? 1.0f : 0.0f;
    f[4] = v.dealer == s ? 1.0f : 0.0f;
    for (std::size_t k = 0; k < info.counters.size() && k < kCounters; ++k)
      f[kSeatFeatures + k] = static_cast<float>(info.counters[k].value);
  }
  float* const tail = out.data() + out.size() - 3;
  tail[0] = static_cast<float>(v.hand);
  tail[1] = static_cast<float>(v.hands);
  tail[2] = v.terminal ? 1.0f : 0.0f;
  return {};
}

namespace {

// Each seat's (turned) score and first counters, then each owner's (the seats
// turned, then the table) count of each kind shown and of unknown cards, over
// its zones: what InfoState::saw subtracts.
void owner_counts(const View& v, int players, std::vector<float>& out) {
  const auto p = static_cast<std::size_t>(players);
  out.assign(p * (1 + kCounters) + (p + 1) * kZoneWidth, 0.0f);
  for (Seat s = 0; s < players && s < static_cast<Seat>(v.seats.size()); ++s) {
    const SeatInfo& info = v.seats[static_cast<std::size_t>(s)];
    float* const f =
        out.data() + static_cast<std::size_t>(turned(s, v.viewer, players)) * (1 + kCounters);
    f[0] = static_cast<float>(info.score);
    for (std::size_t k = 0; k < info.counters.size() && k < kCounters; ++k)
      f[1 + k] = static_cast<float>(info.counters[k].value);
  }
  float* const cards = out.data() + p * (1 + kCounters);
  for (const Zone& z : v.zones) {
    const Seat o = z.owner >= 0 && z.owner < players ? turned(z.owner, v.viewer, players) : players;
    float* const row = cards + static_cast<std::size_t>(o) * kZoneWidth;
    for (const CardView& c : z.cards) {
      if (c.empty) continue;
      const int k = c.card ? card_kind(*c.card) : kCardKinds;
      row[k < 0 ? kCardKinds : k] += 1;
    }
  }
}

}  // namespace

void InfoState::saw(Seat actor, const View& before, const View& after) {
  if (before.hand != hand_) rows_.clear(), hand_ = before.hand;
  const std::size_t width = shape_.row();
  const int players = shape_.observation.players;
  if (shape_.history <= 0) return;
  if (rows_.size() == static_cast<std::size_t>(shape_.history) * width)
    rows_.erase(rows_.begin(), rows_.begin() + static_cast<std::ptrdiff_t>(width));
  const std::size_t at = rows_.size();
  rows_.resize(at + width, 0.0f);
  float* const row = rows_.data() + at;
  const Seat who = turned(actor, before.viewer, players);
  if (who >= 0 && who < players) row[who] = 1;
  owner_counts(before, players, before_);
  owner_counts(after, players, after_);
  for (std::size_t i = 0; i < before_.size(); ++i)
    row[static_cast<std::size_t>(players) + i] = after_[i] - before_[i];
}

Status InfoState::write(const View& now, std::span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  if (out.size() != shape_.size())
    return Status::error("an information state of " + std::to_string(shape_.size()) +
                         " values was asked into " + std::to_string(out.size()));
  const std::size_t obs = shape_.observation.size();
  if (Status st = encode_observation(now, shape_.observation, out.first(obs)); !st.ok()) {
    std::fill(out.begin(), out.end(), 0.0f);
    return st;
  }
  if (now.hand == hand_)
    std::copy(rows_.begin(), rows_.end(), out.begin() + static_cast<std::ptrdiff_t>(obs));
  return {};
}

}  // namespace parlour::rl
