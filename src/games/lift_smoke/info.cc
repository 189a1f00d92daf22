// Lift Smoke's player counts, option and presets, with their sources.
#include "games/lift_smoke/bots.h"
#include "games/lift_smoke/lift_smoke.h"
#include "games/lift_smoke/state.h"
#include "rules_text.h"

namespace parlour::lift_smoke {
namespace {

const std::vector<OptionSpec>& specs() {
  static const std::vector<OptionSpec> s = {
      {"trump-card",
       OptionType::kChoice,
       0,
       0,
       {"aside", "dealer"},
       0,
       "the card turned for trumps: aside, the next card after the deal, set aside out of play; "
       "dealer, the dealer's last card, which he keeps",
       "aside: the Linger Longer accounts (Denexa), the top card of the stock \"determines trump "
       "and is not used in the game\"; dealer: Hoyle (pokerwiner.com, \"Lift Smoke\"), \"The "
       "last card dealt to the dealer is turned up to establish the trump suit\"",
       "The card turned for trumps"},
  };
  return s;
}

Status validate(const Config& c) {
  if (c.players < kMinPlayers || c.players > kMaxPlayers)
    return Status::error("Lift Smoke is for 2 to 7 players, not " + std::to_string(c.players));
  return {};
}

}  // namespace

Rules Rules::from(const Config& c) {
  Rules r;
  r.players = c.players;
  r.dealer_keeps_trump = c.options.get("trump-card") == 1;
  return r;
}

GameInfo game_info() {
  GameInfo g;
  g.name = "lift-smoke";
  g.title = "Lift Smoke";
  g.summary = "Win tricks to draw from the stock: whoever runs out of cards drops out";
  g.rules = kRulesText;
  g.options = specs();
  g.min_players = kMinPlayers, g.max_players = kMaxPlayers, g.default_players = 4;
  g.presets = {
      {"lift-smoke",
       "Lift Smoke: as many cards as players, a card turned for trumps, the winner of each trick "
       "draws; the last with cards wins",
       {},
       kMinPlayers,
       kMaxPlayers,
       4},
      {"lift-smoke-hoyle",
       "Lift Smoke as Hoyle gives it: four to six players, the dealer keeps the card he turns "
       "for trumps",
       {{"trump-card", "dealer"}},
       4,
       6,
       4},
  };
  g.bots = {{"heuristic",
             "plays to win tricks, and so draw: leads its surest card, wins as cheaply as it can, "
             "and throws its least card when it cannot win",
             [] { return make_heuristic_bot(); }},
            kit::dd_sample_spec(
                "for each card, deals the unseen cards and the stock anew as its view allows, "
                "searches each deal to the end with every other player against it, and plays "
                "the card that outlasts the others in the most deals",
                make_dd_sample_bot)};
  g.validate = validate;
  g.new_game = state_factory<LiftSmokeState, Rules>();
  // Move::encode: a card's index.
  g.bounds = [](const Config& c) { return Bounds{52, c.players + 4, 0}; };
  g.resampler = &resampler();
  g.search = &search_hints();
  return g;
}

}  // namespace parlour::lift_smoke
