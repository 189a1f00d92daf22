// Macao's options and presets, each option with its source; its bot, search
// hints and resampler.
#include <algorithm>
#include <array>

#include "games/macao/optimal.h"
#include "games/macao/state.h"
#include "kit/deal.h"
#include "kit/policy.h"
#include "rules_text.h"

namespace parlour::macao {
namespace {

const std::vector<OptionSpec>& specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> s = {
      {"limit",
       T::kInt,
       1,
       100,
       {},
       5,
       "the most a punter may stake on a hand (never more than a third of his chips, nor more "
       "than the bank can still cover three times over)",
       "Foster's Complete Hoyle, Vingt-et-un: \"a betting limit is agreed on before play begins\"; "
       "\"Before the cards are dealt, each player except the dealer places before him the amount "
       "he bets ... within the betting limit\"",
       "Stake limit"},
      {"chips",
       T::kInt,
       3,
       100000,
       {},
       50,
       "chips each player starts with",
       "Foster's Complete Hoyle, Vingt-et-un: \"Each player is provided with a certain number of "
       "counters, usually 25 or 50\"",
       "Starting chips"},
      {"bank-hands",
       T::kInt,
       1,
       50,
       {},
       1,
       "hands a banker holds the bank before it passes to the left",
       "Foster's Complete Hoyle, Vingt-et-un: \"The modern practice is for each player to be the "
       "banker in turn, the deal passing in regular rotation to the left\"; Foster names the old "
       "ways too, \"to agree upon a certain number of rounds for a banker\"",
       "Hands a bank"},
      {"rounds",
       T::kInt,
       1,
       20,
       {},
       3,
       "times the bank goes round the table in a match (each player holds it that often)",
       "Peel, Round Games with Cards, Vingt-et-un: \"it is unfair to conclude until each of "
       "those engaged has had a turn, or equal number of turns, as dealer\"; three rounds: our "
       "reading",
       "Rounds of the bank"},
      {"ties",
       T::kChoice,
       0,
       0,
       {"stand-off", "banker"},
       0,
       "equal points without a natural: stand-off, nothing is paid; banker, the banker wins",
       "seed 003 is Foster's Macao, whose players draw \"as at Vingt-et-un\", and Foster's "
       "Vingt-et-un settles equal points so: \"those that have the same number are tied, and win "
       "or lose nothing\"; banker: a German police handbook (Handbuch der Polizei, vol. 2, "
       "1905), Macao, \"Bei gleicher Augenzahl gewinnt der Bankier\", and Vingt-et-un in Peel "
       "(1891) and Hoffmann (1898), \"the dealer has the important advantage of receiving from "
       "ties\"",
       "Equal points"},
  };
  return s;
}

Status validate(const Config& c) {
  if (c.players < 2 || c.players > kMaxPlayers)
    return Status::error("Macao is for 2 to 8 players (a banker and 1 to 7 punters), not " +
                         std::to_string(c.players));
  return {};
}

// The threshold player: stakes the least, draws while under `draw_below`.
Action threshold_action(const MacaoState& s, Seat me, std::span<const Action> legal) {
  if (s.phase() == MacaoState::Phase::kStake)
    return legal.size() > 1 ? Move::stake(1).encode() : legal[0];
  const Action draw = Move::draw().encode();
  const bool can_draw = std::find(legal.begin(), legal.end(), draw) != legal.end();
  return can_draw && s.total(me) < 5 ? draw : Move::stand().encode();
}

// The cards to come decide far more than one choice: a search compares its
// moves on the same deals.
using Bot_ = kit::PolicyBot<MacaoState, threshold_action>;
using Hints = kit::ChipHints<MacaoState, threshold_action>;

// The first cards a seat cannot see and the stock are dealt afresh. Once the
// naturals have been looked at, a first card not shown is no 7, 8 or 9.
class Sampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<MacaoState>(static_cast<const MacaoState&>(state));
    out->forget_last_event();
    if (!out->past_naturals()) return out;  // nothing is hidden but the pack
    const int n = out->rules().players;
    std::vector<Card> hidden;
    std::vector<int> room(static_cast<std::size_t>(n) + 1, 0);
    for (Seat p = 0; p < n; ++p) {
      if (p == seat || out->hand(p).empty() || out->shown(p)) continue;
      hidden.push_back(out->hand(p)[0]);
      room[static_cast<std::size_t>(p)] = 1;
    }
    const Seat stock = n;
    hidden.insert(hidden.end(), out->stock().begin(), out->stock().end());
    room[static_cast<std::size_t>(stock)] = static_cast<int>(out->stock().size());
    std::vector<std::vector<Card>> dealt;
    const bool ok = kit::deal_where_allowed(
        hidden, room,
        [&](Seat p, Card c) { return p == stock || natural_multiple(points(c)) == 0; }, rng, dealt);
    if (!ok) return nullptr;  // cannot happen: the real deal is one
    for (Seat p = 0; p < n; ++p)
      if (room[static_cast<std::size_t>(p)] == 1)
        out->mutable_hand(p)[0] = dealt[static_cast<std::size_t>(p)][0];
    Pile& st = out->mutable_stock();
    for (std::size_t i = 0; i < st.size(); ++i) st[i] = dealt[static_cast<std::size_t>(stock)][i];
    return out;
  }
};

}  // namespace

Rules Rules::from(const Config& c) {
  const Options& o = c.options;
  Rules r;
  r.players = c.players;
  r.limit = o.get("limit");
  r.chips = o.get("chips");
  r.bank_hands = o.get("bank-hands");
  r.rounds = o.get("rounds");
  r.ties = Ties(o.get("ties"));
  return r;
}

Action threshold_for_test(const MacaoState& s, Seat me, std::span<const Action> legal) {
  return threshold_action(s, me, legal);
}

GameInfo game_info() {
  static const Hints hints(5.0, /*same_deals=*/true);
  static const Sampler sampler;
  static const Odds odds;
  GameInfo g;
  g.name = "macao";
  g.title = "Macao";
  g.summary = "One card each against the bank; the aim is 9, and a natural 7, 8 or 9 pays";
  g.rules = kRulesText;
  g.min_players = 2, g.max_players = kMaxPlayers, g.default_players = 4;
  g.options = specs();
  g.presets = {
      {"macao",
       "Macao, seed 003: a banker against the punters, one card each, naturals paid up to three "
       "times",
       {},
       2,
       kMaxPlayers,
       4},
      {"macao-banker-ties",
       "Macao with equal points won by the banker, as a 1905 German account and Peel's "
       "Vingt-et-un have it",
       {{"ties", "banker"}},
       2,
       kMaxPlayers,
       4},
  };
  g.bots = {
      {"threshold", "stakes a chip; draws below 5 points and stands on 5 or more, banker or punter",
       [] { return std::unique_ptr<Bot>(std::make_unique<Bot_>()); }},
      {"optimal",
       "stakes a chip; draws as the solved duel of punter and banker says, mixing where it "
       "mixes; as banker against several punters, answers them all at his best",
       [] { return std::unique_ptr<Bot>(std::make_unique<OptimalBot>()); }}};
  g.validate = validate;
  g.new_game = state_factory<MacaoState, Rules>();
  // Move::encode: draw 1, stand 2, a stake 100 + chips within the limit.
  g.bounds = [](const Config& c) {
    return Bounds{101 + static_cast<Action>(Rules::from(c).limit), 2 * c.players + 2, 0};
  };
  g.resampler = &sampler;
  g.search = &hints;
  g.exact_odds = &odds;
  return g;
}

}  // namespace parlour::macao
