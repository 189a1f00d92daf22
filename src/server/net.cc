// The network: HTTP and WebSocket with Boost.Beast on one Asio thread, using
// C++20 coroutines, in front of the workers: each a thread with its own Hub
// and Store, holding the tables whose ids fall to it (worker_of). A client's
// messages go to the worker of the table it joined; what a Hub sends comes
// back to the network's thread. This is the only file that includes Beast
// (it is slow to compile); everything it does with games goes through a Hub.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/asio.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast.hpp>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <memory>
#include <optional>
#include <random>
#include <thread>
#include <unordered_map>
#include <utility>  // before asio: Boost 1.74 needs it with g++ 12

#include "server/files.h"
#include "server/gate.h"
#include "server/hub.h"
#include "server/log_limit.h"
#include "server/pool.h"
#include "server/server.h"

#ifndef PARLOUR_WEB_DIR
#define PARLOUR_WEB_DIR "web/dist"
#endif

namespace parlour::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using asio::awaitable;
using asio::use_awaitable;

constexpr std::size_t kMaxBody = 64 * 1024;      // POST /api/tables is small
constexpr std::size_t kMaxQueued = 1024 * 1024;  // a client this far behind is dropped

// Runs `fn`, logging rather than letting out what it throws: an exception
// out of a handler would end the thread, and with it the server.
template <class F>
void guarded(const char* what, F&& fn) {
  try {
    fn();
  } catch (const std::exception& e) {
    spdlog::error("{} failed: {}", what, e.what());
  }
}

class AsioScheduler : public Scheduler {
 public:
  AsioScheduler(asio::io_context& ioc, std::size_t search_threads)
      : ioc_(ioc), search_(search_threads, 1000, 10) {}
  ~AsioScheduler() override { (void)stop(std::chrono::milliseconds(0)); }

  // Bots think on threads of their own: the tables of people are never kept
  // waiting for them. Searching bots (slow by design, within the server's
  // budget) have their own threads, so quick bots never wait behind them;
  // each pool takes the tables in turn.
  void think(const std::string& key, bool search, std::function<Action()> work,
             std::function<void(Action)> done) override {
    auto job = [gate = gate_, &ioc = ioc_, work = std::move(work), done]() mutable {
      const Action a = work();
      back(*gate, ioc, [done = std::move(done), a] { done(a); });
    };
    if (!(search ? search_ : quick_).submit(key, std::move(job)))
      asio::post(ioc_, [done = std::move(done)] {
        guarded("a bot's turn", [&] { done(kNoAction); });  // played at random
      });
  }
  // Live odds and hints can take seconds on a crowded position: on threads
  // of their own, each client's address in turn, so that neither people's
  // tables nor bots nor other clients wait for one client's asking.
  void from_any_thread(std::function<void()> fn) override { back(*gate_, ioc_, std::move(fn)); }
  void work(const std::string& key, std::function<std::string()> job,
            std::function<void(std::string)> done) override {
    auto run = [gate = gate_, &ioc = ioc_, job = std::move(job), done]() mutable {
      std::string result = job();
      back(*gate, ioc, [done = std::move(done), result = std::move(result)]() mutable {
        done(std::move(result));
      });
    };
    if (!slow_.submit(key, std::move(run)))
      asio::post(ioc_, [done = std::move(done)] {
        guarded("slow work's answer", [&] { done(""); });  // refused: answered with nothing
      });
  }
  // After the handlers ready now: the actions of this turn of the loop are
  // committed together.
  void soon(std::function<void()> fn) override {
    asio::post(ioc_, [fn = std::move(fn)] { guarded("a task", fn); });
  }
  void after(std::chrono::milliseconds delay, std::function<void()> fn) override {
    auto timer = std::make_shared<asio::steady_timer>(ioc_, delay);
    timer->async_wait([timer, fn = std::move(fn)](beast::error_code ec) {
      if (!ec) guarded("a timer", fn);
    });
  }

