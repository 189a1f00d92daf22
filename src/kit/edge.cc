// The tallies and wording of edge.h.
#include "kit/edge.h"

#include <array>
#include <cstdio>
#include <vector>

#include "core/registry.h"
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

Status play_hands(Config config, const HandCheck& check) {
  const GameInfo* g = find_game(check.game);
  if (!g) return Status::error(std::string(check.game) + " is not registered");
  config.players = check.players;
  for (const char* o : {"chips=100000", "limit=1", "bank-hands=50", "rounds=20"})
    if (Status st = config.options.set(o); !st.ok()) return st;
  Table table(Selection{g, nullptr}, config, check.seed);
  std::vector<BotPlayer> bots;
  std::vector<Player*> players;
  bots.reserve(static_cast<std::size_t>(check.players));
  for (int p = 0; p < check.players; ++p) {
    bots.emplace_back(check.make(), g->resampler,
                      Rng(check.seed, 2 + static_cast<std::uint64_t>(p)));
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

}  // namespace parlour::kit
