// Rum's options and presets, each option with its source.
#include "games/rum/bots.h"
#include "games/rum/state.h"
#include "rules_text.h"

namespace parlour::rum {
namespace {

const std::vector<OptionSpec>& specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> s = {
      {"going-out",
       T::kChoice,
       0,
       0,
       {"melds", "call"},
       0,
       "melds: melds and lay-offs go on the table, and a player goes out with his last card; "
       "call: nothing is melded on the table, and a player calls \"Rummy\" when his unmatched "
       "cards count call-at or less",
       "The U.S. Playing Card Company's rules, Rummy (Rum); Encyclopaedia Britannica, 14th ed. "
       "(1929), \"Rummy or Rum\": \"Rummy\" called \"when the unmatched cards count 7 or less\"",
       "Going out"},
      {"packs",
       T::kInt,
       1,
       2,
       {},
       1,
       "packs of 52 shuffled together",
       "The U.S. Playing Card Company's rules: one pack; Encyclopaedia Britannica (1929): two "
       "full packs",
       "Packs"},
      {"ace",
       T::kChoice,
       0,
       0,
       {"low", "high-or-low"},
       0,
       "low: A 2 3 is a sequence, Q K A is not; high-or-low: both are (never K A 2)",
       "The U.S. Playing Card Company's rules: the ace low; high-or-low: a common variant "
       "(pagat.com, "
       "Rummy)",
       "The ace"},
      {"rummy-double",
       T::kChoice,
       0,
       0,
       {"on", "off"},
       0,
       "on: a player who goes out in one turn, having melded nothing before, is paid double",
       "The U.S. Playing Card Company's rules: going out all at once (\"rummy\") is paid double",
       "Rummy paid double"},
      {"call-at",
       T::kInt,
       1,
       100,
       {},
       7,
       "with going-out=call: the most the unmatched cards may count when \"Rummy\" is called",
       "Encyclopaedia Britannica, 14th ed. (1929): \"when the unmatched cards count 7 or less\", "
       "as played in England",
       "Rummy called at"},
      {"deals",
       T::kInt,
       0,
       1000,
       {},
       0,
       "the deals of a match; 0: one round, each player dealing once",
       "Foster's Cooncan (1913), for four or five: \"one round of deals is a game\"",
       "Deals"},
  };
  return s;
}

Status validate(const Config& c) {
  const int packs = c.options.get("packs");
  // D2's hands: 10 for two, 7 for three or four, 6 for five or six; with
  // two packs (D1) seven each, for three to five.
  if (packs == 2 && (c.players < 3 || c.players > 5))
    return Status::error("Rum with two packs (the 1929 game) is for 3 to 5 players, not " +
                         std::to_string(c.players));
  return {};
}

}  // namespace

Rules Rules::from(const Config& c) {
  const Options& o = c.options;
  Rules r;
  r.players = c.players;
  r.going_out = GoingOut(o.get("going-out"));
  r.packs = o.get("packs");
  r.ace_high_too = o.get("ace") == 1;
  r.rummy_double = o.get("rummy-double") == 0;
  r.call_at = o.get("call-at");
  r.deals = o.get("deals");
  r.hand_size = r.packs == 2 || r.going_out == GoingOut::kCall ? 7
                : r.players == 2                               ? 10
                : r.players <= 4                               ? 7
                                                               : 6;
  return r;
}

GameInfo game_info() {
  GameInfo g;
  g.name = "rum";
  g.title = "Rum (Rummy)";
  g.summary =
      "the basic negative Rummy: draw, meld, lay off, discard; out with the last card, the "
      "others paying for what they hold";
  g.rules = kRulesText;
  g.min_players = 2, g.max_players = kMaxPlayers, g.default_players = 4;
  g.options = specs();
  g.presets = {
      {"rum",
       "Rum as the U.S. Playing Card Company's rules have it: one pack, melds on the table",
       {},
       2,
       kMaxPlayers,
       4},
      {"rum-english-1929",
       "Rummy as played in England (Britannica, 1929): two packs, seven cards, \"Rummy\" called "
       "at seven or less",
       {{"packs", "2"}, {"going-out", "call"}},
       3,
       5,
       4},
  };
  g.bots = {{"heuristic",
             "takes the discard only to meld it; melds and lays off all it can, going out as soon "
             "as it can; discards its highest card that joins nothing (never the one it took); "
             "calls Rummy when it may",
             [] { return make_heuristic_bot(); }}};
  g.validate = validate;
  g.new_game = state_factory<RumState, Rules>();
  // Move::encode numbers actions for the config's largest hand; the cut's
  // zone shows only while cutting.
  g.bounds = [](const Config& c) {
    return Bounds{Move::actions(Rules::from(c).max_hand()), c.players + 4, 0};
  };
  g.recode = [](const Config& c) {
    return [hand = Rules::from(c).max_hand()](Action a) { return Move::recode(a, hand); };
  };
  g.resampler = &resampler();
  g.search = &search_hints();
  return g;
}

}  // namespace parlour::rum
