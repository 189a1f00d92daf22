#include "kit/dd_sample.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "kit/dds.h"

namespace parlour::kit {
namespace {

class DdSampleBot final : public Bot {
 public:
  DdSampleBot(DdGame game, DdSampleOptions options)
      : game_(std::move(game)), options_(options), solver_(16) {}

  Action act(const Observation& obs, Rng& rng) override {
    why_.clear();
    const std::span<const Action> legal = obs.legal();
    // Past its deadline already (a server's cap), no deal is solved: the
    // game's own bot answers at once.
    if (!obs.can_sample() || obs.past_deadline()) return otherwise(obs, rng);
    std::unique_ptr<State> deal = obs.sample(rng);
    if (!deal) return otherwise(obs, rng);
    std::optional<DdPosition> position;
    if (game_.solve) {
      if (!game_.card(*deal, obs.seat(), legal[0]).is_standard()) return otherwise(obs, rng);
    } else if (!(position = game_.position(*deal, obs.seat()))) {
      return otherwise(obs, rng);
    }
    if (legal.size() == 1) {
      why_ = "its only card";
      return legal[0];
    }
    // The aim is the fewest (Polignac's Jacks), where the position asks for
    // it and no value says otherwise.
    least_ = position && position->fewest && !game_.value;
    std::vector<Card> cards(legal.size());
    for (std::size_t i = 0; i < legal.size(); ++i)
      cards[i] = game_.card(*deal, obs.seat(), legal[i]);

    using Clock = std::chrono::steady_clock;
    const auto started = Clock::now();
    const auto out_of_time = [&] {
      if (obs.past_deadline()) return true;
      return options_.seconds > 0 &&
             std::chrono::duration<double>(Clock::now() - started).count() >= options_.seconds;
    };
    // Tricks (or the game's value) summed over the deals, by legal action:
    // every deal is solved for every card, so the means compare the cards
    // on the same deals.
    std::vector<double> sums(legal.size(), 0);
    // With a value, the tricks between the two bounds, summed: between
    // cards of equal value, the one that leaves the most room to steer.
    std::vector<long> room(legal.size(), 0);
    const bool bounds = game_.value && !game_.solve;  // the fewest solved too
    if (bounds && !fewest_) fewest_ = std::make_unique<DdSolver>(16);
    int solved = 0;
    std::uint64_t searched = 0;
    const std::uint64_t budget = options_.nodes;
    // Each solve stops where the budget or the clock runs out, the first
    // deal's too: a deal cut short counts for nothing (nullopt). Where DDS
    // serves the position (bridge), it solves the deal whole, every card at
    // once, outside the budget of positions: the deals and the clock bound
    // it then.
    int by_dds = 0;
    const auto solve_game = [&](const State& d) -> std::optional<std::array<std::int8_t, 52>> {
      std::uint64_t n = 0;
      std::optional<std::array<std::int8_t, 52>> out =
          game_.solve(d, obs.seat(),
                      budget ? std::max<std::uint64_t>(1, budget - std::min(budget, searched)) : 0,
                      out_of_time, n);
      searched += n;
      return out;
    };
    const auto solve = [&](DdSolver& solver,
                           const DdPosition& p) -> std::optional<std::array<std::int8_t, 52>> {
      if (std::optional<std::array<std::int8_t, 52>> d = dds_plays(p)) {
        ++by_dds;
        return d;
      }
      // (At least 1 left: a limit of 0 would be none.)
      solver.limit(budget ? std::max<std::uint64_t>(1, budget - std::min(budget, searched)) : 0,
                   out_of_time);
      const std::array<std::int8_t, 52> out = solver.plays(p);
      searched += solver.stats().nodes;
      solver.limit(0);  // the clock's lambda refers to this call's locals
      if (solver.stats().stopped) return std::nullopt;
      return out;
    };
    bool cut_short = false;
    for (int i = 0; i < options_.samples; ++i) {
      if (i > 0) {
        if (out_of_time() || (budget > 0 && searched >= budget)) break;
        deal = obs.sample(rng);
        if (!deal) continue;
        if (!game_.solve && !(position = game_.position(*deal, obs.seat()))) continue;
      }
      const std::optional<std::array<std::int8_t, 52>> most =
          game_.solve ? solve_game(*deal) : solve(solver_, *position);
      if ((cut_short = !most)) break;
      const std::array<std::int8_t, 52>& plays = *most;
      std::array<std::int8_t, 52> least{};
      if (bounds) {
        position->fewest = true;
        const std::optional<std::array<std::int8_t, 52>> fewest = solve(*fewest_, *position);
        if ((cut_short = !fewest)) break;
        least = *fewest;
      }
      for (std::size_t k = 0; k < legal.size(); ++k) {
        if (!cards[k].is_standard()) continue;
        const int c = cards[k].index();
        if (plays[c] < 0) continue;
        if (bounds) {
          sums[k] += game_.value(*deal, obs.seat(), least[c], plays[c]);
          room[k] += plays[c] - least[c];
        } else {
          sums[k] += plays[c];
        }
      }
      ++solved;
    }
    if (solved == 0) {
      // Too big a position for the budget (the first cards of a large
      // hand): the game's own bot plays.
      const Action a = otherwise(obs, rng);
      why_ = "no deal solved within " + std::to_string(searched) + " positions searched" +
             (cut_short && budget == 0 ? " (out of time)" : "") +
             (why_.empty() ? "; so its other bot plays" : "; so as its other bot: " + why_);
      return a;
    }
    std::size_t best = 0;
    const auto better = [&](std::size_t k, std::size_t than) {
      return (least_ ? sums[than] - sums[k] : sums[k] - sums[than]) / solved;
    };
    for (std::size_t k = 1; k < legal.size(); ++k) {
      const double d = better(k, best);
      if (d > 0 || (d == 0 && room[k] > room[best])) best = k;
    }
    bool kept = false;
    if (game_.keep_margin > 0) {
      const Action own = otherwise(obs, rng);
      const auto at = std::find(legal.begin(), legal.end(), own);
      if (at != legal.end()) {
        const auto k = static_cast<std::size_t>(at - legal.begin());
        if (better(best, k) <= game_.keep_margin) kept = k != best, best = k;
      }
    }
    explain_means(cards, sums, solved, best, kept);
    why_ += by_dds == solved ? " (solved by DDS)"
                             : " (" + std::to_string(searched) + " positions searched)";
    return legal[best];
  }

