#include "core/view.h"

#include <algorithm>
#include <array>
#include <bit>

namespace parlour {
namespace {

// The one place zone kinds, layouts and resolutions are named: the JSON of a
// view, the terminal and the browser all read these words.
constexpr std::array<std::string_view, static_cast<std::size_t>(ZoneKind::ZONE_KIND_NB)>
    kKindNames = {"hand",  "pairs", "aside",      "stock",   "discard",
                  "table", "trick", "foundation", "tableau", "pot"};
constexpr std::array<std::string_view, static_cast<std::size_t>(Layout::LAYOUT_NB)> kLayoutNames = {
    "hand", "fan", "row", "pile", "column", "grid", "trick", "pot"};
constexpr std::array<std::string_view, 3> kResolveNames = {"turn", "first", "all"};

}  // namespace

std::string_view zone_kind_name(ZoneKind k) {
  return kKindNames[static_cast<std::size_t>(k)];
}
std::string_view layout_name(Layout l) {
  return kLayoutNames[static_cast<std::size_t>(l)];
}
std::string_view resolve_name(Resolve r) {
  return kResolveNames[static_cast<std::size_t>(r)];
}

Zone& grid_zone(View& v, std::span<const std::uint8_t> slots, int columns, bool dealt) {
  Zone& z = v.add_zone(ZoneKind::kTableau, Layout::kGrid, kNobody);
  z.columns = columns;
  for (std::uint8_t x : slots) {
    // Made in its place: a CardView built on the stack and copied in whole
    // waits on the stores of its fields (Old Maid's views spent three
    // quarters of their time so).
    CardView& cv = z.cards.emplace_back();
    if (x == kEmptySlot || !dealt) {
      cv.empty = dealt;
    } else {
      cv.card = Card::from_index(x);
      cv.face_up = true;
    }
  }
  return z;
}

namespace {
// Hands the storage of `used` to `spare` for the next filling, which takes
// it back in the same order (the zone at a place gets the storage the zone at
// that place had, the right size already), from `next` on: one move an
// element, where moving each onto a stack and back took two and was a tenth
// of a batched step with observations. What the last filling left untaken
// follows, let go beyond a bound: a filling that adds its elements by
// push_back takes none back.
template <class T>
void keep(std::vector<T>& used, std::vector<T>& spare, std::size_t& next) {
  const std::size_t bound = std::max<std::size_t>(64, used.size());
  for (std::size_t k = next; k < spare.size() && used.size() < bound; ++k)
    used.push_back(std::move(spare[k]));
  spare.clear();  // the moved-from, and any beyond the bound
  std::swap(used, spare);
  next = 0;
}
template <class T>
T& take(std::vector<T>& to, std::vector<T>& spare, std::size_t& next) {
  if (next >= spare.size()) return to.emplace_back();
  to.push_back(std::move(spare[next++]));
  return to.back();
}
}  // namespace

void View::clear() {
  // Field by field, for the strings to keep their buffers (an assignment of
  // a fresh View would free them).
  game.clear();
  viewer = kSpectator, players = 0, to_move = kTerminal, actors = 0, resolve = Resolve::kTurn;
  dealer = 0, hand = 1, hands = 1;
  hand_word.assign("hand");
  keep(seats, spares.seats, spares.next_seat);
  keep(zones, spares.zones, spares.next_zone);
  keep(choices, spares.choices, spares.next_choice);
  prompt.clear();
  list_choices = false, terminal = false;
  result.clear();
  score_word.assign("score");
  card_names.clear();
  last_hand.hand = 0;
  last_hand.summary.clear();
  last_hand.points.clear();
  last_hand.totals.clear();
  sheet.columns.clear();
  sheet.note.clear();
  sheet.above.clear();
  sheet.below.clear();
  sheet.games.clear();
  sheet.totals.clear();
  sheet.result.clear();
}

SeatInfo& View::add_seat() {
  SeatInfo& si = take(seats, spares.seats, spares.next_seat);
  si.name.clear();
  si.cards = 0, si.score = 0, si.out = false;
  si.status.clear();
  si.counters.clear();
  return si;
}

Zone& View::add_zone(ZoneKind kind, Layout layout, Seat owner) {
  Zone& z = take(zones, spares.zones, spares.next_zone);
  z.kind = kind, z.layout = layout, z.owner = owner;
  z.name.clear();
  z.cards.clear();
  z.note.clear();
  z.columns = 0, z.chips = 0, z.pick_any = false;
  return z;
}

Choice& View::add_choice(Action action) {
  Choice& c = take(choices, spares.choices, spares.next_choice);
  c.action = action;
  c.label.clear();
  c.key.clear();
  c.picks.clear();
  c.to = {};
  c.zone = -1;
  return c;
}

std::string card_token(Card c) {
  return "[[" + std::to_string(c.index()) + "]]";
}

std::string seat_name(Seat s) {
  return "Seat " + std::to_string(s);
}

std::string seat_names(std::uint32_t seats) {
  std::string out;
  for (Seat s = 0; s < 32; ++s)
    if (seats >> s & 1) out += (out.empty() ? "" : " and ") + seat_name(s);
  return out;
}

std::string cards_text(int n) {
  return std::to_string(n) + (n == 1 ? " card" : " cards");
}

std::string counters_text(int n) {
  return std::to_string(n) + (n == 1 || n == -1 ? " counter" : " counters");
}

std::string opening(std::string words) {
  if (!words.empty() && words[0] >= 'a' && words[0] <= 'z')
    words[0] = static_cast<char>(words[0] - 'a' + 'A');
  return words;
}

std::string ordinal(int n) {
  const int t = n % 100;
  return std::to_string(n) + (t / 10 == 1   ? "th"
                              : n % 10 == 1 ? "st"
                              : n % 10 == 2 ? "nd"
                              : n % 10 == 3 ? "rd"
                                            : "th");
}

std::string Words::who(Seat s) const {
  return you(s) ? std::string("You") : seat_name(s);
}
std::string Words::whom(Seat s) const {
  return you(s) ? std::string("you") : seat_name(s);
}
std::string Words::whose(Seat s) const {
  return you(s) ? std::string("your") : seat_name(s) + "'s";
}

std::string Words::whom(std::uint32_t seats) const {
  std::string out;
  const int n = std::popcount(seats);
  int k = 0;
  for (Seat s = 0; s < 32; ++s)
    if (seats >> s & 1) out += std::string(k++ == 0 ? "" : k == n ? " and " : ", ") + whom(s);
  return out;
}

std::string Words::verb(Seat s, std::string_view v) const {
  if (you(s) || v.empty()) return std::string(v);
  // The third person of a regular English verb.
  const char last = v.back();
  const auto ends = [&](std::string_view e) {
    return v.size() >= e.size() && v.substr(v.size() - e.size()) == e;
  };
  if (ends("s") || ends("x") || ends("z") || ends("ch") || ends("sh") || ends("o"))
    return std::string(v) + "es";
  if (last == 'y' && v.size() > 1 &&
      std::string_view("aeiou").find(v[v.size() - 2]) == std::string_view::npos)
    return std::string(v.substr(0, v.size() - 1)) + "ies";
  return std::string(v) + "s";
}

std::string Words::verb(Seat s, std::string_view you_form, std::string_view other_form) const {
  return std::string(you(s) ? you_form : other_form);
}

std::string Words::says(Seat s, std::string_view v) const {
  return who(s) + " " + verb(s, v);
}

}  // namespace parlour
