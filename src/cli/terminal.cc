#include "cli/terminal.h"

#include <algorithm>
#include <cctype>
#include <map>
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
  std::string name = short_name(c, style_.ascii ? Charset::kAscii : Charset::kUnicode);
  if (!style_.colour) return name;
  if (c.is_standard()) return c.colour() == kRed ? "\033[31m" + name + "\033[0m" : name;
  if (c.is_joker() || c.is_old_maid()) return "\033[1;35m" + name + "\033[0m";
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

std::string Terminal::table(const View& v) const {
  std::ostringstream out;
  out << "── " << (v.hands != 1 ? "Hand " + std::to_string(v.hand) + (v.hands > 1 ? " of " + std::to_string(v.hands) : "") + " · " : "")
      << "dealer Seat " << v.dealer << " ──\n";
  auto zone = [&](ZoneKind k, Seat owner) -> const Zone* {
    for (const Zone& z : v.zones)
      if (z.kind == k && z.owner == owner) return &z;
    return nullptr;
  };
  for (Seat s = 0; s < v.players; ++s) {
    const SeatInfo& si = v.seats[s];
    std::string name = si.name + (s == v.viewer ? " (you)" : "");
    out << "  " << pad(name, 14) << pad(std::to_string(si.cards) + (si.cards == 1 ? " card" : " cards"), 10);
    if (v.hands != 1) out << pad("score " + std::to_string(static_cast<long long>(si.score)), 10);
    if (!si.status.empty()) out << "[" << si.status << "]";
    out << "\n";
    if (const Zone* p = zone(ZoneKind::kPairs, s); p && !p->cards.empty()) {
      const std::size_t n = p->cards.size() / 2;
      out << "      " << n << (n == 1 ? " pair" : " pairs");
      if (p->cards.front().card) {
        out << ":";
        for (std::size_t i = 0; i + 1 < p->cards.size(); i += 2)
          out << (i ? ",  " : " ") << card(*p->cards[i].card) << " " << card(*p->cards[i + 1].card);
      } else {
        out << " face down";
      }
      if (!p->note.empty()) out << "  (" << text(p->note) << ")";
      out << "\n";
    }
    if (const Zone* t = zone(ZoneKind::kTable, s); t && !t->cards.empty())
      out << "      laid: " << zone_cards(*t, false) << "\n";
    // Another seat's hand: show it only where this viewer knows some card.
    if (const Zone* h = zone(ZoneKind::kHand, s); h && s != v.viewer) {
      bool any = std::any_of(h->cards.begin(), h->cards.end(), [](const CardView& c) { return c.card.has_value(); });
      if (any) out << "      hand: " << zone_cards(*h, true) << (h->note.empty() ? "" : "  (" + h->note + ")") << "\n";
    }
  }
  for (const Zone& z : v.zones) {
    if (z.owner != kNobody || z.cards.empty()) continue;
    const bool hidden = std::none_of(z.cards.begin(), z.cards.end(), [](const CardView& c) { return c.card.has_value(); });
    out << "  " << z.name << ": "
        << (hidden && z.cards.size() > 1 ? std::to_string(z.cards.size()) + " cards" : zone_cards(z, false))
        << (z.note.empty() ? "" : "  (" + z.note + ")") << "\n";
  }
  if (v.viewer >= 0)
    if (const Zone* h = zone(ZoneKind::kHand, v.viewer)) {
      out << "  Your hand: " << (h->cards.empty() ? "empty" : zone_cards(*h, h->note.empty()));
      if (!h->note.empty()) out << "  (" << h->note << ")";
      out << "\n";
    }
  return out.str();
}

std::string Terminal::accepted(const std::vector<Choice>& choices) {
  // Group keys by shape ("m # #"), keeping the range of their numbers.
  std::vector<std::string> order;
  std::map<std::string, std::pair<int, int>> range;
  for (const Choice& c : choices) {
    std::istringstream in(c.key);
    std::string t, shape;
    int lo = 1 << 30, hi = -1;
    while (in >> t) {
      if (is_number(t)) {
        int n = std::stoi(t);
        lo = std::min(lo, n), hi = std::max(hi, n);
        t = "#";
      }
      shape += (shape.empty() ? "" : " ") + t;
    }
    auto [it, fresh] = range.try_emplace(shape, lo, hi);
    if (fresh) order.push_back(shape);
    else it->second = {std::min(it->second.first, lo), std::max(it->second.second, hi)};
  }
  std::string out;
  for (const std::string& shape : order) {
    auto [lo, hi] = range[shape];
    std::string item = shape;
    int hashes = static_cast<int>(std::count(shape.begin(), shape.end(), '#'));
    if (hashes == 1 && shape == "#") item = lo == hi ? std::to_string(lo) : std::to_string(lo) + "-" + std::to_string(hi);
    else if (hashes > 0) {
      std::string named;
      char letter = 'A';
      for (char ch : shape) named += ch == '#' ? letter++ : ch;
      item = named + " (" + std::to_string(lo) + "-" + std::to_string(hi) + ")";
    }
    out += (out.empty() ? "" : ", ") + item;
  }
  return out;
}

std::string Terminal::all_choices(const std::vector<Choice>& choices) const {
  std::string out;
  for (const Choice& c : choices) out += "  " + pad(c.key, 8) + text(c.label) + "\n";
  return out;
}

std::optional<Action> Terminal::parse(std::string_view input, const std::vector<Choice>& choices) {
  const std::string in = normalise(input);
  if (in.empty()) return std::nullopt;
  for (const Choice& c : choices)
    if (in == normalise(c.key) || in == normalise(c.label)) return c.action;
  return std::nullopt;
}

}  // namespace parlour::cli
