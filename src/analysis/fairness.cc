#include "analysis/fairness.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "analysis/percent.h"
#include "analysis/plot.h"
#include "analysis/sim.h"

namespace parlour {

double FairnessRow::range() const {
  return *std::max_element(lose.begin(), lose.end()) - *std::min_element(lose.begin(), lose.end());
}

Result<std::vector<FairnessTable>> fairness(const FairnessSpec& spec) {
  const GameInfo& g = *spec.game;
  if (g.fairness.empty())
    return Status::error(std::string(g.name) + " declares no rule variants to compare");
  std::vector<FairnessTable> tables;
  for (int p = spec.min_players; p <= spec.max_players; ++p) {
    FairnessTable t;
    t.players = p;
    for (const Preset& v : g.fairness) {
      std::vector<std::string> opts;
      for (const auto& [k, val] : v.settings)
        opts.push_back(std::string(k) + "=" + std::string(val));
      Result<Config> cfg = make_config(Selection{&g, nullptr}, p, opts);
      if (!cfg.ok()) return Status::error(std::string(v.name) + ": " + cfg.message());
      FairnessRow row;
      row.variant = std::string(v.summary);
      bool done = false;
      if (g.exact_odds && p <= spec.exact_up_to) {
        Result<OddsReport> r = g.exact_odds->from_deal(*cfg);
        if (r.ok()) row.lose = r->chance, row.exact = true, done = true;
      }
      if (!done) {
        SimSpec s;
        s.sel = Selection{&g, nullptr};
        s.config = *cfg;
        s.games = spec.games;
        s.threads = spec.threads;
        s.seed = 1;
        Result<SimResult> r = spec.run ? spec.run(s) : simulate(s);
        if (!r.ok()) return Status::error(r.message());
        for (const Tally& tally : r->seats) {
          const double q = static_cast<double>(tally.losses) / static_cast<double>(tally.games);
          row.lose.push_back(q);
          row.half_width = std::max(
              row.half_width, 1.96 * std::sqrt(q * (1 - q) / static_cast<double>(tally.games)));
        }
      }
      t.rows.push_back(std::move(row));
    }
    // The fairest rules give every seat the most nearly equal chance.
    const auto fair = std::min_element(
        t.rows.begin(), t.rows.end(),
        [](const FairnessRow& a, const FairnessRow& b) { return a.range() < b.range(); });
    const auto unfair = std::max_element(
        t.rows.begin(), t.rows.end(),
        [](const FairnessRow& a, const FairnessRow& b) { return a.range() < b.range(); });
    const FairnessRow& usual = t.rows.front();
    auto span_of = [](const FairnessRow& r) {
      return pct(*std::min_element(r.lose.begin(), r.lose.end()), 1) + " to " +
             pct(*std::max_element(r.lose.begin(), r.lose.end()), 1);
    };
    std::ostringstream v;
    const double noise = 2 * std::max(fair->half_width, usual.half_width);
    if (usual.range() - fair->range() <= noise + 1e-12) {
      v << "the usual rules are as fair as any here: seats lose " << span_of(usual) << ".";
    } else {
      v << "fairest is \"" << fair->variant << "\": seats lose " << span_of(*fair) << ", against "
        << span_of(usual) << " under the usual rules.";
    }
    if (&*unfair != &usual && unfair->range() > usual.range() + noise)
      v << " Least fair: \"" << unfair->variant << "\" (" << span_of(*unfair) << ").";
    t.verdict = v.str();
    tables.push_back(std::move(t));
  }
  return tables;
}

std::string format_fairness(const GameInfo& game, const std::vector<FairnessTable>& tables) {
  std::ostringstream o;
  o << game.title
    << ": each seat's chance of losing, with every draw blind. Seat 0 is the dealer's left,\n"
    << "the first dealt to; the dealer is the last seat. Exact figures are marked =, simulated "
       "ones ~ with\n"
    << "their 95% half-width.\n";
  for (const FairnessTable& t : tables) {
    o << "\n" << t.players << " players\n";
    std::size_t width = 0;
    for (const auto& r : t.rows) width = std::max(width, r.variant.size());
    o << "  " << std::string(width + 2, ' ');
    for (int s = 0; s < t.players; ++s) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "%8s", ("seat " + std::to_string(s)).c_str());
      o << buf;
    }
    o << "    range\n";
    for (const auto& r : t.rows) {
      std::string name = r.variant;
      name.resize(width, ' ');
      o << "  " << name << (r.exact ? " =" : " ~");
      for (double x : r.lose) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "%8s", pct(x).c_str());
        o << buf;
      }
      o << "   " << pct(r.range());
      if (!r.exact) o << "  (±" << pct(r.half_width, 3) << ")";
      o << "\n";
    }
    o << "  Verdict: " << t.verdict << "\n";
    for (const auto& r : t.rows) {
      double sum = 0;
      for (double x : r.lose) sum += x;
      if (sum > 1.001) {
        o << "  (\"" << r.variant
          << "\": several players can be left holding unmatched cards, so the chances add\n"
          << "  up to more than 100%.)\n";
        break;
      }
    }
  }
  return o.str();
}

Status plot_fairness(const std::vector<FairnessTable>& tables, const std::string& path) {
  const int cols = 3, rows = (static_cast<int>(tables.size()) + cols - 1) / cols;
  Result<std::string> header = plot_header(path, 1500, 380 * rows);
  if (!header.ok()) return header.status();
  std::ostringstream s;
  s << *header;
  s << "set multiplot layout " << rows << "," << cols
    << " title \"Chance of losing by seat, rule by rule\"\n";
  s << "set key top left font ',8'\nset ylabel 'loses'\nset xlabel \"seat (0 = dealer's "
       "left)\"\nset format y '%.0f%%'\nset grid\n";
  for (const FairnessTable& t : tables) {
    s << "set title '" << t.players << " players'\nset xrange [-0.5:" << t.players - 0.5
      << "]\nset xtics 1\n";
    s << "plot ";
    for (std::size_t i = 0; i < t.rows.size(); ++i)
      s << (i ? ", " : "") << "'-' using 1:2 with linespoints title \"" << t.rows[i].variant
        << "\"";
    s << "\n";
    for (const auto& r : t.rows) {
      for (std::size_t seat = 0; seat < r.lose.size(); ++seat)
        s << seat << " " << 100 * r.lose[seat] << "\n";
      s << "e\n";
    }
  }
  s << "unset multiplot\n";
  return run_gnuplot(s.str());
}

}  // namespace parlour
