// Many games stepped at once, for learners that act in batches (the Python
// API's VectorEnv): N tables, each advanced by the engine's own driver, with
// their observations, masks, rewards and ends written into arrays that the
// caller reads in place. Seats that are not the learner's are played by
// engine bots; chance is resolved as in every table, from each game's seed.
//
// Reproducible: game k of an env seeded S (k counts every game the env has
// started: row i's j-th game is game j*N + i) is dealt from game_seed(S, k),
// as `parlour sim` deals its game k, and its bots draw from that seed's bot
// streams; the arrays are the same for any number of threads.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "core/registry.h"
#include "core/status.h"
#include "core/table.h"
#include "rl/encode.h"
#include "rl/spin_barrier.h"

namespace parlour::rl {

struct VectorOptions {
  int envs = 1;
  std::uint64_t seed = 0;
  // Seats the caller plays; the others are played by `opponents` (one name,
  // or one per seat; empty: the game's default bot). Empty: every seat.
  std::vector<Seat> learners;
  std::vector<std::string> opponents;
  bool auto_reset = true;
  int threads = 1;
  bool observations = true;
};

class VectorEnv {
 public:
  // An error names what is wrong: envs, threads, seats, bots.
  [[nodiscard]] static Result<std::unique_ptr<VectorEnv>> make(const Selection& sel,
                                                               const Config& config,
                                                               const VectorOptions& options);
  ~VectorEnv();

  const Shape& shape() const { return shape_; }
  int envs() const { return n_; }
  int players() const { return config_.players; }
  Action actions() const { return bounds_.actions; }

  // Starts every row's first game and fills the arrays.
  void reset();
  // Plays `actions[i]` for row i's seat to move, then runs each row on until
  // a learner seat is to move or its game ends. Checks every row first: an
  // error (naming the first bad rows) changes nothing. A row whose game has
  // ended and was not restarted (auto_reset off) must be given -1.
  [[nodiscard]] Status step(std::span<const std::int64_t> actions);

  // `steps` calls of step(), each row's action drawn uniformly from its legal
  // actions in C++ (from Rng(seed)): a learner's loop over step() with no
  // Python, which bench/python_bench.py measures the Python loop against.
  [[nodiscard]] Status step_random(int steps, std::uint64_t seed);

  // The arrays, row-major, rewritten by reset() and step().
  std::span<float> observations() { return obs_; }              // [envs][shape.size()]
  std::span<std::uint8_t> masks() { return mask_; }             // [envs][actions()]
  std::span<float> rewards() { return rewards_; }               // [envs][players]
  std::span<std::uint8_t> terminated() { return terminated_; }  // [envs]
  std::span<std::int8_t> to_move() { return to_move_; }         // [envs]; -2 ended
  std::span<float> final_returns() { return final_; }           // [envs][players]
  // Row i's legal actions, in the engine's order (the mask's true entries);
  // empty where no seat of the row is to move.
  std::span<const Action> legal_actions(std::size_t i) const;
  // Whether reset() was called: step() before it is an error.
  bool started() const;
  // Games started since reset(), over every row.
  std::uint64_t games_started() const;

 private:
  struct Row;
  VectorEnv() = default;
  void advance(std::size_t row);  // to a learner's turn, or the end (with auto-reset)
  void start(std::size_t row);    // the row's next game
  void write(std::size_t row, std::size_t block);  // its arrays
  // Every row's work of one phase, split over the threads: the workers
  // (threads - 1 of them, made once: a thread made each step cost more than
  // the step) take a contiguous block of rows each, this thread the first.
  // Each thread does all of its rows' work, the check of their actions too:
  // work left to one thread (a check reading every row's legal actions, which the
  // other thread wrote) kept two threads at 1.2 times one.
  enum class Phase : std::uint8_t { kReset, kCheck, kStep, kRandom, kStop };
  void run_phase(Phase phase);
  void work(std::size_t block);                // the block's rows, in the current phase
  void row(std::size_t i, std::size_t block);  // one row's work in the current phase
  bool legal(std::size_t i) const;             // row i's action (actions_[i]) may be played

  Selection sel_;
  Config config_;
  Bounds bounds_;
  Shape shape_;
  VectorOptions o_;
  int n_ = 0;
  std::uint32_t learners_ = 0;  // seat mask
  std::vector<std::string> bot_names_;
  std::vector<Row> rows_;
  std::vector<float> obs_, rewards_, final_;
  std::vector<std::uint8_t> mask_, terminated_;
  std::vector<std::int8_t> to_move_;
  // step_random's: row i's k-th action is drawn from Rng(game_seed(seed, k), i),
  // so that the draws do not depend on the threads.
  std::uint64_t random_seed_ = 0;
  // kCheck: each block's count of rows whose action is not legal.
  struct alignas(64) Bad {
    int rows = 0;
  };
  std::vector<Bad> bad_;
  // Each block's view, filled for each of its rows' observations in turn
  // with the cards alone (Detail::kCards): one view a thread, whose storage
  // stays in the cache from row to row (a view a row, 1,024 of them, was cold
  // at every step), and is kept, so that no step allocates.
  struct alignas(64) Scratch {
    View view;
  };
  std::vector<Scratch> views_;
  // The threads (see run_phase).
  std::size_t blocks_ = 1;
  Phase phase_ = Phase::kReset;
  std::span<const std::int64_t> actions_;
  std::unique_ptr<SpinBarrier> begin_, end_;
  std::vector<std::jthread> workers_;
};

}  // namespace parlour::rl
