#include "rl/vector_env.h"

#include <algorithm>
#include <cassert>

#include "analysis/sim.h"
#include "bots/random_bot.h"
#include "core/seeds.h"

namespace parlour::rl {

struct VectorEnv::Row {
  std::unique_ptr<Table> table;
  std::vector<std::unique_ptr<Player>> bots;  // by seat; null for a learner
  std::vector<Player*> players;               // the same, as Table::run takes them
  // The seat to move's legal actions, as its mask row shows them: what
  // write() clears from the mask next, step_random draws from, and
  // legal_actions() gives (the check of a step's actions reads the mask).
  std::vector<Action> legal;
  Written written;          // what its observation row holds (encode.h)
  std::uint64_t game = 0;   // its game's index
  std::uint64_t games = 0;  // started since reset()
  bool over = false;        // ended, not restarted
};

VectorEnv::~VectorEnv() {
  if (workers_.empty()) return;
  phase_ = Phase::kStop;
  begin_->arrive_and_wait();  // the workers see kStop and return; jthread joins them
}

Result<std::unique_ptr<VectorEnv>> VectorEnv::make(const Selection& sel, const Config& config,
                                                   const VectorOptions& o) {
  if (o.envs < 1 || o.envs > (1 << 20))
    return Status::error("envs must be 1 to 1048576, not " + std::to_string(o.envs));
  if (o.threads < 1 || o.threads > 256)
    return Status::error("threads must be 1 to 256, not " + std::to_string(o.threads));
  std::unique_ptr<VectorEnv> e(new VectorEnv());
  e->sel_ = sel, e->config_ = config, e->o_ = o, e->n_ = o.envs;
  e->bounds_ = sel.game->bounds(config);
  e->shape_ = observation_shape(e->bounds_, config.players);
  const int p = config.players;
  if (o.learners.empty()) e->learners_ = (std::uint32_t{1} << p) - 1;
  for (Seat s : o.learners) {
    if (s < 0 || s >= p)
      return Status::error("learner seat " + std::to_string(s) +
                           " is not at this table: seats are 0 to " + std::to_string(p - 1));
    e->learners_ |= std::uint32_t{1} << s;
  }
  if (!o.opponents.empty() && o.opponents.size() != 1 &&
      o.opponents.size() != static_cast<std::size_t>(p))
    return Status::error("opponents: one bot name, or one for each of the " + std::to_string(p) +
                         " seats");
  for (Seat s = 0; s < p; ++s) {
    std::string name = o.opponents.empty()       ? std::string(sel.game->bots.front().name)
                       : o.opponents.size() == 1 ? o.opponents[0]
                                                 : o.opponents[static_cast<std::size_t>(s)];
    // Checked even for a seat the learner takes: a misspelt name is said.
    if (Status st = check_bot(*sel.game, name); !st.ok()) return st;
    e->bot_names_.push_back(std::move(name));
  }
  const auto n = static_cast<std::size_t>(o.envs);
  e->rows_.resize(n);
  e->obs_.assign(o.observations ? n * e->shape_.size() : 0, 0);
  e->mask_.assign(n * e->bounds_.actions, 0);
  e->rewards_.assign(n * static_cast<std::size_t>(p), 0);
  e->final_.assign(n * static_cast<std::size_t>(p), 0);
  e->terminated_.assign(n, 0);
  e->to_move_.assign(n, kTerminal);
  e->blocks_ = std::min<std::size_t>(static_cast<std::size_t>(o.threads), n);
  e->bad_.resize(e->blocks_);
  e->views_.resize(e->blocks_);
  for (Scratch& v : e->views_) v.view.detail = Detail::kCards;  // View::clear() keeps it
  if (e->blocks_ > 1) {
    const auto parties = static_cast<int>(e->blocks_);
    e->begin_ = std::make_unique<SpinBarrier>(parties);
    e->end_ = std::make_unique<SpinBarrier>(parties);
    VectorEnv* const env = e.get();
    for (std::size_t w = 1; w < e->blocks_; ++w)
      e->workers_.emplace_back([env, w] {
        for (;;) {
          env->begin_->arrive_and_wait();
          if (env->phase_ == Phase::kStop) return;
          env->work(w);
          env->end_->arrive_and_wait();
        }
      });
  }
  return e;
}

void VectorEnv::run_phase(Phase phase) {
  phase_ = phase;
  if (blocks_ <= 1) return work(0);
  begin_->arrive_and_wait();  // the workers start on their blocks
  work(0);
  end_->arrive_and_wait();  // and every row is done
}

void VectorEnv::work(std::size_t block) {
  // Rows in contiguous blocks: each thread writes its own rows' slices only.
  const std::size_t n = rows_.size();
  const std::size_t end = (block + 1) * n / blocks_;
  // A row's step begins by reading its table and its state, each on the
  // heap: fetched a few rows ahead (the table's address two rows before the
  // state's, which is read from the table), so that those reads do not stall
  // one after another. 4 to 10% less time a step of 1,024 rows of Old Maid
  // (farm-bench of step_random); the check reads the mask alone.
  const bool ahead = phase_ == Phase::kStep || phase_ == Phase::kRandom;
  for (std::size_t i = block * n / blocks_; i < end; ++i) {
    if (ahead && i + 4 < end) __builtin_prefetch(rows_[i + 4].table.get());
    if (ahead && i + 2 < end && rows_[i + 2].table) {
      const Row& next = rows_[i + 2];
      const auto* state = reinterpret_cast<const char*>(&next.table->state());
      __builtin_prefetch(state);
      __builtin_prefetch(state + 64);
      __builtin_prefetch(next.legal.data());
      __builtin_prefetch(next.players.data());
    }
    row(i, block);
  }
}

bool VectorEnv::legal(std::size_t i) const {
  // Read from the mask, the env's own buffer (numpy's arrays over it are
  // read-only, and numpy refuses to make them writable), which the caller
  // has just read: one byte a row. A pass over the rows' own lists, spread
  // over the heap, cost a third of a step of 1,024 rows of Old Maid.
  const std::int64_t a = actions_[i];
  if (to_move_[i] < 0) return a == -1;  // its game over, not restarted
  return a >= 0 && a < static_cast<std::int64_t>(bounds_.actions) &&
         mask_[i * bounds_.actions + static_cast<std::size_t>(a)] != 0;
}

void VectorEnv::row(std::size_t i, std::size_t block) {
  Row& r = rows_[i];
  if (phase_ == Phase::kCheck) {
    bad_[block].rows += !legal(i);
    return;
  }
  if (phase_ == Phase::kReset) {
    start(i);
    advance(i);
    return write(i, block);
  }
  const auto p = static_cast<std::size_t>(config_.players);
  std::fill_n(rewards_.begin() + static_cast<std::ptrdiff_t>(i * p), p, 0.0f);
  terminated_[i] = 0;
  if (r.over) return write(i, block);
  Action a = static_cast<Action>(actions_.empty() ? 0 : actions_[i]);  // checked in step()
  if (phase_ == Phase::kRandom) {
    Rng rng(random_seed_, i);
    a = r.legal[rng.below(static_cast<std::uint32_t>(r.legal.size()))];
  }
  r.table->act_legal(to_move_[i], a);  // checked against the mask, or drawn from the list
  advance(i);
  write(i, block);
}

void VectorEnv::start(std::size_t i) {
  Row& r = rows_[i];
  // Row i's j-th game is game j*N + i: the numbering does not depend on
  // which row finishes first.
  r.game = r.table ? r.game + static_cast<std::uint64_t>(n_) : i;
  const std::uint64_t seed = game_seed(o_.seed, r.game);
  if (!r.table)
    r.table = std::make_unique<Table>(sel_, config_, seed);
  else
    r.table->restart(seed);
  r.bots.resize(static_cast<std::size_t>(config_.players));
  for (Seat s = 0; s < config_.players; ++s)
    r.bots[static_cast<std::size_t>(s)] =
        learners_ >> s & 1 ? nullptr
                           : make_bot_player(*sel_.game, bot_names_[static_cast<std::size_t>(s)],
                                             bot_rng(seed, s));
  r.players.clear();
  for (const auto& b : r.bots) r.players.push_back(b.get());
  r.over = false;
  ++r.games;
}

std::span<const Action> VectorEnv::legal_actions(std::size_t i) const {
  return rows_[i].legal;
}

bool VectorEnv::started() const {
  return rows_.front().table != nullptr;
}

std::uint64_t VectorEnv::games_started() const {
  std::uint64_t n = 0;
  for (const Row& r : rows_) n += r.games;
  return n;
}

void VectorEnv::advance(std::size_t i) {
  Row& r = rows_[i];
  const auto p = static_cast<std::size_t>(config_.players);
  // The driver asks the bots, and stops where a learner's seat (no player)
  // is asked; it returns true only at the end of the game.
  while (r.table->run(r.players)) {
    const Outcome out = r.table->state().outcome();
    for (std::size_t k = 0; k < p; ++k) {
      final_[i * p + k] = static_cast<float>(out.scores[k]);
      rewards_[i * p + k] += static_cast<float>(out.scores[k]);
    }
    terminated_[i] = 1;
    if (!o_.auto_reset) {
      r.over = true;
      return;
    }
    start(i);
  }
}

void VectorEnv::write(std::size_t i, std::size_t block) {
  Row& r = rows_[i];
  const State& s = r.table->state();
  const std::size_t a = bounds_.actions;
  // The row's mask holds the last legal actions alone: clearing those, not
  // the whole row, touches a few bytes where the row is num_distinct_actions
  // wide (Old Maid's 173, Rum's 2,502 with 2).
  for (Action x : r.legal) mask_[i * a + x] = 0;
  r.legal.clear();
  Seat seat = kTerminal;
  if (!r.over && !s.terminal()) {
    seat = r.table->asked();
    s.legal_actions(seat, r.legal);
    for (Action x : r.legal) mask_[i * a + x] = 1;
  }
  to_move_[i] = static_cast<std::int8_t>(seat);
  if (o_.observations && seat >= 0) {
    const std::span<float> out(obs_.data() + i * shape_.size(), shape_.size());
    // The bounds hold (conformance).
    View& view = views_[block].view;
    s.fill_view(seat, view);
    (void)encode_observation(view, shape_, out, &r.written);
  }
}

void VectorEnv::reset() {
  for (Row& r : rows_) r.table.reset(), r.games = 0;
  std::fill(rewards_.begin(), rewards_.end(), 0.0f);
  std::fill(terminated_.begin(), terminated_.end(), 0);
  run_phase(Phase::kReset);
}

Status VectorEnv::step(std::span<const std::int64_t> actions) {
  if (actions.size() != rows_.size())
    return Status::error("step takes one action a row: " + std::to_string(rows_.size()) + ", not " +
                         std::to_string(actions.size()));
  if (!started()) return Status::error("step before reset(): call reset() first");
  actions_ = actions;
  for (Bad& b : bad_) b.rows = 0;
  run_phase(Phase::kCheck);
  int bad_rows = 0;
  for (const Bad& b : bad_) bad_rows += b.rows;
  if (bad_rows > 0) {
    std::string bad;
    for (std::size_t i = 0, said = 0; i < rows_.size() && said < 5; ++i) {
      if (legal(i)) continue;
      const Row& r = rows_[i];
      bad += (said++ ? "; " : "") + std::string("row ") + std::to_string(i) + ": " +
             (r.over ? "its game is over (give -1)"
                     : "action " + std::to_string(actions[i]) + " is not legal for seat " +
                           std::to_string(to_move_[i]));
    }
    actions_ = {};
    return Status::error(std::to_string(bad_rows) + " illegal action" + (bad_rows > 1 ? "s" : "") +
                         ", nothing played: " + bad);
  }
  run_phase(Phase::kStep);
  actions_ = {};
  return {};
}

Status VectorEnv::step_random(int steps, std::uint64_t seed) {
  if (steps < 0) return Status::error("steps must be 0 or more, not " + std::to_string(steps));
  if (!started()) return Status::error("step_random before reset(): call reset() first");
  for (int k = 0; k < steps; ++k) {
    random_seed_ = game_seed(seed, static_cast<std::uint64_t>(k));
    run_phase(Phase::kRandom);
  }
  return {};
}

}  // namespace parlour::rl
