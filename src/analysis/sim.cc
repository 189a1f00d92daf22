#include "analysis/sim.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <thread>

#include "bots/random_bot.h"
#include "core/seeds.h"
#include "core/table.h"

namespace parlour {
namespace {

struct Partial {
  std::vector<Tally> seats, bots;
  std::vector<std::vector<PairTally>> pairs;
  std::vector<std::vector<DiffTally>> paired;
  std::vector<std::uint64_t> hist;  // by length, as long as the longest game
  std::vector<std::uint64_t> stats;
  std::uint64_t length_sum = 0, games = 0, capped = 0;
  int cap = 0;
  std::string_view cap_unit;
  OutcomeKind kind = OutcomeKind::kScores;
};

}  // namespace

double DiffTally::half_width() const {
  if (deals < 2) return 0;
  const double n = static_cast<double>(deals), m = mean();
  return 1.96 * std::sqrt(std::max(0.0, (sq / n - m * m) * n / (n - 1)) / n);
}

void Tally::add(const Tally& o) {
  games += o.games, wins += o.wins, losses += o.losses, place_sum += o.place_sum;
  score_sum += o.score_sum, score_sq += o.score_sq;
  for (std::size_t i = 0; i < at_place.size(); ++i) at_place[i] += o.at_place[i];
}

double PairTally::margin() const {
  return games ? (static_cast<double>(ahead) - static_cast<double>(behind)) /
                     static_cast<double>(games)
               : 0;
}

double PairTally::half_width() const {
  if (games < 2) return 1;
  const double n = static_cast<double>(games), m = margin();
  // Each game scores +1, -1 or 0: the variance from the counts.
  const double second = (static_cast<double>(ahead) + static_cast<double>(behind)) / n;
  return 1.959963984540054 * std::sqrt(std::max(0.0, second - m * m) / (n - 1));
}

double Tally::mean_score() const {
  return games ? score_sum / static_cast<double>(games) : 0;
}

double Tally::score_half_width() const {
  if (games < 2) return 0;
  const double n = static_cast<double>(games), mean = score_sum / n;
  const double var = std::max(0.0, (score_sq - n * mean * mean) / (n - 1));
  return 1.959963984540054 * std::sqrt(var / n);
}

void playout_of(const State& s, const GameInfo& g, Playout& out) {
  const Outcome o = s.outcome();
  out = Playout{};
  out.players = static_cast<int>(o.scores.size());
  out.kind = o.kind;
  for (int p = 0; p < out.players; ++p) out.scores[p] = o.scores[p], out.places[p] = o.places[p];
  out.length = s.actions_applied();
  out.cap = o.cap, out.cap_unit = o.cap_unit;
  if (g.stats) g.stats->facts(s, out);
}

std::uint64_t game_seed(std::uint64_t seed, std::uint64_t index) {
  return splitmix64(seed + 0x9e3779b97f4a7c15ull * index);
}

Interval wilson(std::uint64_t k, std::uint64_t n) {
  if (n == 0) return {0, 1};
  const double z = 1.959963984540054, p = static_cast<double>(k) / static_cast<double>(n),
               nn = static_cast<double>(n);
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

std::vector<std::string> seat_bots(const SimSpec& spec) {
  std::vector<std::string> bots = spec.bots;
  if (bots.empty()) bots = {std::string(spec.sel.game->bots.front().name)};
  if (bots.size() == 1) bots.assign(static_cast<std::size_t>(spec.config.players), bots[0]);
  return bots;
}

bool by_side(const SimSpec& spec) {
  return spec.rotate && side_count(*spec.sel.game, spec.config.players) < spec.config.players;
}

namespace {

// The ordered pairs of distinct bots, a,b with a != b, in order: (0,1) (0,2)
// ... (1,0) ...; with two bots, (0,1) then (1,0): the sides swapped.
std::pair<std::size_t, std::size_t> ordered_pair(std::size_t n, std::uint64_t k) {
  const std::size_t a = static_cast<std::size_t>(k / (n - 1));
  std::size_t b = static_cast<std::size_t>(k % (n - 1));
  if (b >= a) ++b;
  return {a, b};
}

}  // namespace

std::uint64_t rotations_of(const SimSpec& spec) {
  const std::size_t n = seat_bots(spec).size();
  if (!spec.rotate) return 1;
  if (by_side(spec) && side_count(*spec.sel.game, spec.config.players) == 2) return n * (n - 1);
  return n;
}

std::size_t seat_bot(const SimSpec& spec, std::size_t bots, std::uint64_t i, int s) {
  if (!spec.rotate) return static_cast<std::size_t>(s);
  if (by_side(spec)) {
    const GameInfo& g = *spec.sel.game;
    const int side = sides_of(g, spec.config.players)[static_cast<std::size_t>(s)];
    if (side_count(g, spec.config.players) == 2) {
      const auto [a, b] = ordered_pair(bots, i % (bots * (bots - 1)));
      return side == 0 ? a : b;
    }
    return (static_cast<std::size_t>(side) + i) % bots;
  }
  return (static_cast<std::size_t>(s) + i) % bots;
}

Status check(const SimSpec& spec) {
  const GameInfo& g = *spec.sel.game;
  const int players = spec.config.players;
  if (players > Playout::kMaxPlayers)
    return Status::error("simulation takes at most " + std::to_string(Playout::kMaxPlayers) +
                         " players");
  const std::vector<std::string> bots = seat_bots(spec);
  if (by_side(spec)) {
    // A bot a side: any number of bots from two, each pair meeting.
    if (bots.size() < 2)
      return Status::error("--bots names the bots to compare, two or more separated by commas");
  } else if (static_cast<int>(bots.size()) != players)
    return Status::error("--bots names " + std::to_string(bots.size()) + " bots for " +
                         std::to_string(players) +
                         " players; give one name, or one per seat separated by commas");
  for (const auto& b : bots)
    if (!make_bot(g, b))
      return Status::error("unknown bot '" + b + "'; " + std::string(g.name) +
                           " has: " + bot_names(g));
  return Status();
}

std::uint64_t games_of(const SimSpec& spec) {
  const std::uint64_t rotations = spec.duplicate ? rotations_of(spec) : 1;
  return (spec.games + rotations - 1) / rotations * rotations;
}

Result<SimResult> simulate(const SimSpec& spec) {
  if (Status s = check(spec); !s.ok()) return s;
  const GameInfo& g = *spec.sel.game;
  const int players = spec.config.players;
  const std::vector<std::string> bots = seat_bots(spec);
  std::vector<std::string> names;
  for (const auto& b : bots)
    if (std::find(names.begin(), names.end(), b) == names.end()) names.push_back(b);

  // The game's fast simulator serves when every seat has the bot it stands for.
  const bool fast =
      g.fast_playouts &&
      std::all_of(bots.begin(), bots.end(), [&](const std::string& b) { return b == g.fast_bot; });
  const std::size_t stat_counters = g.stats ? g.stats->counters(players) : 0;

  std::atomic<std::uint64_t> next{0}, done{0};
  std::atomic<bool> failed{false};
  std::mutex progress_lock;
  // Duplicate play: a deal's rotations all fall in one chunk.
  const bool duplicate = spec.duplicate && spec.rotate;
  const std::uint64_t rotations = duplicate ? rotations_of(spec) : 1;
  const std::uint64_t kChunk = duplicate ? rotations * 4 : 16;
  const std::uint64_t games = games_of(spec);
  auto work = [&](Partial& part) {
    part.seats.assign(players, {});
    part.bots.assign(names.size(), {});
    part.pairs.assign(names.size(), std::vector<PairTally>(names.size()));
    part.paired.assign(names.size(), std::vector<DiffTally>(names.size()));
    std::vector<double> deal_score(names.size(), 0.0), deal_seats(names.size(), 0.0);
    part.stats.assign(stat_counters, 0);
    std::vector<std::unique_ptr<Player>> seat_players(players);
    std::vector<Player*> seat_ptrs(players);
    std::vector<int> bot_index(players);
    // Seated by side, partners share one result: a side counts once for its
    // bot and in each pairing (its first seat), so that no interval counts
    // one result as two.
    std::vector<bool> counted(static_cast<std::size_t>(players), true);
    if (by_side(spec)) {
      const std::vector<int> side = sides_of(g, players);
      for (int s = 0; s < players; ++s)
        for (int t = 0; t < s; ++t)
          if (side[static_cast<std::size_t>(t)] == side[static_cast<std::size_t>(s)])
            counted[static_cast<std::size_t>(s)] = false;
    }
    std::unique_ptr<FastPlayouts> fast_sim = fast ? g.fast_playouts(spec.config) : nullptr;
    Table table(spec.sel, spec.config, 0);
    Playout po;
    for (;;) {
      const std::uint64_t begin = next.fetch_add(kChunk);
      if (begin >= games) break;
      const std::uint64_t end = std::min(games, begin + kChunk);
      for (std::uint64_t i = begin; i < end; ++i) {
        const std::uint64_t seed = game_seed(spec.seed, i / rotations);
        const Playout* known = spec.recall ? spec.recall(i) : nullptr;
        for (int s = 0; s < players; ++s) {
          const std::string& name = bots[seat_bot(spec, bots.size(), i, s)];
          bot_index[s] =
              static_cast<int>(std::find(names.begin(), names.end(), name) - names.begin());
          if (fast_sim || known) continue;  // a game the fast path plays, or known, needs no bots
          seat_players[s] =
              std::make_unique<BotPlayer>(make_bot(g, name), g.resampler, bot_rng(seed, s));
          seat_ptrs[s] = seat_players[s].get();
        }
        if (known) {
          po = *known;
        } else if (fast_sim) {
          fast_sim->play(seed, po);
        } else {
          table.restart(seed);
          if (!table.run(seat_ptrs)) {  // a bot chose an illegal move
            failed = true;
            next = games;
            return;
          }
          playout_of(table.state(), g, po);
        }
        if (!known && spec.record) spec.record(i, po);
        part.kind = po.kind;
        for (int s = 0; s < players; ++s) {
          Tally t;
          t.games = 1;
          t.wins = po.won(s);
          t.losses = po.lost(s);
          t.place_sum = static_cast<std::uint64_t>(po.places[s]);
          t.score_sum = po.scores[s], t.score_sq = po.scores[s] * po.scores[s];
          t.at_place[static_cast<std::size_t>(std::clamp(po.places[s], 1, 16))] = 1;
          part.seats[s].add(t);
          if (counted[static_cast<std::size_t>(s)]) part.bots[bot_index[s]].add(t);
          if (duplicate) {
            deal_score[static_cast<std::size_t>(bot_index[s])] += po.scores[s];
            deal_seats[static_cast<std::size_t>(bot_index[s])] += 1;
          }
        }
        if (duplicate && i % rotations == rotations - 1) {
          for (std::size_t a = 0; a < names.size(); ++a)
            for (std::size_t b = 0; b < names.size(); ++b)
              if (a != b && deal_seats[a] > 0 && deal_seats[b] > 0)
                part.paired[a][b].add(deal_score[a] / deal_seats[a] -
                                      deal_score[b] / deal_seats[b]);
          std::fill(deal_score.begin(), deal_score.end(), 0.0);
          std::fill(deal_seats.begin(), deal_seats.end(), 0.0);
        }
        for (int s = 0; s < players; ++s)
          for (int t = 0; t < players; ++t) {
            if (bot_index[s] == bot_index[t] || !counted[static_cast<std::size_t>(s)] ||
                !counted[static_cast<std::size_t>(t)])
              continue;
            PairTally& pt = part.pairs[bot_index[s]][bot_index[t]];
            ++pt.games;
            // Ahead: a better place, or in a loser's game not losing where the other lost.
            const bool ahead = po.places[s]<po.places[t], behind = po.places[s]> po.places[t];
            pt.ahead += ahead, pt.behind += behind;
          }
        if (g.stats) g.stats->tally(po, part.stats);
        const std::uint64_t len = static_cast<std::uint64_t>(po.length);
        if (len >= part.hist.size()) part.hist.resize(len + 1, 0);
        ++part.hist[len];
        part.length_sum += len;
        if (po.cap > 0) ++part.capped, part.cap = po.cap, part.cap_unit = po.cap_unit;
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
  if (failed)
    return Status::error(
        "a bot chose a move that is not legal: a bug in the bot; no figures are given");

  SimResult r;
  r.seats.assign(players, {});
  r.bot_names = names;
  r.bots.assign(names.size(), {});
  r.head_to_head.assign(names.size(), std::vector<PairTally>(names.size()));
  if (duplicate) r.paired.assign(names.size(), std::vector<DiffTally>(names.size()));
  std::vector<std::uint64_t> stats(stat_counters, 0);
  for (const Partial& p : parts) {
    for (int s = 0; s < players; ++s) r.seats[s].add(p.seats[s]);
    for (std::size_t b = 0; b < names.size(); ++b) {
      r.bots[b].add(p.bots[b]);
      for (std::size_t c = 0; c < names.size() && b < p.pairs.size(); ++c) {
        r.head_to_head[b][c].add(p.pairs[b][c]);
        if (duplicate) r.paired[b][c].add(p.paired[b][c]);
      }
    }
    if (p.hist.size() > r.length_hist.size()) r.length_hist.resize(p.hist.size(), 0);
    for (std::size_t i = 0; i < p.hist.size(); ++i) r.length_hist[i] += p.hist[i];
    r.capped += p.capped;
    if (p.capped) r.cap = p.cap, r.cap_unit = p.cap_unit;
    for (std::size_t i = 0; i < stat_counters && i < p.stats.size(); ++i) stats[i] += p.stats[i];
    r.length_sum += p.length_sum;
    if (p.games) r.kind = p.kind;
    r.games += p.games;
  }
  if (g.stats) r.game_stats = g.stats->rates(players, stats);
  r.fast = fast;
  return r;
}

}  // namespace parlour
