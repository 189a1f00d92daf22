// The tallies and wording of edge.h.
#include "kit/edge.h"

#include <array>
#include <cstdio>
#include <vector>

#include "core/chips.h"
#include "core/registry.h"
#include "core/seeds.h"
#include "core/table.h"

namespace parlour::kit {

std::string per_chip(double x) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%+.4f%%", 100 * x);
  return buf;
}

std::string mixed(double p, const std::string& yes, const std::string& no) {
  if (p >= 1 - 1e-9) return yes;
  if (p <= 1e-9) return no;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f%%", 100 * p);
  return yes + " with chance " + buf + ", else " + no;
}

double Tally::half_width() const {
  if (n_ < 2) return 0;
  const double m = mean();
  const double var = (squares_ / static_cast<double>(n_) - m * m) * static_cast<double>(n_) /
                     static_cast<double>(n_ - 1);
  return 1.96 * std::sqrt(std::max(0.0, var) / static_cast<double>(n_));
}

std::string Tally::against(double exact) const {
  return "exact " + per_chip(exact) + "; measured " + per_chip(mean()) + " ± " +
         per_chip(half_width()).substr(1) + " (95%): " + (agrees(exact) ? "agrees" : "DISAGREES");
}

namespace {

Status long_matches(Config& config, int players) {
  config.players = players;
  // Those of these options the game has: the most chips, a chip a hand, the
  // longest matches.
  for (const OptionSpec& o : config.options.specs()) {
    const std::string_view k = o.key;
    const std::string v = k == "chips"        ? std::to_string(o.max)
                          : k == "limit"      ? "1"
                          : k == "bank-hands" ? std::to_string(o.max)
                          : k == "rounds"     ? std::to_string(o.max)
                                              : "";
    if (v.empty()) continue;
    if (Status st = config.options.set(k, v); !st.ok()) return st;
  }
  return {};
}

std::unique_ptr<Bot> bot_named(const GameInfo& g, std::string_view name) {
  for (const BotSpec& b : g.bots)
    if (b.name == name) return b.make();
  return nullptr;
}

}  // namespace

Status play_hands(Config config, const HandCheck& check) {
  const GameInfo* g = find_game(check.game);
  if (!g) return Status::error(std::string(check.game) + " is not registered");
  if (Status st = long_matches(config, check.players); !st.ok()) return st;
  Table table(Selection{g, nullptr}, config, check.seed);
  std::vector<BotPlayer> bots;
  std::vector<Player*> players;
  bots.reserve(static_cast<std::size_t>(check.players));
  for (int p = 0; p < check.players; ++p) {
    bots.emplace_back(check.make(), g->resampler, bot_rng(check.seed, p));
    players.push_back(&bots.back());
  }
  bool more = true;
  for (std::uint64_t match = 0; more; ++match) {
    if (match) table.restart(check.seed + match * 0x9e3779b97f4a7c15ull);
    int hand = check.hand(table.state());
    bool first = true;
    const bool over = table.run(players, [&](const State& st, const Step&) {
      if (check.hand(st) == hand && st.to_move() != kTerminal) return;
      hand = check.hand(st);
      more = check.between(st, first) && more;
      first = false;
    });
    if (!over) return Status::error("a check game stopped before its end");
  }
  return {};
}

