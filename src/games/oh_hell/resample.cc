// Sampling what one seat cannot see of Oh Hell!: the other hands and the
// stock under the turned card, dealt afresh around the voids shown.
#include <array>

#include "games/oh_hell/bots.h"
#include "games/oh_hell/state.h"

namespace parlour::oh_hell {
namespace {

class OhHellResampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<OhHellState>(static_cast<const OhHellState&>(state));
    out->forget_last_event();
    if (out->terminal()) return out;  // everything lies face up
    const int n = out->rules().players;
    // The hidden places, in a fixed order: the other hands by seat, then the
    // stock. Cards played, the trick and the turned card are public.
    std::array<kit::HiddenPlace, kMaxPlayers + 1> places{};
    std::array<Card, 52> pool{}, dealt{};
    int np = 0, cards = 0;
    for (Seat p = 0; p < n; ++p) {
      if (p == seat) continue;
      const Hand& h = out->hand(p);
      places[np++] = {static_cast<int>(h.size()), out->voids().of(p)};
      for (Card c : h) pool[cards++] = c;
    }
    places[np++] = {static_cast<int>(out->stock().size()), 0};
    for (Card c : out->stock()) pool[cards++] = c;
    if (!kit::deal_around_voids(std::span<const Card>(pool.data(), cards),
                                std::span<const kit::HiddenPlace>(places.data(), np), rng,
                                std::span<Card>(dealt.data(), cards)))
      return nullptr;  // cannot happen: the real deal fits
    int k = 0;
    for (Seat p = 0; p < n; ++p) {
      if (p == seat) continue;
      const int size = out->cards_held(p);
      out->set_cards(p, std::span<const Card>(dealt.data() + k, static_cast<std::size_t>(size)));
      k += size;
    }
    for (Card& c : out->mutable_stock()) c = dealt[k++];
    return out;
  }
};

}  // namespace

const Resampler& resampler() {
  static const OhHellResampler r;
  return r;
}

}  // namespace parlour::oh_hell
