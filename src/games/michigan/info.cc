// Michigan's options and presets, each option with its source; its bot,
// search hints and resampler.
#include <algorithm>
#include <cmath>

#include "games/michigan/state.h"
#include "kit/deal.h"
#include "rules_text.h"

namespace parlour::michigan {
namespace {

const std::vector<OptionSpec>& specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> s = {
      {"ante",
       T::kInt,
       1,
       40,
       {},
       4,
       "chips each player stakes on the boodle cards before each deal",
       "seed 002: \"Each player must place the agreed-upon ante on a combination of any or all "
       "of the boodle cards\"; the default 4 is pagat.com's one chip on each boodle card "
       "(https://www.pagat.com/stops/michigan.html)",
       "Ante"},
      {"staking",
       T::kChoice,
       0,
       0,
       {"free", "even"},
       0,
       "free: each player divides his ante among the boodle cards as he likes, one chip at a "
       "time; even: the same number of chips goes on each boodle card (the ante must then be a "
       "multiple of 4)",
       "seed 002: \"You can divide up your ante equally, put it all on one boodle card, or "
       "however you would like to arrange it\"; even: pagat.com "
       "(https://www.pagat.com/stops/michigan.html) and Bicycle "
       "(https://bicyclecards.com/how-to-play/michigan/), where each player puts one chip on "
       "each boodle card",
       "Staking"},
      {"dealer-double",
       T::kBool,
       0,
       1,
       {},
       0,
       "the dealer stakes twice the ante",
       "Bicycle (https://bicyclecards.com/how-to-play/michigan/): \"each player except the dealer "
       "places one chip on each boodle card; the dealer places two chips on each\"; pagat.com "
       "(https://www.pagat.com/stops/michigan.html) the same",
       "Dealer stakes double"},
      {"exchange",
       T::kBool,
       0,
       1,
       {},
       0,
       "after the deal the dealer may exchange his hand for the dead hand, without seeing it; he "
       "then knows the dead hand (his old one)",
       "Bicycle (https://bicyclecards.com/how-to-play/michigan/): \"No player may see the extra "
       "hand except the player, if any, who exchanges for it\"; the dealer's choice, unseen: "
       "\"Look at your cards as the dealer and determine if you want to trade them for the widow "
       "(without seeing it first)\" (giftsforcardplayers.com); seed 002 has none: \"This hand "
       "will not be seen by any of the players\"",
       "Dealer may exchange"},
      {"hands",
       T::kInt,
       0,
       32,
       {},
       0,
       "hands in a match, the deal passing to the left and the chips carried over (0: one deal "
       "for each player, so that everyone deals once)",
       "seed 002: \"those chips remain for the next hand\" (so a game is several hands); the deal "
       "passing left: pagat.com (https://www.pagat.com/stops/michigan.html), \"the turn to deal "
       "passes to the left after each hand\"",
       "Hands"},
      {"chips",
       T::kInt,
       0,
       1000,
       {},
       50,
       "chips each player starts with (a player may owe: his balance may fall below zero)",
       "our reading: seed 002 plays for chips and does not say how many each brings",
       "Starting chips"},
  };
  return s;
}

Status validate(const Config& c) {
  if (c.players < 3 || c.players > kMaxPlayers)
    return Status::error("Michigan is for 3 to 8 players, not " + std::to_string(c.players));
  if (c.options.get("staking") == 1 && c.options.get("ante") % kBoodles != 0)
    return Status::error("with even staking the ante must be a multiple of 4, not " +
                         std::to_string(c.options.get("ante")));
  return {};
}

// Staking comes before the deal, when every boodle card is as likely to fall
// to anyone: the chips are spread evenly, each on the card it has staked
// least on, then on the card holding fewest chips (keeping the pots level).
Action stake_choice(const MichiganState& s, Seat me) {
  int best = 0;
  for (int b = 1; b < kBoodles; ++b) {
    const auto key = [&](int x) { return std::pair(s.staked_on(me, x), s.chips()->pot(x)); };
    if (key(b) < key(best)) best = b;
  }
  return Move::stake(best).encode();
}

// How good a lead of `c` is for `me`: the cards of its own it plays at once
// (its run up from c), keeping the lead when the card after that run is
// known to stop (played, shown dead, or the run reaches the ace), and the
// boodle chips it collects on the way; then its later cards of the suit.
int lead_score(const MichiganState& s, Seat me, Card c) {
  CardBits mine = 0;
  for (Card x : s.hand(me)) mine |= bit(x);
  const CardBits stops = s.gone() | s.known_dead();
  int score = 0, own = 0;
  Card x = c;
  for (; x.valid() && (mine & bit(x)); x = next_card(x)) {
    ++own;
    mine &= ~bit(x);
    if (const int b = boodle_of(x); b >= 0) score += 20 + 8 * s.chips()->pot(b);
  }
  score += 10 * own;
  if (!x.valid() || (stops & bit(x))) score += 60;  // it leads again
  // Its higher cards of the suit, which the run may come to.
  for (Card y : s.hand(me))
    if (y.suit() == c.suit() && (mine & bit(y))) {
      score += 2;
      if (const int b = boodle_of(y); b >= 0) score += 4 + 2 * s.chips()->pot(b);
    }
  return score;
}

Action heuristic_action(const MichiganState& s, Seat me, std::span<const Action> legal) {
  if (legal.size() == 1) return legal[0];
  if (s.phase() == MichiganState::Phase::kStake) return stake_choice(s, me);
  if (s.phase() == MichiganState::Phase::kExchange) {
    // A hand holding no boodle card, whose runs stop soon, is worth trading
    // for an unseen one.
    int best = 0, boodles = 0;
    for (Card c : s.hand(me)) {
      best = std::max(best, lead_score(s, me, c));
      boodles += boodle_of(c) >= 0;
    }
    return boodles == 0 && best < 80 ? Move::exchange().encode() : Move::keep().encode();
  }
  Action best = legal[0];
  int best_score = -1;
  for (Action a : legal) {
    const int sc = lead_score(s, me, Move::decode(a)->card);
    if (sc > best_score) best_score = sc, best = a;
  }
  return best;
}

class HeuristicBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    if (obs.legal().size() == 1) return obs.legal()[0];
    // The heuristic reads only the seat's own hand, the cards played, the
    // stops shown and the chips: any sample of its view answers the same.
    auto world = obs.sample(rng);
    if (!world) return obs.legal()[0];
    return heuristic_action(static_cast<const MichiganState&>(*world), obs.seat(), obs.legal());
  }
};

