#include "games/old_maid/bots.h"

#include <cassert>

#include "games/old_maid/old_maid.h"

namespace parlour::old_maid {
namespace {

class BlindBot final : public Bot {
 public:
  // The legal actions come in the order legal_actions() documents: a draw's
  // are every position; an offer's are offer, then shuffle or look, then the
  // moves. So two looks decide, however long the list: this bot is the one
  // simulation runs most.
  Action act(const Observation& obs, Rng& rng) override {
    const std::span<const Action> legal = obs.legal();
    assert(!legal.empty());
    // Offer and shuffle have the same codes at every table (Move::encode).
    constexpr Action offer = Move{Move::kOffer}.encode(kMaxFan);
    constexpr Action shuffle = Move{Move::kShuffle}.encode(kMaxFan);
    if (legal[0] != offer) return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    // Shuffle first, whenever allowed; then offer.
    if (legal.size() > 1 && legal[1] == shuffle) return legal[1];
    return legal[0];
  }
};

}  // namespace

std::unique_ptr<Bot> make_blind_bot() {
  return std::make_unique<BlindBot>();
}

}  // namespace parlour::old_maid
