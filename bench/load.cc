// parlour_load: a separate client process that holds many bot-only tables
// over WebSocket against `parlour serve`, and measures the latency from each
// action to the update that follows it. Every seat is played by this process
// (random legal choices after a think time), so the server does all it does
// for people: checks, commits to SQLite, views and narration for each seat.
// When a game ends the table asks for a rematch and plays on.
//
//   parlour_load --port 8080 --tables 1000 --players 2 --think 1000 --duration 60
#include <sys/resource.h>
#include <sys/time.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <boost/asio.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast.hpp>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <utility>  // before asio: Boost 1.74 needs it with g++ 12
#include <vector>

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using asio::awaitable;
using asio::use_awaitable;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct Args {
  std::string host = "127.0.0.1";
  int port = 8080;
  int tables = 100;
  int players = 2;
  std::string game = "old-maid";
  int think_ms = 1000;
  double duration = 30;
  double ramp = 10;
  bool timeline = false;
  bool reconnect = false;
};

struct Stats {
  std::vector<double> latency_ms;  // action sent -> the update with its version
  std::vector<double> latency_at;  // seconds from the start at which each arrived
  std::vector<double> game_at;     // seconds from the start at which each game ended (one a game)
  Clock::time_point begin, end;    // the run's start, and the end of the measured window
  long actions = 0, errors = 0, updates = 0, bytes = 0;
  int connected = 0, failed_connects = 0;
  long rejoined = 0;  // sockets opened again for a rematch (--reconnect)
  std::vector<std::string> error_samples;
};

// What a seat needs from a message, read without building a tree: at
// thousands of updates a second, parsing each whole would make this client,
// not the server, the thing measured.
struct Gist {
  std::string_view type, table;  // into the message's text
  int version = -1;
  bool terminal = false, last_is_object = false;
  std::vector<std::uint32_t> actions;  // the view's choices
};

// Walks a message's JSON and keeps only the Gist: no tree, no strings for
// what is skipped (a general parser's lexer was a third of this process).
// Returns false on text that is not JSON, as far as it looks: a container
// nothing is read from is only bracket-matched (skip()).
class GistReader {
 public:
  GistReader(std::string_view text, Gist& g) : s_(text), g_(g) {}
  bool read() { return value(Where::kTop, "") && (space(), i_ == s_.size()); }