class Hints final : public SearchHints {
 public:
  Action policy(const State& state, Seat seat, std::span<const Action> legal, Rng&) const override {
    return heuristic_action(static_cast<const MichiganState&>(state), seat, legal);
  }
  // Chips held, less a chip for each card still held (what going out costs
  // the others), plus half of each boodle card's chips to its holder; each
  // seat's value is how it stands against each other seat.
  void estimate(const State& state, std::span<double> value) const override {
    const auto& s = static_cast<const MichiganState&>(state);
    const int n = s.rules().players;
    std::array<double, kMaxPlayers> e{};
    for (Seat p = 0; p < n; ++p) {
      double v = s.chips()->balance(p) - static_cast<double>(s.hand(p).size());
      for (Card c : s.hand(p))
        if (const int b = boodle_of(c); b >= 0) v += 0.5 * s.chips()->pot(b);
      e[static_cast<std::size_t>(p)] = v;
    }
    for (Seat p = 0; p < n; ++p) {
      double sum = 0;
      for (Seat q = 0; q < n; ++q)
        if (q != p)
          sum += 0.5 +
                 0.5 * std::tanh((e[static_cast<std::size_t>(p)] - e[static_cast<std::size_t>(q)]) /
                                 6.0);
      value[static_cast<std::size_t>(p)] = sum / (n - 1);
    }
  }
};

