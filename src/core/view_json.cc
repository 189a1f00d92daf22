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
  j["dealer"] = v.dealer;
  j["hand"] = v.hand;
  j["hands"] = v.hands;
  j["terminal"] = v.terminal;
  j["result"] = v.result;
  j["seats"] = json::array();
  for (const SeatInfo& s : v.seats)
    j["seats"].push_back({{"name", s.name},
                          {"cards", s.cards},
                          {"score", s.score},
                          {"out", s.out},
                          {"status", s.status}});
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
      cards.push_back(cj);
    }
    j["zones"].push_back({{"kind", zone_kind_name(z.kind)},
                          {"owner", z.owner},
                          {"name", z.name},
                          {"fan", z.fan},
                          {"note", z.note},
                          {"cards", cards}});
  }
  j["prompt"] = v.prompt;
  j["choices"] = json::array();
  for (const Choice& c : v.choices) {
    json cj = {{"action", c.action}, {"label", c.label}, {"key", c.key}};
    if (c.zone >= 0) cj["zone"] = c.zone, cj["card"] = c.card;
    if (c.to >= 0) cj["to"] = c.to;
    j["choices"].push_back(std::move(cj));
  }
  j["list_choices"] = v.list_choices;
  return j.dump();
}

}  // namespace parlour
