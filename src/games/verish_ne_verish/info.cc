// Verish' Ne Verish''s options and presets, each option with its source.
#include "games/verish_ne_verish/bots.h"
#include "games/verish_ne_verish/state.h"
#include "games/verish_ne_verish/verish_ne_verish.h"
#include "rules_text.h"

namespace parlour::verish_ne_verish {
namespace {

const std::vector<OptionSpec>& specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> s = {
      {"deck",
       T::kChoice,
       0,
       0,
       {"auto", "36", "52"},
       0,
       "the pack: auto takes 36 cards (six to ace) for two or three players, 52 for four or more",
       "seed 004: \"Two or three players use 36 cards, four or more use 52\"; pagat.com: \"a "
       "standard 52 card deck for 3-4 players or more; a shortened deck (36 cards - 6 to A) may be "
       "used for 2 or 3 players\"",
       "Pack"},
      {"first-most",
       T::kInt,
       1,
       4,
       {},
       4,
       "the most cards in the play that starts a round",
       "seed 004: \"starts by playing from one to four cards face down\"; pagat.com: \"one, two or "
       "three of his cards\"",
       "Most cards to start a round"},
      {"later-most",
       T::kInt,
       0,
       13,
       {},
       0,
       "the most cards in a later play of a round; 0: as many as the player holds",
       "seed 004: \"play one or more cards face down and declare the same rank\"; pagat.com: "
       "\"puts one, two or three of his cards on top\"",
       "Most cards in a later play"},
      {"sets",
       T::kChoice,
       0,
       0,
       {"may", "must"},
       0,
       "whether whoever takes up the table may keep sets of four, or must put them away",
       "seed 004: \"He may then, before play proceeds, remove any set of four cards\"; pagat.com: "
       "\"may remove all groups of 4 cards ... Note that the rules don't force\" (must: our "
       "variant)",
       "Sets of four"},
      {"say-verish",
       T::kBool,
       0,
       1,
       {},
       1,
       "the story has players say \"Verish'\" when they play on",
       "seed 004: \"When playing instead of challenging, it is proper, but not compulsory, to say "
       "'Verish''\"",
       "Say \"Verish'\""},
      {"max-plays",
       T::kInt,
       20,
       100000,
       {},
       1000,
       "plays after which the game stops, whoever holds the most cards losing",
       "our reading: a game must end even if players keep the cards going round",
       "Most plays"},
  };
  return s;
}

}  // namespace

Rules Rules::from(const Config& c) {
  const Options& o = c.options;
  Rules r;
  r.players = c.players;
  const int deck = o.get("deck");
  r.deck = deck == 0 ? (c.players <= 3 ? 36 : 52) : deck == 1 ? 36 : 52;
  r.first_most = o.get("first-most");
  r.later_most = o.get("later-most");
  r.compulsory = o.get("sets") == 1;
  r.say_verish = o.flag("say-verish");
  r.max_plays = o.get("max-plays");
  return r;
}

GameInfo game_info() {
  GameInfo g;
  g.name = "verish-ne-verish";
  g.title = "Verish' Ne Verish'";
  g.summary =
      "Cheat crossed with Old Maid: play face down, believe or say \"Ne verish'\", and don't be "
      "left with the three of the rank laid aside";
  g.rules = kRulesText;
  g.min_players = 2, g.max_players = kMaxPlayers, g.default_players = 3;
  g.options = specs();
  g.presets = {
      {"verish-ne-verish",
       "Verish' Ne Verish' as Parlett gives it: start with one to four cards, then one or more",
       {},
       2,
       kMaxPlayers,
       3},
      {"verish-pagat",
       "Verish' Ne Verish' as pagat.com gives it: every play one to three cards",
       {{"first-most", "3"}, {"later-most", "3"}},
       2,
       kMaxPlayers,
       3},
  };
  g.bots = {{"canny",
             "plays the truth when it can, lies with one card when it must, says \"Ne verish'\" on "
             "evidence, and puts sets of four away",
             [] { return make_canny_bot(); }}};
  g.new_game = state_factory<VerishState, Rules>();
  // Move::encode: the last code is kPlayOn's 1001.
  g.bounds = [](const Config& c) { return Bounds{1002, c.players + 5, 0}; };
  g.resampler = &resampler();
  g.search = &search_hints();
  return g;
}

}  // namespace parlour::verish_ne_verish
