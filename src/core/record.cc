#include "core/record.h"

#include <nlohmann/json.hpp>

namespace parlour {

using nlohmann::json;

std::string to_json(const Record& r) {
  json j;
  j["format"] = "parlour-record";
  j["version"] = r.chance.empty() && !r.pending && !r.waits_at_chance ? 2 : 3;
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
  json moves = json::array();
  for (const SeatAction& m : r.moves) moves.push_back(json::array({m.seat, m.action}));
  j["actions"] = std::move(moves);
  j["labels"] = r.labels;
  auto given = [](const GivenChance& g) { return json::array({g.event, g.draws}); };
  if (!r.chance.empty()) {
    json chance = json::array();
    for (const GivenChance& g : r.chance) chance.push_back(given(g));
    j["chance"] = std::move(chance);
  }
  if (r.pending) j["pending"] = given(*r.pending);
  if (r.waits_at_chance) j["waits_at_chance"] = *r.waits_at_chance;
  if (r.outcome) {
    j["outcome"] = {{"kind", outcome_kind_name(r.outcome->kind)},
                    {"scores", r.outcome->scores},
                    {"places", r.outcome->places},
                    {"summary", r.outcome->summary}};
    if (r.outcome->cap > 0) {
      j["outcome"]["cap"] = r.outcome->cap;
      j["outcome"]["cap_unit"] = std::string(r.outcome->cap_unit);
    }
  }
  return j.dump(1) + "\n";
}

namespace {

Status bad(const std::string& what) {
  return Status::error("bad record: " + what);
}

}  // namespace

Result<Record> parse_record(std::string_view text) {
  json j = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return bad("not valid JSON");
  if (!j.is_object()) return bad("expected a JSON object");
  if (j.value("format", json()) != "parlour-record")
    return bad("\"format\" must be \"parlour-record\"");
  if (!j.contains("version") || !j["version"].is_number_integer() || j["version"] < 1 ||
      j["version"] > 3)
    return bad("\"version\" must be 1, 2 or 3");
  Record r;
  r.version = j["version"].get<int>();
  auto str = [&](const char* key, std::string& out) -> Status {
    if (!j.contains(key) || !j[key].is_string())
      return bad(std::string("\"") + key + "\" must be a string");
    out = j[key].get<std::string>();
    return {};
  };
  if (Status s = str("game", r.game); !s.ok()) return s;
  if (j.contains("preset")) {
    if (Status s = str("preset", r.preset); !s.ok()) return s;
  } else {
    r.preset = r.game;
  }
  if (!j.contains("players") || !j["players"].is_number_integer() ||
      j["players"].get<long long>() < 1 || j["players"].get<long long>() > 64)
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
  auto action_number = [](const json& a) {
    return a.is_number_unsigned() && a.get<std::uint64_t>() <= 0xffffffffu;
  };
  for (const auto& a : j["actions"]) {
    if (r.version == 1) {
      if (!action_number(a))
        return bad("\"actions\" must hold only action numbers (0 to 4294967295)");
      r.moves.push_back({kNobody, a.get<Action>()});
      continue;
    }
    if (!a.is_array() || a.size() != 2 || !a[0].is_number_unsigned() ||
        a[0].get<std::uint64_t>() >= kMaxSeats || !action_number(a[1]))
      return bad("each of \"actions\" must be [seat, action]: a seat number (0 to " +
                 std::to_string(kMaxSeats - 1) + ") and an action number (0 to 4294967295)");
    r.moves.push_back({a[0].get<Seat>(), a[1].get<Action>()});
  }
  if (j.contains("labels") && j["labels"].is_array())
    for (const auto& l : j["labels"])
      if (l.is_string()) r.labels.push_back(l.get<std::string>());
  // [event, [draw, ...]]: an event number and 32-bit draws.
  auto given = [](const json& g) -> std::optional<GivenChance> {
    if (!g.is_array() || g.size() != 2 || !g[0].is_number_unsigned() ||
        g[0].get<std::uint64_t>() > 0xffffffffu || !g[1].is_array() || g[1].empty())
      return std::nullopt;
    GivenChance out{g[0].get<std::uint32_t>(), {}};
    for (const json& d : g[1]) {
      if (!d.is_number_unsigned() || d.get<std::uint64_t>() > 0xffffffffu) return std::nullopt;
      out.draws.push_back(d.get<std::uint32_t>());
    }
    return out;
  };
  for (const char* key : {"chance", "pending", "waits_at_chance"})
    if (j.contains(key) && r.version < 3)
      return bad(std::string("\"") + key + "\" needs version 3");
  if (j.contains("chance")) {
    if (!j["chance"].is_array()) return bad("\"chance\" must be a list of [event, [draw, ...]]");
    for (const json& g : j["chance"]) {
      std::optional<GivenChance> c = given(g);
      if (!c)
        return bad(
            "each of \"chance\" must be [event, [draw, ...]]: a chance event's number "
            "and one or more draws (0 to 4294967295)");
      if (!r.chance.empty() && c->event <= r.chance.back().event)
        return bad("\"chance\" must list its events in ascending order, each once");
      r.chance.push_back(std::move(*c));
    }
  }
  if (j.contains("pending")) {
    r.pending = given(j["pending"]);
    if (!r.pending)
      return bad(
          "\"pending\" must be [event, [draw, ...]]: the chance event the game waits "
          "at and one or more draws (0 to 4294967295)");
    if (!r.chance.empty() && r.pending->event <= r.chance.back().event)
      return bad("\"pending\" must be for a chance event after those of \"chance\"");
  }
  if (j.contains("waits_at_chance")) {
    const json& w = j["waits_at_chance"];
    if (!w.is_number_unsigned() || w.get<std::uint64_t>() > 0xffffffffu)
      return bad("\"waits_at_chance\" must be a number of chance events (0 to 4294967295)");
    r.waits_at_chance = w.get<std::uint32_t>();
    if (r.pending && r.pending->event != *r.waits_at_chance)
      return bad("\"pending\" must be for the chance event the game waits at, \"waits_at_chance\"");
  }
  if (j.contains("outcome") && !j["outcome"].is_null()) {
    const json& o = j["outcome"];
    if (!o.is_object() || !o.contains("scores") || !o["scores"].is_array() ||
        !o.contains("places") || !o["places"].is_array())
      return bad("\"outcome\" must hold \"scores\" and \"places\" lists");
    Outcome out;
    if (o.contains("kind")) {
      bool known = false;
      for (OutcomeKind k :
           {OutcomeKind::kLoser, OutcomeKind::kRanking, OutcomeKind::kScores, OutcomeKind::kSolo})
        if (o["kind"].is_string() && o["kind"].get<std::string>() == outcome_kind_name(k))
          out.kind = k, known = true;
      if (!known) return bad("outcome \"kind\" must be loser, ranking, scores or solo");
    }
    for (const auto& s : o["scores"]) {
      if (!s.is_number()) return bad("outcome scores must be numbers");
      out.scores.push_back(s.get<double>());
    }
    for (const auto& p : o["places"]) {
      if (!p.is_number_integer()) return bad("outcome places must be whole numbers");
      out.places.push_back(p.get<int>());
    }
    if (o.contains("summary") && o["summary"].is_string())
      out.summary = o["summary"].get<std::string>();
    if (o.contains("cap")) {
      if (!o["cap"].is_number_integer() || o["cap"].get<long long>() < 1 ||
          o["cap"].get<long long>() > 1'000'000)
        return bad("outcome \"cap\" must be a whole number from 1 to 1000000");
      out.cap = o["cap"].get<int>();
      // The unit is one of the few that games stop at (static storage).
      const std::string unit = o.contains("cap_unit") && o["cap_unit"].is_string()
                                   ? o["cap_unit"].get<std::string>()
                                   : "";
      for (std::string_view u : kCapUnits)
        if (unit == u) out.cap_unit = u;
      if (out.cap_unit.empty()) {
        std::string known;
        for (std::string_view u : kCapUnits)
          known += (known.empty() ? "" : " or ") + std::string(u);
        return bad("outcome \"cap_unit\" must be " + known);
      }
    }
    r.outcome = std::move(out);
  }
  return r;
}

}  // namespace parlour