  // Drops the work not started and waits until `deadline` for what runs;
  // what is still running then can no longer reach the worker. Returns
  // whether everything has ended.
  bool stop(std::chrono::steady_clock::time_point deadline) {
    bool all = true;
    for (FairPool* p : {&search_, &quick_, &slow_}) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      all = p->stop(std::max(left, std::chrono::milliseconds(0))) && all;
    }
    std::lock_guard lock(gate_->mu);
    gate_->open = false;
    return all;
  }
  bool stop(std::chrono::milliseconds grace) {
    return stop(std::chrono::steady_clock::now() + grace);
  }

 private:
  // Whether the worker can still be handed results: closed when it stops.
  struct Gate {
    std::mutex mu;
    bool open = true;
  };
  template <class F>
  static void back(Gate& gate, asio::io_context& ioc, F fn) {
    std::lock_guard lock(gate.mu);
    if (gate.open)
      asio::post(ioc,
                 [fn = std::move(fn)]() mutable { guarded("a bot's or slow work's answer", fn); });
  }

  asio::io_context& ioc_;
  std::shared_ptr<Gate> gate_ = std::make_shared<Gate>();
  FairPool search_;  // searching bots, by the address that made the table
  // Other bots, by the address that made the table. They answer within the
  // bot budget (Observation::limits), but a few games' optimal bots solve
  // their game once a process at first use (Vingt-et-un's duel: about 30 s),
  // which no deadline cuts: with four threads, and one job of an address at
  // a time, that holds up nobody else's bots.
  FairPool quick_{4, 10000, 5};
  // Odds, hints and winnable deals, by client address (one of each at a time
  // a connection).
  FairPool slow_{2, 64, 5};
};

// A thread holding some of the tables: its Hub is called only from it. A
// lone worker runs on the network's thread (`network` given), so a move
// crosses no thread between its socket and its Hub: on two cores that cut the
// server's CPU a move by 15-25% at 1,000 tables (issue 40's note), with no
// loss of throughput at 10,000.
struct Worker {
  Worker(std::size_t search_threads, asio::io_context* network)
      : ioc(network ? *network : own), scheduler(ioc, search_threads) {}
  asio::io_context own{1};  // unused when on the network's thread
  asio::io_context& ioc;
  AsioScheduler scheduler;
  std::unique_ptr<Store> store;
  std::unique_ptr<Hub> hub;
  asio::executor_work_guard<asio::io_context::executor_type> busy = asio::make_work_guard(ioc);
  std::thread thread;
};

struct Server {
  Server(std::string w, const ServeOptions& o) : web(std::move(w)), options(o) {}
  std::vector<std::unique_ptr<Worker>> workers;
  std::atomic<std::size_t> turn{0};  // the worker of the next new table or connection
  // Set once the network has stopped: nothing more is handed to a worker.
  std::shared_ptr<std::atomic<bool>> stopping = std::make_shared<std::atomic<bool>>(false);
  std::string web;
  const ServeOptions& options;
  std::optional<asio::ip::address> proxy;  // --trusted-proxy
  std::vector<std::string> hosts;          // names a request's Host may give (host_allowed)
  std::size_t sockets = 0,
              max_sockets = 1000;  // open connections; beyond the cap new ones are closed at once
  std::unordered_map<std::string, int> per_client;  // open connections by client address
  LogLimit refusals{20, std::chrono::seconds(1), spdlog::level::info};

  Worker& next_worker() { return *workers[turn++ % workers.size()]; }
  Worker& holder(std::string_view table) { return *workers[worker_of(table, workers.size())]; }
};

// Runs `fn` on the worker's thread and resumes with its result on this one.
template <class F>
awaitable<std::invoke_result_t<F&>> on(Worker& w, F fn) {
  using R = std::invoke_result_t<F&>;
  auto ex = co_await asio::this_coro::executor;
  co_return co_await asio::async_initiate<const asio::use_awaitable_t<>&, void(R)>(
      [&](auto handler) {  // references only: see WsClient::run
        auto h = std::make_shared<decltype(handler)>(std::move(handler));
        asio::post(w.ioc, [h, ex, fn = std::move(fn)]() mutable {
          asio::post(ex, [h, r = fn()]() mutable { (*h)(std::move(r)); });
        });
      },
      use_awaitable);
}

// One WebSocket connection. Reads run in one coroutine, writes drain a queue
// in another: Beast allows one of each at a time. Its Hub (a worker's) calls
// send() and close() from the worker's thread: they are carried over to the
// network's.
class WsClient : public Client, public std::enable_shared_from_this<WsClient> {
 public:
  WsClient(beast::tcp_stream stream, Server& srv, std::string address)
      : ws_(std::move(stream)),
        net_(ws_.get_executor()),
        srv_(srv),
        address_(std::move(address)),
        stopping_(srv.stopping) {}
  std::string address() const override { return address_; }

