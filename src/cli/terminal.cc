#include "cli/terminal.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

namespace parlour::cli {
namespace {

std::string normalise(std::string_view s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ', space = false;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

bool is_number(std::string_view t) {
  return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The numbers a key may take, as runs: "1-3, 6", never "1-6" where 4 and 5
// are refused.
std::string runs(const std::set<int>& values) {
  std::string out;
  for (auto it = values.begin(); it != values.end();) {
    const int first = *it;
    int last = first;
    while (++it != values.end() && *it == last + 1) ++last;
    out += (out.empty() ? "" : ", ") + std::to_string(first);
    if (last > first) out += "-" + std::to_string(last);
  }
  return out;
}

// "Deal" from "deal": a header's first word.
std::string capitalized(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

std::string pad(std::string s, std::size_t width) {
  // Width in characters as shown: count UTF-8 lead bytes, skip ANSI escapes.
  std::size_t shown = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\033') {
      while (i < s.size() && s[i] != 'm') ++i;
      continue;
    }
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) ++shown;
  }
  if (shown < width) s.append(width - shown, ' ');
  return s;
}

}  // namespace

std::string Terminal::card(Card c) const {
  std::string name = style_.spanish
                         ? spanish_short_name(c)
                         : short_name(c, style_.ascii ? Charset::kAscii : Charset::kUnicode);
  if (!style_.colour) return name;
  if (c.is_standard()) return c.colour() == kRed ? "\033[31m" + name + "\033[0m" : name;
  if (c.is_joker() || c.is_lone_picture()) return "\033[1;35m" + name + "\033[0m";
  return "\033[1m" + name + "\033[0m";
}

std::string Terminal::zone_cards(const Zone& z, bool positions) const {
  std::string s;
  for (std::size_t i = 0; i < z.cards.size(); ++i) {
    if (!s.empty()) s += ' ';
    if (positions) s += std::to_string(i + 1) + ":";
    s += z.cards[i].card ? card(*z.cards[i].card) : (style_.ascii ? "##" : "▒▒");
  }
  return s;
}

std::string Terminal::zone_line(const Zone& z, bool numbered) const {
  const bool hidden = std::none_of(z.cards.begin(), z.cards.end(),
                                   [](const CardView& c) { return c.card.has_value(); });
  std::string s;
  switch (z.layout) {
    case Layout::kHand:
    case Layout::kFan:
    case Layout::kRow:
    case Layout::kColumn:
      // One card face down is said as two are: "1 card face down", not a glyph.
      s = hidden && !z.cards.empty()
              ? cards_text(static_cast<int>(z.cards.size())) + " face down"
              : zone_cards(z, numbered || (z.layout == Layout::kFan && z.note.empty()));
      break;
    case Layout::kPile: {
      s = cards_text(static_cast<int>(z.cards.size()));
      if (!z.cards.empty() && z.cards.back().card && z.cards.back().face_up)
        s += ", top " + card(*z.cards.back().card);
      break;
    }
    case Layout::kGrid: {
      const std::size_t w = z.columns > 0 ? static_cast<std::size_t>(z.columns) : z.cards.size();
      for (std::size_t i = 0; i < z.cards.size(); ++i) {
        if (i && i % w == 0)
          s += "\n        ";
        else if (i)
          s += ' ';
        const CardView& c = z.cards[i];
        s += c.empty ? "  " : c.card ? pad(card(*c.card), 3) : (style_.ascii ? "## " : "▒▒ ");
      }
      break;
    }
    case Layout::kTrick:
      for (const CardView& c : z.cards)
        s += (s.empty() ? "" : ", ") + (c.seat >= 0 ? seat_name(c.seat) + " " : "") +
             (c.card ? card(*c.card) : (style_.ascii ? "##" : "▒▒"));
      if (s.empty()) s = "no cards yet";
      break;
    case Layout::kPot:
      s = std::to_string(z.chips) + (z.chips == 1 ? " chip" : " chips");
      if (!z.cards.empty()) s += " and " + zone_cards(z, false);
      break;
    case Layout::LAYOUT_NB:
      break;
  }
  if (!z.note.empty()) s += "  (" + text(z.note) + ")";
  return s;
}

std::string Terminal::table(const View& v) const {
  std::ostringstream out;
  out << "── "
      << (v.hands != 1 ? capitalized(v.hand_word) + " " + std::to_string(v.hand) +
                             (v.hands > 1 ? " of " + std::to_string(v.hands) : "") + " · "
                       : "")
      << "dealer Seat " << v.dealer << " ──\n";
  // A seat's zones are named "Seat 2's pairs": under the seat, "pairs" says it.
  auto short_name_of = [](const Zone& z) {
    const std::string prefix = seat_name(z.owner) + "'s ";
    return z.name.rfind(prefix, 0) == 0 ? z.name.substr(prefix.size()) : z.name;
  };
  // Zones whose cards a key picks by position ("3" puts down the third card):
  // their cards are numbered.
  std::vector<bool> numbered(v.zones.size(), false);
  for (const Choice& c : v.choices) {
    std::istringstream in(c.key);
    std::string t;
    while (in >> t)
      if (is_number(t)) break;
    if (c.picks.size() == 1 && is_number(t) && c.picks[0].card + 1 == std::stoi(t) &&
        c.picks[0].zone >= 0 && c.picks[0].zone < static_cast<int>(v.zones.size()))
      numbered[c.picks[0].zone] = true;
  }
  auto line = [&](const Zone& z) { return zone_line(z, numbered[&z - v.zones.data()]); };
  // A score column where scores mean something: a match of several hands, or
  // once anyone has scored (Chase the Ace counts lives, never a score).
  const bool scores = v.hands > 1 || std::any_of(v.seats.begin(), v.seats.end(),
                                                 [](const SeatInfo& si) { return si.score != 0; });
  for (Seat s = 0; s < v.players; ++s) {
    const SeatInfo& si = v.seats[s];
    std::string name = si.name + (s == v.viewer ? " (you)" : "");
    out << "  " << pad(name, 14) << pad(cards_text(si.cards), 10);
    if (scores) {
      std::ostringstream sc;
      sc << si.score;
      out << pad("score " + sc.str(), 10);
    }
    for (const Counter& c : si.counters) {
      std::ostringstream val;
      val << c.value;
      out << c.name << " " << val.str() << "  ";
    }
    if (!si.status.empty()) out << "[" << text(si.status) << "]";
    out << "\n";
    for (const Zone& z : v.zones) {
      if (z.owner != s || z.cards.empty()) continue;
      const bool own_hand = z.kind == ZoneKind::kHand && s == v.viewer;
      if (own_hand) continue;  // shown last, as "Your hand"
      // Another seat's hand: only where this viewer knows some card of it.
      if (z.kind == ZoneKind::kHand &&
          std::none_of(z.cards.begin(), z.cards.end(),
                       [](const CardView& c) { return c.card.has_value(); }))
        continue;
      out << "      " << short_name_of(z) << ": " << line(z) << "\n";
    }
  }
  for (const Zone& z : v.zones) {
    if (z.owner != kNobody) continue;
    // An empty column is a place a card (a King, in Klondike) may go: said, as
    // the table shows it. Other empty zones (an empty stock) are left out.
    const bool place = z.kind == ZoneKind::kTableau;
    if (z.cards.empty() && z.layout != Layout::kPot && z.layout != Layout::kTrick && !place)
      continue;
    out << "  " << text(z.name) << ": " << (z.cards.empty() && place ? "empty" : line(z))
        << "\n";  // a name may hold a card token
  }
  if (v.viewer >= 0)
    for (const Zone& z : v.zones)
      if (z.kind == ZoneKind::kHand && z.owner == v.viewer) {
        out << "  Your hand: " << (z.cards.empty() ? "empty" : line(z)) << "\n";
        break;
      }
  return out.str();
}

std::string Terminal::accepted(const std::vector<Choice>& choices) {
  // Group keys by shape ("m # #"), keeping the range of their numbers.
  std::vector<std::string> order;
  std::map<std::string, std::set<int>> values;
  std::map<std::string, std::pair<int, std::string>> keys;  // how many, and the first
  for (const Choice& c : choices) {
    std::istringstream in(c.key);
    std::string t, shape;
    std::set<int> here;
    while (in >> t) {
      if (is_number(t)) {
        here.insert(std::stoi(t));
        t = "#";
      }
      shape += (shape.empty() ? "" : " ") + t;
    }
    auto& [count, first] = keys[shape];
    if (count++ == 0) first = c.key;
    auto [it, fresh] = values.try_emplace(shape);
    if (fresh) order.push_back(shape);
    it->second.insert(here.begin(), here.end());
  }
  std::string out;
  for (const std::string& shape : order) {
    std::string item = shape;
    int hashes = static_cast<int>(std::count(shape.begin(), shape.end(), '#'));
    if (keys[shape].first == 1)  // alone of its shape: as it is typed
      item = keys[shape].second;
    else if (hashes == 1 && shape == "#")
      item = runs(values[shape]);
    else if (hashes > 0) {
      std::string named;
      char letter = 'A';
      for (char ch : shape) named += ch == '#' ? letter++ : ch;
      item = named + " (" + runs(values[shape]) + ")";
    }
    out += (out.empty() ? "" : ", ") + item;
  }
  return out;
}

std::string Terminal::hints(const std::vector<Choice>& choices) const {
  // Numbers of a key become letters, in the key and where the label repeats
  // them; choices of one key shape are one hint. Where their labels still
  // differ (each names its own card), the hint keeps the words they share and
  // says "card A" when A is the position of the card each picks.
  struct Group {
    std::vector<std::string> words;  // the label's words, letters for numbers
    bool differ = false;
    bool positions = true;  // A is always the position of the single card picked
    int letters = 0;
    std::set<int> values;  // every number its keys take
    int count = 0;
    std::string key, label;  // the first choice's, said as they are when alone
  };
  std::vector<std::string> order;
  std::map<std::string, Group> groups;
  for (const Choice& c : choices) {
    std::istringstream in(c.key);
    std::vector<std::string> nums;
    std::string t, shape;
    std::set<int> here;
    while (in >> t) {
      if (is_number(t)) {
        here.insert(std::stoi(t));
        nums.push_back(t);
        t = std::string(1, static_cast<char>('A' + nums.size() - 1));
      }
      shape += (shape.empty() ? "" : " ") + t;
    }
    std::istringstream read(text(c.label));
    std::vector<std::string> words;
    std::vector<bool> used(nums.size(), false);
    while (read >> t) {
      for (std::size_t i = 0; i < nums.size(); ++i)
        if (!used[i] && t == nums[i]) {
          t = std::string(1, static_cast<char>('A' + i));
          used[i] = true;
          break;
        }
      words.push_back(t);
    }
    const bool position =
        nums.size() == 1 && c.picks.size() == 1 && c.picks[0].card + 1 == std::stoi(nums[0]);
    auto [it, fresh] = groups.try_emplace(shape);
    Group& g = it->second;
    ++g.count;
    if (fresh) {
      order.push_back(shape);
      g.words = words, g.letters = static_cast<int>(nums.size());
      g.key = c.key, g.label = text(c.label);
    } else if (words != g.words) {
      std::size_t same = 0;
      while (same < words.size() && same < g.words.size() && words[same] == g.words[same]) ++same;
      g.words.resize(same);
      g.differ = true;
    }
    g.positions &= position;
    g.values.insert(here.begin(), here.end());
  }
  std::string out;
  for (const std::string& shape : order) {
    const Group& g = groups[shape];
    if (g.count == 1) {  // one choice of its shape: nothing to stand for
      out += (out.empty() ? "" : " · ") + g.key + ": " + g.label;
      continue;
    }
    std::string label;
    for (const std::string& w : g.words) label += (label.empty() ? "" : " ") + w;
    if (g.differ) label += std::string(label.empty() ? "" : " ") + (g.positions ? "card A" : "…");
    std::string line = shape + ": " + label;
    if (g.letters > 0) {
      std::string names;
      for (int i = 0; i < g.letters; ++i)
        names += (i ? ", " : "") + std::string(1, static_cast<char>('A' + i));
      line += " (" + names + ": " + runs(g.values) + ")";
    }
    out += (out.empty() ? "" : " · ") + line;
  }
  return out;
}

std::string Terminal::all_choices(const std::vector<Choice>& choices) const {
  std::string out;
  for (const Choice& c : choices) out += "  " + pad(c.key, 8) + text(c.label) + "\n";
  return out;
}

std::string Terminal::sheet(const ScoreSheet& sh) const {
  if (sh.empty()) return "";
  const bool ascii = style_.ascii || style_.plain;
  constexpr std::size_t kCell = 8;
  const std::size_t width = kCell * sh.columns.size();
  auto rule = [&](std::string_view fancy, char plain) {
    std::string r = "  ";
    for (std::size_t i = 0; i < width; ++i) r += ascii ? std::string(1, plain) : std::string(fancy);
    return r;
  };
  auto cell = [&](const std::string& x) {
    return std::string(kCell > x.size() ? kCell - x.size() : 1, ' ') + x;
  };
  auto row = [&](const std::vector<int>& points, std::string_view what) {
    std::string r = "  ";
    for (int p : points) r += cell(p ? std::to_string(p) : "");
    if (!what.empty()) r += "   " + std::string(what);
    return r + "\n";
  };
  std::ostringstream out;
  out << "Score-sheet. " << sh.note << "\n  ";
  for (const std::string& c : sh.columns) out << cell(c);
  out << "\n";
  // Above the line, entries are written upwards from it: the latest on top.
  for (auto it = sh.above.rbegin(); it != sh.above.rend(); ++it) out << row(it->points, it->what);
  out << rule("═", '=') << "   the line\n";
  for (const SheetEntry& e : sh.below) {
    out << row(e.points, e.what);
    if (e.ruled) out << rule("─", '-') << "\n";
  }
  if (!sh.games.empty()) {
    out << "  ";
    for (int g : sh.games) out << cell(std::to_string(g));
    out << "   games\n";
  }
  out << "  ";
  for (int t : sh.totals) out << cell(std::to_string(t));
  out << "   totals\n";
  if (!sh.result.empty()) out << sh.result << "\n";
  return out.str();
}

std::optional<Action> Terminal::parse(std::string_view input, const std::vector<Choice>& choices) {
  const std::string in = normalise(input);
  if (in.empty()) return std::nullopt;
  for (const Choice& c : choices)
    if (in == normalise(c.key) || in == normalise(c.label)) return c.action;
  return std::nullopt;
}

std::optional<Terminal::Typed> Terminal::typed_picks(std::string_view input, const View& v) {
  std::istringstream words{normalise(input)};
  std::vector<std::string> tokens;
  for (std::string t; words >> t;) tokens.push_back(t);
  if (tokens.empty() || tokens.size() > 33) return std::nullopt;
  Typed out;
  std::size_t at = 0;
  const auto number = [](const std::string& t) { return is_number(t) && t.size() <= 2; };
  if (!number(tokens[0])) out.word = tokens[at++];
  if (at == tokens.size()) return std::nullopt;
  int hand = -1;
  for (std::size_t z = 0; z < v.zones.size() && hand < 0; ++z)
    if (v.zones[z].kind == ZoneKind::kHand && v.zones[z].owner == v.viewer)
      hand = static_cast<int>(z);
  if (hand < 0) return std::nullopt;
  for (; at < tokens.size(); ++at) {
    if (!number(tokens[at]) || std::stoi(tokens[at]) < 1) return std::nullopt;
    out.picks.push_back({hand, std::stoi(tokens[at]) - 1});
  }
  return out;
}

}  // namespace parlour::cli
