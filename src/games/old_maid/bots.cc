#include "games/old_maid/bots.h"

#include <cassert>

#include "games/old_maid/old_maid.h"

namespace parlour::old_maid {
namespace {

class BlindBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    const View& view = obs.view();
    assert(!view.choices.empty());
    bool can_offer = false;
    int draws = 0;
    for (const Choice& c : view.choices) {
      const Move m = *Move::decode(c.action);
      if (m.kind == Move::kShuffle) return c.action;  // shuffle first, whenever allowed
      can_offer |= m.kind == Move::kOffer;
      draws += m.kind == Move::kDraw;
    }
    if (can_offer) return Move{Move::kOffer}.encode();
    assert(draws > 0);
    return Move{Move::kDraw, static_cast<int>(rng.below(static_cast<std::uint32_t>(draws)))}.encode();
  }
};

}  // namespace

std::unique_ptr<Bot> make_blind_bot() { return std::make_unique<BlindBot>(); }

}  // namespace parlour::old_maid
