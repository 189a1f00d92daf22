// Farmer's optimal player and odds, from solve.h: the bot `optimal`,
// `parlour odds farmer` and its check by simulation.
#include "games/farmer/optimal.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>

#include "games/farmer/solve.h"
#include "kit/edge.h"

namespace parlour::farmer {
namespace {

// A place's best answer, kept: the worth of each final hand, and the walk.
struct Plan {
  Worth worth{};
  Answer answer;
};

// The players before `place` are read by the cards they took: one plan per
// place and what they took.
const Plan& plan(int players, int farm, int place, const std::vector<int>& taken) {
  static std::mutex mu;
  static std::map<std::vector<int>, std::unique_ptr<Plan>> kept;
  std::vector<int> key = {players, farm, place};
  key.insert(key.end(), taken.begin(), taken.end());
  const Field& f = field(players, farm);  // locks its own cache first
  const std::lock_guard<std::mutex> lock(mu);
  std::unique_ptr<Plan>& p = kept[key];
  if (!p) {
    p = std::make_unique<Plan>();
    p->worth = worth_against(rivals_of(f, place, taken), players - 1, farm, /*six_alone=*/true);
    p->answer = best_answer(p->worth);
  }
  return *p;
}

std::string counters(double x) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%+.4f", x);
  return std::string(buf) + (std::fabs(x) == 1 ? " counter" : " counters");
}

// The farm a state's figures are for: what it holds, or, between farms,
// what a new one will.
int farm_of(const FarmerState& s) {
  return s.farm() > 0 ? s.farm() : s.rules().players + s.rules().price;
}

}  // namespace

int hand_of(const FarmerState& s) {
  const auto p = s.phase();
  return s.deal_number() +
         (p == FarmerState::Phase::kDraw || p == FarmerState::Phase::kOver ? 0 : 1);
}

OptimalChoice optimal_choice(const FarmerState& s, Seat me) {
  OptimalChoice c;
  const int place = s.from_farmer(me) - 1;
  std::vector<int> taken;
  for (int j = 0; j < place; ++j)
    taken.push_back(static_cast<int>(s.hand(s.left(s.farmer(), j + 1)).size()));
  const int farm = farm_of(s);
  const Plan& p = plan(s.rules().players, farm, place, taken);
  const int h = holding_of(s.hand(me));
  const Holding& hold = holdings()[static_cast<std::size_t>(h)];
  c.if_stand = p.worth[static_cast<std::size_t>(outcome_index(hold.total, hold.cards, hold.six))];
  for (std::size_t k = 0; k < 9; ++k)
    if (hold.child[k] >= 0)
      c.if_draw += hold.chance[k] * p.answer.value[static_cast<std::size_t>(hold.child[k])];
  c.draw = p.answer.draw[static_cast<std::size_t>(h)] != 0;
  std::string read;
  if (place > 0) {
    read = "; before you ";
    for (int j = 0; j < place; ++j)
      read += (j ? ", " : "") + std::to_string(taken[static_cast<std::size_t>(j)]);
    read += place == 1 ? " cards were taken" : " cards were taken, hand by hand";
  }
  c.why = std::string(c.draw ? "draw" : "stand") + ": at " + std::to_string(hold.total) + " in " +
          std::to_string(hold.cards) + " cards, drawing on is worth " + counters(c.if_draw) +
          " a deal, standing " + counters(c.if_stand) + " (the farm holds " + std::to_string(farm) +
          read + ")";
  return c;
}

Action optimal_action(const FarmerState& s, Seat me, std::span<const Action> legal) {
  if (legal.size() == 1) return legal[0];
  return optimal_choice(s, me).draw ? Move::take().encode() : Move::stand().encode();
}

// ---- Odds ------------------------------------------------------------------------------

