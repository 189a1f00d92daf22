// The server's game logic, apart from the network: tables, seats, bots, the
// HTTP API and the WebSocket protocol (protocol.md). The network layer hands
// it requests and messages and delivers what it sends; tests drive it the same
// way with recording clients and a manual clock.
//
// Contract: each table has one authoritative State, played through the core
// driver (Table). A client is sent only its seat's view (spectators the public
// one), the narration of what its seat may know, and live odds worked out from
// that view alone; every action is checked by the engine and committed to the
// Store before anyone is told of it. Not thread-safe: call it from one thread.
// A server may run several Hubs, its workers, each on its thread with its own
// Store: a table is always held by the one its id falls to (worker_of), and a
// client is moved to the Hub of the table it joins.
#pragma once

#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "core/game.h"
#include "server/store.h"

namespace parlour::server {

// A connected WebSocket client.
class Client {
 public:
  virtual ~Client() = default;
  // Queues one message; never blocks.
  virtual void send(std::string message) = 0;
  // Closes the connection once the queued messages are out.
  virtual void close() = 0;
  // Where it comes from, for the limits per client ("": unknown, as in tests).
  virtual std::string address() const { return {}; }
};

// Timers, so that bots wait like people do, and somewhere for bots to think.
class Scheduler {
 public:
  virtual ~Scheduler() = default;
  virtual void after(std::chrono::milliseconds delay, std::function<void()> fn) = 0;
  // Runs `work` (which touches nothing the caller owns) where it cannot stall
  // the caller, then `done` with its result on the caller's thread. Here:
  // both at once. `key` says whose work it is (the address that made the
  // table), so that a pool can take turns between keys and one client's
  // tables cannot hold up another's bots;
  // `search`: a searching bot, slow by design, kept apart from quick ones.
  virtual void think(const std::string& key, bool search, std::function<Action()> work,
                     std::function<void(Action)> done) {
    (void)key, (void)search;
    done(work());
  }
  // Runs `fn` on the caller's thread once what is ready to run now has run
  // (here: as a timer of no delay).
  virtual void soon(std::function<void()> fn) {
    after(std::chrono::milliseconds(0), std::move(fn));
  }
  // Runs `fn` on this Scheduler's thread soon, asked from any thread (a
  // store's commit finished on a thread of its own). The default is soon(),
  // for a Scheduler used from one thread only.
  virtual void from_any_thread(std::function<void()> fn) { soon(std::move(fn)); }
  // The same for other slow work (live odds, hints, a winnable deal), which
  // must not hold up bots; `key` is the client's address, taken in turns.
  virtual void work(const std::string& key, std::function<std::string()> job,
                    std::function<void(std::string)> done) {
    (void)key;
    done(job());
  }
};

// Which of `workers` Hubs holds a table: a hash of its id.
std::size_t worker_of(std::string_view table, std::size_t workers);

// What the limits have counted of a connection: kept when it moves to
// another worker's Hub.
struct ClientCount {
  bool joined = false;  // has joined a table once
  int failed_joins = 0;
};

struct HubOptions {
  // A bot moves between half and one and a half times this after its turn comes.
  std::chrono::milliseconds bot_delay{900};
  // After a hand ends, bots wait this much longer, so that people can read
  // the summary before the next deal is played.
  std::chrono::milliseconds hand_pause{3000};
  std::size_t max_tables = 20000;  // in play at once; more are refused with 503
  // Accept "seed" in POST /api/tables. Whoever chooses a seed can compute every
  // hand, so a public server refuses it; tests turn it on.
  bool allow_seed = false;
  // A table nobody has been at for this long leaves memory (it stays stored,
  // and is loaded again when someone joins). Zero: never, as in tests.
  std::chrono::milliseconds idle_evict{0};
  // Finished tables are removed this long after they were created (at
  // restore, and as idle tables are swept). Zero: kept for ever.
  std::chrono::seconds keep_finished{0};
  // New tables per client address, rematches included: a burst of
  // `tables_burst`, then one every `seconds_per_table`. Zero: no limit.
  double tables_burst = 0;
  double seconds_per_table = 3;
  // A WebSocket that has joined no table this long after opening is closed.
  // Zero: never.
  std::chrono::milliseconds join_within{0};
  // Joins refused (no such table, a wrong token) before the connection is
  // closed.
  int failed_joins = 5;
  // Actions that arrive together are committed together (Scheduler::soon
  // commits them), and nobody is told of them before. Off: each action is
  // committed as it comes, as tests expect.
  bool group_commit = false;
  // A winnable deal (POST /api/tables with "winnable"): how many deals the
  // solver tries, and how long it may take over each. Smaller than the
  // terminal's: the solver's thread is shared with live odds, so one request
  // holds it for at most about ten seconds.
  int winnable_tries = 20;
  SolveLimits winnable_limits{500'000, 0.5};
  // What a bot may think over one decision, whatever its table asked: a
  // search's seconds and iterations. A new table asking more is refused; a
  // stored one (made under a larger budget) is brought within it. A bot that
  // has not answered `bot_deadline` after its turn came (it waited for a
  // thread, or its game is slow) has a random legal move played for it.
  // Zero: no limit. Every bot, the game's own included, is told to answer
  // within `bot_seconds` of starting to think (Observation::limits), and a
  // searching bot's tree to hold at most `bot_memory` bytes (0: no cap).
  double bot_seconds = 2;
  int bot_iterations = 20'000;
  std::size_t bot_memory = std::size_t{64} << 20;
  std::chrono::milliseconds bot_deadline{0};
  // Unfinished tables with no move for this long, and nobody at them, are
  // removed (at restore, and as idle tables are swept), with their actions
  // and talk. Zero: kept.
  std::chrono::seconds expire_unfinished{0};
  // Hints and live odds, per client address and per seat: a burst, then one
  // every this many seconds; one at a time per connection (asked again
  // while one is worked out, the answer to come serves both).
  double slow_burst = 10, slow_seconds = 1;
  // Table talk, per client address and per table (not per connection, which
  // a client could renew): a burst, then one every this many seconds.
  double chat_burst = 5, chat_seconds = 2;
  double table_chat_burst = 20, table_chat_seconds = 0.5;
  // This Hub is worker `worker` of `workers`: it makes and loads only the
  // tables that fall to it (worker_of), and worker 0 alone removes old ones.
  std::size_t worker = 0, workers = 1;
  // Where several processes share the store (PostgreSQL), the leases of the
  // tables in memory are renewed this often; a table lost (another process
  // claimed it after the lease ran out) or wanted elsewhere (a proxy sends
  // its clients to another process) leaves memory and its clients are told
  // to reconnect ("elsewhere"). Zero: never (one process; tests).
  std::chrono::milliseconds lease_renew{0};
};

struct HttpReply {
  int status = 200;
  std::string type = "application/json";
  std::string body;
  std::string filename;  // set: send as a download with this name
};

class Hub {
 public:
  static constexpr std::size_t kMaxMessage = 4096;  // bytes of one client message
  static constexpr std::size_t kMaxName = 24;       // characters of a player's name

