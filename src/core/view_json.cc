#include "core/view_json.h"

#include <nlohmann/json.hpp>

namespace parlour {

std::string to_json(const View& v) {
  using nlohmann::json;
  json j;
  j["game"] = v.game;
  j["viewer"] = v.viewer;
  j["players"] = v.players;
  j["to_move"] = v.to_move;
  j["actors"] = json::array();
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (v.actors >> s & 1) j["actors"].push_back(s);
  j["resolve"] = resolve_name(v.resolve);
  j["dealer"] = v.dealer;
  j["hand"] = v.hand;
  j["hands"] = v.hands;
  j["terminal"] = v.terminal;
  j["result"] = v.result;
  j["seats"] = json::array();
  for (const SeatInfo& s : v.seats) {
    json counters = json::array();
    for (const Counter& c : s.counters) counters.push_back({{"name", c.name}, {"value", c.value}});
    j["seats"].push_back({{"name", s.name},
                          {"cards", s.cards},
                          {"score", s.score},
                          {"out", s.out},
                          {"status", s.status},
                          {"counters", std::move(counters)}});
  }
  j["zones"] = json::array();
  for (const Zone& z : v.zones) {
    json cards = json::array();
    for (const CardView& c : z.cards) {
      json cj = {{"face_up", c.face_up}};
      if (c.card)
        cj["card"] = short_name(*c.card), cj["name"] = long_name(*c.card),
        cj["index"] = c.card->index();
      else
        cj["card"] = nullptr, cj["name"] = nullptr, cj["index"] = nullptr;
      if (c.seat != kNobody) cj["seat"] = c.seat;
      if (c.empty) cj["empty"] = true;
      cards.push_back(std::move(cj));
    }
    json zj = {{"kind", zone_kind_name(z.kind)},
               {"layout", layout_name(z.layout)},
               {"owner", z.owner},
               {"name", z.name},
               {"note", z.note},
               {"cards", std::move(cards)}};
    if (z.columns) zj["columns"] = z.columns;
    if (z.layout == Layout::kPot) zj["chips"] = z.chips;
    j["zones"].push_back(std::move(zj));
  }
  j["prompt"] = v.prompt;
  j["choices"] = json::array();
  for (const Choice& c : v.choices) {
    json cj = {{"action", c.action}, {"label", c.label}, {"key", c.key}};
    if (!c.picks.empty()) {
      cj["picks"] = json::array();
      for (const CardRef& p : c.picks) cj["picks"].push_back({p.zone, p.card});
    }
    if (c.to.zone >= 0) cj["to"] = {c.to.zone, c.to.card};
    j["choices"].push_back(std::move(cj));
  }
  j["list_choices"] = v.list_choices;
  if (v.last_hand.hand > 0)
    j["last_hand"] = {{"hand", v.last_hand.hand},
                      {"summary", v.last_hand.summary},
                      {"points", v.last_hand.points},
                      {"totals", v.last_hand.totals}};
  else
    j["last_hand"] = nullptr;
  return j.dump();
}

}  // namespace parlour
