// The registry of games: the one global of the core. Games are added before
// any lookup, by the registration list the build writes from the folders
// under src/games (register_all_games in games/registry.h).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace parlour {

// Adds a game after checking what it declares: its name (unique among games
// and presets), player range, options (each with a label, help and source),
// presets and fairness variants (each a valid config), bots, and that its
// optional capabilities fit together. Fills GameInfo::cards if unset. An
// error names the game and the problem; nothing is added then.
[[nodiscard]] Status register_game(GameInfo info);
std::span<const GameInfo> games();
const GameInfo* find_game(std::string_view name);

// A name that `parlour play` takes: a preset of some game, or a game itself
// (then with its default options). preset is null for a bare game name.
struct Selection {
  const GameInfo* game = nullptr;
  const Preset* preset = nullptr;
  std::string_view name() const { return preset ? preset->name : game->name; }
};
Result<Selection> select(std::string_view name);

// Builds and validates a config: the preset's settings, then `assignments`
// ("key=value") over them; players defaults to the preset's or game's default.
// Errors name the problem and what is accepted.
Result<Config> make_config(const Selection& sel, std::optional<int> players,
                           std::span<const std::string> assignments);

// Every name `play` takes, in listing order.
std::vector<Selection> all_selections();

}  // namespace parlour
