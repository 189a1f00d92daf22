// Cheat's options and presets, each option with its source.
#include "games/cheat/bots.h"
#include "games/cheat/cheat.h"
#include "games/cheat/state.h"
#include "rules_text.h"

namespace parlour::cheat {
namespace {

const std::vector<OptionSpec>& specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> s = {
      {"packs",
       T::kChoice,
       0,
       0,
       {"auto", "1", "2"},
       0,
       "packs shuffled together; auto uses two above six players",
       "seed 004: \"3 or more players, 52 or 104 cards\" (our reading: two packs from seven "
       "players)",
       "Packs"},
      {"sequence",
       T::kChoice,
       0,
       0,
       {"up", "down", "next", "higher-or-lower"},
       0,
       "the ranks called: up from Aces to Kings and round again; down; the same, one higher or "
       "one lower than the last call (next); or one higher or one lower, never the same "
       "(higher-or-lower)",
       "seed 004: \"says 'Aces'. The next ... 'Twos' ... Some play that the sequence runs "
       "downwards ... some that the next in turn may call the next higher or lower rank (e.g. "
       "A-K-A-2-3-2 etc.)\"; next: ravenblack.net/games/cheat.html, \"up-one, down-one or the "
       "same as the previous play\"",
       "Ranks are called"},
      {"numbers",
       T::kChoice,
       0,
       0,
       {"unstated", "stated"},
       0,
       "whether a call states how many cards were played (and may lie about it): the others "
       "see the number stated, not the cards",
       "seed 004: \"Some play that the number of discards must be stated (e.g. 'Three Aces') and "
       "that cheating may be "
       "attempted by calling a false number\"",
       "The number of cards"},
      {"max-turns",
       T::kInt,
       50,
       100000,
       {},
       1000,
       "plays after which the game stops, the fewest cards winning",
       "our reading: a game must end even if nobody goes out",
       "Most plays"},
  };
  return s;
}

}  // namespace

Rules Rules::from(const Config& c) {
  const Options& o = c.options;
  Rules r;
  r.players = c.players;
  const int packs = o.get("packs");
  r.packs = packs == 0 ? (c.players > 6 ? 2 : 1) : packs;
  r.sequence = Sequence(o.get("sequence"));
  r.stated = o.get("numbers") == 1;
  r.max_turns = o.get("max-turns");
  return r;
}

GameInfo game_info() {
  GameInfo g;
  g.name = "cheat";
  g.title = "Cheat";
  g.summary = "Play cards face down as the rank in turn, lie when you must, and call \"Cheat!\"";
  g.rules = kRulesText;
  g.min_players = 3, g.max_players = 12, g.default_players = 4;
  g.options = specs();
  g.presets = {
      {"cheat",
       "Cheat (I Doubt): Aces, Twos, Threes... in turn; anyone may call \"Cheat!\"",
       {},
       3,
       12,
       4},
      {"cheat-down",
       "Cheat with the ranks called downwards: Aces, Kings, Queens...",
       {{"sequence", "down"}},
       3,
       12,
       4},
      {"cheat-next",
       "Cheat where each call is one rank higher or one lower than the last",
       {{"sequence", "higher-or-lower"}},
       3,
       12,
       4},
      {"cheat-counted",
       "Cheat where the number of cards is stated, and may be a lie",
       {{"numbers", "stated"}},
       3,
       12,
       4},
  };
  g.bots = {
      {"sharp",
       "plays the truth when it can, lies with one card when it must, and calls Cheat on evidence",
       [] { return make_sharp_bot(); }}};
  g.new_game = state_factory<CheatState, Rules>();
  // Move::encode: the last code is kPass's 1001.
  g.bounds = [](const Config& c) { return Bounds{1002, c.players + 3, 0}; };
  g.resampler = &resampler();
  g.timed_windows = true;
  g.search = &search_hints();
  return g;
}

}  // namespace parlour::cheat
