// Sampling Bachelor Girl's hidden cards (other hands and the stock) from one
// seat's view: the same counts everywhere, the face-up cards where they are.
#include <algorithm>

#include "games/bachelor_girl/state.h"

namespace parlour::bachelor_girl {
namespace {

class BachelorGirlResampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat v, Rng& rng) const override {
    const auto& s = dynamic_cast<const BachelorGirlState&>(state);
    auto out = std::make_unique<BachelorGirlState>(s);
    out->forget_last_event();
    if (s.terminal()) return out;
    std::vector<Card> pool(s.stock().begin(), s.stock().end());
    for (Seat p = 0; p < s.rules().players; ++p)
      if (p != v) pool.insert(pool.end(), s.hand_of(p).begin(), s.hand_of(p).end());
    // Sorted first, so the sample depends on which cards are hidden, not where.
    std::sort(pool.begin(), pool.end());
    const Rules& r = s.rules();
    // Deal the hidden cards anew until every other seat's hand agrees with what
    // all could infer: at most `drawn_since` cards of the classes it showed it
    // lacked. If that is rare, the last deal is kept (still true to the view).
    for (int attempt = 0; attempt < 400; ++attempt) {
      rng.shuffle(std::span<Card>(pool));
      std::size_t next = 0;
      bool fits = true;
      for (Seat p = 0; p < r.players; ++p) {
        if (p == v) continue;
        auto& h = out->mutable_hand(p);
        int against = 0;
        for (Card& c : h) {
          c = pool[next++];
          against += !r.wild(c) && (s.known_absent(p) >> r.cls(c) & 1);
        }
        std::sort(h.begin(), h.end());
        fits &= against <= s.drawn_since(p);
      }
      auto& stock = out->mutable_stock();
      for (Card& c : stock) c = pool[next++];
      if (fits) break;
    }
    return out;
  }
};

}  // namespace

const Resampler& resampler() {
  static const BachelorGirlResampler r;
  return r;
}

}  // namespace parlour::bachelor_girl
