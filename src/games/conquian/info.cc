// Conquian's options and presets, each option with its source.
#include "games/conquian/bots.h"
#include "games/conquian/state.h"
#include "rules_text.h"

namespace parlour::conquian {
namespace {

const std::vector<OptionSpec>& specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> s = {
      {"pack",
       T::kChoice,
       0,
       0,
       {"spanish", "ace-to-ten"},
       0,
       "spanish: A-7 and J Q K, the 7 next to the jack in sequence; ace-to-ten: A to 10, the "
       "court cards thrown out",
       "Foster's Complete Hoyle (1897), Conquian: the Spanish pack of 40 cards, the 8 9 10 of "
       "each suit deleted; \"in America\" a pack of ace to ten; Foster's Cooncan (1913): ace to "
       "ten",
       "Pack"},
      {"names",
       T::kChoice,
       0,
       0,
       {"french", "spanish"},
       0,
       "how the cards are named in the story: french (the ranks and suits of the usual pack), or "
       "spanish (1-7, sota, caballo, rey; oros, copas, espadas, bastos); the cards are the same",
       "Foster's Complete Hoyle (1897): the Spanish pack; our display option",
       "Card names"},
      {"deal-by",
       T::kChoice,
       0,
       0,
       {"1", "2"},
       0,
       "ten cards each, dealt one at a time or two at a time",
       "pagat.com, Conquian: dealt one at a time; Foster's Cooncan (1913): two at a time",
       "Deal by"},
      {"forcing",
       T::kChoice,
       0,
       0,
       {"on", "off"},
       0,
       "on: a card that fits the other player's melds, the player it is offered to may make him "
       "add it and then discard",
       "The U.S. Playing Card Company's rules, Conquian: a player may be forced to take a card "
       "that fits his melds",
       "Forcing"},
      {"stake",
       T::kInt,
       1,
       1000,
       {},
       1,
       "counters the loser of a deal pays the winner",
       "Foster's Complete Hoyle (1897): each deal is a game, and the loser pays one counter",
       "Stake (counters)"},
      {"tableau",
       T::kChoice,
       0,
       0,
       {"pool", "carry", "none"},
       0,
       "a deal the stock runs out on: pool, each puts the stake into a pool the winner of the "
       "next deal takes, and so on over successive tableaux; carry, the next deal's winner is "
       "paid its stake once more for each; none, nobody pays",
       "Foster's Complete Hoyle (1897): a tableau puts a counter each into a pool for the winner "
       "of the next game; Foster's Cooncan (1913): it \"goes to the winner of the next game\"",
       "A tableau"},
      {"deals",
       T::kInt,
       1,
       1000,
       {},
       10,
       "the deals of a match",
       "ours: each deal is a game (Foster's Complete Hoyle, 1897); a sitting of ten",
       "Deals"},
  };
  return s;
}

}  // namespace

Rules Rules::from(const Config& c) {
  const Options& o = c.options;
  Rules r;
  r.players = c.players;
  r.pack = Pack(o.get("pack"));
  r.names = Names(o.get("names"));
  r.deal_by = o.get("deal-by") + 1;
  r.forcing = o.get("forcing") == 0;
  r.stake = o.get("stake");
  r.tableau = Tableau(o.get("tableau"));
  r.deals = o.get("deals");
  return r;
}

GameInfo game_info() {
  GameInfo g;
  g.name = "conquian";
  g.title = "Conquian";
  g.summary =
      "the oldest Rummy: meld the faced card or pass it, never take it in hand; eleven cards "
      "down wins the deal";
  g.rules = kRulesText;
  g.min_players = 2, g.max_players = kMaxPlayers, g.default_players = 2;
  g.options = specs();
  g.presets = {
      {"conquian",
       "Conquian with the Spanish pack, a counter a deal, a pool for tableaux",
       {},
       2,
       kMaxPlayers,
       2},
      {"cooncan",
       "Foster's Cooncan (1913) for two: ace to ten, dealt two at a time, a tableau to the next "
       "winner",
       {{"pack", "ace-to-ten"}, {"deal-by", "2"}, {"tableau", "carry"}},
       2,
       2,
       2},
  };
  g.bots = {{"heuristic",
             "melds whenever it can, the most cards it can; keeps the cards that join others and "
             "discards the one least likely to help, never one the other player's melds take; "
             "forces a card on a player left with two cards or fewer",
             [] { return make_heuristic_bot(); }}};
  g.validate = [](const Config&) { return Status(); };
  g.new_game = state_factory<ConquianState, Rules>();
  // Move::encode: melds are masks of the hand's ten cards (below 1024),
  // discards 1100 + position, pass 1200, force 1201.
  g.bounds = [](const Config& c) { return Bounds{1202, 4 * c.players + 4, 0}; };
  g.resampler = &resampler();
  g.search = &search_hints();
  return g;
}

}  // namespace parlour::conquian