  awaitable<void> run(http::request<http::string_body> req) {
    beast::error_code ec;
    // A peer that stops answering pings for a minute is gone: its seat is
    // freed (browsers answer pings by themselves).
    auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
    timeouts.idle_timeout = std::chrono::seconds(60);
    timeouts.keep_alive_pings = true;
    ws_.set_option(timeouts);
    // Messages a little over the protocol's limit are read and answered
    // "too-large"; beyond 64 KiB Beast closes the connection (code 1009).
    ws_.read_message_max(64 * 1024);
    ws_.auto_fragment(false);  // one frame per message: fewer writes
    co_await ws_.async_accept(req, asio::redirect_error(use_awaitable, ec));
    if (ec) co_return;
    at_ = &srv_.next_worker();  // until it joins a table
    to_worker([](Hub& hub, WsClient& c) { hub.opened(c); });
    // Whatever ends the loop, the Hub must forget this client before it goes.
    struct Goodbye {
      WsClient& c;
      ~Goodbye() {
        c.dead_ = true;
        c.to_worker([](Hub& hub, WsClient& c) { hub.closed(c); });  // unless stopping
      }
    } goodbye{*this};
    beast::flat_buffer buffer;
    for (;;) {
      co_await ws_.async_read(buffer, asio::redirect_error(use_awaitable, ec));
      if (ec) break;
      std::string message = beast::buffers_to_string(buffer.data());
      buffer.consume(buffer.size());
      if (!ws_.got_text()) {
        send(R"({"type":"error","code":"bad-message","message":"send text frames holding JSON"})");
        continue;
      }
      if (srv_.workers.size() > 1) {
        // A join goes to the worker holding the table, after the last one
        // has let the client go (and told it all it had to).
        const std::string table = Hub::join_target(message);
        if (Worker* to = table.empty() ? at_ : &srv_.holder(table); to != at_) {
          // Named, not a temporary of the co_await: g++ 12 destroys such
          // temporaries twice.
          auto leave = [w = at_, self = shared_from_this()] { return w->hub->left(*self); };
          ClientCount count = co_await on(*at_, std::move(leave));
          at_ = to;
          to_worker([count](Hub& hub, WsClient& c) mutable { hub.opened(c, std::move(count)); });
        }
      }
      to_worker([m = std::move(message)](Hub& hub, WsClient& c) { hub.received(c, m); });
    }
  }

  void send(std::string message) override {
    asio::post(net_, [self = shared_from_this(), m = std::move(message)]() mutable {
      self->queue(std::move(m));
    });
  }

  void close() override {
    asio::post(net_, [self = shared_from_this()] {
      self->closing_ = true;
      self->start_writer();
    });
  }

 private:
  // Runs fn(hub, *this) on the thread of this client's worker; the client
  // lives until it has.
  template <class F>
  void to_worker(F fn) {
    // Nothing new once the network has stopped: with a lone worker on the
    // network's thread, serve's last round of the worker's handlers also
    // completes reads.
    if (*stopping_) return;
    asio::post(at_->ioc, [w = at_, self = shared_from_this(), fn = std::move(fn)]() mutable {
      fn(*w->hub, *self);
    });
  }

  void queue(std::string message) {
    if (dead_ || closing_) return;
    queued_ += message.size();
    if (queued_ > kMaxQueued) {  // not reading: let it go rather than hold memory for it
      dead_ = true;
      beast::error_code ec;
      beast::get_lowest_layer(ws_).socket().close(ec);
      return;
    }
    queue_.push_back(std::move(message));
    start_writer();
  }

  void start_writer() {
    if (writing_) return;
    writing_ = true;
    asio::co_spawn(ws_.get_executor(), write_all(shared_from_this()), asio::detached);
  }

