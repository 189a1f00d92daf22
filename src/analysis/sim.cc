#include "analysis/sim.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <mutex>
#include <thread>

#include "bots/random_bot.h"
#include "core/seeds.h"
#include "core/table.h"

namespace parlour {

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

struct SimPlayer::Impl {
  const SimSpec& spec;
  const GameInfo& g;
  int players;
  std::vector<std::string> bots, names;
  bool fast;
  std::size_t stat_counters;
  bool duplicate;
  std::uint64_t rotations;
  std::vector<double> deal_score, deal_seats;
  std::vector<std::unique_ptr<Player>> seat_players;
  std::vector<Player*> seat_ptrs;
  std::vector<int> bot_index;
  // Seated by side, partners share one result: a side counts once for its
  // bot and in each pairing (its first seat), so that no interval counts
  // one result as two.
  std::vector<bool> counted;
  std::unique_ptr<FastPlayouts> fast_sim;
  Table table;
  Playout po;

  explicit Impl(const SimSpec& s)
      : spec(s),
        g(*s.sel.game),
        players(s.config.players),
        bots(seat_bots(s)),
        table(s.sel, s.config, 0) {
    for (const auto& b : bots)
      if (std::find(names.begin(), names.end(), b) == names.end()) names.push_back(b);
    // The game's fast simulator serves when every seat has the bot it stands for.
    fast = g.fast_playouts && std::all_of(bots.begin(), bots.end(),
                                          [&](const std::string& b) { return b == g.fast_bot; });
    stat_counters = g.stats ? g.stats->counters(players) : 0;
    // Duplicate play: a deal's rotations are played together.
    duplicate = spec.duplicate && spec.rotate;
    rotations = duplicate ? rotations_of(spec) : 1;
    deal_score.assign(names.size(), 0.0), deal_seats.assign(names.size(), 0.0);
    seat_players.resize(static_cast<std::size_t>(players));
    seat_ptrs.resize(static_cast<std::size_t>(players));
    bot_index.resize(static_cast<std::size_t>(players));
    counted.assign(static_cast<std::size_t>(players), true);
    if (by_side(spec)) {
      const std::vector<int> side = sides_of(g, players);
      for (int a = 0; a < players; ++a)
        for (int b = 0; b < a; ++b)
          if (side[static_cast<std::size_t>(b)] == side[static_cast<std::size_t>(a)])
            counted[static_cast<std::size_t>(a)] = false;
    }
    if (fast) fast_sim = g.fast_playouts(spec.config);
  }

