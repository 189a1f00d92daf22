#include "analysis/sim.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "analysis/plot.h"
#include "bots/random_bot.h"

namespace parlour {
namespace {

constexpr std::size_t kLengthBins = 4096;

struct Partial {
  std::vector<Tally> seats, bots;
  std::vector<std::uint64_t> hist = std::vector<std::uint64_t>(kLengthBins, 0);
  std::uint64_t length_sum = 0, games = 0;
  bool odd_card = false;
};

// Plays one game through the generic interface, bots seeing only their views.
void play_generic(const GameInfo& g, const Config& config, std::uint64_t seed,
                  std::vector<std::unique_ptr<Bot>>& bots, Playout& out) {
  const int players = config.players;
  std::vector<Rng> rngs;
  for (int s = 0; s < players; ++s) rngs.emplace_back(seed, bot_stream(s));
  Rng chance(seed, kChanceStream);
  auto state = g.new_game(config);
  while (!state->terminal()) {
    const Seat who = state->to_move();
    if (who == kChance) {
      state->apply_chance(chance);
      continue;
    }
    state->apply(bots[who]->act(Observation(*state, who, g.resampler), rngs[who]));
  }
  const Outcome o = state->outcome();
  out = Playout{};
  out.players = players;
  for (int s = 0; s < players; ++s) out.scores[s] = o.scores[s], out.places[s] = o.places[s];
  out.length = state->actions_applied();
  out.odd_card_seats = state->odd_card_seats();
}

}  // namespace

std::uint64_t game_seed(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ull * (index + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

Interval wilson(std::uint64_t k, std::uint64_t n) {
  if (n == 0) return {0, 1};
  const double z = 1.959963984540054, p = static_cast<double>(k) / static_cast<double>(n), nn = static_cast<double>(n);
  const double centre = (p + z * z / (2 * nn)) / (1 + z * z / nn);
  const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / (1 + z * z / nn);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

std::uint64_t SimResult::length_percentile(double q) const {
  const std::uint64_t want = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(games)));
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < length_hist.size(); ++i)
    if ((seen += length_hist[i]) >= std::max<std::uint64_t>(want, 1)) return i;
  return length_hist.size() - 1;
}

Result<SimResult> simulate(const SimSpec& spec) {
  const GameInfo& g = *spec.sel.game;
  const int players = spec.config.players;
  std::vector<std::string> bots = spec.bots;
  if (bots.empty()) bots = {std::string(g.bots.empty() ? "random" : g.bots.front().name)};
  if (bots.size() == 1) bots.assign(players, bots[0]);
  if (static_cast<int>(bots.size()) != players)
    return Status::error("--bots names " + std::to_string(bots.size()) + " bots for " + std::to_string(players) +
                         " players; give one name, or one per seat separated by commas");
  for (const auto& b : bots)
    if (!make_bot(g, b)) return Status::error("unknown bot '" + b + "'; " + std::string(g.name) + " has: " + bot_names(g));
  std::vector<std::string> names;
  for (const auto& b : bots)
    if (std::find(names.begin(), names.end(), b) == names.end()) names.push_back(b);

  // The game's fast simulator serves when every seat has the bot it stands for.
  const bool fast = g.fast_playouts && std::all_of(bots.begin(), bots.end(), [&](const std::string& b) { return b == g.fast_bot; });

  std::atomic<std::uint64_t> next{0}, done{0};
  std::mutex progress_lock;
  constexpr std::uint64_t kChunk = 16;
  auto work = [&](Partial& part) {
    part.seats.assign(players, {});
    part.bots.assign(names.size(), {});
    std::vector<std::unique_ptr<Bot>> seat_bots(players);
    std::vector<int> bot_index(players);
    std::unique_ptr<FastPlayouts> fast_sim = fast ? g.fast_playouts(spec.config) : nullptr;
    Playout po;
    for (;;) {
      const std::uint64_t begin = next.fetch_add(kChunk);
      if (begin >= spec.games) break;
      const std::uint64_t end = std::min(spec.games, begin + kChunk);
      for (std::uint64_t i = begin; i < end; ++i) {
        const std::uint64_t seed = game_seed(spec.seed, i);
        for (int s = 0; s < players; ++s) {
          const std::string& name = bots[spec.rotate ? (s + i) % players : s];
          if (!fast_sim) seat_bots[s] = make_bot(g, name);  // the fast path needs none
          bot_index[s] = static_cast<int>(std::find(names.begin(), names.end(), name) - names.begin());
        }
        if (fast_sim) fast_sim->play(seed, po);
        else play_generic(g, spec.config, seed, seat_bots, po);
        const int worst = *std::max_element(po.places.begin(), po.places.begin() + players);
        const bool all_tied = worst == 1;
        part.odd_card |= po.odd_card_seats != 0;
        for (int s = 0; s < players; ++s) {
          Tally t;
          t.games = 1;
          t.wins = po.places[s] == 1 && !all_tied;
          t.losses = po.places[s] == worst && !all_tied;
          t.place_sum = static_cast<std::uint64_t>(po.places[s]);
          t.at_place[static_cast<std::size_t>(std::clamp(po.places[s], 1, 16))] = 1;
          t.odd_dealt = (po.odd_card_seats >> s) & 1;
          t.odd_dealt_lost = t.odd_dealt && t.losses;
          part.seats[s].add(t);
          part.bots[bot_index[s]].add(t);
        }
        const std::uint64_t len = static_cast<std::uint64_t>(po.length);
        ++part.hist[std::min<std::uint64_t>(len, kLengthBins - 1)];
        part.length_sum += len;
        ++part.games;
      }
      const std::uint64_t d = done.fetch_add(end - begin) + (end - begin);
      if (spec.progress && progress_lock.try_lock()) {
        spec.progress(d);
        progress_lock.unlock();
      }
    }
  };
  const int threads = std::max(1, spec.threads);
  std::vector<Partial> parts(threads);
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, std::ref(parts[t]));
  work(parts[0]);
  for (auto& th : pool) th.join();

