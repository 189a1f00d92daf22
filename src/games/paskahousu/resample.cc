// Sampling what one seat cannot see of Paskahousu: every face-down card it
// does not know, in the other hands, the stock, on the table and among the
// cards removed from play, dealt afresh.
#include <vector>

#include "games/paskahousu/bots.h"
#include "games/paskahousu/state.h"

namespace parlour::paskahousu {
namespace {

// Swaps hidden cards of rank `rank` into the hidden places of `play`, where
// the hands, the stock and the cards removed from play hold enough of them
// hidden (not the pile: its calls are believed too).
void make_true(PaskahousuState& s, Seat seat, std::span<kit::Held> play, Rank rank, Rng& rng) {
  std::vector<kit::Held*> wrong, right;
  for (kit::Held& c : play)
    if (!c.seen_by(seat) && c.card.rank() != rank) wrong.push_back(&c);
  if (wrong.empty()) return;
  auto look = [&](kit::Cards& cards) {
    for (kit::Held& c : cards)
      if (!c.seen_by(seat) && c.card.rank() == rank) right.push_back(&c);
  };
  for (Seat p = 0; p < s.rules().players; ++p) look(s.mutable_hand(p));
  look(s.mutable_stock());
  look(s.mutable_removed());
  if (right.size() < wrong.size()) return;
  rng.shuffle(std::span<kit::Held*>(right));
  for (std::size_t i = 0; i < wrong.size(); ++i) std::swap(wrong[i]->card, right[i]->card);
}

class PaskahousuResampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<PaskahousuState>(static_cast<const PaskahousuState&>(state));
    out->forget_last_event();
    if (out->terminal()) return out;  // everything lies face up
    kit::HiddenCards hidden(seat);
    for (Seat p = 0; p < out->rules().players; ++p) hidden.add(out->mutable_hand(p));
    hidden.add(out->mutable_stock());
    hidden.add(out->mutable_pile());
    hidden.add(out->mutable_last());
    hidden.add(out->mutable_building());
    hidden.add(out->mutable_removed());
    hidden.deal(rng);
    // A belief, not a peek: players mostly tell the truth when they can, so in
    // three samples of four the last play is what it claims, where the cards
    // this seat cannot see allow it. A card played blind is anybody's guess.
    if (out->phase() == PaskahousuState::Phase::kWindow && !out->claim_blind() &&
        rng.below(4) != 0) {
      kit::Cards& last = out->mutable_last();
      make_true(*out, seat, std::span<kit::Held>(last.begin(), last.end()), out->claim_rank(), rng);
    }
    // The other seats' memories of the real cards go: a sample is made of
    // what this seat knows alone.
    out->reduce_memories(seat);
    out->order_hands(seat);
    return out;
  }
};

}  // namespace

const Resampler& resampler() {
  static const PaskahousuResampler r;
  return r;
}

}  // namespace parlour::paskahousu
