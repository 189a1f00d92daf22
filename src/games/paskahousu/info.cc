// Paskahousu's options and presets, each option with its source.
#include "games/paskahousu/bots.h"
#include "games/paskahousu/paskahousu.h"
#include "games/paskahousu/state.h"
#include "rules_text.h"

namespace parlour::paskahousu {
namespace {

const std::vector<OptionSpec>& specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> s = {
      {"refill",
       T::kChoice,
       0,
       0,
       {"no", "five"},
       0,
       "whether a player draws back up to five cards after each turn while the stock lasts",
       "seed 004 draws only \"instead of playing\"; five is the usual Finnish rule as Wikipedia's "
       "Paskahousu gives it after pagat.com: \"If a player has fewer than five cards in his hand, "
       "he must take cards from the stock so that he has five\"",
       "Drawing back up to five"},
      {"challengers",
       T::kChoice,
       0,
       0,
       {"any", "next"},
       0,
       "who may challenge a play before it is covered: any other player still in play, or only "
       "the next in turn",
       "seed 004: \"they may be challenged\" (by whom it does not say); Wikipedia's Valepaska: "
       "\"plays may be challenged by any other player\"; next: as the same book's Verish' Ne "
       "Verish' has it, \"Only the person in turn to play may challenge\"",
       "Who may challenge"},
      {"max-turns",
       T::kInt,
       50,
       100000,
       {},
       1000,
       "turns after which the game stops, the player holding most being the Paskahousu",
       "our reading: a game must end even if the players never run out",
       "Most turns"},
  };
  return s;
}

}  // namespace

Rules Rules::from(const Config& c) {
  const Options& o = c.options;
  Rules r;
  r.players = c.players;
  r.refill = o.get("refill") == 1;
  r.challengers = Challengers(o.get("challengers"));
  r.max_turns = o.get("max-turns");
  return r;
}

GameInfo game_info() {
  GameInfo g;
  g.name = "paskahousu";
  g.title = "Paskahousu";
  g.summary =
      "Play face down, calling ranks that climb, clear the pile with a Ten or an Ace, and don't "
      "be the last with cards";
  g.rules = kRulesText;
  // "3 or more players (4-5 best)": five cards each from 52 seats ten at most.
  g.min_players = 3, g.max_players = kMaxPlayers, g.default_players = 4;
  g.options = specs();
  g.presets = {
      {"paskahousu",
       "Paskahousu as Parlett gives it: draw from the stock only instead of playing",
       {},
       3,
       kMaxPlayers,
       4},
      {"paskahousu-refill",
       "Paskahousu drawing back up to five cards after each turn while the stock lasts",
       {{"refill", "five"}},
       3,
       kMaxPlayers,
       4},
      {"paskahousu-next",
       "Paskahousu where only the next in turn may challenge",
       {{"challengers", "next"}},
       3,
       kMaxPlayers,
       4},
  };
  g.bots = {{"sharp",
             "plays the truth when it can, lies with one card or draws when it must, uses Tens, "
             "Aces and Twos, and challenges on evidence",
             [] { return make_sharp_bot(); }}};
  g.new_game = state_factory<PaskahousuState, Rules>();
  // Move::encode: the last code is kPass's 163.
  g.bounds = [](const Config& c) { return Bounds{164, c.players + 5, 0}; };
  g.resampler = &resampler();
  g.timed_windows = true;
  g.search = &search_hints();
  return g;
}

}  // namespace parlour::paskahousu
