// Game-independent bots.
#pragma once

#include <memory>
#include <string_view>

#include "core/game.h"
#include "core/status.h"
#include "core/table.h"

namespace parlour {

// Picks uniformly among the legal choices of its view.
std::unique_ptr<Bot> make_random_bot();

// Whether make_bot(game, name) is make_random_bot()'s bot (no bot of the
// game's own by that name): a driver may then play it as a RandomPlayer
// (core/table.h), which draws the same actions without an Observation.
bool is_generic_random(const GameInfo& game, std::string_view name);

// The player for a seat that bot `name` plays, drawing on `rng`: a
// RandomPlayer where is_generic_random, else a BotPlayer of make_bot's bot.
// REQUIRES: check_bot(game, name) is OK.
std::unique_ptr<Player> make_bot_player(const GameInfo& game, std::string_view name, Rng rng);

// A bot by name: the game's own bots first, then "random", and for a game
// that can sample hidden cards "ismcts" (bots/ismcts.h). Null if unknown.
std::unique_ptr<Bot> make_bot(const GameInfo& game, std::string_view name);
// The bot names a game accepts, for error messages: "blind, random, ismcts ...".
std::string bot_names(const GameInfo& game);
// The same as a list of bare names (no settings): the game's own, "random",
// and "ismcts" where it can sample the hidden cards.
std::vector<std::string_view> bot_list(const GameInfo& game);
// Whether make_bot(game, name) makes a bot: OK, or an error that says what is
// wrong with `name` (an unknown name, a search budget that is not a number)
// and what the game accepts. Total: never throws.
[[nodiscard]] Status check_bot(const GameInfo& game, std::string_view name);

}  // namespace parlour
