// Vingt-et-un's options and presets, each option with its source; its bot,
// search hints and resampler.
#include <algorithm>
#include <array>

#include "games/vingt_et_un/optimal.h"
#include "games/vingt_et_un/solve.h"
#include "games/vingt_et_un/state.h"
#include "kit/policy.h"
#include "rules_text.h"

namespace parlour::vingt_et_un {
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
       "the betting limit: the most a player may stake on a hand (never more than a quarter of "
       "his counters, or a half without the double, nor more than the bank can cover)",
       "Foster's Complete Hoyle, Vingt-et-un: \"a betting limit is agreed on before play begins\"",
       "Betting limit"},
      {"stake",
       T::kChoice,
       0,
       0,
       {"free", "one"},
       0,
       "free: any stake within the limit; one: a fixed stake of one counter",
       "Foster: \"This amount may be either at the option of the player, within the betting "
       "limit, or it may be a fixed sum, such as one counter\"",
       "Stakes"},
      {"look-first",
       T::kBool,
       0,
       1,
       {},
       0,
       "each player looks at his first card before he stakes",
       "Foster: \"In one variation each player is allowed to look at the first card dealt him "
       "before making his bet, and before receiving a second card\"",
       "Look before staking"},
      {"double",
       T::kBool,
       0,
       1,
       {},
       1,
       "after the first card, the dealer may call on all to double their stakes; a player who "
       "refuses gives up his stake",
       "Foster: \"he has the privilege of calling upon all the others to double the amount they "
       "have placed on theirs. Any player refusing to double must pass over to the dealer the "
       "stake already put up, and stand out of the game for that hand\"",
       "The dealer's double"},
      {"bank",
       T::kChoice,
       0,
       0,
       {"rotation", "natural"},
       0,
       "rotation: the deal and the bank pass to the left every hand; natural: the bank stays "
       "until a player shows a natural the dealer cannot match, and passes to him",
       "Foster: \"The modern practice is for each player to be the banker in turn, the deal "
       "passing in regular rotation to the left\"; \"The old rule was for one player to continue "
       "to act as banker ... until one of his adversaries held a natural, the dealer having none "
       "to offset it\"",
       "The bank passes"},
      {"chips",
       T::kInt,
       4,
       100000,
       {},
       50,
       "counters each player starts with",
       "Foster: \"Each player is provided with a certain number of counters, usually 25 or 50\"",
       "Starting counters"},
      {"rounds",
       T::kInt,
       1,
       20,
       {},
       3,
       "a match is this many hands for each player (with rotation: times the deal goes round)",
       "our reading: Foster sets no length; Peel, Round Games with Cards: \"it is unfair to "
       "conclude until each of those engaged has had a turn, or equal number of turns, as "
       "dealer\"",
       "Rounds"},
  };
  return s;
}

Status validate(const Config& c) {
  if (c.players < 2 || c.players > kMaxPlayers)
    return Status::error("Vingt-et-un is for 2 to 8 players here, not " +
                         std::to_string(c.players));
  return {};
}

// Foster's advice: "The other players should stand on 17, but draw on 16."
// The dealer does the same; he calls double on a first ace or tenth card, and
// a player always doubles (refusing loses the stake for certain). A counter a
// hand.
Action foster_action(const VingtState& s, Seat me, std::span<const Action> legal) {
  const auto has = [&](Move m) {
    return std::find(legal.begin(), legal.end(), m.encode()) != legal.end();
  };
  switch (s.phase()) {
    case VingtState::Phase::kStake:
      return has(Move::stake(1)) ? Move::stake(1).encode() : legal[0];
    case VingtState::Phase::kDouble:
      return value(s.hand(me)[0]) >= 10 || s.hand(me)[0].rank() == kAce
                 ? Move::of(Move::kDouble).encode()
                 : Move::of(Move::kNoDouble).encode();
    case VingtState::Phase::kAnswer:
      return Move::of(Move::kAccept).encode();
    default:
      return s.total(me) <= 16 && has(Move::of(Move::kDraw)) ? Move::of(Move::kDraw).encode()
                                                             : Move::of(Move::kStand).encode();
  }
}

