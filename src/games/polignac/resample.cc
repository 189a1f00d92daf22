// Sampling what one seat cannot see of Polignac: the other hands, dealt
// afresh around the voids shown. The cards played and taken are public.
#include <algorithm>
#include <array>

#include "games/polignac/bots.h"
#include "games/polignac/state.h"

namespace parlour::polignac {
namespace {

class PolignacResampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<PolignacState>(static_cast<const PolignacState&>(state));
    out->forget_last_event();
    // Before a deal the cards lie face down in the pack or in the tricks of
    // the last deal (seen played); at the end everything is shown.
    if (out->phase() == PolignacState::Phase::kOver || out->chance()) return out;
    const int n = out->rules().players;
    std::array<kit::HiddenPlace, kMaxPlayers> places{};
    std::array<Card, 52> pool{}, dealt{};
    int np = 0, cards = 0;
    for (Seat p = 0; p < n; ++p) {
      if (p == seat) continue;
      const Hand& h = out->hand(p);
      places[np++] = {static_cast<int>(h.size()), out->voids().of(p)};
      for (Card c : h) pool[cards++] = c;
    }
    if (!kit::deal_around_voids(std::span<const Card>(pool.data(), cards),
                                std::span<const kit::HiddenPlace>(places.data(), np), rng,
                                std::span<Card>(dealt.data(), cards)))
      return nullptr;  // cannot happen: the real deal fits
    int k = 0;
    for (Seat p = 0; p < n; ++p) {
      if (p == seat) continue;
      Hand& h = out->mutable_hand(p);
      for (Card& c : h) c = dealt[k++];
      kit::sort_held(std::span<Card>(h.data(), h.size()), out->rules().ace);
    }
    return out;
  }
};

}  // namespace

const Resampler& resampler() {
  static const PolignacResampler r;
  return r;
}

}  // namespace parlour::polignac
