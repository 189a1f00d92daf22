// Bridge-Whist's options and presets, each option with its source.
#include "games/bridge_whist/bots.h"
#include "games/bridge_whist/state.h"
#include "rules_text.h"

namespace parlour::bridge_whist {
namespace {

const std::vector<OptionSpec>& specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> s = {
      {"chicane",
       T::kChoice,
       0,
       0,
       {"american", "english", "off"},
       0,
       "a hand dealt no trump: american, worth simple honours to its side, or taken from the "
       "adversaries' honours, double chicane four honours; english, twice a trick's value to "
       "its side; off, nothing",
       "American laws (Bridge Axioms and Laws): chicane \"is equal in value to simple honors\", "
       "double chicane to four honours; Hoffmann, Hoyle's Games Modernized (1909), Bridge: "
       "chicane scores twice the value of a trick",
       "Chicane"},
      {"double-limit",
       T::kInt,
       2,
       10000,
       {},
       100,
       "the most a trick over six may be worth after doubling: a double that would pass it is "
       "not allowed",
       "our limit, so that every deal ends: the laws let each side double in turn without end "
       "(American laws: \"the adversaries shall have the right to again double\"); the period "
       "clubs set limits of their own",
       "Doubling stops at (a trick)"},
      {"scope",
       T::kChoice,
       0,
       0,
       {"rubber", "deal"},
       0,
       "rubber: play to two games won of three, as the seed has it; deal: one deal scored alone, "
       "without games or rubber, for analysis and bots' tests",
       "seed 003: \"Three games, of 30 points each, constitute a rubber\"; deal: ours",
       "Play"},
  };
  return s;
}

Status validate(const Config& c) {
  if (c.players != kPlayers)
    return Status::error("Bridge is for 4 players (two partnerships), not " +
                         std::to_string(c.players));
  return {};
}

}  // namespace

Rules Rules::from(const Config& c) {
  const Options& o = c.options;
  Rules r;
  r.players = c.players;
  r.chicane = Chicane(o.get("chicane"));
  r.double_limit = o.get("double-limit");
  r.scope = Scope(o.get("scope"));
  return r;
}

GameInfo game_info() {
  GameInfo g;
  g.name = "bridge-whist";
  g.title = "Bridge (Bridge-Whist)";
  g.summary =
      "Bridge as played about 1900: the dealer or his partner makes the trump, dummy lies face "
      "up, a rubber of games of 30";
  g.rules = kRulesText;
  g.min_players = kPlayers, g.max_players = kPlayers, g.default_players = kPlayers;
  g.options = specs();
  g.presets = {
      {"bridge-whist",
       "Bridge-Whist by the rubber, American chicane, doubling up to 100 a trick",
       {},
       kPlayers,
       kPlayers,
       kPlayers},
      {"bridge-whist-english",
       "Bridge-Whist with the English club code's chicane, twice a trick's value",
       {{"chicane", "english"}},
       kPlayers,
       kPlayers,
       kPlayers},
  };
  g.bots = {{"heuristic",
             "makes the trump by its sure tricks and the points its side needs for game (passes a "
             "weak hand; as a partner, the forced make of the old Dummy Bridge); doubles on sure "
             "tricks; leads its longest suit, second hand low, third hand high",
             [] { return make_heuristic_bot(); }},
            kit::dd_sample_spec(
                "plays each card by double-dummy sampling: deals the unseen cards anew up to 24 "
                "times as its view allows, solves each deal and plays the card that takes its side "
                "the most tricks on average (at most 3,000,000 positions searched a card, about 1 "
                "s: the same cards on any machine); makes and doubles as the heuristic",
                make_dd_sample_bot)};
  g.validate = validate;
  g.new_game = state_factory<BridgeWhistState, Rules>();
  // Move::encode: cards below 52, makes 60-64, pass 66, double 70, content 71.
  g.bounds = [](const Config&) { return Bounds{72, 8, 0}; };
  // Partners sit opposite (S1): seats 0 and 2 against 1 and 3.
  g.sides = [](int players) {
    std::vector<int> side(static_cast<std::size_t>(players));
    for (int s = 0; s < players; ++s) side[static_cast<std::size_t>(s)] = side_of(s);
    return side;
  };
  g.resampler = &resampler();
  g.search = &search_hints();
  g.double_dummy = &double_dummy();
  return g;
}

}  // namespace parlour::bridge_whist
