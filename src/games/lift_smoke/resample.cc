// Sampling what one seat cannot see of Lift Smoke: the other hands and the
// stock, dealt afresh within what each seat can hold of each suit.
//
// kit::deal_around_voids knows only "none of this suit". Here a void does not
// last: a player who showed none of hearts may have drawn one since. So the
// deal below keeps, for each hidden place and suit, a most it may take, and
// deals each card in turn to a place chosen by room left, among those where
// the rest can still be dealt: the same method as the kit's, with the test of
// what can still be dealt widened from voids to limits.
#include <algorithm>
#include <array>

#include "games/lift_smoke/bots.h"
#include "games/lift_smoke/state.h"

namespace parlour::lift_smoke {
namespace {

inline constexpr int kMaxPlaces = kMaxPlayers + 1;

struct Place {
  int room = 0;
  std::array<int, SUIT_NB> cap{};  // the most of each suit it may take
};

// Whether cards counted by suit fit the places: by max-flow min-cut, exactly
// when every set of suits needs no more cards than the places can take of it.
bool fits(const std::array<int, SUIT_NB>& count, std::span<const Place> places) {
  for (unsigned set = 1; set < (1u << SUIT_NB); ++set) {
    int need = 0, have = 0;
    for (int s = 0; s < SUIT_NB; ++s)
      if (set >> s & 1) need += count[s];
    for (const Place& p : places) {
      int take = 0;
      for (int s = 0; s < SUIT_NB; ++s)
        if (set >> s & 1) take += p.cap[s];
      have += std::min(p.room, take);
    }
    if (need > have) return false;
  }
  return true;
}

// Deals `pool` (sorted first, then shuffled) into the places: out[p] gets
// places[p].room cards. False if no deal fits.
bool deal_within_caps(std::span<Card> pool, std::span<Place> places, Rng& rng,
                      std::array<SmallVec<Card, 52>, kMaxPlaces>& out) {
  std::sort(pool.begin(), pool.end());
  rng.shuffle(pool);
  std::array<int, SUIT_NB> count{};
  for (Card c : pool) ++count[c.suit()];
  if (!fits(count, places)) return false;
  const std::size_t n = places.size();
  for (Card c : pool) {
    const Suit s = c.suit();
    --count[s];
    std::array<bool, kMaxPlaces> tried{};
    for (;;) {
      int total = 0;
      for (std::size_t p = 0; p < n; ++p)
        if (!tried[p] && places[p].room > 0 && places[p].cap[s] > 0) total += places[p].room;
      if (total == 0) return false;  // cannot happen while the deal fits
      int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
      std::size_t p = 0;
      for (;; ++p) {
        if (tried[p] || places[p].room <= 0 || places[p].cap[s] <= 0) continue;
        if (pick < places[p].room) break;
        pick -= places[p].room;
      }
      --places[p].room, --places[p].cap[s];
      if (fits(count, places)) {
        out[p].push_back(c);
        break;
      }
      ++places[p].room, ++places[p].cap[s];
      tried[p] = true;
    }
  }
  return true;
}

class LiftSmokeResampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<LiftSmokeState>(static_cast<const LiftSmokeState&>(state));
    out->forget_last_event();
    // Before the deal the pack lies face down in order; at the end all is shown.
    if (out->phase() != LiftSmokeState::Phase::kPlay) return out;
    const int n = out->rules().players;
    std::array<Place, kMaxPlaces> places{};
    std::array<Card, 52> pool{};
    int np = 0, cards = 0;
    for (Seat p = 0; p < n; ++p) {
      if (p == seat) continue;
      const Hand& h = out->hand(p);
      Place& pl = places[np++];
      pl.room = static_cast<int>(h.size());
      for (int s = 0; s < SUIT_NB; ++s) pl.cap[s] = out->cap(p, Suit(s));
      for (Card c : h) pool[cards++] = c;
    }
    places[np].room = static_cast<int>(out->stock().size());
    places[np++].cap.fill(52);
    for (Card c : out->stock()) pool[cards++] = c;
    std::array<SmallVec<Card, 52>, kMaxPlaces> dealt{};
    if (!deal_within_caps(std::span<Card>(pool.data(), cards), std::span<Place>(places.data(), np),
                          rng, dealt))
      return nullptr;  // cannot happen: the real deal fits
    int k = 0;
    for (Seat p = 0; p < n; ++p) {
      if (p == seat) continue;
      Hand& h = out->mutable_hand(p);
      for (std::size_t i = 0; i < h.size(); ++i) h[i] = dealt[k][i];
      std::sort(h.begin(), h.end(), [](Card a, Card b) {
        return a.suit() != b.suit() ? a.suit() < b.suit() : kit::high(a) < kit::high(b);
      });
      ++k;
    }
    Pile& stock = out->mutable_stock();
    for (std::size_t i = 0; i < stock.size(); ++i) stock[i] = dealt[k][i];
    return out;
  }
};

}  // namespace

const Resampler& resampler() {
  static const LiftSmokeResampler r;
  return r;
}

}  // namespace parlour::lift_smoke