namespace {

std::string method(const Field& f) {
  if (f.exact)
    return "one player against the farmer: his best play worked out through every one of the " +
           std::to_string(f.holdings) +
           " hands he can hold, each card drawn from those he has not seen (exact: no other "
           "player's hand counts)";
  char gap[32];
  std::snprintf(gap, sizeof gap, "%.1e", *std::max_element(f.gain.begin(), f.gain.end()));
  return "a model: each player's best play over the " + std::to_string(f.holdings) +
         " hands he can hold, every card he has not seen weighed, against the others' final "
         "hands as their play makes them, each from a pack of its own (a hand's cards change the "
         "others' chances a little; the model forgets it); the equilibrium by " +
         std::to_string(f.rounds) + " rounds of fictitious play, a best answer gaining at most " +
         gap + " counters a deal in the model";
}

OddsReport report(const Field& f) {
  OddsReport out;
  out.kind = OddsReport::Kind::kCounters;
  out.exact = f.exact;
  out.precision = f.exact ? 1e-12 : *std::max_element(f.gain.begin(), f.gain.end());
  out.method = method(f);
  out.states = f.holdings;
  return out;
}

// What the farm is worth to its buyer at `price`: what it brings him before
// it is won, less his price and his counter.
double farm_worth(int players, int price) {
  const Field& f = field(players, players + price);
  return f.farmer / f.won - (price + 1);
}

}  // namespace

Result<OddsReport> Odds::from_deal(const Config& config) const {
  const Rules r = Rules::from(config);
  const int farm = r.players + r.price;
  const Field& f = field(r.players, farm);
  OddsReport out = report(f);
  out.event =
      "counters a deal, all playing the optimal strategy, the farm holding " + std::to_string(farm);
  out.labels = {"farmer"};
  out.chance = {f.farmer};
  for (int k = 0; k + 1 < r.players; ++k) {
    out.labels.push_back(k == 0 ? "eldest hand" : "hand " + std::to_string(k + 1));
    out.chance.push_back(f.value[static_cast<std::size_t>(k)]);
  }
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "the farm is won in a deal with chance %.4f%%, so a farm stands %.2f deals on "
                "average",
                100 * f.won, 1 / f.won);
  out.notes.push_back(buf);
  const double worth = farm_worth(r.players, r.price);
  out.notes.push_back("the farmer collects " + counters(f.farmer).substr(1) +
                      " a deal from hands over 16: " + counters(f.farmer / f.won).substr(1) +
                      " over a farm's life, against the " + std::to_string(r.price + 1) +
                      " he puts into it (price and counter): a farm bought at " +
                      std::to_string(r.price) + " is worth " + counters(worth) + " to its buyer");
  // The fair price: where the farm is worth nothing to its buyer. Its
  // worth falls as the price rises (a bigger farm is chased harder, and won
  // sooner).
  int lo = 0, hi = 100;
  if (farm_worth(r.players, lo) < 0) {
    out.notes.push_back("even at price 0 the farm is worth less than nothing to its buyer");
  } else if (farm_worth(r.players, hi) >= 0) {
    out.notes.push_back("even at price 100 the farm is worth something to its buyer");
  } else {
    while (hi - lo > 1) {
      const int mid = (lo + hi) / 2;
      (farm_worth(r.players, mid) >= 0 ? lo : hi) = mid;
    }
    out.notes.push_back(
        "the fair price, where the farm is worth nothing to its buyer, lies "
        "between " +
        std::to_string(lo) + " (" + counters(farm_worth(r.players, lo)) + ") and " +
        std::to_string(hi) + " (" + counters(farm_worth(r.players, hi)) + ") at " +
        std::to_string(r.players) + " players");
  }
  out.notes.push_back(
      "the players' figures include the farm when they win it; the price sets the farm and so "
      "every figure; counters, deals and new-farmer change no figure a deal");
  return out;
}

Result<OddsReport> Odds::for_seat(const State& state, Seat seat) const {
  const auto& s = static_cast<const FarmerState&>(state);
  if (s.farmer() == kNobody) return Status::error("no farm is sold yet");
  const Field& f = field(s.rules().players, farm_of(s));
  OddsReport out = report(f);
  out.event = "counters a deal at this table, all playing the optimal strategy, the farm holding " +
              std::to_string(farm_of(s));
  for (Seat p = 0; p < s.rules().players; ++p)
    out.chance.push_back(p == s.farmer() ? f.farmer
                                         : f.value[static_cast<std::size_t>(s.from_farmer(p) - 1)]);
  out.notes.push_back("the farmer's edge: " + counters(f.farmer).substr(1) +
                      " a deal from hands over 16, until the farm is won (chance " +
                      std::to_string(static_cast<int>(std::lround(100 * f.won))) + "% a deal)");
  if (seat >= 0 && s.phase() == FarmerState::Phase::kDraw && s.turn() == seat &&
      s.hand(seat).size() > 1 && s.total(seat) < kTarget)
    out.advice = optimal_choice(s, seat).why;
  return out;
}

