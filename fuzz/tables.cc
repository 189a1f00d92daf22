// What the handlers do with well-formed input (issue 35): each input is read
// as a list of choices that build a table-creation request (a game or preset,
// a player count, seats of people and bots, bot specs with budgets such as
// "ismcts:..s", options from the game's own keys with values in and out of
// range, the timing fields), then WebSocket messages of every type with
// structured fields (a join with the table's token, an act taken from the
// view's choices or not, chat, odds, hints, undo, redo, rematch, back). The
// real Hub handles them; nothing may throw out of it (Hub::http and
// Hub::received would answer 500 or "internal", which is checked here), and
// every answer is a status the API documents. FUZZ_DEBUG=1 prints each
// request and message made, to read what a slow or failing input does.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/registry.h"
#include "hub_fixture.h"

using namespace parlour;
using nlohmann::json;

namespace {

using fuzz::Choices;

std::string bot_spec(Choices& c, const GameInfo& g) {
  switch (c.below(6)) {
    case 0:
      return "human";
    case 1:
      return g.bots.empty() ? "random" : std::string(g.bots[c.below(g.bots.size())].name);
    case 2:
      return "random";
    case 3:
      return "ismcts";
    case 4:  // the budgets that crashed the server (F1), and their kin
      return "ismcts:" + c.text("0123456789.se-+x", 11);
    default:
      return c.text("abcdefghijklmnopqrstuvwxyz:0123456789.", 12);
  }
}

std::string option(Choices& c, const GameInfo& g) {
  if (g.options.empty() || c.below(8) == 0) return c.text("abcdefghij=0123456789 -", 20);
  const OptionSpec& o = g.options[c.below(g.options.size())];
  std::string value;
  switch (o.type) {
    case OptionType::kBool:
      value = c.below(3) == 0 ? c.text("yesnotruefalse01", 6) : (c.byte() & 1 ? "yes" : "no");
      break;
    case OptionType::kInt:
      value = std::to_string(c.below(4) == 0
                                 ? c.number()
                                 : o.min + static_cast<long long>(c.below(o.max - o.min + 1)));
      break;
    case OptionType::kChoice:
      value = o.choices.empty() || c.below(5) == 0
                  ? c.text("abcxyz", 6)
                  : std::string(o.choices[c.below(o.choices.size())]);
      break;
  }
  return std::string(o.key) + "=" + value;
}

json table_request(Choices& c) {
  const auto all = games();
  const GameInfo& g = all[c.below(all.size())];
  json req = json::object();
  req["game"] = g.presets.empty() || c.below(3)
                    ? std::string(g.name)
                    : std::string(g.presets[c.below(g.presets.size())].name);
  const int players =
      c.below(6) == 0
          ? static_cast<int>(c.number())
          : g.min_players + static_cast<int>(c.below(g.max_players - g.min_players + 1));
  if (c.below(4)) req["players"] = players;
  if (c.below(3)) {
    json seats = json::array();
    const std::size_t n =
        c.below(5) == 0 ? c.below(8) : static_cast<std::size_t>(std::max(players, 0));
    for (std::size_t i = 0; i < n && i < 64; ++i) seats.push_back(bot_spec(c, g));
    if (!seats.empty()) seats[0] = "human";  // a seat the messages can take
    req["seats"] = seats;
  }
  if (c.below(2)) {
    json options = json::array();
    const std::size_t n = c.below(8) == 0 ? c.below(64) : c.below(4);
    for (std::size_t i = 0; i < n; ++i) options.push_back(option(c, g));
    req["options"] = options;
  }
  if (c.below(5) == 0) req["absent_after"] = c.number();
  if (c.below(5) == 0) req["window_seconds"] = c.number();
  if (c.below(8) == 0) req["winnable"] = static_cast<bool>(c.byte() & 1);
  if (c.below(3) == 0) req["seed"] = c.byte();
  return req;
}

// One message of any type, its fields well formed or nearly.
json message(Choices& c, const json& table, const json& last_update) {
  static const char* kTypes[] = {"act",  "act",  "act",  "chat", "odds",    "hint", "undo",
                                 "redo", "back", "join", "ping", "rematch", "act"};
  const std::string type = kTypes[c.below(std::size(kTypes))];
  json m = {{"type", type}};
  if (type == "act") {
    const json& choices = last_update.is_object() && last_update.contains("view")
                              ? last_update["view"].value("choices", json::array())
                              : json::array();
    if (!choices.empty() && c.below(4))
      m["action"] = choices[c.below(choices.size())].value("action", 0);
    else
      m["action"] = c.number();
    // No update yet is possible: with a group commit open (a person's only
    // move, played by the server as the table was made) the Hub holds what it
    // sends until the group is stored, after this input.
    const int version = last_update.is_object() ? last_update.value("version", 0) : 0;
    if (c.below(3) == 0) m["version"] = c.below(4) ? version : c.number();
  } else if (type == "chat") {
    m["text"] = c.text("hello world é\t\n", 40);
  } else if (type == "odds") {
    m["on"] = static_cast<bool>(c.byte() & 1);
  } else if (type == "join") {
    m["table"] = c.below(6) ? table.value("table", "") : c.text("0123456789abcdef", 12);
    const json& seats = table.value("seats", json::array());
    if (!seats.empty() && c.below(3)) m["token"] = seats[0].value("token", "");
    if (c.below(4) == 0) m["name"] = c.text("Ann Bob\x01", 30);
  }
  return m;
}

struct Recording : fuzz::Listener {
  json last_update;
  void send(std::string m) override {
    fuzz::Listener::send(m);
    json j = json::parse(m, nullptr, false);
    fuzz::require(j.value("code", "") != "internal", "no handler throws");
    if (j.value("type", "") == "update") last_update = std::move(j);
  }
};

// Text a client may send is any UTF-8; what is not UTF-8 is replaced here
// (the protocol target sends raw bytes).
std::string text_of(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  fuzz::games_once();
  static fuzz::HubFixture f;
  Choices c(fuzz::text(data, size));
  static const bool debug = std::getenv("FUZZ_DEBUG") != nullptr;
  const json req = table_request(c);
  if (debug) std::fprintf(stderr, "request %s\n", text_of(req).c_str());
  // A winnable deal is answered later, once the fixture runs the search: then
  // its answer is checked as it comes, and this input has no table to play.
  auto got = std::make_shared<std::optional<server::HttpReply>>();
  f.hub().http("POST", "/api/tables", text_of(req), "192.0.2.9", [got](server::HttpReply reply) {
    fuzz::require(
        reply.status == 201 || reply.status == 400 || reply.status == 429 || reply.status == 503,
        "a table is made, or refused saying why; the server never fails "
        "on one");
    *got = std::move(reply);
  });
  if (!*got) {
    f.settle();
    return 0;
  }
  const server::HttpReply& r = **got;
  fuzz::require(json::accept(r.body), "the answer is JSON");
  if (r.status != 201) {
    fuzz::require(json::parse(r.body).contains("error"), "a refusal says why");
    f.settle();
    return 0;
  }
  const json table = json::parse(r.body);
  Recording a;
  f.hub().opened(a);
  json first = {{"type", "join"}, {"table", table["table"]}};
  if (table["seats"][0].contains("token")) first["token"] = table["seats"][0]["token"];
  f.hub().received(a, text_of(first));
  for (int i = 0; i < 64 && !c.empty() && !a.closed; ++i) {
    const std::string m = text_of(message(c, table, a.last_update));
    if (debug) std::fprintf(stderr, "message %s\n", m.c_str());
    f.hub().received(a, m);
  }
  f.hub().closed(a);
  f.settle();
  return 0;
}