// The other hands and the dead hand are dealt afresh, each its size: a card
// a stop showed dead stays dead, the next card of a run stays with the seat
// to play it, and nobody is given a card he has shown he lacks.
class Sampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<MichiganState>(static_cast<const MichiganState&>(state));
    out->forget_last_event();
    if (out->phase() != MichiganState::Phase::kPlay &&
        out->phase() != MichiganState::Phase::kExchange)
      return out;
    const int n = out->rules().players;
    const Seat dead = n;  // the dead hand's place in the deal
    std::vector<Card> hidden;
    std::vector<int> room(static_cast<std::size_t>(n) + 1, 0);
    for (Seat p = 0; p < n; ++p) {
      if (p == seat) continue;
      hidden.insert(hidden.end(), out->hand(p).begin(), out->hand(p).end());
      room[static_cast<std::size_t>(p)] = static_cast<int>(out->hand(p).size());
    }
    // The dealer who gave his hand for the dead hand knows it: it stays.
    const bool dead_known = out->knows_dead() == seat;
    if (!dead_known) {
      hidden.insert(hidden.end(), out->dead().begin(), out->dead().end());
      room[static_cast<std::size_t>(dead)] = static_cast<int>(out->dead().size());
    }
    const Card pinned =
        out->leading() || out->run().empty() ? Card() : next_card(out->run().back());
    const Seat to_play = out->turn();
    const CardBits known_dead = out->known_dead();
    std::vector<std::vector<Card>> dealt;
    const bool ok = kit::deal_where_allowed(
        hidden, room,
        [&](Seat p, Card c) {
          if (c == pinned) return p == to_play;
          if (p == dead) return true;
          return !(known_dead & bit(c)) && !(out->lacks(p) & bit(c));
        },
        rng, dealt);
    if (!ok) return nullptr;  // cannot happen: the real deal is one
    for (Seat p = 0; p <= n; ++p) {
      if (p == seat || (p == dead && dead_known)) continue;
      Hand& h = p == dead ? out->mutable_dead() : out->mutable_hand(p);
      h.clear();
      for (Card c : dealt[static_cast<std::size_t>(p)]) h.push_back(c);
      std::sort(h.begin(), h.end(), by_suit);
    }
    return out;
  }
};

}  // namespace

Rules Rules::from(const Config& c) {
  const Options& o = c.options;
  Rules r;
  r.players = c.players;
  r.ante = o.get("ante");
  r.staking = Staking(o.get("staking"));
  r.dealer_double = o.flag("dealer-double");
  r.exchange = o.flag("exchange");
  r.hands = o.get("hands");
  r.chips = o.get("chips");
  return r;
}

// For tests: the heuristic's choice where `me` may act.
Action heuristic_for_test(const MichiganState& s, Seat me, std::span<const Action> legal) {
  return heuristic_action(s, me, legal);
}

GameInfo game_info() {
  static const Hints hints;
  static const Sampler sampler;
  GameInfo g;
  g.name = "michigan";
  g.title = "Michigan";
  g.summary = "Stake on the boodle cards, play runs up each suit until a stop; first out collects";
  g.rules = kRulesText;
  // pagat.com: "suitable for about 3 to 8 players".
  g.min_players = 3, g.max_players = kMaxPlayers, g.default_players = 4;
  g.options = specs();
  g.presets = {
      {"michigan",
       "Michigan (Boodle), seed 002: stake your ante as you like on the four boodle cards; one "
       "deal each",
       {},
       3,
       kMaxPlayers,
       4},
      {"michigan-pagat",
       "Michigan as pagat.com has it: a chip on each boodle card, the dealer two",
       {{"staking", "even"}, {"dealer-double", "yes"}},
       3,
       kMaxPlayers,
       4},
      {"michigan-bicycle",
       "Michigan as Bicycle has it: a chip on each boodle card, the dealer two, and the dealer "
       "may exchange his hand for the dead hand",
       {{"staking", "even"}, {"dealer-double", "yes"}, {"exchange", "yes"}},
       3,
       kMaxPlayers,
       4},
      {"michigan-one-hand",
       "Michigan, a single hand as seed 002 tells it",
       {{"hands", "1"}},
       3,
       kMaxPlayers,
       4},
  };
  g.bots = {{"heuristic",
             "spreads its stake; leads the suit where its own run is longest, keeps the lead "
             "where a stop is sure, and goes for the boodle cards",
             [] { return std::unique_ptr<Bot>(std::make_unique<HeuristicBot>()); }}};
  g.validate = validate;
  g.new_game = state_factory<MichiganState, Rules>();
  // Move::encode: cards below 52, stakes 60 + boodle, the rest 100-102.
  g.bounds = [](const Config& c) { return Bounds{103, c.players + 7, 0}; };
  g.resampler = &sampler;
  g.search = &hints;
  return g;
}

}  // namespace parlour::michigan