namespace {

// Long matches for a check: the most deals, the farm sold by the six of
// hearts (a sale then opens a deal, and its counters can be told apart).
Result<Config> long_matches(const Config& config) {
  Config c = config;
  for (auto [k, v] :
       {std::pair<const char*, const char*>{"deals", "500"}, {"new-farmer", "six-of-hearts"}})
    if (Status st = c.options.set(k, v); !st.ok()) return st;
  return c;
}

}  // namespace

Result<OddsReport> Odds::check(const Config& config, long hands, std::uint64_t seed) const {
  Result<Config> c = long_matches(config);
  if (!c.ok()) return c.status();
  const Rules r = Rules::from(*c);
  const Field& f = field(r.players, r.players + r.price);
  std::vector<kit::Tally> by_place(static_cast<std::size_t>(r.players));  // 0: the farmer
  std::vector<int> before(static_cast<std::size_t>(r.players));
  int farms = 0;
  kit::HandCheck hc{"farmer",
                    r.players,
                    seed,
                    [] { return std::unique_ptr<Bot>(std::make_unique<OptimalBot>()); },
                    [](const State& s) { return hand_of(static_cast<const FarmerState&>(s)); },
                    [&](const State& st, bool first) {
                      const auto& s = static_cast<const FarmerState&>(st);
                      if (!first && by_place[0].count() < hands && s.shown())
                        for (Seat p = 0; p < r.players; ++p) {
                          int d = s.chips()->balance(p) - before[static_cast<std::size_t>(p)];
                          // The counters put into a farm sold at the deal's start are not
                          // its result.
                          if (s.farms_sold() != farms) d += 1 + (p == s.farmer() ? r.price : 0);
                          by_place[static_cast<std::size_t>(s.from_farmer(p))].add(d);
                        }
                      for (Seat p = 0; p < r.players; ++p)
                        before[static_cast<std::size_t>(p)] = s.chips()->balance(p);
                      farms = s.farms_sold();
                      return by_place[0].count() < hands;
                    }};
  if (Status st = kit::play_hands(*c, hc); !st.ok()) return st;
  OddsReport out = report(f);
  out.exact = false;
  out.measured = true;
  out.event = "counters a deal, measured";
  out.labels = {"farmer"};
  out.chance = {by_place[0].mean()};
  out.precision = 0;
  for (int k = 1; k < r.players; ++k) {
    out.labels.push_back(k == 1 ? "eldest hand" : "hand " + std::to_string(k));
    out.chance.push_back(by_place[static_cast<std::size_t>(k)].mean());
  }
  for (const kit::Tally& t : by_place) out.precision = std::max(out.precision, t.half_width());
  out.method = std::to_string(by_place[0].count()) + " deals at a table of " +
               std::to_string(r.players) +
               ", every player the bot `optimal`, through the table, the pack shuffled for each "
               "deal";
  const std::string figure = f.exact ? "exact" : "the model's";
  for (int k = 0; k < r.players; ++k) {
    const double want = k == 0 ? f.farmer : f.value[static_cast<std::size_t>(k - 1)];
    const kit::Tally& t = by_place[static_cast<std::size_t>(k)];
    char buf[200];
    std::snprintf(buf, sizeof buf, "%s: %s %+.4f; measured %+.4f ± %.4f (95%%): %s",
                  out.labels[static_cast<std::size_t>(k)].c_str(), figure.c_str(), want, t.mean(),
                  t.half_width(), t.agrees(want) ? "agrees" : "DISAGREES");
    out.notes.push_back(buf);
  }
  return out;
}

Result<OddsReport> Odds::compare(const Config& config, long hands, std::uint64_t seed,
                                 std::string_view against) const {
  Result<Config> c = long_matches(config);
  if (!c.ok()) return c.status();
  kit::PairedHands ph{
      "farmer", c->players, seed, hands, "optimal", std::string(against), [](const State& s) {
        return hand_of(static_cast<const FarmerState&>(s));
      }};
  Result<OddsReport> out = kit::optimal_gain(*c, ph, "deal");
  if (out.ok()) out->kind = OddsReport::Kind::kCounters;
  return out;
}

}  // namespace parlour::farmer
