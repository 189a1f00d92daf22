// The network: HTTP and WebSocket with Boost.Beast on one Asio thread, using
// C++20 coroutines. This is the only file that includes Beast (it is slow to
// compile); everything it does with games goes through the Hub.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>

#include <boost/asio.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast.hpp>
#include <deque>
#include <memory>
#include <unordered_map>
#include <utility>  // before asio: Boost 1.74 needs it with g++ 12

#include "server/files.h"
#include "server/hub.h"
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

class AsioScheduler : public Scheduler {
 public:
  explicit AsioScheduler(asio::io_context& ioc) : ioc_(ioc) {}
  // A searching bot may think for many milliseconds: on its own thread, the
  // tables of people are never kept waiting for it.
  void think(std::function<Action()> work, std::function<void(Action)> done) override {
    asio::post(bots_, [this, work = std::move(work), done = std::move(done)]() mutable {
      const Action a = work();
      asio::post(ioc_, [done = std::move(done), a] { done(a); });
    });
  }
  // Live odds can take seconds on a crowded position: on a thread of their
  // own, so that neither people's tables nor bots wait for them.
  void work(std::function<std::string()> job, std::function<void(std::string)> done) override {
    asio::post(slow_, [this, job = std::move(job), done = std::move(done)]() mutable {
      std::string result = job();
      asio::post(ioc_, [done = std::move(done), result = std::move(result)]() mutable {
        done(std::move(result));
      });
    });
  }
  void after(std::chrono::milliseconds delay, std::function<void()> fn) override {
    auto timer = std::make_shared<asio::steady_timer>(ioc_, delay);
    timer->async_wait([timer, fn = std::move(fn)](beast::error_code ec) {
      if (!ec) fn();
    });
  }

 private:
  asio::io_context& ioc_;
  asio::thread_pool bots_{1};  // joined on destruction, after the Hub is gone
  asio::thread_pool slow_{1};
};

// One WebSocket connection. Reads run in one coroutine, writes drain a queue
// in another: Beast allows one of each at a time.
class WsClient : public Client, public std::enable_shared_from_this<WsClient> {
 public:
  WsClient(beast::tcp_stream stream, Hub& hub) : ws_(std::move(stream)), hub_(hub) {}