 private:
  enum class Where { kTop, kView, kChoices, kChoice, kOther };
  void space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t'))
      ++i_;
  }
  bool eat(char c) {
    space();
    if (i_ < s_.size() && s_[i_] == c) return ++i_, true;
    return false;
  }
  // A string's text as written (escapes kept: the fields read have none).
  bool string(std::string_view& out) {
    if (!eat('"')) return false;
    // To the next quote not escaped, found by memchr: most of a view is
    // strings (card names, labels) this client skips.
    const std::size_t from = i_;
    for (;;) {
      const void* q = std::memchr(s_.data() + i_, '"', s_.size() - i_);
      if (!q) return false;
      const std::size_t at = static_cast<std::size_t>(static_cast<const char*>(q) - s_.data());
      std::size_t slashes = 0;
      while (at - slashes > from && s_[at - slashes - 1] == '\\') ++slashes;
      i_ = at + 1;
      if (slashes % 2 == 0) break;
    }
    out = s_.substr(from, i_ - 1 - from);
    return true;
  }
  // Past a container nothing is read from (most of a view: its zones), its
  // brackets matched and its strings stepped over whole, but not checked
  // further: a third of this client's time went to walking them key by key.
  bool skip() {
    int depth = 0;
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '"') {
        std::string_view ignored;
        if (!string(ignored)) return false;
        continue;
      }
      ++i_;
      if (c == '{' || c == '[')
        ++depth;
      else if ((c == '}' || c == ']') && --depth == 0)
        return true;
    }
    return false;
  }
  bool scalar(std::string_view& out) {
    space();
    const std::size_t from = i_;
    while (i_ < s_.size() && std::string_view(",}] \n\r\t").find(s_[i_]) == std::string_view::npos)
      ++i_;
    out = s_.substr(from, i_ - from);
    return !out.empty();
  }
  // A value under `key` of a container at `where`.
  bool value(Where where, std::string_view key) {
    space();
    if (i_ >= s_.size()) return false;
    const char c = s_[i_];
    if (c == '{') {
      const Where inside = where == Where::kTop && key.empty()     ? Where::kTop
                           : where == Where::kTop && key == "view" ? Where::kView
                           : where == Where::kChoices              ? Where::kChoice
                                                                   : Where::kOther;
      if (where == Where::kTop && key == "last") g_.last_is_object = true;
      if (inside == Where::kOther) return skip();
      ++i_;
      if (eat('}')) return true;
      do {
        std::string_view k;
        if (!string(k) || !eat(':') || !value(inside, k)) return false;
      } while (eat(','));
      return eat('}');
    }
    if (c == '[') {
      const Where inside =
          where == Where::kView && key == "choices" ? Where::kChoices : Where::kOther;
      if (inside == Where::kOther) return skip();
      ++i_;
      if (eat(']')) return true;
      do
        if (!value(inside, "")) return false;
      while (eat(','));
      return eat(']');
    }
    std::string_view v;
    if (c == '"') {
      if (!string(v)) return false;
      if (where == Where::kTop && key == "type") g_.type = v;
      if (where == Where::kTop && key == "table") g_.table = v;
      return true;
    }
    if (!scalar(v)) return false;
    if (where == Where::kTop && key == "version") std::from_chars(v.begin(), v.end(), g_.version);
    if (where == Where::kView && key == "terminal") g_.terminal = v == "true";
    if (where == Where::kChoice && key == "action") {
      std::uint32_t a = 0;
      std::from_chars(v.begin(), v.end(), a);
      g_.actions.push_back(a);
    }
    return true;
  }
  std::string_view s_;
  std::size_t i_ = 0;
  Gist& g_;
};

class Seat : public std::enable_shared_from_this<Seat> {
 public:
  Seat(asio::io_context& ioc, const Args& a, Stats& st, std::string table, std::string token,
       int seat, std::uint64_t seed)
      : ioc_(ioc),
        ws_(ioc.get_executor()),  // one thread runs them all: no strand needed
        timer_(ioc),
        args_(a),
        stats_(st),
        table_(std::move(table)),
        token_(std::move(token)),
        seat_(seat),
        rng_(seed) {}