  SimResult r;
  r.seats.assign(players, {});
  r.bot_names = names;
  r.bots.assign(names.size(), {});
  r.length_hist.assign(kLengthBins, 0);
  for (const Partial& p : parts) {
    for (int s = 0; s < players; ++s) r.seats[s].add(p.seats[s]);
    for (std::size_t b = 0; b < names.size(); ++b) r.bots[b].add(p.bots[b]);
    for (std::size_t i = 0; i < kLengthBins; ++i) r.length_hist[i] += p.hist[i];
    r.length_sum += p.length_sum;
    r.games += p.games;
    r.odd_card |= p.odd_card;
  }
  r.fast = fast;
  return r;
}

namespace {

std::string pct(double x) {
  std::ostringstream o;
  o.setf(std::ios::fixed);
  o.precision(2);
  o << 100 * x << "%";
  return o.str();
}

std::string rate_ci(std::uint64_t k, std::uint64_t n) {
  const Interval ci = wilson(k, n);
  return pct(n ? static_cast<double>(k) / static_cast<double>(n) : 0) + " [" + pct(ci.low) + ", " + pct(ci.high) + "]";
}

nlohmann::json tally_json(const Tally& t) {
  const double n = static_cast<double>(std::max<std::uint64_t>(t.games, 1));
  const Interval w = wilson(t.wins, t.games), l = wilson(t.losses, t.games);
  return {{"games", t.games},
          {"win", static_cast<double>(t.wins) / n},
          {"win_ci", {w.low, w.high}},
          {"lose", static_cast<double>(t.losses) / n},
          {"lose_ci", {l.low, l.high}},
          {"mean_place", static_cast<double>(t.place_sum) / n},
          {"places", [&] {
             // Share of games finished at place 1, 2, ...
             std::vector<double> v;
             std::size_t last = 1;
             for (std::size_t i = 1; i < t.at_place.size(); ++i)
               if (t.at_place[i]) last = i;
             for (std::size_t i = 1; i <= last; ++i) v.push_back(static_cast<double>(t.at_place[i]) / n);
             return v;
           }()},
          {"odd_card_dealt", static_cast<double>(t.odd_dealt) / n},
          {"lose_when_dealt_odd_card", t.odd_dealt ? static_cast<double>(t.odd_dealt_lost) / static_cast<double>(t.odd_dealt) : 0.0}};
}

std::string seat_bot(const SimSpec& spec, const SimResult& r, int s) {
  if (spec.rotate) return "rotating";
  return spec.bots.size() == 1 ? spec.bots[0] : spec.bots.empty() ? r.bot_names[0] : spec.bots[s];
}

}  // namespace