  std::string explain() const override { return why_; }

 private:
  Action otherwise(const Observation& obs, Rng& rng) {
    if (!other_) other_ = game_.otherwise();
    const Action a = other_->act(obs, rng);
    why_ = other_->explain();
    return a;
  }

  void explain_means(const std::vector<Card>& cards, const std::vector<double>& sums, int solved,
                     std::size_t best, bool kept) {
    why_ =
        "over " + std::to_string(solved) + (solved == 1 ? " deal" : " deals") +
        " dealt to fit what it sees, " +
        (!game_.measured.empty() ? std::string(game_.measured) + " after"
         : game_.value ? std::string("what it scores double dummy (the others playing against its "
                                     "aim) after")
         : least_
             ? "the fewest " + std::string(game_.many) +
                   " it takes from here double dummy (the others playing to give it the "
                   "most) after"
             : "the " + std::string(game_.many) + " its side takes from here double dummy after");
    for (std::size_t k = 0; k < cards.size(); ++k) {
      char mean[16];
      std::snprintf(mean, sizeof mean, "%.2f", sums[k] / solved);
      why_ += (k ? ", " : " ") + short_name(cards[k], Charset::kAscii) + " " + mean;
    }
    if (kept) {
      char margin[16];
      std::snprintf(margin, sizeof margin, "%.2f", game_.keep_margin);
      why_ += "; so plays " + short_name(cards[best], Charset::kAscii) +
              ", its other bot's card, no worse than the best mean by more than " + margin;
    } else {
      why_ += "; so plays " + short_name(cards[best], Charset::kAscii) +
              (least_ ? ", the lowest mean" : ", the best mean");
    }
  }