  awaitable<void> run(bool again = false) {
    beast::error_code ec;
    tcp::resolver resolver(ws_.get_executor());
    auto results = co_await resolver.async_resolve(args_.host, std::to_string(args_.port),
                                                   asio::redirect_error(use_awaitable, ec));
    if (!ec)
      co_await beast::get_lowest_layer(ws_).async_connect(results,
                                                          asio::redirect_error(use_awaitable, ec));
    if (!ec) beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true), ec);
    if (!ec)
      // The table in the URL: a proxy in front of several servers sends all
      // of a table's sockets to the one that plays it.
      co_await ws_.async_handshake(args_.host, "/ws?table=" + table_,
                                   asio::redirect_error(use_awaitable, ec));
    if (ec) {
      ++stats_.failed_connects;
      co_return;
    }
    if (again)
      ++stats_.rejoined;
    else
      ++stats_.connected;
    send(json{{"type", "join"}, {"table", table_}, {"token", token_}}.dump());
    beast::flat_buffer buffer;
    Gist m;  // one for every message: its choices' storage is kept
    while (Clock::now() < stats_.end) {
      buffer.consume(buffer.size());
      co_await ws_.async_read(buffer, asio::redirect_error(use_awaitable, ec));
      if (ec) break;
      const auto now = Clock::now();
      stats_.bytes += static_cast<long>(buffer.size());
      // Read where it lies (a flat buffer is one piece), not copied out.
      const std::string_view text(static_cast<const char*>(buffer.data().data()), buffer.size());
      m.type = m.table = {};
      m.version = -1;
      m.terminal = m.last_is_object = false;
      m.actions.clear();
      if (!GistReader(text, m).read()) continue;
      if (m.type == "error") {
        ++stats_.errors;
        if (stats_.error_samples.size() < 5) stats_.error_samples.emplace_back(text.substr(0, 300));
      } else if (m.type == "rematch") {
        table_ = m.table;
        pending_ = -1;
        timer_.cancel();
        if (args_.reconnect) {
          // As the page does: a new socket to the new table's URL, which a
          // proxy may send to another process (that claims and loads it).
          auto next = std::make_shared<Seat>(ioc_, args_, stats_, table_, token_, seat_, rng_());
          asio::co_spawn(
              ioc_, [next]() -> awaitable<void> { co_await next->run(true); }, asio::detached);
          break;
        }
        send(json{{"type", "join"}, {"table", table_}, {"token", token_}}.dump());
      } else if (m.type == "update") {
        ++stats_.updates;
        // Only within the measured window: from its end on, seats close their
        // sockets one by one as their next message comes, and the server's
        // work for thousands of goodbyes at once is the harness's, not the
        // load's (those last two seconds were 1-2% of the samples, enough to
        // be the p99 by themselves).
        if (pending_ >= 0 && m.version > pending_) {
          if (now < stats_.end) {
            stats_.latency_ms.push_back(
                std::chrono::duration<double, std::milli>(now - sent_).count());
            stats_.latency_at.push_back(std::chrono::duration<double>(now - stats_.begin).count());
          }
          pending_ = -1;
        }
        if (m.terminal && seat_ == 0 && m.last_is_object) {
          stats_.game_at.push_back(std::chrono::duration<double>(now - stats_.begin).count());
          send(R"({"type":"rematch"})");
        }
        if (!m.actions.empty()) {
          const Action a = m.actions[rng_() % m.actions.size()];
          const int think = args_.think_ms / 2 +
                            static_cast<int>(rng_() % static_cast<unsigned>(args_.think_ms + 1));
          asio::co_spawn(ws_.get_executor(), act(shared_from_this(), a, m.version, think),
                         asio::detached);
        }
      }
    }
    beast::error_code ignore;
    beast::get_lowest_layer(ws_).socket().close(ignore);
  }

 private:
  using Action = std::uint32_t;

  awaitable<void> act([[maybe_unused]] std::shared_ptr<Seat> self, Action a, int version,
                      int think_ms) {
    timer_.expires_after(std::chrono::milliseconds(think_ms));
    beast::error_code ec;
    co_await timer_.async_wait(asio::redirect_error(use_awaitable, ec));
    if (ec || Clock::now() >= stats_.end) co_return;  // the window is over: no new action
    sent_ = Clock::now();
    pending_ = version;
    ++stats_.actions;
    send(json{{"type", "act"}, {"action", a}, {"version", version}}.dump());
  }

  void send(std::string m) {
    queue_.push_back(std::move(m));
    if (writing_) return;
    writing_ = true;
    asio::co_spawn(ws_.get_executor(), write_all(shared_from_this()), asio::detached);
  }

  awaitable<void> write_all([[maybe_unused]] std::shared_ptr<Seat> self) {
    beast::error_code ec;
    while (!queue_.empty()) {
      co_await ws_.async_write(asio::buffer(queue_.front()),
                               asio::redirect_error(use_awaitable, ec));
      if (ec) break;
      queue_.pop_front();
    }
    queue_.clear();
    writing_ = false;
  }

  asio::io_context& ioc_;
  websocket::stream<beast::tcp_stream> ws_;
  asio::steady_timer timer_;
  const Args& args_;
  Stats& stats_;
  std::string table_, token_;
  int seat_;
  std::mt19937_64 rng_;  // the load's randomness only: nothing here needs to replay
  std::deque<std::string> queue_;
  bool writing_ = false;
  int pending_ = -1;
  Clock::time_point sent_;
};