  // `self` keeps the connection alive while writes are in flight.
  awaitable<void> write_all([[maybe_unused]] std::shared_ptr<WsClient> self) {
    beast::error_code ec;
    while (!queue_.empty() && !dead_) {
      ws_.text(true);
      co_await ws_.async_write(asio::buffer(queue_.front()),
                               asio::redirect_error(use_awaitable, ec));
      if (ec) {  // the peer is gone: stop writing to it for good
        queue_.clear();
        queued_ = 0;
        dead_ = true;
        beast::get_lowest_layer(ws_).socket().close(ec);
        break;
      }
      queued_ -= queue_.front().size();
      queue_.pop_front();
    }
    if (closing_ && !dead_ && !closed_) {
      closed_ = true;
      co_await ws_.async_close(websocket::close_code::policy_error,
                               asio::redirect_error(use_awaitable, ec));
    }
    writing_ = false;
  }

  websocket::stream<beast::tcp_stream> ws_;
  const asio::any_io_executor net_;  // the network's thread, as a worker may ask for it
  Server& srv_;
  Worker* at_ = nullptr;  // whose Hub has this client (read on the network's thread)
  std::string address_;
  std::shared_ptr<std::atomic<bool>> stopping_;  // the Server's: checked as the network stops
  std::deque<std::string> queue_;
  std::size_t queued_ = 0;
  bool writing_ = false, closing_ = false, closed_ = false, dead_ = false;
};

// A connection counted against its client's allowance while it lives.
class Hold {
 public:
  Hold(Server& srv, std::string client) : srv_(srv), client_(std::move(client)) {
    ++srv_.per_client[client_];
  }
  ~Hold() {
    if (--srv_.per_client[client_] == 0) srv_.per_client.erase(client_);
  }
  Hold(const Hold&) = delete;
  Hold& operator=(const Hold&) = delete;
  bool over() const {
    return srv_.options.max_connections > 0 &&
           srv_.per_client[client_] > srv_.options.max_connections;
  }

 private:
  Server& srv_;
  std::string client_;
};

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::string_view field(const http::request<http::string_body>& req, http::field f) {
  const auto v = req[f];
  return {v.data(), v.size()};
}

std::string client_of(const Server& srv, const asio::ip::address& peer,
                      const http::request<http::string_body>& req) {
  // Every X-Forwarded-For line, in order, as one list: a proxy that appends
  // (HAProxy) adds a line after the client's own, and only the last entry
  // of all is the proxy's word.
  std::string xff;
  const auto [first, last] = req.equal_range("X-Forwarded-For");
  for (auto line = first; line != last; ++line) {
    if (!xff.empty()) xff += ", ";
    xff.append(line->value().data(), line->value().size());
  }
  return client_address(peer.to_string(), srv.proxy && peer == *srv.proxy, xff);
}

bool origin_ok(const Server& srv, const http::request<http::string_body>& req) {
  return origin_allowed(field(req, http::field::origin), field(req, http::field::host),
                        srv.options.allow_origin);
}

http::response<http::string_body> refusal(unsigned version, http::status status,
                                          std::string_view error) {
  http::response<http::string_body> res{status, version};
  res.set(http::field::server, "parlour");
  res.set(http::field::content_type, "application/json");
  res.set(http::field::cache_control, "no-store");
  // The same protections as every other answer: a refusal is a page too.
  res.set("X-Content-Type-Options", "nosniff");
  res.set("X-Frame-Options", "DENY");
  res.set("Referrer-Policy", "no-referrer");
  res.body() = "{\"error\":\"" + std::string(error) + "\"}";
  res.keep_alive(false);
  res.prepare_payload();
  return res;
}

struct ApiCall {
  std::string method, target, body, from;
};

// A worker's Hub's reply, which may come later (a winnable deal to find):
// the coroutine waits for it, the network's thread does not.
awaitable<HttpReply> ask(Worker& w, const ApiCall& call) {
  auto ex = co_await asio::this_coro::executor;
  co_return co_await asio::async_initiate<const asio::use_awaitable_t<>&, void(HttpReply)>(
      [&](auto handler) {
        auto h = std::make_shared<decltype(handler)>(std::move(handler));
        asio::post(w.ioc, [&w, h, ex, call] {
          w.hub->http(call.method, call.target, call.body, call.from, [h, ex](HttpReply r) {
            asio::post(ex, [h, r = std::move(r)]() mutable { (*h)(std::move(r)); });
          });
        });
      },
      use_awaitable);
}

