// Sampling what one seat cannot see of Verish' Ne Verish': every face-down
// card it does not know, in the other hands, on the table and laid aside,
// dealt afresh.
#include <vector>

#include "games/verish_ne_verish/bots.h"
#include "games/verish_ne_verish/state.h"

namespace parlour::verish_ne_verish {
namespace {

// Swaps hidden cards of the claimed rank into the hidden places of the last
// play, where there are enough.
void make_true(VerishState& s, Seat seat, Rng& rng) {
  const Rank rank = s.round_rank();
  std::vector<kit::Held*> wrong, right;
  for (kit::Held& c : s.mutable_last())
    if (!c.seen_by(seat) && c.card.rank() != rank) wrong.push_back(&c);
  auto look = [&](kit::Cards& cards) {
    for (kit::Held& c : cards)
      if (!c.seen_by(seat) && c.card.rank() == rank) right.push_back(&c);
  };
  for (Seat p = 0; p < s.rules().players; ++p) look(s.mutable_hand(p));
  look(s.mutable_pile());
  look(s.mutable_aside());
  if (wrong.empty() || right.size() < wrong.size()) return;
  rng.shuffle(std::span<kit::Held*>(right));
  for (std::size_t i = 0; i < wrong.size(); ++i) std::swap(wrong[i]->card, right[i]->card);
}

class VerishResampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<VerishState>(static_cast<const VerishState&>(state));
    out->forget_last_event();
    if (out->terminal()) return out;  // everything lies face up
    kit::HiddenCards hidden(seat);
    for (Seat p = 0; p < out->rules().players; ++p) hidden.add(out->mutable_hand(p));
    hidden.add(out->mutable_pile());
    hidden.add(out->mutable_last());
    hidden.add(out->mutable_building());
    hidden.add(out->mutable_aside());
    hidden.deal(rng);
    // A belief, not a peek: players mostly tell the truth when they can. The
    // last play is made what it claims, where the cards this seat cannot see
    // allow it, in nine samples of ten when it starts a round or holds several
    // cards, and in two of three when it is one card played on: as often as
    // canny players' plays are true (always, and two times in three), shaded
    // towards doubt. (Measured: a search believing nothing loses far more
    // often; one believing three plays in four everywhere about as often.)
    if (out->claimer() >= 0) {
      const bool single = out->last_play().size() == 1 && !out->pile().empty();
      if (rng.below(1000) < (single ? 650u : 900u)) make_true(*out, seat, rng);
    }
    return out;
  }
};

}  // namespace

const Resampler& resampler() {
  static const VerishResampler r;
  return r;
}

}  // namespace parlour::verish_ne_verish
