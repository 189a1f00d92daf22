// Sampling what one seat cannot see of Lift Smoke: the other hands and the
// stock, dealt afresh within what each seat can hold of each suit.
//
// A void does not last here: a player who showed none of hearts may have
// drawn one since. So each hidden place takes at most a number of each suit
// (LiftSmokeState::cap), and kit::deal_within_caps deals within them.
#include <algorithm>
#include <array>

#include "games/lift_smoke/bots.h"
#include "games/lift_smoke/state.h"

namespace parlour::lift_smoke {
namespace {

inline constexpr int kMaxPlaces = kMaxPlayers + 1;

class LiftSmokeResampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<LiftSmokeState>(static_cast<const LiftSmokeState&>(state));
    out->forget_last_event();
    // Before the deal the pack lies face down in order; at the end all is shown.
    if (out->phase() != LiftSmokeState::Phase::kPlay) return out;
    const int n = out->rules().players;
    // The turned card the dealer keeps (trump-card=dealer) is public: it
    // stays his, and the rest of his hand is dealt within his caps less it.
    const Card pinned = out->turned_held() && out->dealer() != seat ? out->turned() : Card();
    std::array<kit::CappedPlace, kMaxPlaces> places{};
    std::array<Card, 52> pool{};
    int np = 0, cards = 0;
    for (Seat p = 0; p < n; ++p) {
      if (p == seat) continue;
      const Hand& h = out->hand(p);
      kit::CappedPlace& pl = places[np++];
      pl.size = static_cast<int>(h.size());
      for (int s = 0; s < SUIT_NB; ++s) pl.cap[s] = out->cap(p, Suit(s));
      for (Card c : h)
        if (c != pinned) pool[cards++] = c;
      if (pinned.valid() && p == out->dealer()) --pl.size, --pl.cap[pinned.suit()];
    }
    places[np++].size = static_cast<int>(out->stock().size());  // the stock: no caps
    for (Card c : out->stock()) pool[cards++] = c;
    std::array<Card, 52> dealt{};
    if (!kit::deal_within_caps(std::span<const Card>(pool.data(), cards),
                               std::span<const kit::CappedPlace>(places.data(), np), rng,
                               std::span<Card>(dealt.data(), cards)))
      return nullptr;  // cannot happen: the real deal fits
    int k = 0;
    for (Seat p = 0; p < n; ++p) {
      if (p == seat) continue;
      Hand& h = out->mutable_hand(p);
      const bool keeps = pinned.valid() && p == out->dealer();
      for (std::size_t i = 0; i < h.size(); ++i) h[i] = keeps && i == 0 ? pinned : dealt[k++];
      kit::sort_held(std::span<Card>(h.data(), h.size()));
    }
    Pile& stock = out->mutable_stock();
    for (std::size_t i = 0; i < stock.size(); ++i) stock[i] = dealt[k++];
    return out;
  }
};

}  // namespace

const Resampler& resampler() {
  static const LiftSmokeResampler r;
  return r;
}

}  // namespace parlour::lift_smoke
