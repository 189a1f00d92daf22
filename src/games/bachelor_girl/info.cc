// Bachelor Girl's options and presets, each option with its source.
#include "games/bachelor_girl/bachelor_girl.h"
#include "games/bachelor_girl/bots.h"
#include "games/bachelor_girl/state.h"
#include "rules_text.h"

namespace parlour::bachelor_girl {
namespace {

std::vector<OptionSpec> option_specs() {
  using T = OptionType;
  return {
      {"deck",
       T::kChoice,
       0,
       0,
       {"picture", "standard"},
       0,
       "the Old Maid picture deck (its Old Maid is the Bachelor Girl) or a standard pack less one "
       "queen",
       "seed 000: \"to be played with the same cards\" as the Old Maid game",
       "The pack"},
      {"removed",
       T::kChoice,
       0,
       0,
       {"clubs", "diamonds", "hearts", "spades"},
       0,
       "standard deck: the queen taken out; the queen of the same colour is the Bachelor Girl",
       "seed 001: \"a regular 52-card deck with one of the queens removed\"",
       "Queen taken out"},
      {"stuck",
       T::kChoice,
       0,
       0,
       {"lay", "draw", "pass"},
       0,
       "a player with no pair and nothing to take lays a card face up and draws, only draws, or "
       "passes",
       "our reading: seed 000 is silent on this case",
       "With no pair and nothing to take"},
      {"take",
       T::kChoice,
       0,
       0,
       {"all", "one"},
       0,
       "a player who can take takes every matching laid card, or one a turn",
       "seed 000: \"you take their cards and lay them with yours\"",
       "Taking laid cards"},
      {"handed",
       T::kChoice,
       0,
       0,
       {"pairs", "singles"},
       0,
       "cards handed to the winner pair up with the winner's single cards, or all count as singles",
       "our reading of seed 000: \"give the winner the cards remaining in their hands\"",
       "Cards handed to the winner"},
      {"target",
       T::kInt,
       10,
       1000,
       {},
       100,
       "points that win the game",
       "seed 000: \"The player getting 100 points first is the winner of the game.\"",
       "Points to win"},
      {"max-hands",
       T::kInt,
       1,
       500,
       {},
       30,
       "hands after which the highest score wins anyway",
       "our reading: a game must end even if nobody reaches the target",
       "Most hands"},
  };
}

const std::vector<OptionSpec>& specs() {
  static const std::vector<OptionSpec> s = option_specs();
  return s;
}

Status validate(const Config& c) {
  if (c.options.get("deck") == 0 && c.options.get("removed") != 0)
    return Status::error(
        "removed= chooses the queen taken out of a standard pack; it needs deck=standard");
  return {};
}

}  // namespace

const Resampler& resampler();  // resample.cc

Rules Rules::from(const Config& c) {
  const Options& o = c.options;
  Rules r;
  r.players = c.players;
  r.deck = DeckKind(o.get("deck"));
  r.removed = Suit(o.get("removed"));
  r.stuck = Stuck(o.get("stuck"));
  r.take = Take(o.get("take"));
  r.handed = Handed(o.get("handed"));
  r.target = o.get("target");
  r.max_hands = o.get("max-hands");
  for (Card c : r.deck_cards())
    if (!r.wild(c)) ++r.class_total[r.cls(c)];
  return r;
}

GameInfo game_info() {
  GameInfo g;
  g.name = "bachelor-girl";
  g.title = "Bachelor Girl";
  g.summary = "Lay pairs, take others' cards, and win the wild Bachelor Girl; first to 100";
  g.rules = kRulesText;
  g.min_players = 2, g.max_players = 8, g.default_players = 4;
  g.options = specs();
  g.presets = {
      {"bachelor-girl",
       "Bachelor Girl (1945) with the picture deck: the Old Maid is the wild Bachelor Girl",
       {},
       2,
       8,
       4},
      {"bachelor-girl-standard",
       "Bachelor Girl with a standard pack less the queen of clubs; the queen of spades is wild",
       {{"deck", "standard"}},
       2,
       8,
       4},
  };
  g.bots = {
      {"search", "samples the hidden cards from what it sees and plays each move out many times",
       [] { return make_search_bot(); },
       /*slow=*/true},
      {"greedy", "takes whatever it can and lays the card least likely to be taken",
       [] { return make_greedy_bot(); }}};
  g.validate = validate;
  g.new_game = state_factory<BachelorGirlState, Rules>();
  // Move::encode numbers the actions for the table; a hand, a row and a pile
  // a seat, and the stock.
  g.bounds = [](const Config& c) {
    return Bounds{Move::bound(Rules::from(c)), 3 * c.players + 1, 0};
  };
  g.recode = [](const Config& c) {
    return [r = Rules::from(c)](Action a) { return Move::recode(a, r); };
  };
  g.resampler = &resampler();
  g.timed_windows = true;
  return g;
}

}  // namespace parlour::bachelor_girl