// Creates one table over a kept-alive HTTP connection; returns its JSON.
awaitable<json> create_table(beast::tcp_stream& stream, const Args& a) {
  http::request<http::string_body> req{http::verb::post, "/api/tables", 11};
  req.set(http::field::host, a.host);
  req.set(http::field::content_type, "application/json");
  req.body() = json{{"game", a.game},
                    {"players", a.players},
                    {"seats", std::vector<std::string>(a.players, "human")}}
                   .dump();
  req.prepare_payload();
  co_await http::async_write(stream, req, use_awaitable);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  co_await http::async_read(stream, buffer, res, use_awaitable);
  if (res.result() != http::status::created)
    throw std::runtime_error("creating a table: " + res.body());
  co_return json::parse(res.body());
}

// One of several creators, each on its own kept-alive connection, making
// tables first, first + step, ...: one alone waits for each answer in turn
// and falls behind a fast ramp.
awaitable<void> create_some(asio::io_context& ioc, const Args& a, Stats& st, Clock::time_point t0,
                            int first, int step) {
  beast::tcp_stream stream(ioc);
  tcp::resolver resolver(ioc);
  co_await stream.async_connect(
      co_await resolver.async_resolve(a.host, std::to_string(a.port), use_awaitable),
      use_awaitable);
  asio::steady_timer pace(ioc);
  for (int i = first; i < a.tables; i += step) {
    // Tables arrive spread over the ramp, as people would.
    pace.expires_at(t0 + std::chrono::duration_cast<Clock::duration>(
                             std::chrono::duration<double>(a.ramp * i / a.tables)));
    co_await pace.async_wait(use_awaitable);
    const json t = co_await create_table(stream, a);
    for (int s = 0; s < a.players; ++s) {
      auto seat = std::make_shared<Seat>(ioc, a, st, t["table"], t["seats"][s]["token"], s,
                                         1000003ull * i + s);
      asio::co_spawn(
          ioc, [seat]() -> awaitable<void> { co_await seat->run(); }, asio::detached);
    }
  }
}

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  const std::size_t k =
      std::min(v.size() - 1, static_cast<std::size_t>(p / 100.0 * static_cast<double>(v.size())));
  std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
  return v[k];
}

