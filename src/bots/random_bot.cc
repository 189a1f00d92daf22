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

namespace {
// The settings of a game's own bot named "NAME:SETTINGS", if `name` is one.
std::optional<std::string_view> settings_of(const BotSpec& b, std::string_view name) {
  if (!b.make_with || name.size() <= b.name.size() + 1 || !name.starts_with(b.name) ||
      name[b.name.size()] != ':')
    return std::nullopt;
  return name.substr(b.name.size() + 1);
}
}  // namespace

bool is_generic_random(const GameInfo& game, std::string_view name) {
  if (name != "random") return false;
  for (const auto& b : game.bots)
    if (b.name == name || settings_of(b, name)) return false;
  return true;
}

std::unique_ptr<Player> make_bot_player(const GameInfo& game, std::string_view name, Rng rng) {
  if (is_generic_random(game, name)) return std::make_unique<RandomPlayer>(rng);
  return std::make_unique<BotPlayer>(make_bot(game, name), game.resampler, rng);
}

std::unique_ptr<Bot> make_bot(const GameInfo& game, std::string_view name) {
  for (const auto& b : game.bots) {
    if (b.name == name) return b.make();
    if (const auto settings = settings_of(b, name)) {
      Result<std::unique_ptr<Bot>> made = b.make_with(*settings);
      return made.ok() ? std::move(*made) : nullptr;
    }
  }
  if (name == "random") return make_random_bot();
  // Search needs to sample what a seat cannot see.
  if (game.resampler)
    if (const std::optional<IsmctsOptions> o = parse_ismcts(name))
      return make_ismcts_bot(*o, game.search);
  return nullptr;
}

std::string bot_names(const GameInfo& game) {
  std::string s;
  for (const auto& b : game.bots)
    s += std::string(b.name) + (b.settings.empty() ? "" : " (or " + std::string(b.settings) + ")") +
         ", ";
  return s + (game.resampler ? "random, ismcts (or ismcts:ITERATIONS, ismcts:SECONDSs)" : "random");
}

std::vector<std::string_view> bot_list(const GameInfo& game) {
  std::vector<std::string_view> out;
  for (const auto& b : game.bots) out.push_back(b.name);
  out.push_back("random");
  if (game.resampler) out.push_back("ismcts");
  return out;
}

Status check_bot(const GameInfo& game, std::string_view name) {
  for (const auto& b : game.bots) {
    if (b.name == name) return Status();
    if (const auto settings = settings_of(b, name)) {
      Result<std::unique_ptr<Bot>> made = b.make_with(*settings);
      return made.ok() ? Status() : made.status();
    }
  }
  if (name == "random") return Status();
  if (name == "ismcts" || name.starts_with("ismcts:")) {
    if (!game.resampler)
      return Status::error(std::string(game.title) +
                           " has no search bot (it cannot deal the hidden cards anew); its bots: " +
                           bot_names(game));
    if (Result<IsmctsOptions> o = read_ismcts(name); !o.ok()) return o.status();
    return Status();
  }
  std::string shown(name.substr(0, 40));
  for (char& c : shown)
    if (static_cast<unsigned char>(c) < 32) c = '?';
  return Status::error("unknown bot \"" + shown + "\"; " + std::string(game.title) +
                       "'s bots: " + bot_names(game));
}

}  // namespace parlour
