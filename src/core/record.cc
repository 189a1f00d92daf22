#include "core/record.h"

#include <nlohmann/json.hpp>

namespace parlour {

using nlohmann::json;

std::string to_json(const Record& r) {
  json j;
  j["format"] = "parlour-record";
  j["version"] = 1;
  j["game"] = r.game;
  j["preset"] = r.preset;
  j["players"] = r.players;
  json opts = json::object();
  for (const auto& a : r.options) {
    auto eq = a.find('=');
    opts[a.substr(0, eq)] = a.substr(eq + 1);
  }
  j["options"] = opts;
  j["seed"] = r.seed;
  j["actions"] = r.actions;
  j["labels"] = r.labels;
  if (r.outcome) {
    j["outcome"] = {{"scores", r.outcome->scores},
                    {"places", r.outcome->places},
                    {"summary", r.outcome->summary}};
  }
  return j.dump(1) + "\n";
}

namespace {

Status bad(const std::string& what) { return Status::error("bad record: " + what); }

}  // namespace

Result<Record> parse_record(std::string_view text) {
  json j = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return bad("not valid JSON");
  if (!j.is_object()) return bad("expected a JSON object");
  if (j.value("format", json()) != "parlour-record")
    return bad("\"format\" must be \"parlour-record\"");
  if (!j.contains("version") || j["version"] != 1) return bad("\"version\" must be 1");
  Record r;
  auto str = [&](const char* key, std::string& out) -> Status {
    if (!j.contains(key) || !j[key].is_string()) return bad(std::string("\"") + key + "\" must be a string");
    out = j[key].get<std::string>();
    return {};
  };
  if (Status s = str("game", r.game); !s.ok()) return s;
  if (j.contains("preset")) {
    if (Status s = str("preset", r.preset); !s.ok()) return s;
  } else {
    r.preset = r.game;
  }
  if (!j.contains("players") || !j["players"].is_number_integer() || j["players"].get<long long>() < 1 ||
      j["players"].get<long long>() > 64)
    return bad("\"players\" must be a whole number of players");
  r.players = j["players"].get<int>();
  if (!j.contains("options") || !j["options"].is_object())
    return bad("\"options\" must be an object of option values");
  for (const auto& [k, v] : j["options"].items()) {
    if (!v.is_string()) return bad("option \"" + k + "\" must be a string value");
    r.options.push_back(k + "=" + v.get<std::string>());
  }
  if (!j.contains("seed") || !j["seed"].is_number_unsigned())
    return bad("\"seed\" must be a non-negative whole number");
  r.seed = j["seed"].get<std::uint64_t>();
  if (!j.contains("actions") || !j["actions"].is_array())
    return bad("\"actions\" must be a list of action numbers");
  for (const auto& a : j["actions"]) {
    if (!a.is_number_unsigned() || a.get<std::uint64_t>() > 0xffffffffu)
      return bad("\"actions\" must hold only action numbers (0 to 4294967295)");
    r.actions.push_back(a.get<Action>());
  }
  if (j.contains("labels") && j["labels"].is_array())
    for (const auto& l : j["labels"])
      if (l.is_string()) r.labels.push_back(l.get<std::string>());
  if (j.contains("outcome") && !j["outcome"].is_null()) {
    const json& o = j["outcome"];
    if (!o.is_object() || !o.contains("scores") || !o["scores"].is_array() ||
        !o.contains("places") || !o["places"].is_array())
      return bad("\"outcome\" must hold \"scores\" and \"places\" lists");
    Outcome out;
    for (const auto& s : o["scores"]) {
      if (!s.is_number()) return bad("outcome scores must be numbers");
      out.scores.push_back(s.get<double>());
    }
    for (const auto& p : o["places"]) {
      if (!p.is_number_integer()) return bad("outcome places must be whole numbers");
      out.places.push_back(p.get<int>());
    }
    if (o.contains("summary") && o["summary"].is_string()) out.summary = o["summary"].get<std::string>();
    r.outcome = std::move(out);
  }
  return r;
}

Result<Replayed> replay(const Record& r, const std::function<void(const State&)>& on_step) {
  const GameInfo* g = find_game(r.game);
  if (!g) return Status::error("bad record: unknown game '" + r.game + "'");
  Result<Config> cfg = make_config(Selection{g, nullptr}, r.players, r.options);
  if (!cfg.ok()) return Status::error("bad record: " + cfg.message());
  Replayed out;
  out.game = g;
  out.config = *cfg;
  out.state = g->new_game(out.config);
  Rng rng(r.seed, kChanceStream);
  std::vector<Action> legal;
  std::size_t next = 0;
  State& s = *out.state;
  while (!s.terminal()) {
    if (s.to_move() == kChance) {
      s.apply_chance(rng);
    } else {
      if (next == r.actions.size()) break;  // an unfinished game ends here
      Action a = r.actions[next];
      s.legal_actions(legal);
      if (std::find(legal.begin(), legal.end(), a) == legal.end())
        return Status::error("bad record: action " + std::to_string(next + 1) + " (" +
                             std::to_string(a) + ") is not legal at that point of the game; "
                             "the record was changed or made with other rules");
      s.apply(a);
      ++next;
    }
    if (on_step) on_step(s);
  }
  if (next != r.actions.size())
    return Status::error("bad record: the game ended after " + std::to_string(next) + " of " +
                         std::to_string(r.actions.size()) + " actions");
  if (r.outcome) {
    if (!s.terminal()) return bad("it states an outcome but its actions do not finish the game");
    Outcome o = s.outcome();
    if (o.scores != r.outcome->scores || o.places != r.outcome->places)
      return bad("its stated outcome differs from the one its actions produce (" + o.summary +
                 "); the record was changed");
  }
  return out;
}

}  // namespace parlour