std::string format_text(const SimSpec& spec, const SimResult& r) {
  std::ostringstream o;
  o << spec.sel.name() << ", " << spec.config.players << " players, " << r.games << " games, seed " << spec.seed;
  if (std::string opts = spec.config.options.changed(); !opts.empty()) o << ", " << opts;
  o << (r.fast ? " (fast path)" : "") << "\nRates with 95% confidence intervals (Wilson).\n\nseat  bot        win                         lose                        mean place\n";
  for (std::size_t s = 0; s < r.seats.size(); ++s) {
    const Tally& t = r.seats[s];
    std::string bot = seat_bot(spec, r, static_cast<int>(s));
    bot.resize(std::max<std::size_t>(bot.size(), 10), ' ');
    std::string win = rate_ci(t.wins, t.games), lose = rate_ci(t.losses, t.games);
    win.resize(std::max<std::size_t>(win.size(), 27), ' ');
    lose.resize(std::max<std::size_t>(lose.size(), 27), ' ');
    o << "  " << s << "   " << bot << " " << win << " " << lose << " "
      << static_cast<double>(t.place_sum) / static_cast<double>(std::max<std::uint64_t>(t.games, 1)) << "\n";
  }
  // Finishing places, where a game ranks more than a winner and a loser.
  bool ranked = false;
  for (const Tally& t : r.seats)
    for (std::size_t i = 2; i < t.at_place.size(); ++i) ranked |= t.at_place[i] && i != r.seats.size();
  if (ranked) {
    o << "\nfinishing places (share of games):\n";
    for (std::size_t s = 0; s < r.seats.size(); ++s) {
      o << "  seat " << s << ":";
      for (std::size_t i = 1; i < r.seats[s].at_place.size(); ++i)
        if (r.seats[s].at_place[i])
          o << "  #" << i << " " << pct(static_cast<double>(r.seats[s].at_place[i]) / static_cast<double>(r.seats[s].games));
      o << "\n";
    }
  }
  if (r.odd_card) {
    o << "\nthe odd card after the deal (a seat may share it with others when three of its rank are left):\n";
    for (std::size_t s = 0; s < r.seats.size(); ++s) {
      const Tally& t = r.seats[s];
      o << "  seat " << s << ": holds it in " << rate_ci(t.odd_dealt, t.games) << " of games; then loses "
        << rate_ci(t.odd_dealt_lost, t.odd_dealt) << "\n";
    }
  }
  if (r.bot_names.size() > 1) {
    o << "\nby bot (every seat):\n";
    for (std::size_t b = 0; b < r.bot_names.size(); ++b)
      o << "  " << r.bot_names[b] << ": win " << rate_ci(r.bots[b].wins, r.bots[b].games) << ", lose "
        << rate_ci(r.bots[b].losses, r.bots[b].games) << " over " << r.bots[b].games << " seat-games\n";
  }
  o << "\ngame length (seat actions): mean " << static_cast<double>(r.length_sum) / static_cast<double>(std::max<std::uint64_t>(r.games, 1))
    << ", median " << r.length_percentile(0.5) << ", 90% " << r.length_percentile(0.9) << ", 99% "
    << r.length_percentile(0.99) << ", max " << r.length_percentile(1.0) << "\n";
  // A small histogram: ten bins between the 1st and 99th percentiles.
  const std::uint64_t lo = r.length_percentile(0.01), hi = r.length_percentile(0.99) + 1;
  const std::uint64_t width = std::max<std::uint64_t>(1, (hi - lo + 9) / 10);
  std::uint64_t peak = 1;
  std::vector<std::uint64_t> bins;
  for (std::uint64_t b = lo; b < hi; b += width) {
    std::uint64_t n = 0;
    for (std::uint64_t i = b; i < std::min<std::uint64_t>(b + width, r.length_hist.size()); ++i) n += r.length_hist[i];
    bins.push_back(n);
    peak = std::max(peak, n);
  }
  for (std::size_t k = 0; k < bins.size(); ++k) {
    std::string label = std::to_string(lo + k * width) + "-" + std::to_string(lo + (k + 1) * width - 1);
    label.resize(std::max<std::size_t>(label.size(), 10), ' ');
    o << "  " << label << " " << std::string(static_cast<std::size_t>(40 * bins[k] / peak), '#') << " " << bins[k] << "\n";
  }
  return o.str();
}

