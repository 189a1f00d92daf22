// Chase the Ace's options and presets. Every default comes from seed 004
// (004_51e9d4c9f9ca782a.txt) and each option names its source.
#include "games/chase_the_ace/bots.h"
#include "games/chase_the_ace/chase_the_ace.h"
#include "games/chase_the_ace/state.h"
#include "rules_text.h"

namespace parlour::chase_the_ace {
namespace {

std::vector<OptionSpec> option_specs() {
  using T = OptionType;
  return {
      {"lives",
       T::kInt,
       1,
       20,
       {},
       3,
       "lives each player starts with; the lowest card of a round costs one",
       "seed 004: \"Play up to any agreed number of lives\" (three, as in Cassell's Ranter Go "
       "Round: \"three counters, or lives\")",
       "Lives"},
      {"dealer-king",
       T::kChoice,
       0,
       0,
       {"counts", "lowest", "keeps-own"},
       0,
       "a King the dealer cuts: counts as a King, counts lowest of all (only he loses a life), or "
       "is set aside and he keeps his own card",
       "seed 004: \"If the dealer rejects his card, and then cuts a King, it counts lowest of "
       "all, and only he loses a life\"; keeps-own: classic Le Her, and gamerules.com's Cuckoo "
       "(\"If they get a King from the stock they must keep their original card\")",
       "A King the dealer cuts"},
      {"draw",
       T::kChoice,
       0,
       0,
       {"cut", "top"},
       0,
       "the dealer replaces a rejected card by cutting the pack, or by taking its top card",
       "seed 004: \"cut a replacement from the pack\"; \"Some do not cut, but take the top card "
       "of the pack\"",
       "The dealer's new card"},
      {"announce",
       T::kBool,
       0,
       1,
       {},
       0,
       "a player passing an Ace, Two or Three to his right-hand neighbour says so, for all to hear",
       "seed 004: \"Some have a rule that a player passing an Ace, Two or Three to his "
       "right-hand neighbour must announce that fact\"",
       "Announce low cards passed"},
      {"call",
       T::kChoice,
       0,
       0,
       {"none", "cuckoo"},
       0,
       "what a player says when he refuses an exchange by showing a King",
       "seed 004: \"which he must then show (saying 'Cuckoo!' in some versions)\"",
       "Refusing with a King, say"},
      {"last-tie",
       T::kChoice,
       0,
       0,
       {"replay", "share"},
       0,
       "when everyone left would lose the last life in one round: the round does not count and "
       "is dealt again, or they go out together and share the win",
       "our reading: seed 004 is silent; both are among the rules gamerules.com gives for Cuckoo "
       "(\"The players retain their last life\"; \"The pot is split equally between the tied "
       "players\")",
       "Everyone left ties on the last life"},
  };
}

const std::vector<OptionSpec>& specs() {
  static const std::vector<OptionSpec> s = option_specs();
  return s;
}

std::vector<Preset> presets() {
  return {
      {"chase-the-ace",
       "Chase the Ace as Parlett gives it (seed 004): one card, keep or exchange, lowest loses a "
       "life",
       {},
       2,
       kMaxPlayers,
       5},
      {"cuckoo",
       "Cuckoo: a King shown in refusal calls \"Cuckoo!\", and a King the dealer cuts is void",
       {{"call", "cuckoo"}, {"dealer-king", "keeps-own"}},
       2,
       kMaxPlayers,
       5},
      {"ranter-go-round",
       "Ranter-go-Round, the Cornish name (Cassell's): the dealer takes the top card of "
       "the pack",
       {{"draw", "top"}},
       2,
       kMaxPlayers,
       5},
      {"chase-the-ace-announce",
       "Chase the Ace where a player passing an Ace, Two or Three to his right says so (seed 004)",
       {{"announce", "yes"}},
       2,
       kMaxPlayers,
       5},
      {"le-her",
       "Le Her: Chase the Ace for two; a King the dealer draws is void, as in the classic",
       {{"dealer-king", "keeps-own"}},
       2,
       2,
       2},
  };
}

}  // namespace

Rules Rules::from(const Config& c) {
  const Options& o = c.options;
  Rules r;
  r.players = c.players;
  r.lives = o.get("lives");
  r.dealer_king = DealerKing(o.get("dealer-king"));
  r.draw = Draw(o.get("draw"));
  r.announce = o.flag("announce");
  r.cuckoo = o.get("call") == 1;
  r.last_tie = LastTie(o.get("last-tie"));
  return r;
}

GameInfo game_info() {
  GameInfo g;
  g.name = "chase-the-ace";
  g.title = "Chase the Ace";
  g.summary = "One card each: keep it or make your neighbour swap; the lowest card loses a life";
  g.rules = kRulesText;
  g.min_players = 2, g.max_players = kMaxPlayers, g.default_players = 5;
  g.options = specs();
  g.presets = presets();
  g.bots = {{"equilibrium",
             "heads-up, plays Le Her's exact equilibrium, computed from the rules by linear "
             "programming; with more players, plays as the heuristic bot",
             [] { return make_equilibrium_bot(); }},
            {"heuristic",
             "keeps a card when the chance of its being lowest, from the cards it has seen and "
             "the players left, beats what an exchange or a cut would give",
             [] { return make_heuristic_bot(); }}};
  g.new_game = state_factory<ChaseState, Rules>();
  // encode(Move): the four moves 0-3; a hand a seat and two piles.
  g.bounds = [](const Config& c) { return Bounds{4, c.players + 2, 0}; };
  g.resampler = &resampler();
  g.search = &search_hints();
  g.fairness = {
      {"usual", "a King the dealer cuts counts as a King (usual)", {}, 2, kMaxPlayers, 5},
      {"king-lowest",
       "a King the dealer cuts counts lowest",
       {{"dealer-king", "lowest"}},
       2,
       kMaxPlayers,
       5},
      {"king-void",
       "a King the dealer cuts is void",
       {{"dealer-king", "keeps-own"}},
       2,
       kMaxPlayers,
       5},
      {"announce", "low cards passed are announced", {{"announce", "yes"}}, 2, kMaxPlayers, 5},
  };
  return g;
}

}  // namespace parlour::chase_the_ace