  // `limits_of`: another worker's Hub, whose count of new tables per client
  // this one shares (safely from any thread).
  Hub(Store& store, Scheduler& scheduler, HubOptions options = {}, const Hub* limits_of = nullptr);
  ~Hub();
  Hub(const Hub&) = delete;
  Hub& operator=(const Hub&) = delete;

  // Loads the live tables from the store (unfinished, played within
  // HubOptions::expire_unfinished, the most recent first, up to max_tables)
  // and sets their bots going; abandoned ones are removed first. A table
  // that cannot be used (a game changed since, an unknown bot, a value out
  // of range) is skipped: the answer says which, by its id, and why. Fails
  // only if the store cannot be read.
  [[nodiscard]] Result<std::vector<std::string>> restore();

  // At a graceful stop, the network and the timers stopped: commits what is
  // played, writes the join stamps still due, and, where tables are shared,
  // lets go of every table this Hub holds, in one write, so that the process
  // its players reconnect to claims it at once rather than after the lease
  // runs out. Says how many it let go, or why it could not (they are then
  // taken as the lease runs out). Nothing may be played after it.
  [[nodiscard]] Result<std::size_t> let_go();

  // A request under /api/ (see protocol.md), or GET /healthz: 200 while the
  // store can commit a write, 503 with the reason when it cannot. `from` is
  // the client's address, for the limit on new tables. `done` gets the
  // reply, on this thread: at once, or, for work too slow for it (a winnable
  // deal to find), once the Scheduler has done that work.
  void http(std::string_view method, std::string_view target, std::string_view body,
            std::string_view from, std::function<void(HttpReply)> done);
  // The same, where the Scheduler does its work at once (tests).
  HttpReply http(std::string_view method, std::string_view target, std::string_view body,
                 std::string_view from = "");

  // A WebSocket client's life: opened, any number of messages, closed. The
  // Client must stay valid until closed() returns.
  void opened(Client& c, ClientCount count = {});
  void received(Client& c, std::string_view message);
  void closed(Client& c);
  // As closed(), for a client that goes on at another worker's Hub (opened
  // there with what this returns).
  ClientCount left(Client& c);
  // The table a message asks to join, if it is a join naming one ("" if not):
  // where the client must be before it is received.
  static std::string join_target(std::string_view message);
  // Which worker's Hub answers a request: any (the first), each in turn (a
  // new table), the holder of `table`, or all of them, the replies then
  // merged (by worker number): the list of tables, where each lists the same
  // stored tables and the one holding a table knows who sits there; and
  // /healthz, which fails if any worker's store cannot write.
  struct Route {
    enum Kind { kFirst, kNext, kHolder, kAll } kind = kFirst;
    std::string table;  // kHolder's
  };
  static Route route(std::string_view method, std::string_view target);
  static HttpReply merge(std::string_view path, std::span<const HttpReply> by_worker);

  // The authoritative state of a table in memory, or null: for tests.
  const State* state(const std::string& table) const;
  std::size_t live_tables() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace parlour::server
