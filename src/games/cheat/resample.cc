// Sampling what one seat cannot see of Cheat: every face-down card it does
// not know, in the other hands and on the table, dealt afresh.
#include <vector>

#include "games/cheat/bots.h"
#include "games/cheat/state.h"

namespace parlour::cheat {
namespace {

// Swaps hidden cards of the claimed rank into the hidden places of the last
// play, where there are enough.
void make_true(CheatState& s, Seat seat, Rng& rng) {
  const Rank rank = s.claim_rank();
  std::vector<kit::Held*> wrong, right;
  for (kit::Held& c : s.mutable_last())
    if (!c.seen_by(seat) && c.card.rank() != rank) wrong.push_back(&c);
  auto look = [&](kit::Cards& cards) {
    for (kit::Held& c : cards)
      if (!c.seen_by(seat) && c.card.rank() == rank) right.push_back(&c);
  };
  for (Seat p = 0; p < s.rules().players; ++p) look(s.mutable_hand(p));
  look(s.mutable_pile());
  if (wrong.empty() || right.size() < wrong.size()) return;
  rng.shuffle(std::span<kit::Held*>(right));
  for (std::size_t i = 0; i < wrong.size(); ++i) std::swap(wrong[i]->card, right[i]->card);
}

class CheatResampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<CheatState>(static_cast<const CheatState&>(state));
    out->forget_last_event();
    if (out->terminal()) return out;  // everything lies face up
    kit::HiddenCards hidden(seat);
    for (Seat p = 0; p < out->rules().players; ++p) hidden.add(out->mutable_hand(p));
    hidden.add(out->mutable_pile());
    hidden.add(out->mutable_last());
    hidden.add(out->mutable_building());
    hidden.deal(rng);
    // A belief, not a peek: players mostly tell the truth when they can, so in
    // three samples of four the last play is what it claims, where the cards
    // this seat cannot see allow it (they come from the other hidden places).
    if (out->phase() == CheatState::Phase::kWindow && rng.below(4) != 0) make_true(*out, seat, rng);
    return out;
  }
};

}  // namespace

const Resampler& resampler() {
  static const CheatResampler r;
  return r;
}

}  // namespace parlour::cheat