// The API, asked of the worker it concerns: a new table goes to each in
// turn; a table's record to its holder; the list of tables to all, merged.
// (The arguments of a co_await here are named, never temporaries: g++ 12
// destroys those twice.)
awaitable<HttpReply> api_reply(Server& srv, const http::request<http::string_body>& req,
                               const std::string& from) {
  const ApiCall call{std::string(req.method_string()), std::string(req.target()), req.body(), from};
  Worker* w = srv.workers.front().get();
  if (srv.workers.size() > 1) {
    const Hub::Route to = Hub::route(call.method, call.target);
    if (to.kind == Hub::Route::kNext) {
      w = &srv.next_worker();
    } else if (to.kind == Hub::Route::kHolder) {
      w = &srv.holder(to.table);
    } else if (to.kind == Hub::Route::kAll) {
      std::vector<HttpReply> replies;
      for (auto& each : srv.workers) {
        Worker& one = *each;
        HttpReply r = co_await ask(one, call);
        replies.push_back(std::move(r));
      }
      co_return Hub::merge(std::string_view(call.target).substr(0, call.target.find('?')), replies);
    }
  }
  co_return co_await ask(*w, call);
}

http::response<http::string_body> answer(Server& srv, const http::request<http::string_body>& req,
                                         std::optional<HttpReply> api) {
  http::response<http::string_body> res;
  res.version(req.version());
  res.keep_alive(req.keep_alive());
  res.set(http::field::server, "parlour");
  res.set("X-Content-Type-Options", "nosniff");
  res.set("X-Frame-Options", "DENY");
  res.set("Referrer-Policy", "no-referrer");
  const std::string_view target(req.target().data(), req.target().size());
  if (api) {
    HttpReply& r = *api;
    res.result(static_cast<http::status>(r.status));
    res.set(http::field::content_type, r.type);
    res.set(http::field::cache_control, "no-store");
    if (!r.filename.empty())
      res.set(http::field::content_disposition, "attachment; filename=\"" + r.filename + "\"");
    res.body() = std::move(r.body);
  } else if (req.method() != http::verb::get && req.method() != http::verb::head) {
    res.result(http::status::method_not_allowed);
    res.set(http::field::content_type, "text/plain; charset=utf-8");
    res.body() = "Only GET is served here; the API is under /api/.\n";
  } else if (auto f = static_file(srv.web, target); f.ok()) {
    res.result(http::status::ok);
    res.set(http::field::content_type, f->type);
    res.set(http::field::cache_control,
            f->immutable ? "public, max-age=31536000, immutable" : "no-cache");
    if (f->type.starts_with("text/html"))
      res.set("Content-Security-Policy",
              "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
              "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    res.body() = std::move(f->body);
  } else {
    res.result(http::status::not_found);
    res.set(http::field::content_type, "text/plain; charset=utf-8");
    // No path of this machine in the answer: the log has it.
    res.body() =
        target == "/" || target.starts_with("/index.html")
            ? "The browser UI is not built. Run `make serve`, or `npm run build` in web/.\n"
            : "Not found.\n";
  }
  res.prepare_payload();
  if (req.method() == http::verb::head) res.body().clear();  // the length stays the GET's
  return res;
}

awaitable<void> session(tcp::socket socket, Server& srv) {
  // Every connection holds a descriptor: past the cap, refuse rather than
  // let the process run out of them.
  struct Count {
    Server& s;
    explicit Count(Server& srv) : s(srv) { ++s.sockets; }
    ~Count() { --s.sockets; }
  } count{srv};
  beast::error_code peer_ec;
  const asio::ip::address peer = socket.remote_endpoint(peer_ec).address();
  if (srv.sockets > srv.max_sockets) {
    srv.refusals.log("refused a connection from " + peer.to_string() +
                     ": the server's cap of open connections is reached");
    co_return;
  }
  // Each client has its allowance of connections; behind the trusted proxy
  // the client is known only from its request, so its sockets count there.
  const bool proxied = srv.proxy && peer == *srv.proxy;
  std::optional<Hold> hold;
  if (!proxied) {
    hold.emplace(srv, peer.to_string());
    if (hold->over()) {
      srv.refusals.log("refused a connection from " + peer.to_string() + ": over " +
                       std::to_string(srv.options.max_connections) + " open at once");
      co_return;
    }
  }
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  beast::error_code ec;
  for (;;) {
    http::request_parser<http::string_body> parser;
    parser.body_limit(kMaxBody);
    // A request, headers and body, comes whole within this time: a client
    // sending a byte now and then holds its slot no longer.
    stream.expires_after(std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(srv.options.request_seconds)));
    co_await http::async_read(stream, buffer, parser, asio::redirect_error(use_awaitable, ec));
    if (ec == http::error::body_limit || ec == http::error::header_limit) {
      auto res = refusal(11, http::status::payload_too_large,
                         "the request is too large: at most 64 KiB of body");
      co_await http::async_write(stream, res, asio::redirect_error(use_awaitable, ec));
      break;
    }
    if (ec) break;  // the client went away, timed out or sent something that is not HTTP
    http::request<http::string_body> req = parser.release();
    const std::string client = client_of(srv, peer, req);
    auto refuse = [&](http::status status, std::string_view why) {
      srv.refusals.log("refused " + std::string(req.method_string()) + " " +
                       std::string(req.target().substr(0, 80)) + " from " + client + ": " +
                       std::string(why));
      return refusal(req.version(), status, why);
    };
    std::optional<Hold> proxied_hold;
    if (proxied) proxied_hold.emplace(srv, client);
    const bool post = req.method() == http::verb::post;
    std::optional<http::response<http::string_body>> refused;
    if (!host_allowed(field(req, http::field::host), srv.hosts)) {
      refused = refuse(http::status::forbidden,
                       "this server answers only to its own names (Host); see --allow-host");
    } else if (proxied_hold && proxied_hold->over()) {
      refused =
          refuse(http::status::too_many_requests, "too many connections from your address at once");
    } else if ((post || websocket::is_upgrade(req)) && !origin_ok(srv, req)) {
      refused = refuse(http::status::forbidden,
                       "this server does not take requests from pages of another site");
    } else if (post && !json_content(field(req, http::field::content_type))) {
      refused = refuse(http::status::unsupported_media_type,
                       "a POST holds JSON, with Content-Type: application/json");
    }
    if (refused) {
      co_await http::async_write(stream, *refused, asio::redirect_error(use_awaitable, ec));
      break;
    }
    if (websocket::is_upgrade(req)) {
      // /ws?table=ID names the table for a proxy that sends each table's
      // clients to one process (the join message names it for the server).
      if (const std::string_view t(req.target().data(), req.target().size());
          t != "/ws" && !t.starts_with("/ws?"))
        break;
      stream.expires_never();
      auto ws = std::make_shared<WsClient>(std::move(stream), srv, client);
      co_await ws->run(std::move(req));
      co_return;
    }
    proxied_hold.reset();  // a socket counts while it is open, a request only while checked
    std::optional<HttpReply> api;
    if (req.target().starts_with("/api/") || req.target() == "/healthz")
      api = co_await api_reply(srv, req, client);
    auto res = answer(srv, req, std::move(api));
    co_await http::async_write(stream, res, asio::redirect_error(use_awaitable, ec));
    if (ec || !res.keep_alive()) break;
  }
  stream.socket().shutdown(tcp::socket::shutdown_send, ec);
}

