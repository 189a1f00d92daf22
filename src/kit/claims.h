// The table of the bluffing games (Cheat, Paskahousu, Verish' Ne Verish'):
// cards put down face down one at a time, a claim of what they are, and the
// play turned up when someone doubts it. The words for claims, the zones
// where plays lie, the choices that move cards there, and the odds a bot
// reckons a claim by.
#pragma once

#include <string>

#include "kit/hidden.h"

namespace parlour::kit {

// "Aces", "Sevens": ranks as the texts write them called.
std::string rank_plural(Rank r);
// "an Ace", "a Seven", "three Sevens", "14 Sevens".
std::string claim_words(Rank r, int n);
// "one" to "thirteen", then digits.
std::string number_word(int n);
// The key that names a rank at the terminal: "a", "2" ... "10", "j", "q", "k".
std::string_view rank_key(Rank r);

// The play a challenge last turned up. Everyone saw it, so it stays face up
// where the last play lay until the next play is begun, though its cards are
// already in the taker's hand: it is shown, not counted among the cards.
struct TurnedUp {
  Cards cards;
  Seat of = kNobody, by = kNobody;  // whose play, who turned it up
  bool truthful = false;

  void set(const Cards& play, Seat claimer, Seat challenger, bool true_play) {
    cards = play, of = claimer, by = challenger, truthful = true_play;
  }
  void clear() { cards.clear(); }
};

// "the last play", in the middle of the table: the play face down, with
// `claim` as its note ("Seat 1 claims two Aces"); or, with no play there, the
// play last turned up. `as`: whom the cards are shown to (see Held::view).
// Each is added to `v` as its next zone; `claim` is read where v.text().
Zone& last_play_zone(View& v, const Cards& last, std::string_view claim, const TurnedUp& turned,
                     Seat as);
// "being played": what `player` is putting down, face up to that player only
// (kNobody: nobody is putting cards down).
Zone& being_played_zone(View& v, const Cards& building, Seat player, Seat as);

// The choice that puts `card` from `hand` (zone `hand_zone`) into the zone of
// cards being played; keyed by the card's place in the hand.
Choice put_choice(Action a, std::string label, Card card, const Cards& hand, int hand_zone,
                  int building_zone);
// The story of a card put down (`put`) or taken back while a play is
// built, told only to whoever sees the player's cards: a card taken back
// is told too, or a story that shows it put down again shows it twice.
// `alike`: the cards like it being put down after (two packs: "another").
void tell_building(const Words& w, Seat actor, Card card, bool put, int alike,
                   std::vector<std::string>& out);
// The cards like `card` among `building`.
int alike(const Cards& building, Card card);

// The choice that takes `card` back from the cards being played.
Choice take_back_choice(Action a, std::string label, Card card, const Cards& building,
                        int building_zone);

// The chance that a hand of `hand` cards, dealt from `unseen` cards of which
// `of_rank` are of the rank, holds at least `need` of them (hypergeometric).
double chance_of_at_least(int need, int hand, int unseen, int of_rank);

}  // namespace parlour::kit
