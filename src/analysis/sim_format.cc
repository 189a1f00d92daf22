// How a simulation is reported: text, JSON, CSV and a plot. What each seat's
// line says follows the game's kind of result: the chance of losing where a
// game has only losers, of winning a solitaire, places and mean scores where
// players are ranked or score points.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "analysis/percent.h"
#include "analysis/plot.h"
#include "analysis/sim.h"

namespace parlour {
namespace {

std::string num(double x, int digits = 2) {
  std::ostringstream o;
  o.setf(std::ios::fixed);
  o.precision(digits);
  o << x;
  return o.str();
}

std::string rate_ci(std::uint64_t k, std::uint64_t n) {
  const Interval ci = wilson(k, n);
  return pct(n ? static_cast<double>(k) / static_cast<double>(n) : 0) + " [" + pct(ci.low) + ", " +
         pct(ci.high) + "]";
}

std::string score_ci(const Tally& t) {
  return num(t.mean_score()) + " ± " + num(t.score_half_width());
}

double mean_place(const Tally& t) {
  return static_cast<double>(t.place_sum) /
         static_cast<double>(std::max<std::uint64_t>(t.games, 1));
}

std::string padded(std::string s, std::size_t w) {
  std::size_t shown = 0;
  for (char c : s) shown += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  if (shown < w) s.append(w - shown, ' ');
  return s;
}

nlohmann::json tally_json(const Tally& t) {
  const double n = static_cast<double>(std::max<std::uint64_t>(t.games, 1));
  const Interval w = wilson(t.wins, t.games), l = wilson(t.losses, t.games);
  std::vector<double> places;  // share of games finished at place 1, 2, ...
  std::size_t last = 1;
  for (std::size_t i = 1; i < t.at_place.size(); ++i)
    if (t.at_place[i]) last = i;
  for (std::size_t i = 1; i <= last; ++i) places.push_back(static_cast<double>(t.at_place[i]) / n);
  return {
      {"games", t.games},
      {"win", static_cast<double>(t.wins) / n},
      {"win_ci", {w.low, w.high}},
      {"lose", static_cast<double>(t.losses) / n},
      {"lose_ci", {l.low, l.high}},
      {"mean_place", mean_place(t)},
      {"places", places},
      {"mean_score", t.mean_score()},
      {"score_ci", {t.mean_score() - t.score_half_width(), t.mean_score() + t.score_half_width()}}};
}

std::string seat_bot(const SimSpec& spec, const SimResult& r, int s) {
  if (spec.rotate && spec.duplicate) return "rotating, each deal under every rotation";
  if (spec.rotate) return "rotating";
  return spec.bots.size() == 1 ? spec.bots[0] : spec.bots.empty() ? r.bot_names[0] : spec.bots[s];
}

// The columns of a seat's line, by kind.
std::vector<std::string> headers(OutcomeKind k) {
  switch (k) {
    case OutcomeKind::kLoser:
      return {"lose"};
    case OutcomeKind::kSolo:
      return {"win"};
    case OutcomeKind::kRanking:
      return {"win (first place)", "last place", "mean place"};
    case OutcomeKind::kScores:
      return {"mean score (95%)", "win (first place)", "last place"};
  }
  return {};
}

std::vector<std::string> cells(OutcomeKind k, const Tally& t) {
  switch (k) {
    case OutcomeKind::kLoser:
      return {rate_ci(t.losses, t.games)};
    case OutcomeKind::kSolo:
      return {rate_ci(t.wins, t.games)};
    case OutcomeKind::kRanking:
      return {rate_ci(t.wins, t.games), rate_ci(t.losses, t.games), num(mean_place(t), 3)};
    case OutcomeKind::kScores:
      return {score_ci(t), rate_ci(t.wins, t.games), rate_ci(t.losses, t.games)};
  }
  return {};
}

// Games that ended at the game's safety cap, not by its rules: said
// wherever results are, since they are not the game's.
std::string capped_line(const SimResult& r) {
  if (r.capped == 0) return "";
  return "\n" + std::to_string(r.capped) + (r.capped == 1 ? " game (" : " games (") +
         pct(static_cast<double>(r.capped) /
             static_cast<double>(std::max<std::uint64_t>(r.games, 1))) +
         ") ended at the cap of " + std::to_string(r.cap) + " " + std::string(r.cap_unit) +
         ", not by the rules: " + (r.capped == 1 ? "its result is" : "their results are") +
         " counted as the game gave them.\n";
}

}  // namespace

std::string format_text(const SimSpec& spec, const SimResult& r) {
  std::ostringstream o;
  o << spec.sel.name() << ", " << spec.config.players
    << (spec.config.players == 1 ? " player, " : " players, ") << r.games << " games, seed "
    << spec.seed;
  if (std::string opts = spec.config.options.changed(); !opts.empty()) o << ", " << opts;
  o << (r.fast ? " (fast path)" : "") << "\n";
  switch (r.kind) {
    case OutcomeKind::kLoser:
      o << "Each game has a loser and no winner: the chance of losing, seat by seat.\n";
      break;
    case OutcomeKind::kSolo:
      o << "A solitaire: the chance of winning it.\n";
      break;
    case OutcomeKind::kRanking:
      o << "Players are ranked by when they finish.\n";
      break;
    case OutcomeKind::kScores:
      o << "Players score points; first place wins.\n";
      break;
  }
  o << "Rates with 95% confidence intervals (Wilson); mean scores with their 95% half-width.\n\n";
  const std::vector<std::string> head = headers(r.kind);
  const std::size_t width = 29;
  o << "seat  bot        ";
  for (const auto& h : head) o << padded(h, width);
  o << "\n";
  for (std::size_t s = 0; s < r.seats.size(); ++s) {
    o << "  " << padded(std::to_string(s), 4) << padded(seat_bot(spec, r, static_cast<int>(s)), 10)
      << " ";
    for (const auto& c : cells(r.kind, r.seats[s])) o << padded(c, width);
    o << "\n";
  }
  // Partners share one result: the seats of a side read the same.
  if (const std::vector<int> side = sides_of(*spec.sel.game, spec.config.players);
      side_count(*spec.sel.game, spec.config.players) < spec.config.players) {
    o << "partners (one side, one result):";
    for (int k = 0; k < side_count(*spec.sel.game, spec.config.players); ++k) {
      o << (k ? ";" : "") << " seats";
      bool first = true;
      for (std::size_t s = 0; s < side.size(); ++s)
        if (side[s] == k) o << (first ? " " : " and ") << s, first = false;
    }
    o << "\n";
  }
  o << capped_line(r);
  // Finishing places, where a game ranks more than a winner and a loser.
  bool ranked = false;
  for (const Tally& t : r.seats)
    for (std::size_t i = 2; i < t.at_place.size(); ++i)
      ranked |= t.at_place[i] && i != r.seats.size();
  if (ranked && r.kind != OutcomeKind::kLoser) {
    o << "\nfinishing places (share of games):\n";
    for (std::size_t s = 0; s < r.seats.size(); ++s) {
      o << "  seat " << s << ":";
      for (std::size_t i = 1; i < r.seats[s].at_place.size(); ++i)
        if (r.seats[s].at_place[i])
          o << "  #" << i << " "
            << pct(static_cast<double>(r.seats[s].at_place[i]) /
                   static_cast<double>(r.seats[s].games));
      o << "\n";
    }
  }
  for (const SeatRate& rate : r.game_stats) {
    o << "\n" << rate.label << ":\n";
    for (std::size_t s = 0; s < rate.by_seat.size(); ++s)
      o << "  seat " << s << ": " << rate_ci(rate.by_seat[s].first, rate.by_seat[s].second) << "\n";
  }
  if (r.bot_names.size() > 1) {
    o << "\nby bot (every seat):\n";
    for (std::size_t b = 0; b < r.bot_names.size(); ++b) {
      const Tally& t = r.bots[b];
      o << "  " << r.bot_names[b] << ":";
      const std::vector<std::string> c = cells(r.kind, t);
      for (std::size_t i = 0; i < c.size(); ++i) o << (i ? ", " : " ") << head[i] << " " << c[i];
      o << " over " << t.games << (by_side(spec) ? " side-games\n" : " seat-games\n");
    }
  }
  o << "\ngame length (seat actions): mean "
    << static_cast<double>(r.length_sum) / static_cast<double>(std::max<std::uint64_t>(r.games, 1))
    << ", median " << r.length_percentile(0.5) << ", 90% " << r.length_percentile(0.9) << ", 99% "
    << r.length_percentile(0.99) << ", max " << r.length_percentile(1.0) << "\n";
  // A small histogram: ten bins between the 1st and 99th percentiles.
  const std::uint64_t lo = r.length_percentile(0.01), hi = r.length_percentile(0.99) + 1;
  const std::uint64_t bin = std::max<std::uint64_t>(1, (hi - lo + 9) / 10);
  std::uint64_t peak = 1;
  std::vector<std::uint64_t> bins;
  for (std::uint64_t b = lo; b < hi; b += bin) {
    std::uint64_t n = 0;
    for (std::uint64_t i = b; i < std::min<std::uint64_t>(b + bin, r.length_hist.size()); ++i)
      n += r.length_hist[i];
    bins.push_back(n);
    peak = std::max(peak, n);
  }
  for (std::size_t k = 0; k < bins.size(); ++k) {
    const std::string label =
        std::to_string(lo + k * bin) + "-" + std::to_string(lo + (k + 1) * bin - 1);
    o << "  " << padded(label, 10) << " "
      << std::string(static_cast<std::size_t>(40 * bins[k] / peak), '#') << " " << bins[k] << "\n";
  }
  return o.str();
}

std::string format_json(const SimSpec& spec, const SimResult& r) {
  nlohmann::json j;
  j["game"] = std::string(spec.sel.name());
  j["players"] = spec.config.players;
  j["games"] = r.games;
  j["seed"] = spec.seed;
  j["kind"] = outcome_kind_name(r.kind);
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
  j["game_stats"] = nlohmann::json::array();
  for (const SeatRate& rate : r.game_stats) {
    nlohmann::json seats = nlohmann::json::array();
    for (const auto& [k, n] : rate.by_seat) {
      const Interval ci = wilson(k, n);
      seats.push_back({{"k", k},
                       {"n", n},
                       {"rate", n ? static_cast<double>(k) / static_cast<double>(n) : 0.0},
                       {"ci", {ci.low, ci.high}}});
    }
    j["game_stats"].push_back({{"label", rate.label}, {"seats", seats}});
  }
  nlohmann::json hist = nlohmann::json::array();
  for (std::size_t i = 0; i < r.length_hist.size(); ++i)
    if (r.length_hist[i]) hist.push_back({i, r.length_hist[i]});
  j["length"] = {{"mean", static_cast<double>(r.length_sum) /
                              static_cast<double>(std::max<std::uint64_t>(r.games, 1))},
                 {"p50", r.length_percentile(0.5)},
                 {"p90", r.length_percentile(0.9)},
                 {"p99", r.length_percentile(0.99)},
                 {"max", r.length_percentile(1.0)},
                 {"histogram", hist}};
  j["capped"] = {{"games", r.capped}, {"cap", r.cap}, {"unit", std::string(r.cap_unit)}};
  return j.dump(1) + "\n";
}

std::string format_csv(const SimSpec& spec, const SimResult& r) {
  std::ostringstream o;
  o << "seat,bot,games,win,win_low,win_high,lose,lose_low,lose_high,mean_place,mean_score,score_"
       "low,score_high\n";
  for (std::size_t s = 0; s < r.seats.size(); ++s) {
    const Tally& t = r.seats[s];
    const double n = static_cast<double>(std::max<std::uint64_t>(t.games, 1));
    const Interval w = wilson(t.wins, t.games), l = wilson(t.losses, t.games);
    o << s << "," << seat_bot(spec, r, static_cast<int>(s)) << "," << t.games << "," << t.wins / n
      << "," << w.low << "," << w.high << "," << t.losses / n << "," << l.low << "," << l.high
      << "," << t.place_sum / n << "," << t.mean_score() << ","
      << t.mean_score() - t.score_half_width() << "," << t.mean_score() + t.score_half_width()
      << "\n";
  }
  return o.str();
}

Status plot_sim(const SimSpec& spec, const SimResult& r, const std::string& path) {
  Result<std::string> header = plot_header(path, 1200, 450);
  if (!header.ok()) return header.status();
  const bool scores = r.kind == OutcomeKind::kScores;
  const bool winning = r.kind == OutcomeKind::kSolo || r.kind == OutcomeKind::kRanking;
  std::ostringstream s;
  s << *header << "set multiplot layout 1,2 title \"" << spec.sel.name() << ", "
    << spec.config.players << " players, " << r.games << " games\"\n";
  s << "set title '"
    << (scores    ? "Mean score by seat (95% intervals)"
        : winning ? "Chance of winning by seat (95% intervals)"
                  : "Chance of losing by seat (95% intervals)")
    << "'\nset xlabel \"seat (0 = dealer's left)\"\n"
    << "set ylabel '"
    << (scores    ? "points"
        : winning ? "wins"
                  : "loses")
    << "'\n"
    << (scores ? "set format y '%g'\n" : "set format y '%.0f%%'\n")
    << "set grid\nset style fill solid 0.5\nset boxwidth 0.6\n"
    << "set xrange [-0.5:" << spec.config.players - 0.5 << "]\nset xtics 1\n"
    << (scores ? "set yrange [*:*]\n" : "set yrange [0:*]\n");
  s << "plot '-' using 1:2 with boxes notitle, '-' using 1:2:3:4 with yerrorbars lc rgb 'black' "
       "notitle\n";
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t i = 0; i < r.seats.size(); ++i) {
      const Tally& t = r.seats[i];
      if (scores) {
        s << i << " " << t.mean_score() << " " << t.mean_score() - t.score_half_width() << " "
          << t.mean_score() + t.score_half_width() << "\n";
        continue;
      }
      const std::uint64_t k = winning ? t.wins : t.losses;
      const double q =
          static_cast<double>(k) / static_cast<double>(std::max<std::uint64_t>(t.games, 1));
      const Interval ci = wilson(k, t.games);
      s << i << " " << 100 * q << " " << 100 * ci.low << " " << 100 * ci.high << "\n";
    }
    s << "e\n";
  }
  s << "set title 'Game length'\nset xlabel 'seat actions'\nset ylabel 'games'\nset format y "
       "'%g'\nset autoscale x\n"
    << "set xtics autofreq\nset yrange [0:*]\nset boxwidth 1\nplot '-' using 1:2 with boxes "
       "notitle\n";
  for (std::size_t i = 0; i < r.length_hist.size(); ++i)
    if (r.length_hist[i]) s << i << " " << r.length_hist[i] << "\n";
  s << "e\nunset multiplot\n";
  return run_gnuplot(s.str());
}

}  // namespace parlour

