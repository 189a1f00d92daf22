// Sampling the cards one seat cannot see, consistently with its view: the
// cards it knows stay where they are; an announced rank keeps its rank; a
// card everyone can tell is no King (kept unturned, or passed in an exchange)
// gets no King; the rest, the pack included, are dealt anew at random.
#include <algorithm>

#include "games/chase_the_ace/state.h"

namespace parlour::chase_the_ace {
namespace {

// A place holding a card the seat cannot see, and what is known of it.
struct Slot {
  Card* card;
  Rank rank = kNoRank;  // announced: this rank
  bool not_king = false;
};

class ChaseResampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat v, Rng& rng) const override {
    const auto& s = dynamic_cast<const ChaseState&>(state);
    auto out = std::make_unique<ChaseState>(s);
    out->forget_last_event();
    if (s.terminal()) return out;  // everything is shown
    auto hidden = [&](const Held& h) {
      return !(s.revealed() || h.face_up || (v >= 0 && (h.known >> v & 1)));
    };
    std::vector<Slot> slots;
    std::vector<Card> pool;
    for (Seat p = 0; p < s.rules().players; ++p) {
      if (!s.holds(p) || !hidden(s.held(p))) continue;
      Held& h = out->mutable_held(p);
      pool.push_back(h.card);
      slots.push_back({&h.card, h.announced, h.not_king});
    }
    for (Held& h : out->mutable_aside()) {
      if (!hidden(h)) continue;
      pool.push_back(h.card);
      slots.push_back({&h.card, h.announced, h.not_king});
    }
    for (Card& c : out->mutable_pack()) {
      pool.push_back(c);
      slots.push_back({&c});
    }
    // Sorted first, so the sample depends on which cards are hidden, not on
    // where they really are; then each slot takes the first card that fits,
    // the most constrained slots first: every consistent placing alike.
    std::sort(pool.begin(), pool.end());
    rng.shuffle(std::span<Card>(pool));
    std::vector<bool> used(pool.size(), false);
    auto take = [&](Slot& slot, auto fits) {
      for (std::size_t i = 0; i < pool.size(); ++i)
        if (!used[i] && fits(pool[i])) {
          used[i] = true;
          *slot.card = pool[i];
          return true;
        }
      return false;
    };
    for (Slot& slot : slots)
      if (slot.rank != kNoRank && !take(slot, [&](Card c) { return c.rank() == slot.rank; }))
        return nullptr;
    for (Slot& slot : slots)
      if (slot.rank == kNoRank && slot.not_king &&
          !take(slot, [](Card c) { return c.rank() != kKing; }))
        return nullptr;
    for (Slot& slot : slots)
      if (slot.rank == kNoRank && !slot.not_king && !take(slot, [](Card) { return true; }))
        return nullptr;
    return out;
  }
};

}  // namespace

const Resampler& resampler() {
  static const ChaseResampler r;
  return r;
}

}  // namespace parlour::chase_the_ace
