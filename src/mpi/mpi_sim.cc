#include "mpi/mpi_sim.h"

#include <fcntl.h>
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

namespace parlour::mpi {
namespace {

// Rank 0 and the others speak in arrays of 64-bit words.
constexpr int kTagWant = 1;   // to rank 0: [kind, chunk, its words or a failure's text]
constexpr int kTagChunk = 2;  // from rank 0: [chunk] or [kStop]
constexpr int kTagSums = 3;   // from rank 0 at the end: [ok, the total's words or the error's text]
constexpr std::uint64_t kFirst = 0, kDone = 1, kFailed = 2;
constexpr std::uint64_t kStop = ~std::uint64_t{0};

Traffic the_traffic;

// A text (a failure's message, a solver's method) among the words: its
// length, then its bytes eight to a word.
void put_text(std::vector<std::uint64_t>& words, std::string_view text) {
  words.push_back(text.size());
  for (std::size_t i = 0; i < text.size(); i += 8) {
    std::uint64_t w = 0;
    for (std::size_t k = 0; k < 8 && i + k < text.size(); ++k)
      w |= std::uint64_t{static_cast<unsigned char>(text[i + k])} << (8 * k);
    words.push_back(w);
  }
}
// The text at the front of `words`, which then start after it; nullopt if
// the words are too few.
std::optional<std::string> take_text(std::span<const std::uint64_t>& words) {
  if (words.empty() || words[0] > (words.size() - 1) * 8) return std::nullopt;
  std::string text(words[0], '\0');
  for (std::size_t i = 0; i < text.size(); ++i)
    text[i] = static_cast<char>(words[1 + i / 8] >> (8 * (i % 8)) & 0xff);
  words = words.subspan(1 + (text.size() + 7) / 8);
  return text;
}

using Flags = std::vector<std::pair<std::string, std::string>>;

// One kind of work over the chunks [0, chunks): what any rank makes of a
// chunk, as words, and how rank 0 adds those up. Rank 0 calls play() on one
// thread while its main thread may call take(); take() and total() are
// called one at a time.
class Work {
 public:
  virtual ~Work() = default;
  // Chunk c's results. An error ends the job with its message.
  virtual Status play(std::uint64_t c, std::vector<std::uint64_t>& words) = 0;
  // Chunk c's results added in. False: not words this build wrote.
  [[nodiscard]] virtual bool take(std::uint64_t c, std::span<const std::uint64_t> words) = 0;
  // All that was added in so far, as words (a checkpoint's, and what rank 0
  // sends every rank at the end), and the same read back.
  virtual std::vector<std::uint64_t> total() const = 0;
  [[nodiscard]] virtual bool restore(std::span<const std::uint64_t> words) = 0;
  // What makes one run's chunks another's: its flags, as the command line
  // says them.
  virtual Flags flags() const = 0;
};

// The SimPlayers of one rank, one a thread, kept from chunk to chunk.
class RankPlayers {
 public:
  RankPlayers(const SimSpec& spec, int threads) {
    for (int t = 0; t < std::max(1, threads); ++t)
      players_.push_back(std::make_unique<SimPlayer>(spec));
    rotations_ = spec.duplicate && spec.rotate ? rotations_of(spec) : 1;
  }
  SimTallies empty() const { return players_[0]->empty(); }
  const SimPlayer& first() const { return *players_[0]; }

  // Games [begin, end) over the rank's threads, in pieces as simulate()
  // takes them (a deal's rotations together). False: a bot's illegal move.
  bool play(std::uint64_t begin, std::uint64_t end, SimTallies& into) {
    const std::uint64_t piece = rotations_ > 1 ? rotations_ * 4 : 16;
    std::atomic<std::uint64_t> next{begin};
    std::atomic<bool> failed{false};
    std::vector<SimTallies> parts(players_.size(), empty());
    auto work = [&](std::size_t t) {
      for (;;) {
        const std::uint64_t b = next.fetch_add(piece);
        if (b >= end || failed) return;
        if (!players_[t]->play(b, std::min(end, b + piece), parts[t])) failed = true;
      }
    };
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < players_.size(); ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
    if (failed) return false;
    for (const SimTallies& p : parts) merge(into, p);
    return true;
  }

