// Lift Smoke's player counts and preset, with their sources.
#include "games/lift_smoke/bots.h"
#include "games/lift_smoke/lift_smoke.h"
#include "games/lift_smoke/state.h"
#include "rules_text.h"

namespace parlour::lift_smoke {
namespace {

Status validate(const Config& c) {
  if (c.players < kMinPlayers || c.players > kMaxPlayers)
    return Status::error("Lift Smoke is for 2 to 7 players, not " + std::to_string(c.players));
  return {};
}

}  // namespace

Rules Rules::from(const Config& c) {
  Rules r;
  r.players = c.players;
  return r;
}

GameInfo game_info() {
  GameInfo g;
  g.name = "lift-smoke";
  g.title = "Lift Smoke";
  g.summary = "Win tricks to draw from the stock: whoever runs out of cards drops out";
  g.rules = kRulesText;
  g.min_players = kMinPlayers, g.max_players = kMaxPlayers, g.default_players = 4;
  g.presets = {
      {"lift-smoke",
       "Lift Smoke: as many cards as players, a card turned for trumps, the winner of each trick "
       "draws; the last with cards wins",
       {},
       kMinPlayers,
       kMaxPlayers,
       4},
  };
  g.bots = {{"heuristic",
             "plays to win tricks, and so draw: leads its surest card, wins as cheaply as it can, "
             "and throws its least card when it cannot win",
             [] { return make_heuristic_bot(); }}};
  g.validate = validate;
  g.new_game = state_factory<LiftSmokeState, Rules>();
  g.resampler = &resampler();
  g.search = &search_hints();
  return g;
}

}  // namespace parlour::lift_smoke
