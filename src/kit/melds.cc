#include "kit/melds.h"

#include <bit>

#include "core/view.h"

namespace parlour::kit {

MeldRules MeldRules::spanish() {
  MeldRules r;
  r.order = {kAce, kTwo, kThree, kFour, kFive, kSix, kSeven, kJack, kQueen, kKing};
  r.max_run = 8;
  return r;
}

MeldRules MeldRules::ace_to_ten() {
  MeldRules r;
  r.order = {kAce, kTwo, kThree, kFour, kFive, kSix, kSeven, kEight, kNine, kTen};
  r.max_run = 8;
  return r;
}

MeldRules MeldRules::full(bool ace_high_too) {
  MeldRules r;
  for (int k = kAce; k <= kKing; ++k) r.order.push_back(Rank(k));
  r.ace_high_too = ace_high_too;
  return r;
}

int MeldRules::position(Rank rank) const {
  for (std::size_t i = 0; i < order.size(); ++i)
    if (order[i] == rank) return static_cast<int>(i);
  return -1;
}

CardBits MeldRules::pack() const {
  CardBits b = 0;
  for (Rank rank : order)
    for (int s = 0; s < SUIT_NB; ++s) b |= card_bit(Card::standard(rank, Suit(s)));
  return b;
}

namespace {

Card card_at(int index) {
  return Card::from_index(static_cast<std::uint8_t>(index));
}

// The card of sequence position `pos` in `suit`; position order.size() is
// the ace again, above the king, where the rules allow it.
Card at_position(const MeldRules& r, int pos, Suit suit) {
  const int n = static_cast<int>(r.order.size());
  return Card::standard(r.order[static_cast<std::size_t>(pos == n ? 0 : pos)], suit);
}

// The sequence of `len` cards of `suit` from position `from`, if the rules
// allow one there (the ace above the king only as its last card).
bool run_bits(const MeldRules& r, Suit suit, int from, int len, CardBits& out) {
  const int n = static_cast<int>(r.order.size());
  const int top = from + len - 1;
  if (from < 0 || len < r.min_run || len > r.max_run) return false;
  if (top > n || (top == n && (!r.ace_high_too || r.order[0] != kAce || from == 0))) return false;
  out = 0;
  for (int p = from; p <= top; ++p) out |= card_bit(at_position(r, p, suit));
  return true;
}

bool is_group(CardBits cards, const MeldRules& r) {
  const int n = std::popcount(cards);
  if (n < r.min_group || n > r.max_group) return false;
  const Card first = card_at(std::countr_zero(cards));
  for (CardBits b = cards; b; b &= b - 1)
    if (card_at(std::countr_zero(b)).rank() != first.rank()) return false;
  return r.position(first.rank()) >= 0;
}

bool is_run(CardBits cards, const MeldRules& r) {
  const int n = std::popcount(cards);
  if (n < r.min_run) return false;
  const Card first = card_at(std::countr_zero(cards));
  for (int from = 0; from <= static_cast<int>(r.order.size()); ++from) {
    CardBits want = 0;
    if (run_bits(r, first.suit(), from, n, want) && want == cards) return true;
  }
  return false;
}

bool partition(CardBits cards, const MeldRules& r, MeldList* out) {
  if (!cards) return true;
  // The lowest card of the set (by rank, the ace first) lies in a group of
  // its rank, or in a sequence it begins, or (the ace high) one it ends.
  const Card c = card_at(std::countr_zero(cards));
  const int pos = r.position(c.rank());
  if (pos < 0) return false;
  // Groups: c with any of the other cards of its rank in the set.
  CardBits mates = 0;
  for (int s = 0; s < SUIT_NB; ++s)
    if (s != c.suit()) mates |= card_bit(Card::standard(c.rank(), Suit(s)));
  mates &= cards;
  // Every subset of the mates (at most three cards).
  for (CardBits sub = mates;; sub = (sub - 1) & mates) {
    const CardBits g = sub | card_bit(c);
    const int n = std::popcount(g);
    if (n >= r.min_group && n <= r.max_group) {
      if (out) out->push_back(g);
      if (partition(cards & ~g, r, out)) return true;
      if (out) out->pop_back();
    }
    if (!sub) break;
  }
  // Sequences from c upwards; and with the ace high, ending at c.
  const int n = static_cast<int>(r.order.size());
  for (int len = r.min_run; len <= r.max_run && pos + len - 1 <= n; ++len) {
    CardBits run = 0;
    if (!run_bits(r, c.suit(), pos, len, run)) continue;
    if ((run & cards) != run) break;  // longer ones lack the same card
    if (out) out->push_back(run);
    if (partition(cards & ~run, r, out)) return true;
    if (out) out->pop_back();
  }
  if (c.rank() == kAce && r.ace_high_too) {
    for (int len = r.min_run; len <= r.max_run; ++len) {
      CardBits run = 0;
      if (!run_bits(r, c.suit(), n + 1 - len, len, run)) continue;
      if ((run & cards) != run) break;
      if (out) out->push_back(run);
      if (partition(cards & ~run, r, out)) return true;
      if (out) out->pop_back();
    }
  }
  return false;
}

}  // namespace

bool is_meld(CardBits cards, const MeldRules& r) {
  return is_group(cards, r) || is_run(cards, r);
}

SmallVec<Card, 52> in_order(CardBits cards, const MeldRules& r) {
  SmallVec<Card, 52> out;
  for (CardBits b = cards; b; b &= b - 1) out.push_back(card_at(std::countr_zero(b)));
  std::sort(out.begin(), out.end(), [&](Card a, Card b) {
    const int pa = r.position(a.rank()), pb = r.position(b.rank());
    return pa != pb ? pa < pb : a.suit() < b.suit();
  });
  // The ace above the king: Q K A, not A Q K.
  if (r.ace_high_too && out.size() >= 2 && out[0].rank() == kAce &&
      out[out.size() - 1].rank() == kKing && out[1].rank() != kTwo) {
    const Card ace = out[0];
    out.erase(out.begin());
    out.push_back(ace);
  }
  return out;
}

std::string why_not_meld(CardBits cards, const MeldRules& r) {
  if (is_meld(cards, r)) return "";
  const SmallVec<Card, 52> cs = in_order(cards, r);
  std::string list;
  for (Card c : cs) list += (list.empty() ? "" : " ") + card_token(c);
  const int n = static_cast<int>(cs.size());
  for (Card c : cs)
    if (r.position(c.rank()) < 0)
      return list + " is not a meld: " + card_token(c) + " is not in this pack";
  if (n < std::min(r.min_group, r.min_run))
    return list + " is not a meld: a meld has " + std::to_string(std::min(r.min_group, r.min_run)) +
           " cards or more";
  bool one_rank = true, one_suit = true;
  for (Card c : cs) one_rank &= c.rank() == cs[0].rank(), one_suit &= c.suit() == cs[0].suit();
  if (one_rank)
    return list + " is not a group: a group has " + std::to_string(r.min_group) + " to " +
           std::to_string(r.max_group) + " cards";
  if (!one_suit) return list + " is neither a group (one rank) nor a sequence (one suit)";
  if (n > r.max_run)
    return list + " is not a sequence: a sequence has at most " + std::to_string(r.max_run) +
           " cards";
  // One suit, but a gap: the first card missing.
  const int from = r.position(cs[0].rank());
  for (int p = from; p < from + n; ++p) {
    const Card want = at_position(r, p % static_cast<int>(r.order.size()), cs[0].suit());
    if (!(cards & card_bit(want)))
      return list + " is not a sequence: " + card_token(want) + " is missing";
  }
  return list + " is not a sequence";
}

bool partition_melds(CardBits cards, const MeldRules& r, MeldList* out) {
  if (out) out->clear();
  return partition(cards, r, out);
}

int deadwood_value(Card c) {
  const int r = c.rank();
  return r >= kJack ? 10 : r;
}

namespace {

// The least deadwood of `h` (changed and restored), by the lowest card
// left: unmatched, or in a group of its rank, or in a sequence it begins (or,
// the ace high, ends). `path`: the cards melded on the way here; `best`: those
// of the best layout found from here. Hands are small (a dozen cards): a
// plain search.
int deadwood(CardCounts& h, const MeldRules& r, CardCounts& path, CardCounts& best) {
  int c = 0;
  while (c < 52 && h[static_cast<std::size_t>(c)] == 0) ++c;
  if (c == 52) {
    best = path;
    return 0;
  }
  const Card card = card_at(c);
  const auto i = static_cast<std::size_t>(c);
  int low = 1 << 30;
  CardCounts trial{};
  // Unmatched.
  --h[i];
  low = deadwood_value(card) + deadwood(h, r, path, best);
  ++h[i];
  auto has = [&](CardBits meld) {
    for (CardBits b = meld; b; b &= b - 1)
      if (!h[static_cast<std::size_t>(std::countr_zero(b))]) return false;
    return true;
  };
  auto take = [&](CardBits meld) {
    for (CardBits b = meld; b; b &= b - 1) {
      const auto k = static_cast<std::size_t>(std::countr_zero(b));
      --h[k], ++path[k];
    }
    const int v = deadwood(h, r, path, trial);
    if (v < low) low = v, best = trial;
    for (CardBits b = meld; b; b &= b - 1) {
      const auto k = static_cast<std::size_t>(std::countr_zero(b));
      ++h[k], --path[k];
    }
  };
  const int pos = r.position(card.rank());
  if (pos < 0) return low;
  CardBits mates = 0;
  for (int s = 0; s < SUIT_NB; ++s) {
    const Card m = Card::standard(card.rank(), Suit(s));
    if (s != card.suit() && h[static_cast<std::size_t>(m.index())]) mates |= card_bit(m);
  }
  for (CardBits sub = mates;; sub = (sub - 1) & mates) {
    const CardBits g = sub | card_bit(card);
    const int n = std::popcount(g);
    if (n >= r.min_group && n <= r.max_group) take(g);
    if (!sub) break;
  }
  const int n = static_cast<int>(r.order.size());
  for (int len = r.min_run; len <= r.max_run && pos + len - 1 <= n; ++len) {
    CardBits run = 0;
    if (!run_bits(r, card.suit(), pos, len, run)) continue;
    if (!has(run)) break;
    take(run);
  }
  if (card.rank() == kAce && r.ace_high_too)
    for (int len = r.min_run; len <= r.max_run; ++len) {
      CardBits run = 0;
      if (!run_bits(r, card.suit(), n + 1 - len, len, run)) continue;
      if (!has(run)) break;
      take(run);
    }
  return low;
}

}  // namespace

int min_deadwood(const CardCounts& hand, const MeldRules& r, CardCounts* melded) {
  CardCounts h = hand, path{}, best{};
  const int v = deadwood(h, r, path, best);
  if (melded) *melded = best;
  return v;
}

SmallVec<std::uint32_t, 256> melds_in(std::span<const Card> hand, const MeldRules& r) {
  SmallVec<std::uint32_t, 256> out;
  // The first position of each card in the hand.
  std::array<int, 52> at{};
  at.fill(-1);
  CardBits have = 0;
  for (std::size_t i = 0; i < hand.size() && i < 32; ++i)
    if (hand[i].is_standard() && at[hand[i].index()] < 0) {
      at[hand[i].index()] = static_cast<int>(i);
      have |= card_bit(hand[i]);
    }
  auto mask_of = [&](CardBits b) {
    std::uint32_t m = 0;
    for (; b; b &= b - 1) m |= 1u << at[static_cast<std::size_t>(std::countr_zero(b))];
    return m;
  };
  auto add = [&](CardBits b) {
    if (out.size() < out.capacity()) out.push_back(mask_of(b));
  };
  for (Rank rank : r.order) {
    CardBits same = 0;
    for (int s = 0; s < SUIT_NB; ++s) same |= card_bit(Card::standard(rank, Suit(s)));
    same &= have;
    if (std::popcount(same) < r.min_group) continue;
    for (CardBits sub = same; sub; sub = (sub - 1) & same)
      if (const int n = std::popcount(sub); n >= r.min_group && n <= r.max_group) add(sub);
  }
  const int n = static_cast<int>(r.order.size());
  for (int s = 0; s < SUIT_NB; ++s)
    for (int from = 0; from <= n; ++from)
      for (int len = r.min_run; len <= r.max_run && from + len - 1 <= n; ++len) {
        CardBits run = 0;
        if (!run_bits(r, Suit(s), from, len, run)) continue;
        if ((run & have) != run) break;
        add(run);
      }
  return out;
}

std::string meld_text(CardBits cards, const MeldRules& r) {
  std::string s;
  for (Card c : in_order(cards, r)) s += (s.empty() ? "" : " ") + card_token(c);
  return s;
}

std::optional<std::uint32_t> picks_in(std::span<const CardRef> picks, int zone, std::size_t size) {
  if (picks.empty() || picks.size() > 32 || size > 32) return std::nullopt;
  std::uint32_t mask = 0;
  for (const CardRef& p : picks) {
    if (p.zone != zone || p.card < 0 || static_cast<std::size_t>(p.card) >= size) return std::nullopt;
    const std::uint32_t bit = 1u << p.card;
    if (mask & bit) return std::nullopt;
    mask |= bit;
  }
  return mask;
}

}  // namespace parlour::kit
