// Sampling the hidden cards of Old Maid consistently with one seat's view:
// the same counts in every zone, the cards the seat knows where they are, no
// pair left in any hand, and face-down pairs still pairs.
#include <algorithm>

#include "games/old_maid/state.h"

namespace parlour::old_maid {
namespace {

class OldMaidResampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat v, Rng& rng) const override {
    const auto& s = dynamic_cast<const OldMaidState&>(state);
    const Rules& r = s.rules();
    const bool over = s.terminal();
    std::vector<Card> pool;
    std::vector<std::vector<int>> slots(r.players);  // hidden fan positions per seat
    std::vector<int> pair_slots(r.players, 0);
    for (Seat p = 0; p < r.players; ++p) {
      if (p == v || over) continue;
      const Fan& f = s.fan(p);
      for (int i = 0; i < f.size(); ++i)
        if (v < 0 || f.shuffled || !(f.known[i] >> v & 1))
          slots[p].push_back(i), pool.push_back(f.cards[i]);
      if (!r.face_up) {
        pair_slots[p] = static_cast<int>(s.pairs(p).size() / 2);
        pool.insert(pool.end(), s.pairs(p).begin(), s.pairs(p).end());
      }
    }
    const int aside_slots = over ? 0 : static_cast<int>(s.aside().size()) - s.aside_face_up_count();
    if (aside_slots)
      pool.insert(pool.end(), s.aside().begin() + s.aside_face_up_count(), s.aside().end());

    for (int attempt = 0; attempt < 1000; ++attempt) {
      auto out = std::make_unique<OldMaidState>(s);
      out->forget_last_event();
      if (fill(*out, v, rng, pool, slots, pair_slots, aside_slots)) return out;
    }
    return nullptr;
  }

 private:
  static bool fill(OldMaidState& out, Seat v, Rng& rng, std::vector<Card> pool,
                   const std::vector<std::vector<int>>& slots, const std::vector<int>& pair_slots,
                   int aside_slots) {
    const Rules& r = out.rules();
    // Sorted first, so the sample depends on which cards are hidden, not on
    // where they really are.
    std::sort(pool.begin(), pool.end());
    rng.shuffle(std::span<Card>(pool));
    // Face-down pairs first: draw a card, then a partner of its class.
    for (Seat p = 0; p < r.players; ++p) {
      if (pair_slots[p] == 0) continue;
      auto& pairs = out.mutable_pairs(p);
      pairs.clear();
      for (int k = 0; k < pair_slots[p]; ++k) {
        bool placed = false;
        for (std::size_t i = 0; i < pool.size() && !placed; ++i)
          for (std::size_t j = i + 1; j < pool.size() && !placed; ++j)
            if (r.pair_class(pool[i]) == r.pair_class(pool[j])) {
              pairs.push_back(pool[i]), pairs.push_back(pool[j]);
              pool.erase(pool.begin() + static_cast<long>(j));
              pool.erase(pool.begin() + static_cast<long>(i));
              placed = true;
            }
        if (!placed) return false;
      }
    }
    // Then the fans: each card to a random free slot of a seat without its class.
    std::vector<std::uint32_t> held(r.players, 0);
    std::vector<std::vector<Card>> fill(r.players);
    for (Seat p = 0; p < r.players; ++p) {
      const Fan& f = out.fan(p);
      for (int i = 0; i < f.size(); ++i)
        if (std::find(slots[p].begin(), slots[p].end(), i) == slots[p].end())
          held[p] |= 1u << r.pair_class(f.cards[i]);
    }
    std::vector<Card> aside;
    for (Card c : pool) {
      const std::uint32_t bit = 1u << r.pair_class(c);
      int free_total = aside_slots - static_cast<int>(aside.size());
      for (Seat p = 0; p < r.players; ++p)
        if (!(held[p] & bit)) free_total += static_cast<int>(slots[p].size() - fill[p].size());
      if (free_total == 0) return false;
      int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(free_total)));
      if (k < aside_slots - static_cast<int>(aside.size())) {
        aside.push_back(c);
        continue;
      }
      k -= aside_slots - static_cast<int>(aside.size());
      for (Seat p = 0; p < r.players; ++p) {
        if (held[p] & bit) continue;
        const int free = static_cast<int>(slots[p].size() - fill[p].size());
        if (k < free) {
          fill[p].push_back(c), held[p] |= bit;
          break;
        }
        k -= free;
      }
    }
    for (Seat p = 0; p < r.players; ++p) {
      Fan& f = out.mutable_fan(p);
      for (std::size_t i = 0; i < slots[p].size(); ++i) f.cards[slots[p][i]] = fill[p][i];
      if (f.shuffled) out.sort_canonical(f);
    }
    if (aside_slots)
      std::copy(aside.begin(), aside.end(),
                out.mutable_aside().begin() + out.aside_face_up_count());
    (void)v;
    return true;
  }
};

}  // namespace

const Resampler& resampler() {
  static const OldMaidResampler r;
  return r;
}

}  // namespace parlour::old_maid