  DdGame game_;
  DdSampleOptions options_;
  DdSolver solver_;  // its table carries over from deal to deal
  // With a game's value, a second for the fewest tricks: one solver's table
  // is forgotten whenever its aim changes.
  std::unique_ptr<DdSolver> fewest_;
  std::unique_ptr<Bot> other_;
  std::string why_;
  bool least_ = false;  // this decision's aim is the fewest
};

}  // namespace

std::optional<DdPlays> DdAnalysis::plays(const State& state) const {
  const Seat seat = state.to_move();
  if (seat < 0) return std::nullopt;
  const std::optional<DdPosition> p = game_.position(state, seat);
  if (!p) return std::nullopt;
  DdPlays out;
  // Whose card: the first seat round from the leader that holds cards and
  // has not played to this trick.
  for (int i = 0; i < p->seats; ++i) {
    const Seat s = (p->leader + i) % p->seats;
    if (p->played[static_cast<std::size_t>(s)].valid()) {
      ++out.in_trick;
    } else if (p->hands[static_cast<std::size_t>(s)] && out.player == kNobody) {
      out.player = s;
    }
  }
  int cards = 0;
  for (int s = 0; s < p->seats; ++s) cards += std::popcount(p->hands[static_cast<std::size_t>(s)]);
  out.one = game_.one, out.many = game_.many;
  out.fewest = p->fewest && !game_.value;
  // DDS where it serves (bridge), else the kit's solver.
  std::optional<std::array<std::int8_t, 52>> by_dds = dds_plays(*p);
  std::array<std::int8_t, 52> tricks;
  if (by_dds) {
    tricks = *by_dds;
  } else {
    DdSolver solver(cards > 24 ? 16 : 12);
    tricks = solver.plays(*p);
  }
  // A game that wants a count between (Oh Hell!'s bid, read by its value)
  // is shown the fewest beside the most, as its dd-sample bot weighs them.
  std::array<std::int8_t, 52> least;
  least.fill(-1);
  out.ranges = game_.value && !game_.solve && !by_dds;
  if (out.ranges) {
    DdPosition fewest = *p;
    fewest.fewest = true;
    DdSolver solver(cards > 24 ? 16 : 12);
    least = solver.plays(fewest);
    if (game_.wanted) out.wanted = game_.wanted(state, out.player), out.aim = game_.aim;
  }
  std::vector<Action> legal;
  state.legal_actions(seat, legal);
  for (Action a : legal) {
    const Card c = game_.card(state, seat, a);
    if (c.is_standard() && tricks[c.index()] >= 0)
      out.plays.push_back({a, c, tricks[c.index()], least[c.index()]});
  }
  return out;
}

Result<DdSampleOptions> read_dd_sample(std::string_view settings) {
  auto refuse = [&](std::string_view why) {
    return Status::error("\"dd-sample:" + std::string(settings.substr(0, 20)) +
                         "\": " + std::string(why) +
                         "; accepted: dd-sample:DEALS (1 to 10000 deals a card) or "
                         "dd-sample:SECONDSs (above 0 and at most 600 seconds a card)");
  };
  std::string_view arg = settings;
  const bool seconds = arg.ends_with("s");
  if (seconds) arg.remove_suffix(1);
  if (arg.empty() || arg.size() > 9 || arg.find_first_not_of("0123456789.") != arg.npos)
    return refuse("not a number of deals or of seconds");
  double v = 0;
  const auto [end, ec] = std::from_chars(arg.data(), arg.data() + arg.size(), v);
  if (ec != std::errc() || end != arg.data() + arg.size())
    return refuse("not a number of deals or of seconds");
  DdSampleOptions o;
  if (seconds) {
    if (!(v > 0 && v <= 600)) return refuse("seconds must be above 0 and at most 600");
    o.samples = 10000, o.seconds = v, o.nodes = 0;
  } else {
    if (v < 1 || v > 10000 || v != static_cast<double>(static_cast<int>(v)))
      return refuse("deals must be a whole number from 1 to 10000");
    o.samples = static_cast<int>(v), o.seconds = 0, o.nodes = 0;
  }
  return o;
}

BotSpec dd_sample_spec(std::string_view help, std::unique_ptr<Bot> (*make)(DdSampleOptions)) {
  return {"dd-sample",
          help,
          [make] { return make({}); },
          /*slow=*/true,
          [make](std::string_view settings) -> Result<std::unique_ptr<Bot>> {
            Result<DdSampleOptions> o = read_dd_sample(settings);
            if (!o.ok()) return o.status();
            return make(*o);
          },
          kDdSampleSettings};
}

std::unique_ptr<Bot> make_dd_sample_bot(DdGame game, DdSampleOptions options) {
  return std::make_unique<DdSampleBot>(std::move(game), options);
}

}  // namespace parlour::kit