int main(int argc, char** argv) {
  Args a;
  CLI::App app{
      "parlour_load: many bot-only tables over WebSocket against `parlour serve`; latency from "
      "action to update"};
  app.option_defaults()->multi_option_policy(
      CLI::MultiOptionPolicy::TakeLast);  // scripts/load's defaults, then yours
  app.add_option("--host", a.host, "server address")->capture_default_str();
  app.add_option("--port", a.port, "server port")->capture_default_str();
  app.add_option("--tables", a.tables, "tables to hold at once")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app.add_option("--players", a.players, "seats per table, each a WebSocket")
      ->check(CLI::Range(2, 12))
      ->capture_default_str();
  app.add_option("--game", a.game, "game or preset")->capture_default_str();
  app.add_option("--think", a.think_ms,
                 "milliseconds a seat waits before acting, give or take half")
      ->capture_default_str();
  app.add_option("--duration", a.duration, "seconds to run after the ramp")->capture_default_str();
  app.add_option("--ramp", a.ramp, "seconds over which the tables are created")
      ->capture_default_str();
  app.add_flag("--timeline", a.timeline,
               "also print each measured second: updates, games ended, p50, p99 and max "
               "latency, so that a tail made by a few stalls shows apart from a steady one");
  app.add_flag("--reconnect", a.reconnect,
               "at a rematch, each seat opens a new socket to the new table (/ws?table=NEW), as "
               "the page does, instead of joining it on the socket it has: through a proxy, a "
               "table's first join then lands where the proxy sends that table");
  CLI11_PARSE(app, argc, argv);

  // Two descriptors per seat (ours and the server's, on one machine).
  rlimit lim{};
  getrlimit(RLIMIT_NOFILE, &lim);
  lim.rlim_cur = lim.rlim_max;
  setrlimit(RLIMIT_NOFILE, &lim);

  asio::io_context ioc(1);
  Stats st;
  const auto begin = Clock::now();
  st.begin = begin;
  const auto stop = begin + std::chrono::duration_cast<Clock::duration>(
                                std::chrono::duration<double>(a.ramp + a.duration));
  st.end = stop;
  bool failed = false;
  constexpr int kCreators = 8;
  for (int k = 0; k < kCreators; ++k)
    asio::co_spawn(ioc, create_some(ioc, a, st, begin, k, kCreators), [&](std::exception_ptr e) {
      if (!e) return;
      try {
        std::rethrow_exception(e);
      } catch (const std::exception& x) {
        std::cerr << "parlour_load: " << x.what() << "\n";
        failed = true;
        ioc.stop();
      }
    });
  // Measure only once every table is up: the ramp's latencies are dropped.
  asio::steady_timer warm(ioc);
  warm.expires_at(
      begin + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(a.ramp)));
  long actions_at_ramp = 0;
  warm.async_wait([&](beast::error_code) {
    st.latency_ms.clear();
    st.latency_at.clear();
    actions_at_ramp = st.actions;
  });
  asio::steady_timer end(ioc);
  end.expires_at(stop + std::chrono::seconds(2));
  end.async_wait([&](beast::error_code) { ioc.stop(); });
  ioc.run();
  if (failed) return 1;

  if (a.timeline) {
    // Before the percentiles below reorder the latencies.
    // Games ended each second too: each is a rematch, a new table stored
    // and joined; the first games end only a game's length after the ramp.
    std::map<long, std::vector<double>> by_second;
    std::map<long, long> games_in;
    for (std::size_t i = 0; i < st.latency_ms.size(); ++i)
      by_second[static_cast<long>(st.latency_at[i])].push_back(st.latency_ms[i]);
    for (double at : st.game_at) ++games_in[static_cast<long>(at)];
    std::printf("second  updates   games   p50 ms   p99 ms   max ms\n");
    for (auto& [sec, v] : by_second)
      std::printf("%6ld %8zu %7ld %8.2f %8.2f %8.2f\n", sec, v.size(), games_in[sec],
                  percentile(v, 50), percentile(v, 99), *std::max_element(v.begin(), v.end()));
  }
  auto& l = st.latency_ms;
  const long measured = st.actions - actions_at_ramp;
  // This client's own CPU, per action: on one machine it competes with the
  // server for the same cores, so a reader should see what it took.
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  const double client_cpu_s = static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                              static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
  json report = {{"tables", a.tables},
                 {"client_cpu_us_per_action",
                  st.actions ? client_cpu_s / static_cast<double>(st.actions) * 1e6 : 0.0},
                 {"players", a.players},
                 {"connections", st.connected},
                 {"failed_connections", st.failed_connects},
                 {"actions_measured", static_cast<long>(l.size())},
                 {"actions_per_second", static_cast<double>(measured) / a.duration},
                 {"actions_total", st.actions},
                 {"games_finished", static_cast<long>(st.game_at.size())},
                 {"sockets_reopened", st.rejoined},
                 {"errors", st.errors},
                 {"p50_ms", percentile(l, 50)},
                 {"p90_ms", percentile(l, 90)},
                 {"p99_ms", percentile(l, 99)},
                 {"max_ms", l.empty() ? 0 : *std::max_element(l.begin(), l.end())}};
  std::printf("tables held: %d of %d (%d of %d seats connected), %d players each, think %d ms\n",
              st.connected / a.players, a.tables, st.connected, a.tables * a.players, a.players,
              a.think_ms);
  std::printf(
      "measured %.0f s after a %.0f s ramp: %ld actions (%.0f/s), %ld games finished, %ld errors\n",
      a.duration, a.ramp, static_cast<long>(l.size()), report["actions_per_second"].get<double>(),
      static_cast<long>(st.game_at.size()), st.errors);
  std::printf("latency from action to update: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
              report["p50_ms"].get<double>(), report["p90_ms"].get<double>(),
              report["p99_ms"].get<double>(), report["max_ms"].get<double>());
  if (a.reconnect)
    std::printf("sockets opened again for a rematch (--reconnect): %ld\n", st.rejoined);
  for (const auto& e : st.error_samples) std::printf("error: %s\n", e.c_str());
  std::printf("%s\n", report.dump().c_str());
  return st.failed_connects || st.errors ? 1 : 0;
}