  bool play(std::uint64_t begin, std::uint64_t end, SimTallies& part) {
    for (std::uint64_t i = begin; i < end; ++i) {
      const std::uint64_t seed = game_seed(spec.seed, i / rotations);
      const Playout* known = spec.recall ? spec.recall(i) : nullptr;
      for (int s = 0; s < players; ++s) {
        const std::string& name = bots[seat_bot(spec, bots.size(), i, s)];
        bot_index[s] =
            static_cast<int>(std::find(names.begin(), names.end(), name) - names.begin());
        if (fast_sim || known) continue;  // a game the fast path plays, or known, needs no bots
        seat_players[s] = make_bot_player(g, name, bot_rng(seed, s));
        seat_ptrs[s] = seat_players[s].get();
      }
      if (known) {
        po = *known;
      } else if (fast_sim) {
        fast_sim->play(seed, po);
      } else {
        table.restart(seed);
        if (!table.run(seat_ptrs)) return false;  // a bot chose an illegal move
        playout_of(table.state(), g, po);
      }
      if (!known && spec.record) spec.record(i, po);
      part.kind = po.kind, part.kind_known = true;
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
              part.paired[a][b].add(deal_score[a] / deal_seats[a] - deal_score[b] / deal_seats[b]);
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
    return true;
  }
};

SimPlayer::SimPlayer(const SimSpec& spec) : impl_(std::make_unique<Impl>(spec)) {}
SimPlayer::~SimPlayer() = default;

bool SimPlayer::fast() const {
  return impl_->fast;
}

SimTallies SimPlayer::empty() const {
  const std::size_t n = impl_->names.size();
  SimTallies t;
  t.seats.assign(static_cast<std::size_t>(impl_->players), {});
  t.bots.assign(n, {});
  t.pairs.assign(n, std::vector<PairTally>(n));
  t.paired.assign(n, std::vector<DiffTally>(n));
  t.stats.assign(impl_->stat_counters, 0);
  return t;
}

bool SimPlayer::play(std::uint64_t begin, std::uint64_t end, SimTallies& t) {
  return impl_->play(begin, end, t);
}

void merge(SimTallies& into, const SimTallies& p) {
  for (std::size_t s = 0; s < into.seats.size() && s < p.seats.size(); ++s)
    into.seats[s].add(p.seats[s]);
  for (std::size_t b = 0; b < into.bots.size() && b < p.bots.size(); ++b) {
    into.bots[b].add(p.bots[b]);
    for (std::size_t c = 0; c < into.bots.size() && c < p.pairs[b].size(); ++c) {
      into.pairs[b][c].add(p.pairs[b][c]);
      into.paired[b][c].add(p.paired[b][c]);
    }
  }
  if (p.hist.size() > into.hist.size()) into.hist.resize(p.hist.size(), 0);
  for (std::size_t i = 0; i < p.hist.size(); ++i) into.hist[i] += p.hist[i];
  for (std::size_t i = 0; i < into.stats.size() && i < p.stats.size(); ++i)
    into.stats[i] += p.stats[i];
  into.capped += p.capped;
  if (p.capped) into.cap = p.cap, into.cap_unit = p.cap_unit;
  into.length_sum += p.length_sum;
  if (p.kind_known) into.kind = p.kind, into.kind_known = true;
  into.games += p.games;
}

SimResult SimPlayer::finish(const SimTallies& t) const {
  const Impl& m = *impl_;
  SimResult r;
  r.seats = t.seats;
  r.bot_names = m.names;
  r.bots = t.bots;
  r.head_to_head = t.pairs;
  if (m.duplicate) r.paired = t.paired;
  r.length_hist = t.hist;
  r.capped = t.capped, r.cap = t.cap, r.cap_unit = t.cap_unit;
  r.length_sum = t.length_sum;
  r.kind = t.kind;
  r.games = t.games;
  if (m.g.stats) r.game_stats = m.g.stats->rates(m.players, t.stats);
  r.fast = m.fast;
  return r;
}

namespace {

// Numbers in, numbers out: a double by its bits.
std::uint64_t bits_of(double x) {
  return std::bit_cast<std::uint64_t>(x);
}
double double_of(std::uint64_t w) {
  return std::bit_cast<double>(w);
}

}  // namespace

std::vector<std::uint64_t> encode(const SimTallies& t) {
  std::vector<std::uint64_t> w{0x7061726c73696d31ull /* "parlsim1" */,
                               t.seats.size(),
                               t.bots.size(),
                               t.hist.size(),
                               t.stats.size(),
                               t.cap_unit.size()};
  auto tally = [&](const Tally& x) {
    w.insert(w.end(),
             {x.games, x.wins, x.losses, x.place_sum, bits_of(x.score_sum), bits_of(x.score_sq)});
    w.insert(w.end(), x.at_place.begin(), x.at_place.end());
  };
  for (const Tally& x : t.seats) tally(x);
  for (const Tally& x : t.bots) tally(x);
  for (std::size_t a = 0; a < t.bots.size(); ++a)
    for (std::size_t b = 0; b < t.bots.size(); ++b) {
      const PairTally& p = t.pairs[a][b];
      const DiffTally& d = t.paired[a][b];
      w.insert(w.end(), {p.games, p.ahead, p.behind, d.deals, bits_of(d.sum), bits_of(d.sq)});
    }
  w.insert(w.end(), t.hist.begin(), t.hist.end());
  w.insert(w.end(), t.stats.begin(), t.stats.end());
  w.insert(w.end(), {t.length_sum, t.games, t.capped, static_cast<std::uint64_t>(t.cap),
                     static_cast<std::uint64_t>(t.kind), t.kind_known ? 1u : 0u});
  for (char c : t.cap_unit) w.push_back(static_cast<unsigned char>(c));
  return w;
}

Result<SimTallies> decode(std::span<const std::uint64_t> w) {
  auto bad = [] { return Status::error("tallies that are not whole or not Parlour's"); };
  constexpr std::uint64_t kLimit = 1u << 24;  // no size read is believed beyond this
  if (w.size() < 6 || w[0] != 0x7061726c73696d31ull) return bad();
  for (std::size_t i = 1; i < 6; ++i)
    if (w[i] > kLimit) return bad();
  const std::size_t seats = w[1], bots = w[2], hist = w[3], stats = w[4], unit = w[5];
  constexpr std::size_t kTally = 6 + 17;
  const std::size_t want = 6 + (seats + bots) * kTally + bots * bots * 6 + hist + stats + 6 + unit;
  if (w.size() != want) return bad();
  SimTallies t;
  std::size_t at = 6;
  auto tally = [&] {
    Tally x;
    x.games = w[at], x.wins = w[at + 1], x.losses = w[at + 2], x.place_sum = w[at + 3];
    x.score_sum = double_of(w[at + 4]), x.score_sq = double_of(w[at + 5]);
    for (std::size_t k = 0; k < x.at_place.size(); ++k) x.at_place[k] = w[at + 6 + k];
    at += kTally;
    return x;
  };
  for (std::size_t s = 0; s < seats; ++s) t.seats.push_back(tally());
  for (std::size_t b = 0; b < bots; ++b) t.bots.push_back(tally());
  t.pairs.assign(bots, std::vector<PairTally>(bots));
  t.paired.assign(bots, std::vector<DiffTally>(bots));
  for (std::size_t a = 0; a < bots; ++a)
    for (std::size_t b = 0; b < bots; ++b, at += 6) {
      t.pairs[a][b] = PairTally{w[at], w[at + 1], w[at + 2]};
      t.paired[a][b] = DiffTally{w[at + 3], double_of(w[at + 4]), double_of(w[at + 5])};
    }
  t.hist.assign(w.begin() + static_cast<std::ptrdiff_t>(at),
                w.begin() + static_cast<std::ptrdiff_t>(at + hist));
  at += hist;
  t.stats.assign(w.begin() + static_cast<std::ptrdiff_t>(at),
                 w.begin() + static_cast<std::ptrdiff_t>(at + stats));
  at += stats;
  t.length_sum = w[at], t.games = w[at + 1], t.capped = w[at + 2];
  t.cap = static_cast<int>(w[at + 3]);
  if (w[at + 4] > static_cast<std::uint64_t>(OutcomeKind::kSolo)) return bad();
  t.kind = static_cast<OutcomeKind>(w[at + 4]);
  t.kind_known = w[at + 5] != 0;
  at += 6;
  for (std::size_t k = 0; k < unit; ++k) {
    if (w[at + k] > 0x7f) return bad();
    t.cap_unit.push_back(static_cast<char>(w[at + k]));
  }
  return t;
}

Result<SimResult> simulate(const SimSpec& spec) {
  if (Status s = check(spec); !s.ok()) return s;
  std::atomic<std::uint64_t> next{0}, done{0};
  std::atomic<bool> failed{false};
  std::mutex progress_lock;
  // Duplicate play: a deal's rotations all fall in one chunk.
  const std::uint64_t rotations = spec.duplicate && spec.rotate ? rotations_of(spec) : 1;
  const std::uint64_t kChunk = rotations > 1 ? rotations * 4 : 16;
  const std::uint64_t games = games_of(spec);
  const int threads = std::max(1, spec.threads);
  std::vector<std::unique_ptr<SimPlayer>> players;
  for (int t = 0; t < threads; ++t) players.push_back(std::make_unique<SimPlayer>(spec));
  std::vector<SimTallies> parts;
  for (int t = 0; t < threads; ++t) parts.push_back(players[0]->empty());
  auto work = [&](int t) {
    for (;;) {
      const std::uint64_t begin = next.fetch_add(kChunk);
      if (begin >= games) break;
      const std::uint64_t end = std::min(games, begin + kChunk);
      if (!players[static_cast<std::size_t>(t)]->play(begin, end,
                                                      parts[static_cast<std::size_t>(t)])) {
        failed = true;
        next = games;
        return;
      }
      const std::uint64_t d = done.fetch_add(end - begin) + (end - begin);
      if (spec.progress && progress_lock.try_lock()) {
        spec.progress(d);
        progress_lock.unlock();
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (auto& th : pool) th.join();
  if (failed) return Status::error(std::string(kBotBug));
  for (int t = 1; t < threads; ++t) merge(parts[0], parts[static_cast<std::size_t>(t)]);
  return players[0]->finish(parts[0]);
}

}  // namespace parlour
