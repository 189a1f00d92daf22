// An independent model of what each seat may know, for tests only: no game
// and no bot uses it, and it shares nothing with src/kit/hidden.* or any
// game's own bookkeeping of who knows what.
//
// It reads only the physical table, as the omniscient narrator's view draws
// it after every step (which card lies in which zone, face up or face down),
// and follows each card's movements by rules written once here:
//   - a card lying face up is seen by everyone;
//   - a seat sees every card in its own hand, so it sees what comes into it
//     and knows where each card it gives away goes;
//   - a card turned face down in front of everyone (a face-up card taken up
//     into a hand) is known where it went;
//   - any other movement is seen only as "some card went from zone A to zone
//     B": a seat that thought a card might be in A must now allow B as well,
//     and if A was emptied, A no longer;
//   - zone sizes are public, so a seat reasons by counting: where as many
//     cards may lie in a zone as it holds, they all lie there; where the
//     cards known to lie in a zone fill it, no other card does.
// A seat can name a face-down card in a zone only when every place it
// allows for that card is that zone. A view that names a card the model
// says its seat cannot name is a leak (or a gap in these rules, to be
// examined by hand and written here, never copied from the game).
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "core/card.h"
#include "core/view.h"

namespace parlour::testing {

struct Leak {
  Seat viewer = kSpectator;
  std::string zone;
  Card card;
  int step = 0;
};

// Every card a text names by token ("[[n]]"), in order.
std::vector<Card> cards_named(std::string_view text);

// A fact the rules make public that no movement of a card shows: `line` of
// the story of `game` names `c` by a deduction every seat can make (in
// Michigan, a stop: each seat is asked for the next card and none holds it,
// so it lies in the dead hand). Accepted only where the narrator's table
// (`omniscient`, after the step) bears the line out.
bool public_deduction(std::string_view game, std::string_view line, Card c, const View& omniscient);

class KnowledgeModel {
 public:
  // `deck`: every card of the game (with repeats for several packs).
  KnowledgeModel(int players, std::vector<Card> deck);

  // The table as the omniscient narrator sees it after a step (the first
  // call: before the first step).
  void observe(const View& omniscient);

  // Every card `view` names that the model says its viewer cannot name.
  std::vector<Leak> check(const View& view, int step);

  // The face-down cards `viewer` can name where they lie, and whether a card
  // lies face up, at the last table observed.
  std::vector<Card> nameable(Seat viewer) const;
  bool face_up(Card c) const;
  std::vector<Card> face_up_cards() const;

  // For the report: the places the model allows for face-down cards.
  std::string describe(Seat viewer) const;

 private:
  using Mask = std::uint64_t;
  static constexpr int kUnshown = 63;  // the cards no zone shows (a stock not drawn)

  struct Copy {
    Card card;
    int zone = kUnshown;
  };
  struct Table {
    std::vector<std::vector<Card>> down;  // per zone id: face-down cards
    std::vector<std::vector<Card>> up;    // per zone id: face-up cards
    std::vector<bool> fan;                // per zone id: a fan, whose positions all see
  };

  int zone_id(const Zone& z);
  Table read(const View& omniscient);
  int observer(Seat viewer) const { return viewer < 0 ? players_ : viewer; }
  bool owns(int observer, int zone) const;
  void deduce(int observer);

  int players_;
  std::vector<Card> deck_;
  std::map<std::tuple<int, int, std::string>, int> ids_;
  std::vector<Seat> zone_owner_;
  std::vector<ZoneKind> zone_kind_;
  std::vector<std::string> zone_name_;
  bool started_ = false;
  std::vector<Copy> copies_;               // every face-down card, where it lies
  std::vector<std::vector<Mask>> knows_;   // [observer][copy]: where it may lie
  std::vector<std::vector<bool>> placed_;  // [observer][copy]: where in its fan it lies
  std::set<Card> was_up_;                  // face up somewhere at the last step
  Table table_;                            // the table at the last step
  std::vector<int> drawn_;                 // the zones the last table drew
};

}  // namespace parlour::testing
