#include "mpi/mpi_sim.h"

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace parlour::mpi {
namespace {

// Rank 0 and the others speak in arrays of 64-bit words.
constexpr int kTagWant = 1;   // to rank 0: [kind, chunk, tallies...]
constexpr int kTagChunk = 2;  // from rank 0: [chunk] or [kStop]
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

// Rank 0: hands chunks out and takes the results in, while a thread of its
// own plays chunks too. Returns the sums, or false after a bot's illegal move.
bool hand_out(const SimSpec& spec, const Job& job, std::uint64_t games, std::uint64_t chunk,
              SimTallies& total) {
  const std::uint64_t chunks = (games + chunk - 1) / chunk;
  std::atomic<std::uint64_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex lock;
  RankPlayers players(spec, spec.threads);
  total = players.empty();
  std::thread own([&] {
    for (;;) {
      const std::uint64_t c = next.fetch_add(1);
      if (c >= chunks || failed) return;
      SimTallies t = players.empty();
      if (!players.play(c * chunk, std::min(games, (c + 1) * chunk), t)) {
        failed = true;
        return;
      }
      const std::lock_guard<std::mutex> hold(lock);
      merge(total, t);
    }
  });
  // Polled, not waited on: Open MPI's blocking receive spins a core, which
  // is this rank's own thread's.
  int active = job.ranks - 1;
  std::vector<std::uint64_t> in;
  double busy = 0;
  while (active > 0) {
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
      if (!t.ok()) {
        failed = true;  // cannot be: the ranks run one build
      } else {
        const std::lock_guard<std::mutex> hold(lock);
        merge(total, *t);
      }
    }
    std::uint64_t c = next.fetch_add(1);
    if (c >= chunks || failed) c = kStop, --active;
    MPI_Send(&c, 1, MPI_UINT64_T, st.MPI_SOURCE, kTagChunk, MPI_COMM_WORLD);
    busy += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  own.join();
  the_traffic.seconds += busy;
  the_traffic.chunks += chunks;
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
  std::vector<std::uint64_t> words;
  std::uint64_t ok = 1;
  SimPlayer finisher(spec);
  if (job.rank == 0) {
    SimTallies total;
    ok = hand_out(spec, job, games, chunk, total) ? 1 : 0;
    words = encode(total);
  } else {
    serve_chunks(spec, games, chunk);
  }
  // Rank 0's sums, to every rank: each then gives the same results.
  std::uint64_t head[2] = {ok, words.size()};
  MPI_Bcast(head, 2, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  words.resize(head[1]);
  MPI_Bcast(words.data(), static_cast<int>(head[1]), MPI_UINT64_T, 0, MPI_COMM_WORLD);
  if (!head[0]) return Status::error(std::string(kBotBug));
  Result<SimTallies> total = decode(words);
  if (!total.ok()) return Status::error(total.message());
  return finisher.finish(*total);
}

}  // namespace parlour::mpi
