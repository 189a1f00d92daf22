// The machinery of the Rummy family (seed 004): melds of matching cards,
// "groups" of one rank and "sequences" of one suit, and whether a set of
// cards can be laid out wholly as melds. Cards are standard cards held as
// CardBits (kit/tricks.h); what counts as a sequence depends on the pack:
// Conquian's Spanish pack runs A 2 3 4 5 6 7 J Q K (the 7 next to the jack),
// an ace-to-ten pack A to 10, a full pack A to K with the ace low (and, where
// a game allows it, high after the king as well: Q K A).
//
// Small fixed-size values: no allocation, so that a search's play-outs can
// ask as often as they like.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "core/small_vec.h"
#include "core/view.h"
#include "kit/tricks.h"

namespace parlour::kit {

struct MeldRules {
  // The ranks of the pack in sequence order, lowest first; a rank not listed
  // is not in the pack.
  SmallVec<Rank, 13> order;
  int min_group = 3, max_group = 4;
  int min_run = 3, max_run = 13;
  bool ace_high_too = false;  // Q K A is a sequence too (never K A 2)

  // The Spanish pack of Conquian: A-7 and J Q K, the 7 next to the jack.
  static MeldRules spanish();
  // A to 10 (Conquian "in America").
  static MeldRules ace_to_ten();
  // The full pack, the ace low (and also high, with ace_high_too).
  static MeldRules full(bool ace_high_too = false);

  // Position of `r` in the sequence order, or -1 if not in the pack.
  int position(Rank r) const;
  // The pack's cards, as bits.
  CardBits pack() const;
};

// Whether `cards` is one meld: a group (3 or 4 of a rank, as the rules
// allow) or a sequence (consecutive in the order, one suit).
bool is_meld(CardBits cards, const MeldRules& r);
// Why `cards` is not a meld, in words ("5♠ 7♠ 8♠ is not a sequence: 6♠ is
// missing"); "" if it is one. Card tokens as core/view.h writes them.
std::string why_not_meld(CardBits cards, const MeldRules& r);

// A layout of cards in melds: each meld a set of cards.
using MeldList = SmallVec<CardBits, 16>;

// Whether all of `cards` can be laid out as melds, each card in exactly one;
// if so and `out` is given, one such layout (sequences in order, then
// groups). The empty set is laid out as no melds.
bool partition_melds(CardBits cards, const MeldRules& r, MeldList* out = nullptr);

// Every meld that can be made of the cards of `hand` alone, as a mask of
// hand positions (bit i: hand[i]); where the hand holds a card twice (two
// packs), the first of them. Groups then sequences. At most 32 cards.
SmallVec<std::uint32_t, 256> melds_in(std::span<const Card> hand, const MeldRules& r);

// A multiset of standard cards, by index (two packs hold two of each).
using CardCounts = std::array<std::uint8_t, 52>;
// What a card left unmatched costs: Rum's court cards 10, ace 1, the rest
// their pips (Encyclopaedia Britannica, 1929; the U.S. Playing Card
// Company's rules).
int deadwood_value(Card c);
// The least deadwood of `hand`: the value of the cards left out of melds
// when its cards are laid out in melds (each of distinct cards) as well as
// they can be; with `melded`, the cards of one such layout that are in melds.
int min_deadwood(const CardCounts& hand, const MeldRules& r, CardCounts* melded = nullptr);

// The cards of `cards` in sequence order (by position, then suit): how a
// meld is shown.
SmallVec<Card, 52> in_order(CardBits cards, const MeldRules& r);
// A meld for the story: its card tokens in that order, "[[8]] [[12]] [[16]]".
std::string meld_text(CardBits cards, const MeldRules& r);

// Picks (core/view.h's CardRef) that are all distinct places in zone
// `zone`, which holds `size` cards, as a mask of positions (bit i: place i);
// nothing if any is elsewhere, out of range or named twice, or if there are
// none or more than 32. For State::why_not.
std::optional<std::uint32_t> picks_in(std::span<const CardRef> picks, int zone, std::size_t size);

}  // namespace parlour::kit
