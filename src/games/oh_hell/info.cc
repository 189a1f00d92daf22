// Oh Hell!'s options and presets, each option with its source.
#include "games/oh_hell/bots.h"
#include "games/oh_hell/oh_hell.h"
#include "games/oh_hell/state.h"
#include "rules_text.h"

namespace parlour::oh_hell {
namespace {

const std::vector<OptionSpec>& specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> s = {
      {"scoring",
       T::kChoice,
       0,
       0,
       {"per-trick", "ten-plus"},
       0,
       "per-trick: an exact bid scores 10 a trick (10 for zero), a missed bid loses 10 a trick "
       "over or under; ten-plus: an exact bid scores 10 plus the bid, a missed bid nothing",
       "seed 002: \"If you win exactly the number of tricks that you bid, you receive ten points "
       "for each trick. If you bid zero and did not take any tricks, you win ten points. If you "
       "miss your bid, you lose ten points for each trick that you were under or over your bid\"; "
       "ten-plus: pagat.com, Oh Hell! (https://www.pagat.com/exact/ohhell.html), whose scoring "
       "gives an exact bid 10 plus the tricks bid and a missed one nothing",
       "Scoring"},
      {"sequence",
       T::kChoice,
       0,
       0,
       {"up-down", "down-up", "down"},
       0,
       "the sizes of the hands: up from one card to the largest and back down to one; down from "
       "the largest to one and back up; or down from the largest to one only",
       "seed 002: \"In the first hand, each player is dealt one card, in the second hand two "
       "cards ... until you reach a hand where the number of cards dealt would not be distributed "
       "evenly ... Deals continue in this decreasing order until the final hand is dealt with one "
       "card\"; down-up: pagat.com (https://www.pagat.com/exact/ohhell.html): \"Each successive "
       "hand is played with one card fewer, down to a hand of just one card each, then one card "
       "more per hand back up to the starting level\"; down: ten cards down to one, as "
       "traditionalgamerules.neocities.org/ohhell plays it",
       "Hand sizes"},
      {"max-cards",
       T::kInt,
       0,
       17,
       {},
       0,
       "the largest hand (0: as many as the pack deals evenly, 13 for four players, 10 for five); "
       "a larger number is cut to what the pack deals evenly",
       "seed 002: \"until you reach a hand where the number of cards dealt would not be "
       "distributed evenly\"; pagat.com (https://www.pagat.com/exact/ohhell.html): \"3 to 5 "
       "players, 10 cards each; 6 players, 8 cards each; 7 players, 7 cards each\" (max-cards=10)",
       "Largest hand"},
      {"largest-no-trump",
       T::kBool,
       0,
       1,
       {},
       0,
       "the largest hands are played without trumps even when cards are left over",
       "seed 002: \"In a hand where there are no leftover cards, the hand is played with no "
       "trump\"; pagat.com's variations (https://www.pagat.com/exact/ohhell.html): some play the "
       "largest deals without trumps even if not all the cards are used",
       "Largest hands without trumps"},
      {"hook",
       T::kBool,
       0,
       1,
       {},
       1,
       "the dealer may not bid so that the bids add up to the tricks there are",
       "seed 002: \"The dealer is the last to bid and must never bid a number of tricks that would "
       "cause the cumulative number of tricks bid from all players to equal the number of tricks "
       "available\"; hook=no (our reading): a house rule that drops it, as some play the last "
       "hand (traditionalgamerules.neocities.org/ohhell: \"In the last round of the game, all "
       "players (including the dealer) can bid whatever value they choose\")",
       "The dealer's hook"},
  };
  return s;
}

Status validate(const Config& c) {
  if (c.players < 3 || c.players > kMaxPlayers)
    return Status::error("Oh Hell! is for 3 to 7 players, not " + std::to_string(c.players));
  return {};
}

}  // namespace

Rules Rules::from(const Config& c) {
  const Options& o = c.options;
  Rules r;
  r.players = c.players;
  r.scoring = Scoring(o.get("scoring"));
  r.sequence = Sequence(o.get("sequence"));
  r.most = most_cards(c.players, o.get("max-cards"));
  r.largest_no_trump = o.flag("largest-no-trump");
  r.hook = o.flag("hook");
  return r;
}

GameInfo game_info() {
  GameInfo g;
  g.name = "oh-hell";
  g.title = "Oh Hell!";
  g.summary = "Bid the exact number of tricks you will take, hands of one card up and back down";
  g.rules = kRulesText;
  g.min_players = 3, g.max_players = kMaxPlayers, g.default_players = 4;
  g.options = specs();
  g.presets = {
      {"oh-hell",
       "Oh Hell!: one card, two, ... up and back down; exact bids score 10 a trick, misses lose",
       {},
       3,
       kMaxPlayers,
       4},
      {"oh-hell-pagat",
       "Oh Hell! as pagat.com gives it: 10 cards (8 for six, 7 for seven) down to one and back, "
       "an exact bid scores 10 plus the bid",
       {{"sequence", "down-up"}, {"max-cards", "10"}, {"scoring", "ten-plus"}},
       3,
       kMaxPlayers,
       4},
      {"oh-hell-down",
       "Oh Hell! from 10 cards down to one, the largest hand without trumps",
       {{"sequence", "down"}, {"max-cards", "10"}, {"largest-no-trump", "yes"}},
       3,
       kMaxPlayers,
       4},
  };
  g.bots = {{"heuristic",
             "bids the tricks its high cards and trumps should take, then plays to make the bid "
             "exactly: wins cheaply while it needs tricks, ducks once it has them",
             [] { return make_heuristic_bot(); }},
            kit::dd_sample_spec(
                "plays each card by double-dummy sampling: deals the unseen cards anew up to 24 "
                "times as its view allows, finds for each card the fewest and the most tricks it "
                "can take with the others against it, and plays the card whose bid scores best on "
                "average (at most 3,000,000 positions searched a card); bids as the heuristic",
                make_dd_sample_bot)};
  g.validate = validate;
  g.new_game = state_factory<OhHellState, Rules>();
  // Move::encode: cards below 52, bids 64 + bid up to kMaxHand.
  g.bounds = [](const Config& c) { return Bounds{65 + kMaxHand, 2 * c.players + 4, 0}; };
  g.resampler = &resampler();
  g.search = &search_hints();
  g.double_dummy = &double_dummy();
  return g;
}

}  // namespace parlour::oh_hell