using FosterBot = kit::PolicyBot<VingtState, foster_action>;

// The optimal player (optimal.h). Its duel is solved once a process, some
// 20 s here; asked past its deadline before that, it answers at once, as
// every bot past its deadline does, with Foster's advice for this decision,
// rather than hold the table for the solve.
class OptimalBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    if (obs.legal().size() == 1) return obs.legal()[0];
    const std::unique_ptr<State> world = obs.sample(rng);
    if (!world) return obs.legal()[0];
    const auto& s = static_cast<const VingtState&>(*world);
    if (obs.past_deadline() && !duel_solved(s.rules().dealer_double))
      return foster_action(s, obs.seat(), obs.legal());
    return optimal_action(s, obs.seat(), obs.legal(), rng);
  }
};
using Hints = kit::ChipHints<VingtState, foster_action>;

// What a seat cannot see is dealt afresh: the others' two cards not shown,
// the stock and the face-down discards. Once the naturals are looked at, no
// pair not shown is a natural; a player créve holds two cards that take his
// total over 21, and any other keeps within it. Each such pair is drawn, uniformly, from the pairs
// of the hidden cards that fit it (créve players first); the cards are sorted first, so that the
// sample depends on which cards are hidden, not where they lie.
class Sampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat seat, Rng& rng) const override {
    auto out = std::make_unique<VingtState>(static_cast<const VingtState&>(state));
    out->forget_last_event();
    const int n = out->rules().players;
    std::vector<Card> pool;
    std::vector<Seat> pairs;  // seats whose two cards are hidden, créve first
    for (int pass = 0; pass < 2; ++pass)
      for (Seat p = 0; p < n; ++p) {
        const Hand& h = out->hand(p);
        if (p == seat || out->shown(p) || h.empty()) continue;
        if (out->busted(p) != (pass == 0)) continue;
        pairs.push_back(p);
        for (std::size_t i = 0; i < std::min<std::size_t>(2, h.size()); ++i) pool.push_back(h[i]);
      }
    pool.insert(pool.end(), out->stock().begin(), out->stock().end());
    pool.insert(pool.end(), out->discards().begin(), out->discards().end());
    std::sort(pool.begin(), pool.end());
    // The most held in by what they drew choose first; a choice that leaves a
    // later seat no fitting pair starts the deal again.
    std::stable_sort(pairs.begin(), pairs.end(),
                     [&](Seat a, Seat b) { return drawn(out->hand(a)) > drawn(out->hand(b)); });
    for (int attempt = 0; attempt < 200; ++attempt) {
      std::vector<Card> left = pool;
      rng.shuffle(std::span<Card>(left));
      if (deal_pairs(*out, pairs, left, rng)) {
        Pile& stock = out->mutable_stock();
        for (std::size_t i = 0; i < stock.size(); ++i) stock[i] = left[i];
        Pile& gone = out->mutable_discards();
        for (std::size_t i = 0; i < gone.size(); ++i) gone[i] = left[stock.size() + i];
        return out;
      }
    }
    return nullptr;  // not met in practice: the real cards fit
  }

 private:
  static int drawn(const Hand& h) {
    int t = 0;
    for (std::size_t i = 2; i < h.size(); ++i) t += value(h[i]);
    return t;
  }
  // Gives each seat of `pairs` its hidden cards from `left` (removing them).
  static bool deal_pairs(VingtState& out, const std::vector<Seat>& pairs, std::vector<Card>& left,
                         Rng& rng) {
    for (Seat p : pairs) {
      Hand& h = out.mutable_hand(p);
      if (h.size() == 1) {  // a first card only: anything
        h[0] = left.back();
        left.pop_back();
        continue;
      }
      const bool creve = out.busted(p);
      const bool no_natural = out.past_naturals() || creve;
      const int d = drawn(h);
      auto fits = [&](Card a, Card b) {
        // Over 21 is announced at once: a player still in is within it.
        const int two = value(a) + value(b), hard = two + d;
        // natural(), for two cards: an ace and a tenth card.
        if (no_natural && two == 11 && (a.rank() == kAce || b.rank() == kAce)) return false;
        return creve ? hard > 21 : hard <= 21;
      };
      // A fitting pair chosen evenly, in the order i < j: counted, then the
      // chosen one found again (this runs for every decision of every bot).
      std::uint32_t count = 0;
      for (std::size_t i = 0; i < left.size(); ++i)
        for (std::size_t j = i + 1; j < left.size(); ++j) count += fits(left[i], left[j]);
      if (count == 0) return false;
      std::uint32_t pick = rng.below(count);
      std::size_t i = 0, j = 0;
      for (std::size_t a = 0; a < left.size() && !j; ++a)
        for (std::size_t b = a + 1; b < left.size(); ++b)
          if (fits(left[a], left[b]) && pick-- == 0) {
            i = a, j = b;
            break;
          }
      h[0] = left[i], h[1] = left[j];
      left.erase(left.begin() + static_cast<std::ptrdiff_t>(j));
      left.erase(left.begin() + static_cast<std::ptrdiff_t>(i));
    }
    return true;
  }
};

}  // namespace

