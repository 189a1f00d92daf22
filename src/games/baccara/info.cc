// Baccara's options and presets, each option with its source; its bot, search
// hints and resampler.
#include <algorithm>
#include <array>

#include "games/baccara/optimal.h"
#include "games/baccara/state.h"
#include "kit/policy.h"
#include "rules_text.h"

namespace parlour::baccara {
namespace {

const std::vector<OptionSpec>& specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> s = {
      {"packs",
       T::kInt,
       1,
       kMaxPacks,
       {},
       3,
       "packs of 52 shuffled together into the shoe, dealt through coup after coup",
       "Foster's Complete Hoyle, Baccara: \"Three packs of fifty-two cards each are shuffled "
       "together and used as one\"; Hoffmann, Hoyle's Games Modernized: \"sometimes four packs, "
       "sometimes two only ... but three is the more usual number\"",
       "Packs"},
      {"limit",
       T::kInt,
       1,
       1000,
       {},
       10,
       "the most one punter may stake on a coup (never more than his chips, nor than what is "
       "left in the bank)",
       "Foster: each \"can bet any amount he pleases until the total amount bet equals the "
       "capital then in the bank\"; a limit for one punter: our reading, to keep the choices few",
       "Stake limit"},
      {"chips",
       T::kInt,
       1,
       100000,
       {},
       100,
       "chips each player starts with; the banker's chips are the bank",
       "our reading: Foster sells the bank to the highest bidder, whose bid is the bank; here "
       "the bank is what the banker holds",
       "Starting chips"},
      {"bank-hands",
       T::kInt,
       1,
       100,
       {},
       5,
       "coups a banker holds the bank before it passes to the left (at once if it is broken)",
       "Foster: \"When the banker loses all he has, the bank is sold to the next highest bidder, "
       "or offered to the next player on the list\"; Foster, Banking Games: the banker \"is "
       "obliged to surrender it from time to time\"; how many coups: our reading",
       "Coups a bank"},
      {"rounds",
       T::kInt,
       1,
       kMaxRounds,
       {},
       1,
       "times the bank goes round the table in a match",
       "our reading, as at Macao: a match ends when every player has held the bank as often",
       "Rounds of the bank"},
  };
  return s;
}

Status validate(const Config& c) {
  if (c.players < 3 || c.players > kMaxPlayers)
    return Status::error(
        "Baccara is for 3 to 11 players (a banker and a punter or more on each side), not " +
        std::to_string(c.players));
  return {};
}

// Foster's hints to the banker, by the card a side took: he draws up to this
// point. "If the player has drawn a ten, the banker should stand, even at 3 or
// 4"; an ace, "stand at 4"; a 2 or 3, "stand at 5"; a 4, "draw, even if he has
// 5"; a 5, 6 or 7, "draw, even if he has 5 or 6"; an 8 or 9, "stand at 4 or 5,
// sometimes even with 3". A side that stood holds 5 to 7 as a rule: draw to 5.
int banker_draws_to(int card_taken) {
  static constexpr std::array<int, 10> to = {2, 3, 4, 4, 5, 6, 6, 6, 2, 2};
  return card_taken < 0 ? 5 : to[static_cast<std::size_t>(card_taken)];
}

// The club law for the side (Foster: "a player must draw if his point is less
// than 5, and must stand if it is more than 5"; at 5 "he should stand");
// Foster's hints for the banker, by the side with more staked on it; a chip a
// coup.
Action foster_action(const BaccaraState& s, Seat me, std::span<const Action> legal) {
  if (s.phase() == BaccaraState::Phase::kStake)
    return legal.size() > 1 ? Move::stake(1).encode() : legal[0];
  if (s.phase() == BaccaraState::Phase::kOffer) {
    const int h = s.side_of(me);
    return point(s.hand(h)) < 5 ? Move::take().encode() : Move::refuse().encode();
  }
  std::array<int, 2> on{};
  for (Seat p = 0; p < s.rules().players; ++p)
    if (p != s.banker()) on[s.side_of(p)] += s.stake(p);
  const int side = on[kLeft] > on[kRight] ? kLeft : kRight;
  const Hand& h = s.hand(side);
  const int taken = h.size() == 3 ? pips(h[2]) : -1;
  return point(s.hand(kBankHand)) <= banker_draws_to(taken) ? Move::take().encode()
                                                            : Move::refuse().encode();
}

// The simplest rule: a chip a coup; side or banker, take a card below 5 and
// stand on 5 or more.
Action threshold_action(const BaccaraState& s, Seat me, std::span<const Action> legal) {
  if (s.phase() == BaccaraState::Phase::kStake)
    return legal.size() > 1 ? Move::stake(1).encode() : legal[0];
  const int h = me == s.banker() ? kBankHand : s.side_of(me);
  return point(s.hand(h)) < 5 ? Move::take().encode() : Move::refuse().encode();
}

// The cards to come decide far more than one choice: a search compares its
// moves on the same deals.
using Bot_ = kit::PolicyBot<BaccaraState, foster_action>;
using Threshold = kit::PolicyBot<BaccaraState, threshold_action>;
using Hints = kit::ChipHints<BaccaraState, foster_action>;

// The two cards of each hand a seat does not hold, and the shoe (whose order
// nobody knows, between coups too), are dealt afresh; once the naturals have been looked at, no
// hand not shown holds an 8 or 9. The cards are sorted first, so that the sample depends on which
// cards are hidden, not where they lie.
class Sampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<BaccaraState>(static_cast<const BaccaraState&>(state));
    out->forget_last_event();
    const bool past_naturals = out->past_naturals();
    std::vector<Card> pool;
    std::array<bool, 3> hidden{};
    for (int h = kRight; h <= kBankHand; ++h) {
      hidden[static_cast<std::size_t>(h)] =
          !out->hand(h).empty() && !out->shown(h) && out->holder(h) != seat;
      if (hidden[static_cast<std::size_t>(h)])
        for (int i = 0; i < 2; ++i) pool.push_back(out->hand(h)[static_cast<std::size_t>(i)]);
    }
    pool.insert(pool.end(), out->shoe().begin(), out->shoe().end());
    std::sort(pool.begin(), pool.end());
    for (int attempt = 0; attempt < 10000; ++attempt) {
      std::vector<Card> deal = pool;
      rng.shuffle(std::span<Card>(deal));
      std::size_t k = 0;
      bool natural = false;
      for (int h = kRight; h <= kBankHand; ++h) {
        if (!hidden[static_cast<std::size_t>(h)]) continue;
        Hand& hand = out->mutable_hand(h);
        hand[0] = deal[k++], hand[1] = deal[k++];
        natural |= (pips(hand[0]) + pips(hand[1])) % 10 >= 8;
      }
      if (natural && past_naturals) continue;
      Shoe& shoe = out->mutable_shoe();
      for (std::size_t i = 0; i < shoe.size(); ++i) shoe[i] = deal[k++];
      return out;
    }
    return nullptr;  // never in practice: most two-card hands are no natural
  }
};

}  // namespace