 private:
  std::vector<std::unique_ptr<SimPlayer>> players_;
  std::uint64_t rotations_ = 1;
};

// Waits for a message without spinning: Open MPI's blocking receive polls a
// core flat out, and with more ranks than cores (or a rank's threads beside
// it) that core is another's. The size of the message, in words.
int wait_for(int from, int tag) {
  for (;;) {
    int ready = 0;
    MPI_Status st;
    MPI_Iprobe(from, tag, MPI_COMM_WORLD, &ready, &st);
    if (ready) {
      int n = 0;
      MPI_Get_count(&st, MPI_UINT64_T, &n);
      return n;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
}

void send(const std::vector<std::uint64_t>& words, int to, int tag) {
  MPI_Send(words.data(), static_cast<int>(words.size()), MPI_UINT64_T, to, tag, MPI_COMM_WORLD);
}

// Every rank but 0: asks for a chunk, plays it, sends its results back with
// the next request, until told to stop.
void serve_chunks(Work& work) {
  std::vector<std::uint64_t> out{kFirst, 0}, words;
  for (;;) {
    send(out, 0, kTagWant);
    std::uint64_t c = kStop;
    (void)wait_for(0, kTagChunk);
    MPI_Recv(&c, 1, MPI_UINT64_T, 0, kTagChunk, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (c == kStop) return;
    if (Status s = work.play(c, words); !s.ok()) {
      out = {kFailed, c};
      put_text(out, s.message());
      continue;
    }
    out = {kDone, c};
    out.insert(out.end(), words.begin(), words.end());
  }
}

// ---- Checkpoints (rank 0 alone reads and writes them) ----------------------------

struct Run {
  Flags flags;
  std::vector<std::uint64_t> done;     // chunk indices finished
  std::vector<std::uint64_t> tallies;  // their results, Work::total()
};

// The runs a checkpoint holds: none if there is no file yet.
Result<std::vector<Run>> load(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::vector<Run>{};
  const auto bad = [&](const std::string& why) {
    return Status::error("--checkpoint " + path + " is not a checkpoint parlour-mpi wrote (" + why +
                         "): give another file, or remove it to start again");
  };
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object() || j.value("parlour-mpi-checkpoint", 0) != 1 ||
      !j.contains("runs") || !j["runs"].is_array())
    return bad("not its JSON");
  std::vector<Run> runs;
  try {
    for (const auto& r : j["runs"]) {
      Run run;
      for (const auto& f : r.at("flags")) run.flags.emplace_back(f.at(0), f.at(1));
      run.done = r.at("done").get<std::vector<std::uint64_t>>();
      run.tallies = r.at("tallies").get<std::vector<std::uint64_t>>();
      runs.push_back(std::move(run));
    }
  } catch (const nlohmann::json::exception& e) {
    return bad(e.what());
  }
  return runs;
}

// Written whole beside it, synced, and renamed over it: a run killed while
// writing leaves the last checkpoint as it was.
Status save(const std::string& path, const std::vector<Run>& runs) {
  nlohmann::json j = {{"parlour-mpi-checkpoint", 1}, {"runs", nlohmann::json::array()}};
  for (const Run& r : runs) {
    nlohmann::json flags = nlohmann::json::array();
    for (const auto& [k, v] : r.flags) flags.push_back({k, v});
    j["runs"].push_back({{"flags", flags}, {"done", r.done}, {"tallies", r.tallies}});
  }
  const std::string text = j.dump() + "\n", tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return Status::error("cannot write the checkpoint " + tmp);
  std::size_t at = 0;
  while (at < text.size()) {
    const ssize_t n = ::write(fd, text.data() + at, text.size() - at);
    if (n <= 0) break;
    at += static_cast<std::size_t>(n);
  }
  const bool ok = at == text.size() && ::fsync(fd) == 0;
  ::close(fd);
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0)
    return Status::error("cannot write the checkpoint " + path);
  return {};
}

// The checkpoint's runs and this process's simulations so far (fairness
// runs several, each its own entry).
struct Checkpoint {
  std::vector<Run> runs;
  int simulations = 0;
};
Checkpoint the_checkpoint;

// Rank 0: the entry of this simulation, or why there cannot be one.
Result<std::size_t> entry_for(const Job& job, const Flags& flags) {
  Checkpoint& c = the_checkpoint;
  if (c.simulations++ == 0) {
    Result<std::vector<Run>> runs = load(job.checkpoint);
    if (!runs.ok()) return Status::error(runs.message());
    c.runs = std::move(*runs);
    // The first simulation must be the checkpoint's first: other flags are
    // another run, which this file does not hold.
    if (!c.runs.empty() && c.runs[0].flags != flags) {
      const Flags& old = c.runs[0].flags;
      for (std::size_t i = 0; i < flags.size(); ++i) {
        const std::string was = i < old.size() ? old[i].second : "?";
        if (i < old.size() && old[i] == flags[i]) continue;
        auto said = [&](const std::string& v) {
          return "--" + flags[i].first + " " + (v.empty() ? "(none)" : v);
        };
        return Status::error("--checkpoint " + job.checkpoint + " was written with " + said(was) +
                             ", and this run has " + said(flags[i].second) +
                             ": run with the same flags to resume, or give another file");
      }
    }
  }
  for (std::size_t i = 0; i < c.runs.size(); ++i)
    if (c.runs[i].flags == flags) return i;
  c.runs.push_back(Run{flags, {}, {}});
  return c.runs.size() - 1;
}

// Rank 0's side of a run: the chunks still to play, those played (a
// checkpoint's), and what to do with the results now and then.
struct Plan {
  std::vector<std::uint64_t> todo;  // chunk indices, in order
  std::vector<std::uint64_t> done;  // finished, in the order they came back
  double every = 10;                // seconds between calls of `keep`
  std::function<void(const std::vector<std::uint64_t>& done, std::vector<std::uint64_t> total)>
      keep;
};

// Rank 0: hands chunks out and takes the results in, while a thread of its
// own plays chunks too.
Status hand_out(Work& work, const Job& job, Plan& plan) {
  const std::uint64_t todo = plan.todo.size();
  std::atomic<std::uint64_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex lock;
  std::string error;  // the first failure's, under the lock
  auto fail = [&](std::string why) {
    const std::lock_guard<std::mutex> hold(lock);
    if (error.empty()) error = std::move(why);
    failed = true;
  };
  auto take = [&](std::uint64_t c, std::span<const std::uint64_t> words) {
    const std::lock_guard<std::mutex> hold(lock);
    if (!work.take(c, words)) {  // cannot be: the ranks run one build
      if (error.empty()) error = "a rank sent results this build cannot read";
      failed = true;
      return;
    }
    plan.done.push_back(c);
  };
  std::thread own([&] {
    std::vector<std::uint64_t> words;
    for (;;) {
      const std::uint64_t k = next.fetch_add(1);
      if (k >= todo || failed) return;
      const std::uint64_t c = plan.todo[k];
      if (Status s = work.play(c, words); !s.ok()) return fail(s.message());
      take(c, words);
    }
  });
  auto keep = [&] {
    if (!plan.keep) return;
    std::vector<std::uint64_t> done, total;
    {
      const std::lock_guard<std::mutex> hold(lock);
      done = plan.done, total = work.total();
    }
    plan.keep(done, std::move(total));
  };
  // Polled, not waited on: Open MPI's blocking receive spins a core, which
  // is this rank's own thread's.
  int active = job.ranks - 1;
  std::vector<std::uint64_t> in;
  double busy = 0;
  auto kept = std::chrono::steady_clock::now();
  while (active > 0) {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - kept).count() >=
        plan.every) {
      keep();
      kept = std::chrono::steady_clock::now();
    }
    int ready = 0;
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, kTagWant, MPI_COMM_WORLD, &ready, &st);
    if (!ready) {
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      continue;
    }
    const auto start = std::chrono::steady_clock::now();
    int n = 0;
    MPI_Get_count(&st, MPI_UINT64_T, &n);
    in.resize(static_cast<std::size_t>(std::max(n, 0)));
    MPI_Recv(in.data(), n, MPI_UINT64_T, st.MPI_SOURCE, kTagWant, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    std::span<const std::uint64_t> words(in);
    if (in.size() >= 2 && in[0] == kFailed) {
      words = words.subspan(2);
      fail(take_text(words).value_or("rank " + std::to_string(st.MPI_SOURCE) + " failed"));
    }
    if (in.size() >= 2 && in[0] == kDone) take(in[1], words.subspan(2));
    const std::uint64_t k = next.fetch_add(1);
    const std::uint64_t c = k >= todo || failed ? kStop : plan.todo[k];
    if (c == kStop) --active;
    MPI_Send(&c, 1, MPI_UINT64_T, st.MPI_SOURCE, kTagChunk, MPI_COMM_WORLD);
    busy += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  own.join();
  if (!failed) keep();
  the_traffic.seconds += busy;
  the_traffic.chunks += todo;
  if (failed) return Status::error(error);
  return {};
}

// Called by every rank alike: the chunks [0, chunks) played over the ranks
// (those a checkpoint holds excepted), and the results in `work` on every
// rank at the end; or the same error on every rank.
Status run_chunks(Work& work, const Job& job, std::uint64_t chunks) {
  // Rank 0 reads the checkpoint and says to all whether the run may go on.
  Plan plan;
  std::string refused;
  if (job.rank == 0) {
    std::vector<bool> finished(chunks, false);
    if (!job.checkpoint.empty()) {
      Result<std::size_t> e = entry_for(job, work.flags());
      if (!e.ok()) {
        refused = e.message();
      } else if (const Run& r = the_checkpoint.runs[*e];
                 !r.tallies.empty() && !work.restore(r.tallies)) {
        refused = "--checkpoint " + job.checkpoint +
                  " is not a checkpoint parlour-mpi wrote (its sums are broken): give another "
                  "file, or remove it to start again";
      } else {
        for (std::uint64_t c : r.done)
          if (c < chunks) finished[c] = true, plan.done.push_back(c);
        plan.every = job.checkpoint_seconds;
        const std::size_t entry = *e;
        plan.keep = [&job, entry](const std::vector<std::uint64_t>& done,
                                  std::vector<std::uint64_t> total) {
          Run& run = the_checkpoint.runs[entry];
          run.done = done, run.tallies = std::move(total);
          (void)save(job.checkpoint, the_checkpoint.runs);  // the next one may succeed
        };
      }
    }
    for (std::uint64_t c = 0; c < chunks; ++c)
      if (!finished[c]) plan.todo.push_back(c);
  }
  std::uint64_t said = refused.size();
  MPI_Bcast(&said, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  if (said > 0) {
    refused.resize(said);
    MPI_Bcast(refused.data(), static_cast<int>(said), MPI_CHAR, 0, MPI_COMM_WORLD);
    return Status::error(refused);
  }
  // Rank 0's results (or its error), to every rank: each then gives the
  // same report. Sent one by one and waited for politely (a broadcast waits
  // spinning, which slowed the ranks still playing on a machine with fewer
  // cores than ranks).
  std::vector<std::uint64_t> head;
  if (job.rank == 0) {
    const Status s = hand_out(work, job, plan);
    head.push_back(s.ok() ? 1 : 0);
    if (s.ok()) {
      const std::vector<std::uint64_t> words = work.total();
      head.insert(head.end(), words.begin(), words.end());
    } else {
      put_text(head, s.message());
    }
    for (int r = 1; r < job.ranks; ++r) send(head, r, kTagSums);
    return s;
  }
  serve_chunks(work);
  head.resize(static_cast<std::size_t>(wait_for(0, kTagSums)));
  MPI_Recv(head.data(), static_cast<int>(head.size()), MPI_UINT64_T, 0, kTagSums, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  std::span<const std::uint64_t> words = std::span<const std::uint64_t>(head).subspan(1);
  if (!head[0]) return Status::error(take_text(words).value_or("rank 0 failed"));
  if (!work.restore(words)) return Status::error("rank 0 sent results this build cannot read");
  return {};
}

// ---- The simulations: parlour sim, tournament, fairness --------------------------

class SimWork final : public Work {
 public:
  SimWork(const SimSpec& spec, std::uint64_t games, std::uint64_t chunk)
      : spec_(spec),
        games_(games),
        chunk_(chunk),
        players_(spec, spec.threads),
        total_(players_.empty()) {}
  Status play(std::uint64_t c, std::vector<std::uint64_t>& words) override {
    SimTallies t = players_.empty();
    if (!players_.play(c * chunk_, std::min(games_, (c + 1) * chunk_), t))
      return Status::error(std::string(kBotBug));
    words = encode(t);
    return {};
  }
  bool take(std::uint64_t, std::span<const std::uint64_t> words) override {
    Result<SimTallies> t = decode(words);
    if (!t.ok()) return false;
    merge(total_, *t);
    return true;
  }
  std::vector<std::uint64_t> total() const override { return encode(total_); }
  bool restore(std::span<const std::uint64_t> words) override {
    Result<SimTallies> t = decode(words);
    if (!t.ok()) return false;
    total_ = std::move(*t);
    return true;
  }
  Flags flags() const override {
    std::string bots;
    for (const std::string& b : seat_bots(spec_)) bots += (bots.empty() ? "" : ",") + b;
    return {
        {"game", std::string(spec_.sel.name())}, {"players", std::to_string(spec_.config.players)},
        {"opt", spec_.config.options.changed()}, {"bots", bots},
        {"rotate", spec_.rotate ? "on" : "off"}, {"duplicate", spec_.duplicate ? "on" : "off"},
        {"games", std::to_string(spec_.games)},  {"seed", std::to_string(spec_.seed)},
        {"chunk", std::to_string(chunk_)}};
  }
  const SimTallies& sums() const { return total_; }

 private:
  const SimSpec& spec_;
  std::uint64_t games_, chunk_;
  RankPlayers players_;  // played on one thread at a time (serve_chunks, or rank 0's own)
  SimTallies total_;
};

// ---- The solitaires' deals: parlour solve ------------------------------------------

// A chunk's words: the solver's method, then each deal's verdict, positions
// and seconds (a double's bits). The total: the same for every deal of the
// run (those not played yet unknown, with no positions).
class SolveWork final : public Work {
 public:
  SolveWork(const SolveSpec& spec, std::uint64_t chunk)
      : spec_(spec), chunk_(chunk), deals_(spec.deals) {}
  Status play(std::uint64_t c, std::vector<std::uint64_t>& words) override {
    SolveSpec part = spec_;
    const std::uint64_t begin = c * chunk_;
    part.from = spec_.from + begin;
    part.deals = std::min(spec_.deals, begin + chunk_) - begin;
    Result<SolveSummary> r = solve_deals(part);
    if (!r.ok()) return r.status();
    words.clear();
    put(words, r->method, r->deals);
    return {};
  }
  bool take(std::uint64_t c, std::span<const std::uint64_t> words) override {
    const std::uint64_t begin = c * chunk_;
    if (begin >= deals_.size()) return false;
    return get(words, begin, std::min<std::uint64_t>(deals_.size(), begin + chunk_) - begin);
  }
  std::vector<std::uint64_t> total() const override {
    std::vector<std::uint64_t> words;
    put(words, method_, deals_);
    return words;
  }
  bool restore(std::span<const std::uint64_t> words) override {
    return get(words, 0, deals_.size());
  }
  Flags flags() const override {
    std::ostringstream seconds;
    seconds << spec_.limits.max_seconds;
    return {{"game", std::string(spec_.sel.name())},
            {"opt", spec_.config.options.changed()},
            {"deals", std::to_string(spec_.deals)},
            {"from", std::to_string(spec_.from)},
            {"limit-seconds", seconds.str()},
            {"max-positions", std::to_string(spec_.limits.max_nodes)},
            {"chunk", std::to_string(chunk_)}};
  }
  SolveSummary summary() const { return summarize(deals_, method_); }

 private:
  static void put(std::vector<std::uint64_t>& words, std::string_view method,
                  std::span<const DealSolved> deals) {
    put_text(words, method);
    for (const DealSolved& d : deals)
      words.insert(words.end(), {d.verdict, d.nodes, std::bit_cast<std::uint64_t>(d.seconds)});
  }
  // Deals [begin, begin + n) from `words`, which must hold exactly them.
  bool get(std::span<const std::uint64_t> words, std::uint64_t begin, std::uint64_t n) {
    std::optional<std::string> method = take_text(words);
    if (!method || words.size() != 3 * n) return false;
    for (std::uint64_t i = 0; i < n; ++i) {
      if (words[3 * i] > SolveReport::kUnknown) return false;
      deals_[begin + i] = {static_cast<SolveReport::Verdict>(words[3 * i]), words[3 * i + 1],
                           std::bit_cast<double>(words[3 * i + 2])};
    }
    if (method_.empty()) method_ = std::move(*method);
    return true;
  }

  const SolveSpec& spec_;
  std::uint64_t chunk_;
  std::vector<DealSolved> deals_;  // by deal
  std::string method_;
};

}  // namespace

Traffic traffic() {
  return the_traffic;
}

Result<SimResult> simulate(const SimSpec& spec, const Job& job) {
  // Every rank checks the same spec alike: an error is everyone's at once.
  if (Status s = check(spec); !s.ok()) return s;
  const std::uint64_t games = games_of(spec);
  // A deal's rotations in one chunk (duplicate play).
  const std::uint64_t rotations = spec.duplicate && spec.rotate ? rotations_of(spec) : 1;
  const std::uint64_t chunk =
      (std::max<std::uint64_t>(job.chunk, 1) + rotations - 1) / rotations * rotations;
  SimWork work(spec, games, chunk);
  if (Status s = run_chunks(work, job, (games + chunk - 1) / chunk); !s.ok()) return s;
  return SimPlayer(spec).finish(work.sums());
}

Result<SolveSummary> solve(const SolveSpec& spec, const Job& job) {
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t chunk = std::max<std::uint64_t>(job.chunk, 1);
  SolveWork work(spec, chunk);
  if (Status s = run_chunks(work, job, (spec.deals + chunk - 1) / chunk); !s.ok()) return s;
  SolveSummary out = work.summary();
  out.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace parlour::mpi
