// Cards that lie face down and change hands, each knowing which seats know
// where it is: the machinery of the bluffing games (Cheat, Verish' Ne Verish',
// Paskahousu), where cards are played face down, claimed to be what they may
// not be, turned up when challenged and picked up by whoever was wrong.
//
// A seat knows a card where it put it or saw it go: its own hand, the cards it
// played into a pile, cards turned up at a challenge (everyone), cards it took
// up. What it once knew of another's hand it forgets as soon as that player
// picks a card from it face down (pick()): it sees a card go, not which. Views
// show a card to a seat exactly when the seat knows it, so resampling what a
// seat does not know (HiddenCards) leaves its view unchanged.
#pragma once

#include <algorithm>
#include <span>
#include <vector>

#include "core/rng.h"
#include "core/small_vec.h"
#include "core/view.h"

namespace parlour::kit {

struct Held {
  Card card;
  SeatMask known = 0;    // seats that know this card lies here
  bool face_up = false;  // lying face up: everyone sees it
  // Who knew of this card before its holder began picking cards from its
  // hand for the play now being made (begin_play()): what they may recall
  // once the play is turned up and shows which cards left.
  SeatMask knew = 0;

  bool seen_by(Seat viewer) const {
    return viewer == kEveryone || face_up || (viewer >= 0 && (known >> viewer & 1));
  }
  CardView view(Seat viewer) const {
    return {seen_by(viewer) ? std::optional<Card>(card) : std::nullopt, face_up};
  }
  bool operator==(const Held&) const = default;
};
// The card itself, where a list of Cards is wanted (core/story.h's SeatCards).
inline constexpr auto card_of = [](const Held& h) { return h.card; };

inline constexpr SeatMask bit(Seat s) {
  return SeatMask{1} << s;
}

// Up to two packs of cards, in one place.
using Cards = SmallVec<Held, 104>;

// The player has played face down from its hand: the others can no longer
// tell which of the cards they knew of are still in it.
inline void forget(Cards& hand, Seat owner) {
  for (Held& h : hand)
    if (!h.face_up) h.known &= bit(owner);
}

// The holder of `hand` begins a play face down (its first pick of a turn):
// each card remembers who knew of it.
inline void begin_play(Cards& hand) {
  for (Held& h : hand) h.knew = h.known;
}

// The holder picks `card` from `hand` into `to`, face down, seen by nobody
// else: the others see a card go, not which, so the card is known to the
// holder alone, and none of them can tell any longer which of the cards it
// knew of are still in the hand. REQUIRES: `card` is in `hand`.
inline void pick(Cards& hand, Card card, Cards& to, Seat owner) {
  auto it = std::find_if(hand.begin(), hand.end(), [&](const Held& x) { return x.card == card; });
  Held h = *it;
  hand.erase(it);
  h.known = bit(owner);
  to.push_back(h);
  forget(hand, owner);
}

// The play picked from `hand` (by `owner`) has been turned up as `shown`:
// it shows which cards left, so each seat knows again the cards of the hand it
// knew of before the play (their `knew`), less what it cannot tell from the
// cards that went: of a card with several copies, a seat that knew of k in
// the hand, m of which were played, knows of k - m that stayed.
void recall(Cards& hand, const Cards& shown, Seat owner);

// Moves the cards of `from` into `to`, which `taker` now holds and knows; the
// others know of each card what they knew, and face-up cards stay known to all.
inline void take_all(Cards& from, Cards& to, Seat taker) {
  for (Held h : from) {
    if (h.face_up) h.known = ~SeatMask{0}, h.face_up = false;
    h.known |= bit(taker);
    to.push_back(h);
  }
  from.clear();
}

// Seat `owner`'s hand as `viewer` sees it (`as`: whom the cards are shown to,
// kEveryone at the end). Another's hand lists the cards the viewer knows of
// first, then the rest, so that where a known card sits tells nothing of the
// others.
// Added to `v`, as its next zone.
Zone& hand_view(View& v, const Cards& hand, Seat owner, Seat viewer, Seat as);

// Deals afresh the cards `viewer` cannot see into the places it cannot see.
// Add every place a hidden card may lie, then deal(). The cards are pooled in
// sorted order before shuffling, so the sample depends only on which cards
// are hidden and on `rng`, never on where they really are; what other seats
// know stays with the places.
class HiddenCards {
 public:
  explicit HiddenCards(Seat viewer) : viewer_(viewer) {}
  template <class Places>
  void add(Places& cards) {
    for (Held& h : cards)
      if (!h.seen_by(viewer_)) slots_.push_back(&h);
  }
  void deal(Rng& rng);

 private:
  Seat viewer_;
  std::vector<Held*> slots_;
};

// Puts another seat's hand, in a sample, in order of its cards, with what
// rides on its places (`marks`: one per card, or empty; of another size, ignored). Where among that
// hand's cards lies one the sampling seat knows of is not something it can
// see; a sample left in the real hand's order would answer differently to
// the same view and random numbers (the bots' A/B test, issue 35).
void order_hand(Cards& hand, std::span<SeatMask> marks);

}  // namespace parlour::kit
