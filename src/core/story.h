// The story of a move, told from what happened (issue 36).
//
// A transition's narration must say what was true when it happened. By the
// time anyone reads it the state has moved on: the bank has passed, the stakes
// are cleared, the next hand is dealt, the pile is taken up. Games narrated
// from their live state once, and told false stories in exactly those
// moments. So narration has one shape in every game:
//
//   - apply() and apply_chance() record one Event of the game's own, holding
//     every fact its story needs (who, what, how much, against whom, the cards
//     shown), at the moment the fact is true. The bulky facts of a deal or of
//     a hand's end (every seat's cards, every score) go in a Scene beside it,
//     written when they happen, so that the Event each card played resets
//     stays a few words long: play-outs run through apply() millions of times;
//   - a static tell() turns the Event (and the Scene) into lines for one
//     viewer. Being static, it cannot read the state: only what was recorded
//     and the game's rules, which never change during a game. A story that
//     reads the state does not compile.
//
//   class CheatState final : public Narrated<CheatState, Event, Scene> {
//     static void tell(const Rules&, const Event&, const Scene&, const Words&,
//                      std::vector<std::string>& out);
//
// A game with no bulky facts leaves out the Scene, in both places.
// Narrated writes State::narrate() once for every game, and final, so no game
// can go back to reading its state for a story; all_games_test checks that
// every registered game is a Narrated.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/card.h"
#include "core/game.h"
#include "core/small_vec.h"
#include "core/view.h"

namespace parlour {

// What every Narrated state is, for a test to ask of any State
// (dynamic_cast) that its story is told from events.
class TellsFromEvents {
 protected:
  ~TellsFromEvents() = default;
};

// What a game without bulky facts keeps beside its events: nothing.
struct NoScene {};

template <class Derived, class Event, class Scene = NoScene>
class Narrated : public StateBase<Derived>, public TellsFromEvents {
 public:
  void narrate(Seat viewer, std::vector<std::string>& out) const final {
    const Derived& self = static_cast<const Derived&>(*this);
    if constexpr (std::is_same_v<Scene, NoScene>)
      Derived::tell(self.rules(), ev_, Words(viewer), out);
    else
      Derived::tell(self.rules(), ev_, scene_, Words(viewer), out);
  }
  // The facts of the last transition, for tests that check what was recorded.
  const Event& last_event() const { return ev_; }
  const Scene& last_scene() const { return scene_; }
  // A state made for a purpose other than play (a sample, a solver's
  // position) tells no story: its last event was not its own.
  void forget_last_event() { ev_ = Event{}, scene_ = Scene{}; }

 protected:
  // The transition being applied: apply() resets it (ev_ = Event{...}) and
  // adds each fact as it happens. Only the story reads it. Every transition
  // resets it, so it holds what one move does, in a few words of memory.
  Event ev_;
  // The bulky facts of the last deal or end of a hand (every seat's cards,
  // the scores), apart from ev_ so that resetting it for each card played
  // stays cheap: written only when they happen, and read by tell() only
  // where ev_ says this transition wrote them.
  Scene scene_;
};

// Each seat's cards at one moment (dealt, laid down, left holding), as an
// event records them: one flat buffer, plain data, so that recording a deal
// allocates nothing on the hot path of play-outs. Seats are added in order
// from seat 0.
template <std::size_t kCards, std::size_t kSeats>
class SeatCards {
 public:
  // `card` gives the Card of each element (for hands of kit::Held).
  template <class Cards, class Proj = std::identity>
  void add(const Cards& cards, Proj card = {}) {
    assert(seats_ < static_cast<int>(kSeats) && "clear() before recording anew");
    for (const auto& c : cards) cards_.push_back(card(c));
    end_[seats_++] = static_cast<std::uint16_t>(cards_.size());
  }
  // Every seat's cards anew, from hands[0] to hands[seats - 1].
  template <class Hands, class Proj = std::identity>
  void record(const Hands& hands, int seats, Proj card = {}) {
    clear();
    for (int s = 0; s < seats; ++s) add(hands[static_cast<std::size_t>(s)], card);
  }
  void clear() { cards_.clear(), seats_ = 0; }
  int seats() const { return seats_; }
  // Seat s's cards. REQUIRES: s < seats().
  std::span<const Card> of(Seat s) const {
    const auto at = static_cast<std::size_t>(s);
    return {cards_.data() + (at ? end_[at - 1] : 0), cards_.data() + end_[at]};
  }

 private:
  SmallVec<Card, kCards> cards_;
  std::array<std::uint16_t, kSeats> end_{};
  int seats_ = 0;
};

// "You hold ..." told to a seat of the hand it was dealt; nothing to anyone
// else.
template <std::size_t kCards, std::size_t kSeats>
void tell_own_hand(const Words& w, const SeatCards<kCards, kSeats>& dealt,
                   std::vector<std::string>& out) {
  if (w.viewer() >= 0 && w.viewer() < dealt.seats())
    out.push_back("You hold " + token_list(dealt.of(w.viewer())) + ".");
}

}  // namespace parlour
