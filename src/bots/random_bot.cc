#include "bots/random_bot.h"

#include <string>

#include "bots/ismcts.h"

namespace parlour {
namespace {

class RandomBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    const auto legal = obs.legal();
    return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
  }
};

}  // namespace

std::unique_ptr<Bot> make_random_bot() {
  return std::make_unique<RandomBot>();
}

std::unique_ptr<Bot> make_bot(const GameInfo& game, std::string_view name) {
  for (const auto& b : game.bots)
    if (b.name == name) return b.make();
  if (name == "random") return make_random_bot();
  // Search needs to sample what a seat cannot see.
  if (game.resampler)
    if (const std::optional<IsmctsOptions> o = parse_ismcts(name))
      return make_ismcts_bot(*o, game.search);
  return nullptr;
}

std::string bot_names(const GameInfo& game) {
  std::string s;
  for (const auto& b : game.bots) s += std::string(b.name) + ", ";
  return s + (game.resampler ? "random, ismcts (or ismcts:ITERATIONS, ismcts:SECONDSs)" : "random");
}

}  // namespace parlour