  awaitable<void> run(http::request<http::string_body> req) {
    beast::error_code ec;
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    // Messages a little over the protocol's limit are read and answered
    // "too-large"; beyond 64 KiB Beast closes the connection (code 1009).
    ws_.read_message_max(64 * 1024);
    ws_.auto_fragment(false);  // one frame per message: fewer writes
    co_await ws_.async_accept(req, asio::redirect_error(use_awaitable, ec));
    if (ec) co_return;
    hub_.opened(*this);
    // Whatever ends the loop, the Hub must forget this client before it goes.
    struct Goodbye {
      WsClient& c;
      ~Goodbye() {
        c.dead_ = true;
        c.hub_.closed(c);
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
      hub_.received(*this, message);
    }
  }

  void send(std::string message) override {
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

  void close() override {
    closing_ = true;
    start_writer();
  }

 private:
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
  Hub& hub_;
  std::deque<std::string> queue_;
  std::size_t queued_ = 0;
  bool writing_ = false, closing_ = false, closed_ = false, dead_ = false;
};

// Tables cost memory and disk: a remote address may create a burst of 20,
// then one every 3 seconds. Loopback is not limited (tests, the load client,
// people on this machine).
class CreationLimit {
 public:
  bool allow(const asio::ip::address& from) {
    if (from.is_loopback()) return true;
    const auto now = std::chrono::steady_clock::now();
    if (buckets_.size() > 100000) buckets_.clear();  // bounded memory; forgetting only forgives
    Bucket& b = buckets_[from.to_string()];
    if (b.at == std::chrono::steady_clock::time_point{}) b = {kBurst, now};
    b.tokens = std::min(
        kBurst, b.tokens + std::chrono::duration<double>(now - b.at).count() / kSecondsPerTable);
    b.at = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

 private:
  static constexpr double kBurst = 20, kSecondsPerTable = 3;
  struct Bucket {
    double tokens = 0;
    std::chrono::steady_clock::time_point at;
  };
  std::unordered_map<std::string, Bucket> buckets_;
};

struct Server {
  Hub& hub;
  std::string web;
  CreationLimit creation;
  std::size_t sockets = 0,
              max_sockets = 1000;  // open connections; beyond the cap new ones are closed at once
};

// The API's reply, which may come later (a winnable deal to find): the
// coroutine waits for it, the server's thread does not.
awaitable<HttpReply> api_reply(Server& srv, const http::request<http::string_body>& req,
                               const asio::ip::address& from) {
  if (req.method() == http::verb::post && !srv.creation.allow(from))
    co_return HttpReply{429, "application/json",
                        R"({"error":"too many new tables from your address; wait a few seconds"})",
                        ""};
  const std::string_view method(req.method_string().data(), req.method_string().size());
  const std::string_view target(req.target().data(), req.target().size());
  auto ex = co_await asio::this_coro::executor;
  co_return co_await asio::async_initiate<const asio::use_awaitable_t<>&, void(HttpReply)>(
      [&](auto handler) {
        auto h = std::make_shared<decltype(handler)>(std::move(handler));
        // Always resumed from the queue, never from inside the call.
        srv.hub.http(method, target, req.body(), [h, ex](HttpReply r) {
          asio::post(ex, [h, r = std::move(r)]() mutable { (*h)(std::move(r)); });
        });
      },
      use_awaitable);
}

http::response<http::string_body> answer(Server& srv, const http::request<http::string_body>& req,
                                         std::optional<HttpReply> api) {
  http::response<http::string_body> res;
  res.version(req.version());
  res.keep_alive(req.keep_alive());
  res.set(http::field::server, "parlour");
  res.set("X-Content-Type-Options", "nosniff");
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
              "connect-src 'self' ws: wss:");
    res.body() = std::move(f->body);
  } else {
    res.result(http::status::not_found);
    res.set(http::field::content_type, "text/plain; charset=utf-8");
    res.body() = target == "/" || target.starts_with("/index.html")
                     ? "The browser UI is not built (no index.html in " + srv.web +
                           "). Run `make serve`, or `npm run build` in web/.\n"
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
  if (srv.sockets > srv.max_sockets) co_return;
  beast::error_code peer_ec;
  const asio::ip::address peer = socket.remote_endpoint(peer_ec).address();
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  beast::error_code ec;
  for (;;) {
    http::request_parser<http::string_body> parser;
    parser.body_limit(kMaxBody);
    stream.expires_after(std::chrono::seconds(60));
    co_await http::async_read(stream, buffer, parser, asio::redirect_error(use_awaitable, ec));
    if (ec == http::error::body_limit || ec == http::error::header_limit) {
      http::response<http::string_body> res{http::status::payload_too_large, 11};
      res.set(http::field::content_type, "application/json");
      res.body() = R"({"error":"the request is too large: at most 64 KiB of body"})";
      res.keep_alive(false);
      res.prepare_payload();
      co_await http::async_write(stream, res, asio::redirect_error(use_awaitable, ec));
      break;
    }
    if (ec) break;  // the client went away, timed out or sent something that is not HTTP
    http::request<http::string_body> req = parser.release();
    if (websocket::is_upgrade(req)) {
      if (req.target() != "/ws") break;
      stream.expires_never();
      auto ws = std::make_shared<WsClient>(std::move(stream), srv.hub);
      co_await ws->run(std::move(req));
      co_return;
    }
    std::optional<HttpReply> api;
    if (req.target().starts_with("/api/")) api = co_await api_reply(srv, req, peer);
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
  auto store = Store::open(o.db);
  if (!store.ok()) {
    spdlog::error("{}", store.message());
    return 1;
  }
  asio::io_context ioc(1);
  AsioScheduler scheduler(ioc);
  HubOptions hub_options;
  hub_options.bot_delay = std::chrono::milliseconds(o.bot_delay_ms);
  hub_options.hand_pause = std::chrono::milliseconds(o.hand_pause_ms);
  hub_options.allow_seed = o.allow_seed;
  hub_options.idle_evict = std::chrono::minutes(30);
  Hub hub(**store, scheduler, hub_options);
  auto restored = hub.restore();
  if (!restored.ok()) {
    spdlog::error("cannot restore the tables in {}: {}", o.db, restored.message());
    return 1;
  }
  for (const std::string& why : *restored) spdlog::warn("a table was not restored: {}", why);
  Server srv{hub, o.web.empty() ? std::string(PARLOUR_WEB_DIR) : o.web, {}};
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
  signals.async_wait([&](beast::error_code, int) { ioc.stop(); });
  asio::co_spawn(ioc, listen(acceptor, srv), asio::detached);
  spdlog::info("Parlour is serving http://{}:{}/ (database {}, {} tables in play, UI from {})",
               o.host == "0.0.0.0" ? "localhost" : o.host, o.port, o.db, hub.live_tables(),
               srv.web);
  ioc.run();
  spdlog::info("stopped; every table is saved in {}", o.db);
  return 0;
}

}  // namespace parlour::server