Rules Rules::from(const Config& c) {
  const Options& o = c.options;
  Rules r;
  r.players = c.players;
  r.limit = o.get("limit");
  r.fixed_stake = o.get("stake") == 1;
  r.look_first = o.flag("look-first");
  r.dealer_double = o.flag("double");
  r.bank = BankPasses(o.get("bank"));
  r.chips = o.get("chips");
  r.rounds = o.get("rounds");
  return r;
}

Action foster_for_test(const VingtState& s, Seat me, std::span<const Action> legal) {
  return foster_action(s, me, legal);
}

GameInfo game_info() {
  static const Hints hints(5.0, /*same_deals=*/true);
  static const Sampler sampler;
  static const Odds odds;
  GameInfo g;
  g.name = "vingt-et-un";
  g.title = "Vingt-et-un";
  g.summary = "Against the dealer's bank, as near 21 as you dare; a natural is paid double";
  g.rules = kRulesText;
  g.min_players = 2, g.max_players = kMaxPlayers, g.default_players = 4;
  g.options = specs();
  g.presets = {
      {"vingt-et-un",
       "Vingt-et-un as Foster gives it: stakes within a limit, the dealer's double, the deal "
       "passing left",
       {},
       2,
       kMaxPlayers,
       4},
      {"vingt-et-un-old-bank",
       "Vingt-et-un with the old rule of the bank: it goes to a player who shows a natural",
       {{"bank", "natural"}},
       2,
       kMaxPlayers,
       4},
  };
  g.bots = {
      {"foster",
       "stands on 17 and draws on 16 (Foster's advice), a counter a hand; as dealer calls "
       "double on a first ace or tenth card",
       [] { return std::unique_ptr<Bot>(std::make_unique<FosterBot>()); }},
      {"optimal",
       "stakes a chip; calls, doubles and draws as the solved duel of punter and dealer says, "
       "mixing where it mixes",
       [] { return std::unique_ptr<Bot>(std::make_unique<OptimalBot>()); }}};
  g.validate = validate;
  g.new_game = state_factory<VingtState, Rules>();
  // Move::encode: the moves below 100, a stake 100 + chips within the limit.
  g.bounds = [](const Config& c) {
    return Bounds{101 + static_cast<Action>(Rules::from(c).limit), 2 * c.players + 3, 0};
  };
  g.resampler = &sampler;
  g.search = &hints;
  g.exact_odds = &odds;
  return g;
}

}  // namespace parlour::vingt_et_un
