#include "mpi/mpi_sim.h"

#include <fcntl.h>
#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>
#include <vector>

namespace parlour::mpi {
namespace {

// Rank 0 and the others speak in arrays of 64-bit words.
constexpr int kTagWant = 1;   // to rank 0: [kind, chunk, tallies...]
constexpr int kTagChunk = 2;  // from rank 0: [chunk] or [kStop]
constexpr int kTagSums = 3;   // from rank 0 at the end: [ok, tallies...]
constexpr std::uint64_t kFirst = 0, kDone = 1, kFailed = 2;
constexpr std::uint64_t kStop = ~std::uint64_t{0};

Traffic the_traffic;

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

// Every rank but 0: asks for a chunk, plays it, sends its tallies back with
// the next request, until told to stop.
void serve_chunks(const SimSpec& spec, std::uint64_t games, std::uint64_t chunk) {
  RankPlayers players(spec, spec.threads);
  std::vector<std::uint64_t> out{kFirst, 0};
  for (;;) {
    send(out, 0, kTagWant);
    std::uint64_t c = kStop;
    (void)wait_for(0, kTagChunk);
    MPI_Recv(&c, 1, MPI_UINT64_T, 0, kTagChunk, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (c == kStop) return;
    SimTallies t = players.empty();
    const std::uint64_t begin = c * chunk, end = std::min(games, begin + chunk);
    if (!players.play(begin, end, t)) {
      out = {kFailed, c};
      continue;
    }
    out = {kDone, c};
    const std::vector<std::uint64_t> words = encode(t);
    out.insert(out.end(), words.begin(), words.end());
  }
}

// ---- Checkpoints (rank 0 alone reads and writes them) ----------------------------

using Flags = std::vector<std::pair<std::string, std::string>>;

// What makes one simulation's chunks another's: its flags, as the command
// line says them.
Flags flags_of(const SimSpec& spec, std::uint64_t chunk) {
  std::string bots;
  for (const std::string& b : seat_bots(spec)) bots += (bots.empty() ? "" : ",") + b;
  return {{"game", std::string(spec.sel.name())}, {"players", std::to_string(spec.config.players)},
          {"opt", spec.config.options.changed()}, {"bots", bots},
          {"rotate", spec.rotate ? "on" : "off"}, {"duplicate", spec.duplicate ? "on" : "off"},
          {"games", std::to_string(spec.games)},  {"seed", std::to_string(spec.seed)},
          {"chunk", std::to_string(chunk)}};
}

struct Run {
  Flags flags;
  std::vector<std::uint64_t> done;     // chunk indices finished
  std::vector<std::uint64_t> tallies;  // their sums, encode()d
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
      if (!decode(run.tallies).ok()) return bad("its sums are broken");
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

// Rank 0's side of a simulation: the chunks still to play, the sums of those
// played (a checkpoint's), and what to do with them now and then.
struct Plan {
  std::vector<std::uint64_t> todo;  // chunk indices, in order
  std::vector<std::uint64_t> done;  // finished, in the order they came back
  SimTallies total;
  double every = 10;  // seconds between calls of `keep`
  std::function<void(const std::vector<std::uint64_t>& done, const SimTallies&)> keep;
};

// Rank 0: hands chunks out and takes the results in, while a thread of its
// own plays chunks too. False after a bot's illegal move.
bool hand_out(const SimSpec& spec, const Job& job, std::uint64_t games, std::uint64_t chunk,
              Plan& plan) {
  const std::uint64_t todo = plan.todo.size();
  std::atomic<std::uint64_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex lock;
  RankPlayers players(spec, spec.threads);
  auto take = [&](std::uint64_t c, const SimTallies& t) {
    const std::lock_guard<std::mutex> hold(lock);
    merge(plan.total, t);
    plan.done.push_back(c);
  };
  std::thread own([&] {
    for (;;) {
      const std::uint64_t k = next.fetch_add(1);
      if (k >= todo || failed) return;
      const std::uint64_t c = plan.todo[k];
      SimTallies t = players.empty();
      if (!players.play(c * chunk, std::min(games, (c + 1) * chunk), t)) {
        failed = true;
        return;
      }
      take(c, t);
    }
  });
  auto keep = [&] {
    if (!plan.keep) return;
    std::vector<std::uint64_t> done;
    SimTallies total;
    {
      const std::lock_guard<std::mutex> hold(lock);
      done = plan.done, total = plan.total;
    }
    plan.keep(done, total);
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
    if (!in.empty() && in[0] == kFailed) failed = true;
    if (in.size() > 2 && in[0] == kDone) {
      Result<SimTallies> t = decode(std::span<const std::uint64_t>(in).subspan(2));
      if (!t.ok())
        failed = true;  // cannot be: the ranks run one build
      else
        take(in[1], *t);
    }
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
  return !failed;
}

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
  const std::uint64_t chunks = (games + chunk - 1) / chunk;
  SimPlayer finisher(spec);
  // Rank 0 reads the checkpoint and says to all whether the run may go on.
  Plan plan;
  std::string refused;
  std::size_t entry = 0;
  if (job.rank == 0) {
    plan.total = finisher.empty();
    std::vector<bool> finished(chunks, false);
    if (!job.checkpoint.empty()) {
      Result<std::size_t> e = entry_for(job, flags_of(spec, chunk));
      if (!e.ok()) {
        refused = e.message();
      } else {
        entry = *e;
        const Run& r = the_checkpoint.runs[entry];
        for (std::uint64_t c : r.done)
          if (c < chunks) finished[c] = true, plan.done.push_back(c);
        if (!r.tallies.empty()) plan.total = *decode(r.tallies);
        plan.every = job.checkpoint_seconds;
        plan.keep = [&job, entry](const std::vector<std::uint64_t>& done, const SimTallies& t) {
          Run& run = the_checkpoint.runs[entry];
          run.done = done, run.tallies = encode(t);
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
  std::vector<std::uint64_t> words;
  std::uint64_t ok = 1;
  if (job.rank == 0) {
    ok = hand_out(spec, job, games, chunk, plan) ? 1 : 0;
    words = encode(plan.total);
  } else {
    serve_chunks(spec, games, chunk);
  }
  // Rank 0's sums, to every rank: each then gives the same results. Sent
  // one by one and waited for politely (a broadcast waits spinning, which
  // slowed the ranks still playing on a machine with fewer cores than ranks).
  std::vector<std::uint64_t> head;
  if (job.rank == 0) {
    head.push_back(ok);
    head.insert(head.end(), words.begin(), words.end());
    for (int r = 1; r < job.ranks; ++r) send(head, r, kTagSums);
  } else {
    head.resize(static_cast<std::size_t>(wait_for(0, kTagSums)));
    MPI_Recv(head.data(), static_cast<int>(head.size()), MPI_UINT64_T, 0, kTagSums, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    words.assign(head.begin() + 1, head.end());
  }
  if (!head[0]) return Status::error(std::string(kBotBug));
  Result<SimTallies> total = decode(words);
  if (!total.ok()) return Status::error(total.message());
  return finisher.finish(*total);
}

}  // namespace parlour::mpi
