#include "knowledge_model.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <stdexcept>

namespace parlour::testing {

KnowledgeModel::KnowledgeModel(int players, std::vector<Card> deck)
    : players_(players), deck_(std::move(deck)), knows_(static_cast<std::size_t>(players) + 1) {}

int KnowledgeModel::zone_id(const Zone& z) {
  const auto key = std::make_tuple(static_cast<int>(z.kind), z.owner, z.name);
  if (auto it = ids_.find(key); it != ids_.end()) return it->second;
  int id = static_cast<int>(zone_owner_.size());
  if (id < kUnshown) {
    zone_owner_.push_back(z.owner);
    zone_kind_.push_back(z.kind);
    zone_name_.push_back(z.name);
  } else {
    // Zones come and go (a bank's cards are drawn before whoever holds it):
    // a zone no longer drawn and holding no card gives its number to the new.
    for (id = 0; id < kUnshown; ++id) {
      const bool drawn = std::find(drawn_.begin(), drawn_.end(), id) != drawn_.end();
      const bool holds =
          std::any_of(copies_.begin(), copies_.end(), [&](const Copy& c) { return c.zone == id; });
      if (!drawn && !holds) break;
    }
    if (id == kUnshown) throw std::runtime_error("more zones at once than the model follows");
    std::erase_if(ids_, [&](const auto& e) { return e.second == id; });
    for (auto& k : knows_)
      for (Mask& m : k) m &= ~(Mask{1} << id);
    const auto i = static_cast<std::size_t>(id);
    zone_owner_[i] = z.owner, zone_kind_[i] = z.kind, zone_name_[i] = z.name;
  }
  ids_.emplace(key, id);
  return id;
}

KnowledgeModel::Table KnowledgeModel::read(const View& omniscient) {
  Table t;
  drawn_.clear();
  for (const Zone& z : omniscient.zones) {
    const auto id = static_cast<std::size_t>(zone_id(z));
    drawn_.push_back(static_cast<int>(id));
    if (t.down.size() <= id) t.down.resize(id + 1), t.up.resize(id + 1), t.fan.resize(id + 1);
    t.fan[id] = z.layout == Layout::kFan;
    for (const CardView& c : z.cards) {
      if (!c.card) continue;  // an empty slot of a grid
      (c.face_up ? t.up : t.down)[id].push_back(*c.card);
    }
  }
  t.down.resize(zone_owner_.size()), t.up.resize(zone_owner_.size());
  t.fan.resize(zone_owner_.size());
  return t;
}

// A seat's own place (its hand, the card dealt to it): it sees every card there.
bool KnowledgeModel::owns(int observer, int zone) const {
  if (zone == kUnshown || observer >= players_) return false;
  return zone_owner_[static_cast<std::size_t>(zone)] == observer;
}

namespace {

// Whether `b` is `a` with one card moved elsewhere.
bool moved_one(const std::vector<Card>& a, const std::vector<Card>& b) {
  if (a.size() != b.size()) return false;
  std::size_t i = 0;
  while (i < a.size() && a[i] == b[i]) ++i;
  if (i == a.size()) return true;
  for (Card c : {a[i], b[i]}) {
    std::vector<Card> x = a, y = b;
    x.erase(std::find(x.begin(), x.end(), c));
    y.erase(std::find(y.begin(), y.end(), c));
    if (x == y) return true;
  }
  return false;
}

}  // namespace

void KnowledgeModel::observe(const View& omniscient) {
  const Table t = read(omniscient);
  const int zones = static_cast<int>(zone_owner_.size());
  auto face_up_anywhere = [&](Card v) {
    for (const auto& up : t.up)
      if (std::find(up.begin(), up.end(), v) != up.end()) return true;
    return false;
  };
  Mask anywhere = Mask{1} << kUnshown;
  for (int z = 0; z < zones; ++z) anywhere |= Mask{1} << z;

  if (!started_) {
    started_ = true;
    std::vector<Card> values = deck_;
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    for (Card v : values) {
      int left = static_cast<int>(std::count(deck_.begin(), deck_.end(), v));
      for (int z = 0; z < zones; ++z) {
        const auto& up = t.up[static_cast<std::size_t>(z)];
        left -= static_cast<int>(std::count(up.begin(), up.end(), v));
      }
      for (int z = 0; z < zones; ++z)
        for (Card c : t.down[static_cast<std::size_t>(z)])
          if (c == v) copies_.push_back({v, z}), --left;
      for (; left > 0; --left) copies_.push_back({v, kUnshown});
    }
    for (auto& k : knows_) k.assign(copies_.size(), anywhere);
    placed_.assign(knows_.size(), std::vector<bool>(copies_.size(), false));
  } else {
    // Where each face-down card went: per card, those still in a zone that
    // holds it stay; the others moved to where it newly lies face down.
    struct Move {
      std::size_t copy;
      int from, to;
      bool seen_by_all;  // turned up where it lay, then taken away: everyone saw it go
    };
    std::vector<Move> moves;
    std::vector<bool> gone(copies_.size(), false);
    std::vector<Copy> fresh;  // face down now, face up before: turned down before everyone
    std::vector<bool> fresh_public;
    std::map<Card, std::vector<int>> appeared;  // card -> zones it newly lies in face down
    std::map<Card, std::vector<int>> count_after;
    for (int z = 0; z < zones; ++z)
      for (Card c : t.down[static_cast<std::size_t>(z)]) {
        auto& n = count_after[c];
        n.resize(static_cast<std::size_t>(zones), 0);
        ++n[static_cast<std::size_t>(z)];
      }
    std::map<Card, std::vector<std::size_t>> left;  // copies no longer where they were
    std::map<Card, std::vector<std::size_t>> unshown;
    for (std::size_t i = 0; i < copies_.size(); ++i) {
      const Copy& c = copies_[i];
      if (c.zone == kUnshown) {
        unshown[c.card].push_back(i);
        continue;
      }
      auto it = count_after.find(c.card);
      if (it != count_after.end() && it->second[static_cast<std::size_t>(c.zone)] > 0)
        --it->second[static_cast<std::size_t>(c.zone)];
      else
        left[c.card].push_back(i);
    }
    for (auto& [v, n] : count_after)
      for (int z = 0; z < zones; ++z)
        for (int k = 0; k < n[static_cast<std::size_t>(z)]; ++k) appeared[v].push_back(z);
    std::vector<Card> values;
    for (const auto& [v, _] : left) values.push_back(v);
    for (const auto& [v, _] : appeared) values.push_back(v);
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    for (Card v : values) {
      std::vector<std::size_t>& from = left[v];
      std::vector<int>& to = appeared[v];
      std::vector<std::size_t>& spare = unshown[v];
      std::size_t k = 0;
      // Shown face up this step (played to a trick, turned up), where it
      // still lies face up or in a zone drawn for the record (the last
      // trick): everyone saw it on its way.
      // (Zone by zone: a card drawn for the deal may stay on show all game.)
      bool shown = false;
      for (std::size_t z = 0; z < t.up.size(); ++z) {
        const auto& after = t.up[z];
        const long before =
            z < table_.up.size() ? std::count(table_.up[z].begin(), table_.up[z].end(), v) : 0;
        shown |= std::count(after.begin(), after.end(), v) > before;
      }
      for (; k < from.size() && k < to.size(); ++k) {
        const int z = copies_[from[k]].zone;
        const auto& up = t.up[static_cast<std::size_t>(z)];
        moves.push_back(
            {from[k], z, to[k], shown || std::find(up.begin(), up.end(), v) != up.end()});
      }
      for (std::size_t j = k; j < to.size(); ++j) {
        if (!spare.empty()) {
          moves.push_back({spare.back(), kUnshown, to[j], false});
          spare.pop_back();
        } else {
          // Not from a face-down place: it lay face up before everyone.
          fresh.push_back({v, to[j]});
          fresh_public.push_back(was_up_.count(v) > 0);
        }
      }
      for (std::size_t j = k; j < from.size(); ++j) {
        if (face_up_anywhere(v))
          gone[from[j]] = true;  // turned up: seen by all, followed no more
        else
          moves.push_back({from[j], copies_[from[j]].zone, kUnshown, false});
      }
    }

    // A card shown face up from the unshown cards (dealt and laid down at
    // once) is followed no more.
    std::vector<Card> shown_now;
    for (const auto& u : t.up) shown_now.insert(shown_now.end(), u.begin(), u.end());
    std::sort(shown_now.begin(), shown_now.end());
    shown_now.erase(std::unique(shown_now.begin(), shown_now.end()), shown_now.end());
    for (Card v : shown_now) {
      long up = 0;
      for (const auto& u : t.up) up += std::count(u.begin(), u.end(), v);
      long tracked = -up + static_cast<long>(std::count(deck_.begin(), deck_.end(), v));
      std::vector<std::size_t> spare_now;
      for (std::size_t i = 0; i < copies_.size(); ++i) {
        if (copies_[i].card != v || gone[i]) continue;
        const bool moving =
            std::any_of(moves.begin(), moves.end(), [&](const Move& m) { return m.copy == i; });
        if (copies_[i].zone == kUnshown && !moving) spare_now.push_back(i);
        --tracked;
      }
      for (const Copy& f : fresh) tracked -= f.card == v;
      for (; tracked < 0 && !spare_now.empty(); ++tracked)
        gone[spare_now.back()] = true, spare_now.pop_back();
    }
    // Fans keep their order unless someone rearranges them: where the cards
    // that stayed keep their order, everyone saw from which place a card went
    // and into which it came. One card moved from one place to another is
    // seen too (backs can be followed); a shuffle loses every place.
    std::vector<bool> kept(static_cast<std::size_t>(zones), false);
    for (std::size_t z = 0; z < static_cast<std::size_t>(zones); ++z) {
      if (!t.fan[z] || z >= table_.fan.size() || !table_.fan[z]) continue;
      std::vector<Card> a, b;
      for (Card c : table_.down[z])
        if (std::find(t.down[z].begin(), t.down[z].end(), c) != t.down[z].end()) a.push_back(c);
      for (Card c : t.down[z])
        if (std::find(table_.down[z].begin(), table_.down[z].end(), c) != table_.down[z].end())
          b.push_back(c);
      kept[z] = a == b || moved_one(a, b);
    }
    auto in_kept_fan = [&](int z) { return z != kUnshown && kept[static_cast<std::size_t>(z)]; };
    Mask held = 0, stayed = 0;  // zones that held face-down cards, and those where one stayed
    for (std::size_t i = 0; i < copies_.size(); ++i) held |= Mask{1} << copies_[i].zone;
    stayed = held;
    for (const Move& m : moves) stayed &= ~(Mask{1} << m.from);
    for (std::size_t i = 0; i < copies_.size(); ++i) {
      const bool moved =
          std::any_of(moves.begin(), moves.end(), [&](const Move& m) { return m.copy == i; });
      if (!moved && !gone[i]) stayed |= Mask{1} << copies_[i].zone;
    }
    const Mask emptied = held & ~stayed & ~(Mask{1} << kUnshown);
    for (std::size_t o = 0; o < knows_.size(); ++o) {
      std::vector<Mask>& k = knows_[o];
      const std::vector<Mask> before = k;
      std::vector<bool> seen(copies_.size(), false);
      std::vector<Mask> spread(kUnshown + 1, 0);  // per source zone: where its cards went unseen
      Mask sources = 0;
      std::vector<bool>& placed = placed_[o];
      std::vector<bool> moved(copies_.size(), false);
      for (const Move& m : moves) moved[m.copy] = true;
      // A card whose place in a fan it knows, and that stayed, stayed.
      for (std::size_t i = 0; i < copies_.size(); ++i)
        if (!moved[i] && placed[i] && in_kept_fan(copies_[i].zone)) seen[i] = true;
      for (const Move& m : moves) {
        if (m.seen_by_all || owns(static_cast<int>(o), m.from) || owns(static_cast<int>(o), m.to) ||
            (placed[m.copy] && in_kept_fan(m.from))) {
          k[m.copy] = Mask{1} << m.to, seen[m.copy] = true;
        } else {
          spread[static_cast<std::size_t>(m.from)] |= Mask{1} << m.to;
          sources |= Mask{1} << m.from;
        }
      }
      // A zone whose cards all went (a play covered by the next, a card
      // exchanged) holds none of the cards it held, whatever came in.
      for (std::size_t i = 0; i < copies_.size(); ++i) {
        if (seen[i]) continue;
        k[i] &= ~emptied;
        for (Mask from = before[i] & sources; from; from &= from - 1)
          k[i] |= spread[static_cast<std::size_t>(std::countr_zero(from))];
      }
      // Where it knows a card's place in a fan next: it saw it come in, or
      // it stayed in a fan nobody rearranged.
      for (std::size_t i = 0; i < copies_.size(); ++i) {
        int z = copies_[i].zone;
        for (const Move& m : moves)
          if (m.copy == i) z = m.to;
        const bool fan = z != kUnshown && t.fan[static_cast<std::size_t>(z)];
        placed[i] = fan && (moved[i] ? seen[i] : placed[i] && kept[static_cast<std::size_t>(z)]);
      }
    }
    for (const Move& m : moves) copies_[m.copy].zone = m.to;
    // Drop the cards turned up, add those turned down.
    std::size_t w = 0;
    for (std::size_t i = 0; i < copies_.size(); ++i) {
      if (gone[i]) continue;
      copies_[w] = copies_[i];
      for (auto& k : knows_) k[w] = k[i];
      for (auto& p : placed_) p[w] = p[i];
      ++w;
    }
    copies_.resize(w);
    for (auto& k : knows_) k.resize(w);
    for (auto& p : placed_) p.resize(w, false);
    for (std::size_t j = 0; j < fresh.size(); ++j) {
      copies_.push_back(fresh[j]);
      for (auto& p : placed_) p.push_back(false);
      for (auto& k : knows_) k.push_back(fresh_public[j] ? Mask{1} << fresh[j].zone : anywhere);
    }
  }
  // A seat sees its own hand.
  for (std::size_t o = 0; o < knows_.size(); ++o) {
    for (std::size_t i = 0; i < copies_.size(); ++i)
      if (owns(static_cast<int>(o), copies_[i].zone)) knows_[o][i] = Mask{1} << copies_[i].zone;
    deduce(static_cast<int>(o));
  }
  was_up_.clear();
  for (const auto& up : t.up)
    for (Card c : up) was_up_.insert(c);
  table_ = t;
}

void KnowledgeModel::deduce(int observer) {
  std::vector<Mask>& k = knows_[static_cast<std::size_t>(observer)];
  std::vector<int> n(kUnshown + 1, 0);
  for (const Copy& c : copies_) ++n[static_cast<std::size_t>(c.zone)];
  for (bool changed = true; changed;) {
    changed = false;
    Mask used = 0;
    for (Mask m : k) used |= m;
    for (; used; used &= used - 1) {
      const int z = std::countr_zero(used);
      const Mask b = Mask{1} << z;
      int known = 0, may = 0;
      for (Mask m : k) known += m == b, may += (m & b) != 0;
      const int here = n[static_cast<std::size_t>(z)];
      if (known == here && may > known) {  // the zone is full of cards known there
        for (Mask& m : k)
          if ((m & b) && m != b) m &= ~b, changed = true;
      } else if (may == here && may > known) {  // only these may lie there: they all do
        for (Mask& m : k)
          if ((m & b) && m != b) m = b, changed = true;
      }
    }
  }
  // The model itself must never lose the truth.
  for (std::size_t i = 0; i < copies_.size(); ++i)
    if (!(k[i] >> copies_[i].zone & 1))
      throw std::logic_error("knowledge model lost " + short_name(copies_[i].card) + " in " +
                             (copies_[i].zone == kUnshown
                                  ? std::string("the unshown cards")
                                  : zone_name_[static_cast<std::size_t>(copies_[i].zone)]));
}

std::vector<Leak> KnowledgeModel::check(const View& view, int step) {
  std::vector<Leak> leaks;
  if (view.viewer == kEveryone) return leaks;
  const auto& k = knows_[static_cast<std::size_t>(observer(view.viewer))];
  std::map<std::pair<Card, int>, int> nameable;  // the cards it can name, zone by zone
  for (std::size_t i = 0; i < copies_.size(); ++i)
    if (std::has_single_bit(k[i])) ++nameable[{copies_[i].card, std::countr_zero(k[i])}];
  // What the viewer is asked and offered names only cards it can name or
  // that lie face up ("put down [[12]]" for a card of its own hand).
  auto named_in_text = [&](const std::string& text) {
    for (Card c : cards_named(text)) {
      bool known = face_up(c);
      for (const auto& [key, n] : nameable) known |= key.first == c && n > 0;
      if (!known) leaks.push_back({view.viewer, "the words it is shown: " + text, c, step});
    }
  };
  named_in_text(view.prompt);
  for (const Choice& c : view.choices) named_in_text(c.label);
  for (const Zone& z : view.zones) {
    const int id = zone_id(z);
    const auto zi = static_cast<std::size_t>(id);
    std::map<Card, int> down, up;
    for (const CardView& c : z.cards)
      if (c.card) ++(c.face_up ? up : down)[*c.card];
    for (const auto& [v, n] : up) {
      const auto& real = zi < table_.up.size() ? table_.up[zi] : std::vector<Card>{};
      if (n > std::count(real.begin(), real.end(), v))
        leaks.push_back({view.viewer, z.name + " (named face up)", v, step});
    }
    for (const auto& [v, n] : down) {
      const auto it = nameable.find({v, id});
      if (n > (it == nameable.end() ? 0 : it->second))
        leaks.push_back({view.viewer, z.name, v, step});
    }
  }
  return leaks;
}

std::vector<Card> KnowledgeModel::nameable(Seat viewer) const {
  std::vector<Card> out;
  const auto& k = knows_[static_cast<std::size_t>(observer(viewer))];
  for (std::size_t i = 0; i < copies_.size(); ++i)
    if (std::has_single_bit(k[i])) out.push_back(copies_[i].card);
  return out;
}

bool KnowledgeModel::face_up(Card c) const {
  for (const auto& up : table_.up)
    if (std::find(up.begin(), up.end(), c) != up.end()) return true;
  return false;
}

std::vector<Card> KnowledgeModel::face_up_cards() const {
  std::vector<Card> out;
  for (const auto& up : table_.up) out.insert(out.end(), up.begin(), up.end());
  return out;
}

std::string KnowledgeModel::describe(Seat viewer) const {
  std::string out;
  const auto& k = knows_[static_cast<std::size_t>(observer(viewer))];
  for (std::size_t i = 0; i < copies_.size(); ++i) {
    out += short_name(copies_[i].card) + "@" +
           (copies_[i].zone == kUnshown ? "?"
                                        : zone_name_[static_cast<std::size_t>(copies_[i].zone)]) +
           " may be in";
    for (int z = 0; z <= kUnshown; ++z)
      if (k[i] >> z & 1)
        out += " [" + (z == kUnshown ? std::string("?") : zone_name_[static_cast<std::size_t>(z)]) +
               "]";
    out += "\n";
  }
  return out;
}

std::vector<Card> cards_named(std::string_view text) {
  std::vector<Card> out;
  render_tokens(text, [&](Card c) {
    out.push_back(c);
    return std::string();
  });
  return out;
}

bool public_deduction(std::string_view game, std::string_view line, Card c,
                      const View& omniscient) {
  struct Deduction {
    std::string_view game, words, zone;
  };
  // Each from the game's rules.md, "What each seat knows".
  static constexpr Deduction kDeductions[] = {
      // michigan/rules.md: "A stop shows that the next card is in the dead
      // hand."
      {"michigan", "Stop: [[n]] is in the dead hand.", "dead hand"},
  };
  for (const Deduction& d : kDeductions) {
    if (game != d.game) continue;
    const std::string token = card_token(c);
    std::string words(d.words);
    words.replace(words.find("[[n]]"), 5, token);
    if (line.find(words) == std::string_view::npos) continue;
    for (const Zone& z : omniscient.zones)
      if (z.name == d.zone)
        for (const CardView& cv : z.cards)
          if (cv.card == c) return true;
  }
  return false;
}

}  // namespace parlour::testing