std::string format_json(const SimSpec& spec, const SimResult& r) {
  nlohmann::json j;
  j["game"] = std::string(spec.sel.name());
  j["players"] = spec.config.players;
  j["games"] = r.games;
  j["seed"] = spec.seed;
  j["options"] = spec.config.options.assignments();
  j["seats"] = nlohmann::json::array();
  for (std::size_t s = 0; s < r.seats.size(); ++s) {
    nlohmann::json t = tally_json(r.seats[s]);
    t["seat"] = s;
    t["bot"] = seat_bot(spec, r, static_cast<int>(s));
    j["seats"].push_back(t);
  }
  j["bots"] = nlohmann::json::array();
  for (std::size_t b = 0; b < r.bot_names.size(); ++b) {
    nlohmann::json t = tally_json(r.bots[b]);
    t["bot"] = r.bot_names[b];
    j["bots"].push_back(t);
  }
  nlohmann::json hist = nlohmann::json::array();
  for (std::size_t i = 0; i < r.length_hist.size(); ++i)
    if (r.length_hist[i]) hist.push_back({i, r.length_hist[i]});
  j["length"] = {{"mean", static_cast<double>(r.length_sum) / static_cast<double>(std::max<std::uint64_t>(r.games, 1))},
                 {"p50", r.length_percentile(0.5)},
                 {"p90", r.length_percentile(0.9)},
                 {"p99", r.length_percentile(0.99)},
                 {"histogram", hist}};
  return j.dump(1) + "\n";
}

Status plot_sim(const SimSpec& spec, const SimResult& r, const std::string& path) {
  Result<std::string> header = plot_header(path, 1200, 450);
  if (!header.ok()) return header.status();
  std::ostringstream s;
  s << *header << "set multiplot layout 1,2 title \"" << spec.sel.name() << ", " << spec.config.players << " players, "
    << r.games << " games\"\n";
  s << "set title 'Chance of losing by seat (95% intervals)'\nset xlabel \"seat (0 = dealer's left)\"\n"
    << "set ylabel 'loses'\nset format y '%.0f%%'\nset grid\nset style fill solid 0.5\nset boxwidth 0.6\n"
    << "set xrange [-0.5:" << spec.config.players - 0.5 << "]\nset xtics 1\nset yrange [0:*]\n";
  s << "plot '-' using 1:2 with boxes notitle, '-' using 1:2:3:4 with yerrorbars lc rgb 'black' notitle\n";
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t i = 0; i < r.seats.size(); ++i) {
      const Tally& t = r.seats[i];
      const double q = static_cast<double>(t.losses) / static_cast<double>(std::max<std::uint64_t>(t.games, 1));
      const Interval ci = wilson(t.losses, t.games);
      s << i << " " << 100 * q << " " << 100 * ci.low << " " << 100 * ci.high << "\n";
    }
    s << "e\n";
  }
  s << "set title 'Game length'\nset xlabel 'seat actions'\nset ylabel 'games'\nset format y '%g'\nset autoscale x\n"
    << "set xtics autofreq\nset yrange [0:*]\nset boxwidth 1\nplot '-' using 1:2 with boxes notitle\n";
  for (std::size_t i = 0; i < r.length_hist.size(); ++i)
    if (r.length_hist[i]) s << i << " " << r.length_hist[i] << "\n";
  s << "e\nunset multiplot\n";
  return run_gnuplot(s.str());
}

std::string format_csv(const SimSpec& spec, const SimResult& r) {
  std::ostringstream o;
  o << "seat,bot,games,win,win_low,win_high,lose,lose_low,lose_high,mean_place\n";
  for (std::size_t s = 0; s < r.seats.size(); ++s) {
    const Tally& t = r.seats[s];
    const double n = static_cast<double>(std::max<std::uint64_t>(t.games, 1));
    const Interval w = wilson(t.wins, t.games), l = wilson(t.losses, t.games);
    o << s << "," << seat_bot(spec, r, static_cast<int>(s)) << "," << t.games << "," << t.wins / n << "," << w.low << ","
      << w.high << "," << t.losses / n << "," << l.low << "," << l.high << "," << t.place_sum / n << "\n";
  }
  return o.str();
}

}  // namespace parlour
