// A server's game side for the fuzz targets: a Hub on an in-memory store with
// a few tables made at the start, whose ids and tokens an input names by
// placeholders ($A is the Old Maid table, $a its first seat's token; $B
// Cheat, $C Macao, $D Klondike), since no fuzzer could guess them. Bots'
// timers run after each input. Every message the Hub sends must be one JSON
// object. Kept from input to input, as a server keeps its tables; made anew
// when it holds too many.
#pragma once

#include <spdlog/spdlog.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "fuzz.h"
#include "server/hub.h"
#include "server/store.h"

namespace parlour::fuzz {

struct Listener : server::Client {
  std::size_t messages = 0;
  bool closed = false;
  void send(std::string m) override {
    require(
        m.starts_with('{') && m.find("\"type\":") != std::string::npos && nlohmann::json::accept(m),
        "the server sends JSON objects with a type");
    ++messages;
  }
  void close() override { closed = true; }
  std::string address() const override { return "192.0.2.1"; }
};

struct Timers : server::Scheduler {
  std::vector<std::function<void()>> pending;
  void after(std::chrono::milliseconds, std::function<void()> fn) override {
    pending.push_back(std::move(fn));
  }
  // Slow work (a hint, live odds, a winnable deal) is a search of its own,
  // which its own tests cover; a Klondike hint alone takes a tenth of a
  // second. So it waits here, and one input in kWorkEvery has the first job
  // it asked for run and answered: the Hub's side of the answers is fuzzed
  // without the fuzzer spending its time searching. The others are never
  // answered, as when the server's slow thread is busy past a client's leaving.
  static constexpr int kWorkEvery = 256;
  struct Job {
    std::function<std::string()> job;
    std::function<void(std::string)> done;
  };
  std::vector<Job> jobs;
  int inputs = 0;
  void work(const std::string&, std::function<std::string()> job,
            std::function<void(std::string)> done) override {
    jobs.push_back({std::move(job), std::move(done)});
  }
  void run_work() {
    std::vector<Job> asked = std::move(jobs);
    jobs.clear();
    if (++inputs % kWorkEvery == 0 && !asked.empty()) asked.front().done(asked.front().job());
  }
  // At most `n` timers, those they set included.
  void run(int n) {
    while (!pending.empty() && n-- > 0) {
      auto fn = std::move(pending.front());
      pending.erase(pending.begin());
      fn();
    }
  }
};

class HubFixture {
 public:
  HubFixture() {
    spdlog::set_level(spdlog::level::off);  // refusals are the point here, not news
    reset();
  }
  server::Hub& hub() { return *hub_; }

  // The input with each placeholder replaced.
  std::string expand(std::string_view in) const {
    std::string out;
    for (std::size_t i = 0; i < in.size(); ++i) {
      if (in[i] == '$' && i + 1 < in.size()) {
        const auto it = std::find_if(names_.begin(), names_.end(),
                                     [&](const auto& n) { return n.first == in[i + 1]; });
        if (it != names_.end()) {
          out += it->second;
          ++i;
          continue;
        }
      }
      out += in[i];
    }
    return out;
  }

  // After an input: bots move, and a hub grown large is made anew.
  void settle() {
    timers_.run(16);
    timers_.run_work();
    if (hub_->live_tables() > 60 || timers_.pending.size() > 1000) reset();
  }

 private:
  void reset() {
    hub_.reset();
    timers_.pending.clear();
    timers_.jobs.clear();
    auto store = server::Store::open(":memory:");
    require(store.ok(), "an in-memory store opens");
    store_ = std::move(*store);
    server::HubOptions o;
    o.bot_delay = std::chrono::milliseconds(0);
    o.hand_pause = std::chrono::milliseconds(0);
    o.allow_seed = true;
    o.max_tables = 80;
    o.group_commit = true;  // as `parlour serve` runs: the timers commit
    // The request is what is fuzzed, not the solver: a small search.
    o.winnable_tries = 2;
    o.winnable_limits = {2'000, 0.05};
    // Bots think at once here (no threads): budgets the fuzzer can afford,
    // with the default "ismcts" (500 iterations) within them. Every bot
    // answers within bot_seconds (Observation::limits), after a few samples:
    // the bots' code is run, not their thought.
    o.bot_seconds = 0.0002;
    o.bot_iterations = 600;
    hub_ = std::make_unique<server::Hub>(*store_, timers_, o);
    names_.clear();
    const std::pair<char, const char*> tables[] = {
        {'A', R"({"game":"old-maid","players":3,"seats":["human","human","random"],"seed":1})"},
        {'B', R"({"game":"cheat","players":3,"seats":["human","human","random"],"seed":2})"},
        {'C', R"({"game":"macao","players":2,"seats":["human","random"],"seed":3})"},
        {'D', R"({"game":"klondike","players":1,"seats":["human"],"seed":4})"}};
    for (const auto& [name, request] : tables) {
      const server::HttpReply r = hub_->http("POST", "/api/tables", request);
      if (r.status != 201) std::fprintf(stderr, "fuzz: %s: %s\n", request, r.body.c_str());
      require(r.status == 201, "the fixture's tables are made");
      const auto j = nlohmann::json::parse(r.body);
      names_.emplace_back(name, j["table"].get<std::string>());
      names_.emplace_back(static_cast<char>(name - 'A' + 'a'),
                          j["seats"][0]["token"].get<std::string>());
    }
  }

  Timers timers_;
  std::unique_ptr<server::Store> store_;
  std::unique_ptr<server::Hub> hub_;
  std::vector<std::pair<char, std::string>> names_;
};

}  // namespace parlour::fuzz
