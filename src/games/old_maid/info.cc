// Old Maid's options and presets. Every default comes from the texts in
// ../shared/seeds and each option names its source.
#include <cassert>

#include "games/old_maid/bots.h"
#include "games/old_maid/fast.h"
#include "games/old_maid/odds.h"
#include "games/old_maid/old_maid.h"
#include "games/old_maid/state.h"
#include "rules_text.h"

namespace parlour::old_maid {
namespace {

std::vector<OptionSpec> option_specs() {
  using T = OptionType;
  return {
      {"packs",
       T::kChoice,
       0,
       0,
       {"auto", "1", "2"},
       0,
       "packs shuffled together; auto uses two above six players",
       "seed 004: \"If more than six play, use two packs shuffled together\"",
       "Packs"},
      {"odd",
       T::kChoice,
       0,
       0,
       {"queen", "jack", "joker", "random", "picture"},
       0,
       "the odd card: a queen or jack removed, a joker added (Babanuki), one random card set "
       "aside unseen (Jiji-nuki), or the picture deck's Old Maid",
       "seed 001: \"a regular 52-card deck with one of the queens removed\"; seed 004: \"one "
       "black Jack is removed\"",
       "The odd card"},
      {"removed",
       T::kChoice,
       0,
       0,
       {"clubs", "diamonds", "hearts", "spades"},
       0,
       "which queen (or jack) is taken out",
       "seed 004: \"Remove the Q[suit] from the pack\" (the suit sign is lost in our copy; "
       "clubs leaves the black queen of spades, as in Schwarzer Peter's black jack)",
       "Card taken out"},
      {"pairs",
       T::kChoice,
       0,
       0,
       {"rank", "colour"},
       0,
       "cards pair by rank, or by rank and colour",
       "seed 001: \"Longer Variation ... matching up cards by color of suit as well as by number\"",
       "Cards pair by"},
      {"first",
       T::kChoice,
       0,
       0,
       {"eldest", "dealer"},
       0,
       "who offers first: the player next to the dealer in the direction of play, or the dealer",
       "seeds 001, 004: \"starting with the player on the dealer's left\"; seed 002: \"The "
       "dealer then begins play\"",
       "Who offers first"},
      {"direction",
       T::kChoice,
       0,
       0,
       {"left", "right"},
       0,
       "the way play passes: left (each player draws from the right-hand neighbour) or right",
       "seed 001: \"holds his hand of cards out to the player on his left\"; Babanuki goes right",
       "Play passes to the"},
      {"deal-start",
       T::kChoice,
       0,
       0,
       {"eldest", "dealer"},
       0,
       "who is dealt the first card, and so any extra card: the player next to the dealer, or the "
       "dealer",
       "issue #2: \"Cards are dealt one at a time from seat 0\", the eldest hand",
       "The deal starts with"},
      {"spare",
       T::kChoice,
       0,
       0,
       {"deal", "aside"},
       0,
       "cards that do not go round evenly are dealt, or set aside face down so every hand is equal",
       "seed 004: \"Deal the remainder round as far as they will go - it doesn't matter if some "
       "receive more\"",
       "Cards left over"},
      {"keep-drawing",
       T::kBool,
       0,
       1,
       {},
       0,
       "after making a match the drawer draws again from the same player",
       "seed 001: \"Another Variation ... he gets to continue his turn\" (Bolton 91)",
       "Draw again after a match"},
      {"discards",
       T::kChoice,
       0,
       0,
       {"up", "down"},
       0,
       "pairs are laid down face up or face down",
       "seed 001: \"lay each pair ... face up\"; seed 004: \"he discards it face down\"",
       "Pairs are laid"},
      {"scoring",
       T::kChoice,
       0,
       0,
       {"loser", "most-pairs", "hands-avoided", "finishing-order"},
       0,
       "who wins: nobody but a loser; the most pairs without the odd card; hands avoiding it in "
       "a match; or the order of going out (Babanuki)",
       "seed 001: \"There is really no winner\" and its \"Suggestion\" for declaring one",
       "Scoring"},
      {"hands",
       T::kInt,
       1,
       100,
       {},
       1,
       "hands in a match; the deal passes on each hand",
       "seed 001: \"avoided the old maid the most in multiple rounds\"",
       "Hands in a match"},
      {"penalty",
       T::kChoice,
       0,
       0,
       {"none", "soot", "raps"},
       0,
       "the loser's forfeit: Schwarzer Peter's soot mark, or Scabby Queen's raps on the knuckles, "
       "as many as the value of a card the loser cuts",
       "custom of Schwarzer Peter and Scabby Queen (not in the seed texts)",
       "The loser's forfeit"},
      {"title",
       T::kChoice,
       0,
       0,
       {"old-maid", "schwarzer-peter", "vieux-garcon", "pouilleux", "jackass", "scabby-queen",
        "baba", "jiji"},
       0,
       "what the loser is called",
       "seed 004: \"Related games In Vieux Garcon (Old Boy) and "
       "Schwarzer Peter (Black Peter)\"",
       "The loser is called"},
  };
}

const std::vector<OptionSpec>& specs() {
  static const std::vector<OptionSpec> s = option_specs();
  return s;
}

std::vector<Preset> presets() {
  return {
      {"old-maid",
       "Old Maid: a queen removed, pairs by rank, the dealer's left offers first",
       {},
       2,
       12,
       4},
      {"old-maid-dealer-first",
       "Old Maid as seed 002 plays it: the dealer offers first",
       {{"first", "dealer"}},
       2,
       12,
       2},
      {"old-maid-face-down",
       "Old Maid as Parlett plays it (seed 004): pairs discarded face down",
       {{"discards", "down"}},
       3,
       12,
       4},
      {"old-maid-keep-drawing",
       "Old Maid with Bolton's variation: a match lets you draw again",
       {{"keep-drawing", "yes"}},
       2,
       12,
       4},
      {"old-maid-colour",
       "Old Maid's longer variation: pairs by rank and colour",
       {{"pairs", "colour"}},
       2,
       12,
       4},
      {"old-maid-picture",
       "Old Maid with the picture deck: 25 pairs of characters and the Old Maid",
       {{"odd", "picture"}},
       2,
       12,
       4},
      {"old-maid-most-pairs",
       "Old Maid where the most pairs without the Old Maid wins",
       {{"scoring", "most-pairs"}},
       2,
       12,
       4},
      {"old-maid-match",
       "Old Maid over five hands: who avoided the Old Maid most often",
       {{"scoring", "hands-avoided"}, {"hands", "5"}},
       2,
       12,
       4},
      {"schwarzer-peter",
       "Schwarzer Peter: the jack of clubs out, the jack of spades is Black Peter",
       {{"odd", "jack"}, {"pairs", "colour"}, {"title", "schwarzer-peter"}, {"penalty", "soot"}},
       2,
       12,
       4},
      {"vieux-garcon",
       "Vieux Garçon: the jack of clubs out, the jack of spades is the Old Boy",
       {{"odd", "jack"}, {"pairs", "colour"}, {"discards", "down"}, {"title", "vieux-garcon"}},
       3,
       12,
       4},
      {"pouilleux",
       "Pouilleux: the jack of clubs out, whoever keeps the jack of spades is lousy",
       {{"odd", "jack"}, {"pairs", "colour"}, {"title", "pouilleux"}},
       2,
       12,
       4},
      {"jackass",
       "Jackass: a jack removed, the last unmatched jack is the Jackass",
       {{"odd", "jack"}, {"title", "jackass"}},
       2,
       12,
       4},
      {"scabby-queen",
       "Scabby Queen: the queen of spades is left; the loser takes raps from a cut",
       {{"pairs", "colour"}, {"title", "scabby-queen"}, {"penalty", "raps"}},
       2,
       12,
       4},
      {"babanuki",
       "Babanuki: a joker added, play to the right, ranked by going out",
       {{"odd", "joker"},
        {"direction", "right"},
        {"scoring", "finishing-order"},
        {"title", "baba"}},
       2,
       12,
       4},
      {"jiji-nuki",
       "Jiji-nuki: one card set aside unseen, so nobody knows the odd card",
       {{"odd", "random"},
        {"direction", "right"},
        {"scoring", "finishing-order"},
        {"title", "jiji"}},
       2,
       12,
       4},
  };
}

Status validate(const Config& c) {
  const Options& o = c.options;
  const int packs = o.get("packs");
  if (packs == 1 && c.players > 8)
    return Status::error("more than 8 players need two packs: use packs=2 or packs=auto");
  if (Odd(o.get("odd")) == Odd::kPicture && o.get("pairs") == 1)
    return Status::error(
        "pairs=colour needs a standard deck; the picture deck pairs by character "
        "(use odd=queen, jack, joker or random)");
  if (Odd(o.get("odd")) == Odd::kJoker || Odd(o.get("odd")) == Odd::kRandom ||
      Odd(o.get("odd")) == Odd::kPicture) {
    if (o.get("removed") != 0)
      return Status::error(
          "removed= chooses the queen or jack taken out; it needs odd=queen or odd=jack");
  }
  if (Penalty(o.get("penalty")) == Penalty::kRaps && Odd(o.get("odd")) == Odd::kPicture)
    return Status::error("penalty=raps cuts a standard pack for a number; use a standard deck");
  return {};
}

}  // namespace

namespace {

// Who was dealt the odd card, and how often that seat then lost: the game's
// own report in `parlour sim`. Counters: games, then per seat dealt and lost.
class OddCardStats final : public GameStats {
 public:
  void facts(const State& final_state, Playout& out) const override {
    out.facts[kOddCardFact] = static_cast<const OldMaidState&>(final_state).odd_card_seats();
  }
  std::size_t counters(int players) const override {
    return 1 + 2 * static_cast<std::size_t>(players);
  }
  void tally(const Playout& g, std::span<std::uint64_t> counts) const override {
    ++counts[0];
    for (Seat s = 0; s < g.players; ++s) {
      const bool dealt = g.facts[kOddCardFact] >> s & 1;
      counts[1 + 2 * s] += dealt;
      counts[2 + 2 * s] += dealt && g.lost(s);
    }
  }
  std::vector<SeatRate> rates(int players, std::span<const std::uint64_t> counts) const override {
    SeatRate held{
        "holds the odd card after the deal (with three of its rank left, several seats may)", {}};
    SeatRate lost{"loses, when dealt the odd card", {}};
    for (Seat s = 0; s < players; ++s) {
      held.by_seat.push_back({counts[1 + 2 * s], counts[0]});
      lost.by_seat.push_back({counts[2 + 2 * s], counts[1 + 2 * s]});
    }
    return {held, lost};
  }
};

const GameStats& odd_card_stats() {
  static const OddCardStats s;
  return s;
}

}  // namespace

Rules Rules::from(const Config& c) {
  const Options& o = c.options;
  Rules r;
  r.players = c.players;
  const int packs = o.get("packs");
  r.packs = packs == 0 ? (c.players > 6 ? 2 : 1) : packs;
  r.odd = Odd(o.get("odd"));
  r.removed = Suit(o.get("removed"));
  r.colour_pairs = o.get("pairs") == 1;
  r.dealer_first = o.get("first") == 1;
  r.dir = o.get("direction") == 0 ? +1 : -1;
  r.keep_drawing = o.flag("keep-drawing");
  r.deal_from_dealer = o.get("deal-start") == 1;
  r.spare_aside = o.get("spare") == 1;
  r.face_up = o.get("discards") == 0;
  r.scoring = Scoring(o.get("scoring"));
  r.hands = o.get("hands");
  r.penalty = Penalty(o.get("penalty"));
  r.title = Title(o.get("title"));
  return r;
}

std::string_view title_name(Title t) {
  switch (t) {
    case Title::kOldMaid:
      return "the Old Maid";
    case Title::kSchwarzerPeter:
      return "Schwarzer Peter";
    case Title::kVieuxGarcon:
      return "le Vieux Garçon";
    case Title::kPouilleux:
      return "le Pouilleux";
    case Title::kJackass:
      return "the Jackass";
    case Title::kScabbyQueen:
      return "the Scabby Queen";
    case Title::kBaba:
      return "Baba";
    case Title::kJiji:
      return "Jiji";
  }
  return "the loser";
}

GameInfo game_info() {
  GameInfo g;
  g.name = "old-maid";
  g.title = "Old Maid";
  g.summary = "Draw from your neighbour's fan, pair off, and don't be left with the odd card";
  g.rules = kRulesText;
  g.min_players = 2, g.max_players = 12, g.default_players = 4;
  g.options = specs();
  g.presets = presets();
  g.bots = {{"blind", "draws a uniformly random position and shuffles before offering",
             [] { return make_blind_bot(); }}};
  g.validate = validate;
  g.new_game = state_factory<OldMaidState, Rules>();
  // A pair is laid down the moment it forms, at the deal and at every draw,
  // so a fan never holds two cards of one class: at most classes() cards, for
  // which Move::encode numbers the actions (a standard pack: 173 wide). Zones:
  // a hand and its pairs a seat, and the cards aside.
  g.bounds = [](const Config& c) {
    const int fan = Rules::from(c).classes();
    return Bounds{Move::bound(fan), 2 * c.players + 1, fan};
  };
  g.recode = [](const Config& c) {
    return [fan = Rules::from(c).classes()](Action a) { return Move::recode(a, fan); };
  };
  g.resampler = &resampler();
  g.stats = &odd_card_stats();
  g.exact_odds = &exact_odds();
  g.fairness = {
      {"usual", "dealer's left offers first (usual)", {}, 2, 12, 4},
      {"dealer-first", "the dealer offers first", {{"first", "dealer"}}, 2, 12, 4},
      {"right", "play passes to the right", {{"direction", "right"}}, 2, 12, 4},
      {"deal-at-dealer", "the deal starts at the dealer", {{"deal-start", "dealer"}}, 2, 12, 4},
      {"equal", "equal hands, spare cards aside", {{"spare", "aside"}}, 2, 12, 4},
      {"equal-dealer-first",
       "equal hands, the dealer offers first",
       {{"spare", "aside"}, {"first", "dealer"}},
       2,
       12,
       4},
  };
  g.fast_bot = "blind";
  g.fast_playouts = [](const Config& c) -> std::unique_ptr<FastPlayouts> {
    return std::make_unique<OldMaidFast>(Rules::from(c));
  };
  return g;
}

}  // namespace parlour::old_maid