Result<Tally> paired_hands(Config config, const PairedHands& p) {
  const GameInfo* g = find_game(p.game);
  if (!g) return Status::error(std::string(p.game) + " is not registered");
  if (Status st = long_matches(config, p.players); !st.ok()) return st;
  std::unique_ptr<Bot> mine = bot_named(*g, p.mine), theirs = bot_named(*g, p.theirs);
  std::string names;
  for (const BotSpec& b : g->bots) names += (names.empty() ? "" : ", ") + std::string(b.name);
  for (const std::string* n : {&p.mine, &p.theirs})
    if (!bot_named(*g, *n))
      return Status::error("unknown bot '" + *n + "'; " + std::string(p.game) + " has: " + names);
  // Every chance and every bot's choices come from these streams, copied
  // with the position, so that both plays of a hand meet the same cards.
  struct Position {
    std::unique_ptr<State> state;
    Rng chance;
    std::vector<Rng> rngs;
  };
  std::vector<Action> legal;
  // Plays on from `at` until its hand is over, `focal` played by `focal_bot`.
  auto play_hand = [&](Position& at, Seat focal, Bot& focal_bot) -> Status {
    const int hand = p.hand(*at.state);
    while (at.state->to_move() != kTerminal && p.hand(*at.state) == hand) {
      State& s = *at.state;
      const Seat seat = s.to_move();
      if (seat == kChance) {
        s.apply_chance(at.chance);
        continue;
      }
      if (seat < 0) return Status::error("a comparison of hands needs one seat at a time");
      s.legal_actions(seat, legal);
      Bot& bot = seat == focal ? focal_bot : *theirs;
      const Action a = bot.act(Observation(s, seat, g->resampler, legal),
                               at.rngs[static_cast<std::size_t>(seat)]);
      s.apply(seat, a);
    }
    return {};
  };
  auto fresh = [&](std::uint64_t match) {
    Position at{g->new_game(config), Rng(p.seed + match * 0x9e3779b97f4a7c15ull), {}};
    for (int s = 0; s < p.players; ++s) at.rngs.push_back(bot_rng(p.seed + match, s));
    return at;
  };
  Tally tally;
  std::uint64_t match = 0;
  Position at = fresh(match);
  if (Status st = play_hand(at, kNobody, *theirs); !st.ok()) return st;  // to the first hand
  while (tally.count() < p.hands) {
    if (at.state->to_move() == kTerminal) {
      at = fresh(++match);
      if (Status st = play_hand(at, kNobody, *theirs); !st.ok()) return st;
      continue;
    }
    const Seat focal = static_cast<Seat>(tally.count() % p.players);
    const int before = at.state->chips()->balance(focal);
    Position a{at.state->clone(), at.chance, at.rngs};
    if (Status st = play_hand(a, focal, *mine); !st.ok()) return st;
    if (Status st = play_hand(at, focal, *theirs); !st.ok()) return st;
    tally.add((a.state->chips()->balance(focal) - before) -
              (at.state->chips()->balance(focal) - before));
  }
  return tally;
}

Result<OddsReport> optimal_gain(const Config& config, const PairedHands& p, std::string_view hand,
                                const std::function<ExactGain()>& exact) {
  Result<Tally> t = paired_hands(config, p);
  if (!t.ok()) return t.status();
  const std::string against = p.theirs, hands = std::string(hand) + "s";
  OddsReport out;
  out.kind = OddsReport::Kind::kPerChip;
  out.measured = true;
  out.event = "gain per " + std::string(hand) + " of the optimal play over " + against +
              ", on the same cards";
  out.labels = {"optimal - " + against};
  out.chance = {t->mean()};
  out.precision = t->half_width();
  out.method = std::to_string(t->count()) + " " + hands + " at a table of " +
               std::to_string(p.players) +
               ", each played twice from the same position: `optimal` in one seat (the seats in "
               "turns), then `" +
               against + "` there";
  if (exact) {
    const ExactGain e = exact();
    out.notes.push_back(t->against(e.gain));
    out.notes.push_back("exactly: " + e.split);
  }
  const double m = t->mean(), h = t->half_width();
  out.notes.push_back(m - h > 0   ? "the optimal play is ahead, the interval clear of zero"
                      : m + h < 0 ? against + " is ahead, the interval clear of zero"
                                  : "no clear difference at this many " + hands);
  return out;
}

Result<OddsReport> heads_up_check(const Config& config, const HeadsUp& h, double exact) {
  const GameInfo* g = find_game(h.game);
  if (!g || !bot_named(*g, "optimal"))
    return Status::error(std::string(h.game) + " has no optimal bot");
  Tally tally;
  Seat punter = kNobody;
  int before = 0;
  HandCheck hc{h.game,
               2,
               h.seed,
               [g] { return bot_named(*g, "optimal"); },
               h.hand,
               [&](const State& st, bool first) {
                 if (!first && punter != kNobody && tally.count() < h.hands)
                   tally.add(st.chips()->balance(punter) - before);
                 punter = st.to_move() == kTerminal ? kNobody : 1 - h.banker(st);
                 if (punter != kNobody) before = st.chips()->balance(punter);
                 return tally.count() < h.hands;
               }};
  if (Status st = play_hands(config, hc); !st.ok()) return st;
  OddsReport out;
  out.kind = OddsReport::Kind::kPerChip;
  out.measured = true;
  out.event = "result per chip staked, measured";
  out.labels = {"punter", h.bank};
  out.chance = {tally.mean(), -tally.mean()};
  out.precision = tally.half_width();
  out.method = std::to_string(tally.count()) + " hands of one punter against the " + h.bank +
               ", both bots `optimal`, through the table, one chip a hand, " + h.dealt;
  out.notes.push_back(tally.against(exact));
  return out;
}

}  // namespace parlour::kit