awaitable<void> listen(tcp::acceptor& acceptor, Server& srv) {
  for (;;) {
    beast::error_code ec;
    tcp::socket socket = co_await acceptor.async_accept(asio::redirect_error(use_awaitable, ec));
    if (ec) {
      if (ec == asio::error::operation_aborted) co_return;
      // Out of descriptors, say: pause rather than spin, then go on.
      asio::steady_timer pause(acceptor.get_executor(), std::chrono::milliseconds(200));
      co_await pause.async_wait(asio::redirect_error(use_awaitable, ec));
      continue;
    }
    socket.set_option(tcp::no_delay(true), ec);  // small messages, sent now: latency is the point
    asio::co_spawn(acceptor.get_executor(), session(std::move(socket), srv), asio::detached);
  }
}

}  // namespace

int serve(const ServeOptions& o) {
  // The log is for the operator, on stderr; stdout stays free.
  if (!spdlog::get("parlour")) spdlog::set_default_logger(spdlog::stderr_color_mt("parlour"));
  Server srv{o.web.empty() ? std::string(PARLOUR_WEB_DIR) : o.web, o};
  if (!o.trusted_proxy.empty()) {
    beast::error_code pec;
    srv.proxy = asio::ip::make_address(o.trusted_proxy, pec);
    if (pec) {
      spdlog::error("--trusted-proxy {}: not an IP address ({})", o.trusted_proxy, pec.message());
      return 1;
    }
  }
  srv.hosts = own_hosts(o.host, o.allow_host, o.allow_origin);
  // By default a worker a core, less the network's: on two cores one worker
  // did best (7,936 actions a second at 10,000 tables against 7,166 with two).
  // A database in memory is one connection's own: one worker holds it all.
  const bool in_memory = o.db.empty() || o.db.starts_with(":memory:");
  const std::size_t workers = in_memory ? 1
                              : o.workers > 0
                                  ? static_cast<std::size_t>(o.workers)
                                  : std::max(2u, std::thread::hardware_concurrency()) - 1;
  if (in_memory && o.workers > 1)
    spdlog::warn("--workers {}: a database in memory is held by one worker", o.workers);
  HubOptions hub_options;
  hub_options.bot_delay = std::chrono::milliseconds(o.bot_delay_ms);
  hub_options.hand_pause = std::chrono::milliseconds(o.hand_pause_ms);
  hub_options.allow_seed = o.allow_seed;
  hub_options.idle_evict = std::chrono::minutes(30);
  hub_options.tables_burst = o.tables_burst;
  hub_options.seconds_per_table = o.seconds_per_table;
  hub_options.slow_burst = o.hint_burst;
  hub_options.keep_finished = std::chrono::seconds(std::int64_t{o.keep_days} * 86400);
  hub_options.join_within = std::chrono::seconds(60);
  hub_options.group_commit = true;
  hub_options.workers = workers;
  hub_options.bot_seconds = o.bot_seconds;
  hub_options.bot_iterations = o.bot_iterations;
  hub_options.bot_memory = static_cast<std::size_t>(o.bot_memory_mb) << 20;
  // A bot waits for a thread behind other tables' at most this long.
  hub_options.bot_deadline =
      std::chrono::milliseconds(static_cast<long>(1000 * std::max(3.0, 2 * o.bot_seconds)));
  hub_options.expire_unfinished = std::chrono::seconds(std::int64_t{o.expire_days} * 86400);
  hub_options.lease_renew =
      std::chrono::milliseconds(static_cast<long>(std::lround(o.renew_seconds * 1000)));
  if (o.renew_seconds >= o.lease_seconds) {
    spdlog::error("--renew {} is not less than --lease {}: a lease would run out between renewals",
                  o.renew_seconds, o.lease_seconds);
    return 1;
  }
  hub_options.max_tables = std::max<std::size_t>(1, hub_options.max_tables / workers);
  // This process's name on the leases of the tables it plays, where several
  // share a PostgreSQL database (its workers share it).
  const std::string owner = lease_owner(std::to_string(o.port));
  std::size_t live = 0;
  // The network's. Declared after the Server: the connections it ends as it
  // goes still find their Server.
  asio::io_context ioc(1);
  const bool one_thread = workers == 1;  // the worker on the network's thread (Worker)
  for (std::size_t i = 0; i < workers; ++i) {
    auto& w = srv.workers.emplace_back(std::make_unique<Worker>(1, one_thread ? &ioc : nullptr));
    StoreOptions store_options;
    store_options.checkpoint = i == 0;
    store_options.owner = owner;
    store_options.lease = std::chrono::seconds(o.lease_seconds);
    auto store = Store::open(o.db, store_options);
    if (!store.ok()) {
      spdlog::error("{}", store.message());
      return 1;
    }
    w->store = std::move(*store);
    hub_options.worker = i;
    w->hub = std::make_unique<Hub>(*w->store, w->scheduler, hub_options,
                                   i == 0 ? nullptr : srv.workers.front()->hub.get());
    auto restored = w->hub->restore();
    if (!restored.ok()) {
      spdlog::error("cannot restore the tables in {}: {}", o.db, restored.message());
      return 1;
    }
    for (const std::string& why : *restored) spdlog::warn("a table was not restored: {}", why);
    live += w->hub->live_tables();
  }
  // Read-only, or the disk full: said now, not at the first move that fails.
  if (Status w = srv.workers.front()->store->can_write(); !w.ok())
    spdlog::error(
        "the database {} cannot be written ({}): tables can be watched and records read, but "
        "every new table and every move will fail until it can; /healthz answers 503",
        o.db, w.message());
  rlimit
      files{};  // as many connections as the system allows us, less room for the database and files
  if (getrlimit(RLIMIT_NOFILE, &files) == 0) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
    getrlimit(RLIMIT_NOFILE, &files);
    srv.max_sockets = files.rlim_cur > 256 ? static_cast<std::size_t>(files.rlim_cur) - 128 : 128;
  }

  tcp::acceptor acceptor(ioc);
  beast::error_code ec;
  const auto address = asio::ip::make_address(o.host, ec);
  if (ec) {
    spdlog::error("--host {}: not an IP address ({})", o.host, ec.message());
    return 1;
  }
  const tcp::endpoint endpoint(address, static_cast<unsigned short>(o.port));
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    spdlog::error("cannot listen on {}:{}: {}", o.host, o.port, ec.message());
    return 1;
  }
  asio::signal_set signals(ioc, SIGINT, SIGTERM);
  // Connections are refused from the signal on: a proxy in front sends a
  // reconnecting player to another process at once (option redispatch).
  signals.async_wait([&](beast::error_code, int) {
    beast::error_code ignore;
    acceptor.close(ignore);
    ioc.stop();
  });
  asio::co_spawn(ioc, listen(acceptor, srv), asio::detached);
  if (!one_thread)
    for (auto& w : srv.workers) w->thread = std::thread([&ioc = w->ioc] { ioc.run(); });
  spdlog::info(
      "Parlour is serving http://{}:{}/ (database {}, {} tables in play, {} worker{}, UI from {})",
      o.host == "0.0.0.0" ? "localhost" : o.host, o.port, o.db, live, workers,
      one_thread ? ", on the network's thread" : "s", srv.web);
  spdlog::info(
      "limits per client: {} new tables at once, then one every {} s; {} hints or odds at once, "
      "then one a second; {} connections at once; "
      "finished tables kept {} days, unfinished ones {} days after their last move; bots think "
      "at most {} s or {} iterations and {} MB a move; trusted proxy: {}; names served: {}",
      o.tables_burst > 0 ? std::to_string(o.tables_burst) : "any number of", o.seconds_per_table,
      o.hint_burst, o.max_connections > 0 ? std::to_string(o.max_connections) : "any number of",
      o.keep_days > 0 ? std::to_string(o.keep_days) : "all",
      o.expire_days > 0 ? std::to_string(o.expire_days) : "all", o.bot_seconds, o.bot_iterations,
      o.bot_memory_mb, o.trusted_proxy.empty() ? "none" : o.trusted_proxy, joined(srv.hosts));
  ioc.run();
  // The workers stop, then do what was handed to them (holding connections
  // that belong to this thread's io_context, which must outlive them), and
  // go, committing what they hold.
  *srv.stopping = true;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  for (auto& w : srv.workers) {
    w->busy.reset();
    w->ioc.stop();
    if (w->thread.joinable()) w->thread.join();
  }
  // Bots still thinking (within their budget, but a search may take it
  // all) are given until the deadline, then left behind: every move anyone
  // was told of is stored already, and a bot's move to come is not one.
  bool all_ended = true;
  for (auto& w : srv.workers) all_ended = w->scheduler.stop(deadline) && all_ended;
  for (auto& w : srv.workers) {
    w->ioc.restart();
    w->ioc.poll();
  }
  // Last, once every move is committed: the tables held are let go, so that
  // the process their players reconnect to takes them now, not when the
  // leases run out (the players' sockets close as this process ends).
  std::size_t let_go = 0;
  for (auto& w : srv.workers) {
    auto n = w->hub->let_go();
    if (n.ok())
      let_go += *n;
    else
      spdlog::warn("{}: its tables go to another process as its lease runs out", n.message());
  }
  if (let_go > 0)
    spdlog::info("let go of {} tables: another process takes each at its players' next join",
                 let_go);
  srv.workers.clear();
  spdlog::info("stopped; every table is saved in {}", o.db);
  if (!all_ended) {
    // A thread left thinking would still read the games' tables as the
    // process's statics are destroyed: end here, with everything saved.
    spdlog::info("(a bot was still thinking: its move is dropped)");
    spdlog::shutdown();
    std::_Exit(0);
  }
  return 0;
}

}  // namespace parlour::server