namespace parlour {

std::string format_tournament(const SimSpec& spec, const SimResult& r) {
  std::ostringstream o;
  const bool sides = by_side(spec);
  o << "Tournament: " << spec.sel.name() << ", " << spec.config.players << " players, " << r.games
    << " games, "
    << (sides ? "one bot a side (partners the same bot), every pair from either side"
              : "seats rotating")
    << ", seed " << spec.seed;
  if (std::string opts = spec.config.options.changed(); !opts.empty()) o << ", " << opts;
  o << "\n95% confidence intervals: Wilson for rates, normal for means.\n\n";
  const bool scores = r.kind == OutcomeKind::kScores;
  std::size_t w = 6;
  for (const auto& n : r.bot_names) w = std::max(w, n.size() + 2);
  o << padded("bot", w) << padded(sides ? "side-games" : "seat-games", 12)
    << padded(r.kind == OutcomeKind::kLoser ? "lose" : "win", 28) << padded("mean place", 20)
    << (scores ? "mean score" : "") << "\n";
  for (std::size_t b = 0; b < r.bot_names.size(); ++b) {
    const Tally& t = r.bots[b];
    // A place's spread, from the share of games at each place.
    double sq = 0;
    for (std::size_t i = 1; i < t.at_place.size(); ++i)
      sq += static_cast<double>(t.at_place[i]) * double(i * i);
    const double n = static_cast<double>(std::max<std::uint64_t>(t.games, 1)), mean = mean_place(t);
    const double sd = std::sqrt(std::max(0.0, sq / n - mean * mean));
    o << padded(r.bot_names[b], w) << padded(std::to_string(t.games), 12)
      << padded(
             r.kind == OutcomeKind::kLoser ? rate_ci(t.losses, t.games) : rate_ci(t.wins, t.games),
             28)
      << padded(num(mean, 3) + " ± " + num(1.96 * sd / std::sqrt(n), 3), 20)
      << (scores ? score_ci(t) : "") << "\n";
  }
  o << capped_line(r);
  if (r.bot_names.size() > 1) {
    o << "\nhead to head (the first ahead of the second: its margin, ahead minus behind, over the "
         "games both played):\n";
    for (std::size_t a = 0; a < r.bot_names.size(); ++a)
      for (std::size_t b = a + 1; b < r.bot_names.size(); ++b) {
        const PairTally& p = r.head_to_head[a][b];
        if (!p.games) continue;
        const double m = p.margin(), h = p.half_width();
        const std::string verdict = m - h > 0   ? r.bot_names[a] + " is ahead"
                                    : m + h < 0 ? r.bot_names[b] + " is ahead"
                                                : "no clear difference";
        o << "  " << r.bot_names[a] << " vs " << r.bot_names[b] << ": ahead "
          << pct(static_cast<double>(p.ahead) / static_cast<double>(p.games)) << ", behind "
          << pct(static_cast<double>(p.behind) / static_cast<double>(p.games)) << ", margin "
          << (m >= 0 ? "+" : "") << num(m, 3) << " [" << num(m - h, 3) << ", " << num(m + h, 3)
          << "] over " << p.games << " pairings: " << verdict << "\n";
      }
  }
  if (!r.paired.empty()) {
    o << "\nduplicate (the first's mean score a game less the second's, on the same deals):\n";
    for (std::size_t a = 0; a < r.bot_names.size(); ++a)
      for (std::size_t b = a + 1; b < r.bot_names.size(); ++b) {
        const DiffTally& d = r.paired[a][b];
        if (!d.deals) continue;
        const double m = d.mean(), h = d.half_width();
        const std::string verdict = m - h > 0   ? r.bot_names[a] + " scores more"
                                    : m + h < 0 ? r.bot_names[b] + " scores more"
                                                : "no clear difference";
        o << "  " << r.bot_names[a] << " - " << r.bot_names[b] << ": " << (m >= 0 ? "+" : "")
          << num(m, 3) << " [" << num(m - h, 3) << ", " << num(m + h, 3) << "] over " << d.deals
          << " deals: " << verdict << "\n";
      }
  }
  return o.str();
}

}  // namespace parlour
