// Polignac's options and presets, each option with its source.
#include "games/polignac/bots.h"
#include "games/polignac/polignac.h"
#include "games/polignac/state.h"
#include "rules_text.h"

namespace parlour::polignac {
namespace {

const std::vector<OptionSpec>& specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> s = {
      {"pack",
       T::kChoice,
       0,
       0,
       {"piquet", "full"},
       0,
       "piquet: the 32-card piquet pack (seven to ace), the black sevens out unless four or "
       "eight play, all four sevens out for seven; full: the 52-card pack, its lowest cards "
       "(twos, then threes) out so that it deals evenly",
       "seed 003 names no pack; Wikipedia, \"Polignac (card game)\": \"played with a Piquet "
       "pack of 32 cards. However, unless four play, remove the black Sevens\" and \"sometimes "
       "played as a party game with the 52-card pack\"; seven players without the sevens: "
       "Boussac, Encyclopédie des jeux de cartes (1896), pp. 184-186",
       "Pack"},
      {"ace",
       T::kChoice,
       0,
       0,
       {"high", "below-jack"},
       0,
       "where the ace ranks in a suit: high, above the king; or below the jack, K Q J A 10 9 8 7",
       "seed 003 says only \"The highest card played\"; the Hoyle-style accounts rank the ace "
       "high; Wikipedia, \"Polignac (card game)\", and Boussac, Encyclopédie des jeux de cartes "
       "(1896), rank it below the jack: K Q J A 10 9 8 7",
       "The ace ranks"},
      {"capot",
       T::kBool,
       0,
       1,
       {},
       0,
       "before the first lead a player may announce capot, that he will take every trick: made, "
       "he pays nothing and each other pays five; failed, he pays five and his Jacks",
       "seed 003: \"The game is sometimes varied by adding a general, or capot. Any player who "
       "thinks he can win all the tricks announces capot before the first card is led. If he is "
       "successful he loses nothing; but each of the others must pay five counters into the "
       "pool\"; what a failed capot pays is our reading (the seed is silent)",
       "Capot (general)"},
      {"deals",
       T::kInt,
       0,
       40,
       {},
       0,
       "deals in a match, the deal passing to the left (0: one deal each)",
       "pokerwiner.com, Polignac (after Hoyle): \"play a pre-arranged number of deals (that "
       "should be a multiple of four) and he who loses the least number of points is the "
       "winner\"; Wikipedia: \"The turn to deal and play passes always to the left\"",
       "Deals"},
      {"limit",
       T::kInt,
       0,
       100,
       {},
       0,
       "the match also ends after the deal in which a player has paid this many counters into "
       "the pool (0: no limit)",
       "Wikipedia, \"Polignac (card game)\": \"The first player to reach an agreed total of "
       "penalties, which may be 10 or 20 points, then loses the game\"",
       "Limit"},
      {"counters",
       T::kInt,
       0,
       200,
       {},
       20,
       "counters each player holds at the start (a balance may fall below nothing: it is owed)",
       "our reading: seed 003 pays counters into a pool and is silent on how many each holds; "
       "Boussac (1896): \"The game is played in ten, fifteen or twenty tokens\"",
       "Counters"},
  };
  return s;
}

Status validate(const Config& c) {
  if (c.players < kMinPlayers || c.players > kMaxPlayers)
    return Status::error("Polignac is for 3 to 8 players, not " + std::to_string(c.players));
  return {};
}

}  // namespace

Rules Rules::from(const Config& c) {
  const Options& o = c.options;
  Rules r;
  r.players = c.players;
  r.pack = Pack(o.get("pack"));
  r.capot = o.flag("capot");
  r.deals = o.get("deals") > 0 ? o.get("deals") : c.players;
  r.limit = o.get("limit");
  r.counters = o.get("counters");
  r.ace = o.get("ace") == 1 ? kit::AceRank::kBelowJack : kit::AceRank::kHigh;
  r.hand = static_cast<int>(r.cards().size()) / r.players;
  return r;
}

GameInfo game_info() {
  GameInfo g;
  g.name = "polignac";
  g.title = "Polignac";
  g.summary = "Avoid taking tricks with Jacks in them, above all the Jack of spades, Polignac";
  g.rules = kRulesText;
  g.min_players = kMinPlayers, g.max_players = kMaxPlayers, g.default_players = 4;
  g.options = specs();
  g.presets = {
      {"polignac",
       "Polignac: the piquet pack, one deal each, a counter a Jack taken, two for Polignac",
       {},
       kMinPlayers,
       kMaxPlayers,
       4},
      {"polignac-capot",
       "Polignac with the general, or capot: announce that you will take every trick",
       {{"capot", "yes"}},
       kMinPlayers,
       kMaxPlayers,
       4},
      {"polignac-twenty",
       "Polignac until someone has paid twenty counters (at most forty deals), with capot",
       {{"capot", "yes"}, {"deals", "40"}, {"limit", "20"}},
       kMinPlayers,
       kMaxPlayers,
       4},
      {"polignac-party",
       "Polignac as a party game with the 52-card pack",
       {{"pack", "full"}},
       kMinPlayers,
       kMaxPlayers,
       5},
      {"polignac-boussac",
       "Polignac as Boussac ranks the cards: K Q J A 10 9 8 7",
       {{"ace", "below-jack"}},
       kMinPlayers,
       kMaxPlayers,
       4},
  };
  g.bots = {{"heuristic",
             "keeps out of tricks holding Jacks: ducks under the card winning, throws its Jacks "
             "(Polignac first) on others' tricks, leads low; announces capot only when sure",
             [] { return make_heuristic_bot(); }},
            kit::dd_sample_spec(
                "for each card, deals the unseen cards anew as its view allows, solves each "
                "deal double dummy with every other player against it, and plays the card "
                "that takes the fewest Jacks' counters on average",
                make_dd_sample_bot)};
  g.validate = validate;
  g.new_game = state_factory<PolignacState, Rules>();
  // Move::encode: cards below 52, capot 100, pass 101.
  g.bounds = [](const Config& c) { return Bounds{102, 2 * c.players + 3, 0}; };
  g.resampler = &resampler();
  g.search = &search_hints();
  g.double_dummy = &double_dummy();
  return g;
}

}  // namespace parlour::polignac