Rules Rules::from(const Config& c) {
  const Options& o = c.options;
  Rules r;
  r.players = c.players;
  r.packs = o.get("packs");
  r.limit = o.get("limit");
  r.chips = o.get("chips");
  r.bank_hands = o.get("bank-hands");
  r.rounds = o.get("rounds");
  return r;
}

Action foster_for_test(const BaccaraState& s, Seat me, std::span<const Action> legal) {
  return foster_action(s, me, legal);
}

GameInfo game_info() {
  static const Hints hints(5.0, /*same_deals=*/true);
  static const Sampler sampler;
  static const Odds odds;
  GameInfo g;
  g.name = "baccara";
  g.title = "Baccara";
  g.summary = "Baccara à deux tableaux: a banker against two sides; the point nearest 9 wins";
  g.rules = kRulesText;
  g.min_players = 3, g.max_players = kMaxPlayers, g.default_players = 5;
  g.options = specs();
  g.presets = {
      {"baccara",
       "Baccara à deux tableaux, as Foster gives it (seed 003): three packs, even money, ties a "
       "stand-off",
       {},
       3,
       kMaxPlayers,
       5},
  };
  g.bots = {
      {"foster",
       "stakes a chip; for its side draws below 5 and stands on 5 or more (the club law); "
       "as banker follows Foster's hints by the card the side with more staked took",
       [] { return std::unique_ptr<Bot>(std::make_unique<Bot_>()); }},
      {"threshold", "stakes a chip; side or banker, takes a card below 5 and stands on 5 or more",
       [] { return std::unique_ptr<Bot>(std::make_unique<Threshold>()); }},
      {"optimal",
       "stakes a chip; takes or refuses, draws or stands, as the solved coup of right, left "
       "and banker says, mixing where it mixes; as banker with unequal stakes, answers both "
       "sides at his best",
       [] { return std::unique_ptr<Bot>(std::make_unique<OptimalBot>()); }}};
  g.validate = validate;
  g.new_game = state_factory<BaccaraState, Rules>();
  // Stakes are 100 + chips, within the limit; the zones do not depend on
  // the table's size.
  g.bounds = [](const Config& c) {
    return Bounds{101 + static_cast<Action>(Rules::from(c).limit), 10, 0};
  };
  g.resampler = &sampler;
  g.search = &hints;
  g.exact_odds = &odds;
  return g;
}

}  // namespace parlour::baccara
