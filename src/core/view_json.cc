#include "core/view_json.h"

#include <array>

#include "core/json_writer.h"

namespace parlour {

namespace {

// Every card's two names, made once: a view names many cards.
struct CardNames {
  std::string short_name, long_name;
};
const CardNames& names(Card c) {
  static const auto table = [] {
    std::array<CardNames, 256> t;
    for (int i = 0; i < 256; ++i)
      if (const Card k = Card::from_index(static_cast<std::uint8_t>(i)); k.valid())
        t[static_cast<std::size_t>(i)] = {short_name(k), long_name(k)};
    return t;
  }();
  return table[c.index()];
}

void write_numbers(JsonWriter& w, const std::vector<double>& xs) {
  w.begin_array();
  for (double x : xs) w.number(x);
  w.end_array();
}

}  // namespace

// Keys in name order: what the JSON library this replaced wrote, so that a
// view's text (which seeds some searches' randomness) is as it was.
std::string to_json(const View& v) {
  std::string out;
  out.reserve(2048);
  JsonWriter w(out);
  w.begin_object().key("actors").begin_array();
  for (Seat s = 0; s < kMaxSeats; ++s)
    if (v.actors >> s & 1) w.integer(s);
  w.end_array();
  // Only where it is set: a view's text is as it was for the rest.
  if (!v.card_names.empty()) w.key("card_names").str(v.card_names);
  w.key("choices").begin_array();
  for (const Choice& c : v.choices) {
    w.begin_object().key("action").integer(c.action).key("key").str(c.key).key("label").str(
        c.label);
    if (!c.picks.empty()) {
      w.key("picks").begin_array();
      for (const CardRef& p : c.picks) w.begin_array().integer(p.zone).integer(p.card).end_array();
      w.end_array();
    }
    if (c.to.zone >= 0) w.key("to").begin_array().integer(c.to.zone).integer(c.to.card).end_array();
    if (c.zone >= 0) w.key("zone").integer(c.zone);
    w.end_object();
  }
  w.end_array().key("dealer").integer(v.dealer).key("game").str(v.game);
  w.key("hand").integer(v.hand).key("hand_word").str(v.hand_word).key("hands").integer(v.hands);
  w.key("last_hand");
  if (v.last_hand.hand > 0) {
    w.begin_object().key("hand").integer(v.last_hand.hand).key("points");
    write_numbers(w, v.last_hand.points);
    w.key("summary").str(v.last_hand.summary).key("totals");
    write_numbers(w, v.last_hand.totals);
    w.end_object();
  } else {
    w.null();
  }
  w.key("list_choices").boolean(v.list_choices).key("players").integer(v.players);
  w.key("prompt").str(v.prompt).key("resolve").str(resolve_name(v.resolve));
  w.key("result").str(v.result);
  // Only where it is not "score": a view's text is as it was for the rest.
  if (v.score_word != "score") w.key("score_word").str(v.score_word);
  w.key("seats").begin_array();
  for (const SeatInfo& s : v.seats) {
    w.begin_object().key("cards").integer(s.cards).key("counters").begin_array();
    for (const Counter& c : s.counters)
      w.begin_object().key("name").str(c.name).key("value").number(c.value).end_object();
    w.end_array().key("name").str(s.name).key("out").boolean(s.out);
    w.key("score").number(s.score).key("status").str(s.status).end_object();
  }
  w.end_array();
  // Only in a game that keeps one: a view's text is as it was for the rest.
  if (!v.sheet.empty()) {
    const ScoreSheet& sh = v.sheet;
    auto ints = [&](const std::vector<int>& xs) {
      w.begin_array();
      for (int x : xs) w.integer(x);
      w.end_array();
    };
    auto entries = [&](const std::vector<SheetEntry>& es) {
      w.begin_array();
      for (const SheetEntry& e : es) {
        w.begin_object().key("points");
        ints(e.points);
        w.key("ruled").boolean(e.ruled).key("what").str(e.what).end_object();
      }
      w.end_array();
    };
    w.key("sheet").begin_object().key("above");
    entries(sh.above);
    w.key("below");
    entries(sh.below);
    w.key("columns").begin_array();
    for (const std::string& c : sh.columns) w.str(c);
    w.end_array().key("games");
    ints(sh.games);
    w.key("note").str(sh.note).key("result").str(sh.result).key("totals");
    ints(sh.totals);
    w.end_object();
  }
  w.key("terminal").boolean(v.terminal).key("to_move").integer(v.to_move);
  w.key("viewer").integer(v.viewer).key("zones").begin_array();
  for (const Zone& z : v.zones) {
    w.begin_object().key("cards").begin_array();
    for (const CardView& c : z.cards) {
      w.begin_object().key("card");
      if (c.card)
        w.str(names(*c.card).short_name);
      else
        w.null();
      if (c.empty) w.key("empty").boolean(true);
      w.key("face_up").boolean(c.face_up).key("index");
      if (c.card)
        w.integer(c.card->index()).key("name").str(names(*c.card).long_name);
      else
        w.null().key("name").null();
      if (c.seat != kNobody) w.key("seat").integer(c.seat);
      w.end_object();
    }
    w.end_array();
    if (z.layout == Layout::kPot) w.key("chips").integer(z.chips);
    if (z.columns) w.key("columns").integer(z.columns);
    if (z.pick_any) w.key("pick_any").boolean(true);
    w.key("kind").str(zone_kind_name(z.kind)).key("layout").str(layout_name(z.layout));
    w.key("name").str(z.name).key("note").str(z.note).key("owner").integer(z.owner).end_object();
  }
  w.end_array().end_object();
  return out;
}

}  // namespace parlour
