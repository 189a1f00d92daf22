// Bachelor Girl (1945): the Old Maid deck played the other way round, where the
// odd card is the one everyone wants. Source: seed 000 (000_7343ce9ee9db27ba.txt).
// rules.md beside this file gives the rules and every reading we made where
// the text is silent (`parlour rules bachelor-girl`).
//
// Design decisions:
// - A turn is a short sequence of typed moves: lay a pair then a single (then
//   the stock draw happens by itself), or take matching cards, or, stuck, draw.
// - The Bachelor Girl is wild only to take another player's laid card, as the
//   text says; in a laid pair she stands for her partner's match until someone
//   puts that card in her place and takes her.
// - A card laid while its match lies single in front of someone else can be
//   claimed: a window every other seat may act in at once (Resolve::kFirst);
//   the first claim takes the cards, and each seat may let it go.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "core/game.h"

namespace parlour::bachelor_girl {

enum class DeckKind : std::uint8_t { kPicture, kStandard };
enum class Stuck : std::uint8_t { kLay, kDraw, kPass };
enum class Take : std::uint8_t { kAll, kOne };
enum class Handed : std::uint8_t { kPairs, kSingles };

struct Rules {
  int players = 4;
  DeckKind deck = DeckKind::kPicture;
  Suit removed = kClubs;  // standard deck: the queen taken out
  Stuck stuck = Stuck::kLay;
  Take take = Take::kAll;
  Handed handed = Handed::kPairs;
  int target = 100;
  int max_hands = 30;
  std::array<std::int8_t, 32> class_total{};  // cards of each class, the Bachelor Girl apart

  static Rules from(const Config& c);

  // "If 2-3 or 4 are playing, deal six cards to each player. If 5-6-7 or 8 are
  // playing, deal five to each." (seed 000)
  int hand_size() const { return players <= 4 ? 6 : 5; }
  // The Bachelor Girl: the picture deck's Old Maid, or the queen left without a
  // partner of her colour when one queen is taken out.
  Card bachelor_girl() const;
  bool wild(Card c) const { return c == bachelor_girl(); }
  // Pairing class of a card that is not the Bachelor Girl.
  int cls(Card c) const { return c.is_picture() ? c.character() : c.rank() - 1; }
  std::vector<Card> deck_cards() const;
  // A card's place among the deck's kinds, 0 to kinds() - 1, and back
  // (actions number the cards a seat holds in front of it this way).
  int kinds() const { return deck == DeckKind::kPicture ? kLoneCharacter + 1 : 52; }
  int slot(Card c) const { return c.is_picture() ? c.character() : c.index(); }
  Card card_at(int slot) const {
    return deck == DeckKind::kPicture ? Card::picture(slot)
                                      : Card::from_index(static_cast<std::uint8_t>(slot));
  }
};

// A move of Bachelor Girl, typed; an Action only at the interface.
struct Move {
  enum Kind : std::uint8_t {
    kLayPair,    // lay the pair of class `cls` from hand
    kLaySingle,  // lay `card` face up
    kTake,       // take `card`, laid single before `seat`, with its match from hand
    kTakeWild,   // take `card` from `seat` with the Bachelor Girl
    kSwap,       // put the match of `card` in the Bachelor Girl's place before `seat`, and take her
    kDraw,       // stuck: draw from the stock
    kPass,       // stuck, with an empty stock
    kDone,       // stop taking (only the Bachelor Girl could take more)
    kClaim,      // claim a card laid in error, with its match
    kDecline,
  };
  constexpr Move(Kind k = kPass, int s = 0, Card c = Card(), int cl = 0)
      : kind(k), seat(s), card(c), cls(cl) {}  // NOLINT
  Kind kind;
  int seat;
  Card card;
  int cls;

  // Actions are numbered for the table (Rules: its seats and deck), so that a
  // learner's mask is as wide as this table needs: 848 with the picture deck
  // and 4 players, where numbering every table alike took 8,005.
  //   lay a pair:  class                      [0, 32)
  //   lay a card:  32 + card index            [32, 128), a card's index below 96
  //   draw, pass, done, claim, decline        86 to 90 (no card's index is 54 to 58)
  //   take:        128 + 128 seat + card index
  //   take with the Bachelor Girl, then swap: 128 + 128 P + K (seat or P + seat) + slot,
  //                with K = kinds(), P players, slot = Rules::slot
  // Every code is below 2,048. Those of laying and taking are the codes of
  // every table before, and the rest fall where no code was legal for the
  // table, so recode() reads an old record without knowing its age.
  Action encode(const Rules& r) const;
  static std::optional<Move> decode(Action a, const Rules& r);
  // Every action of the table is below this.
  static Action bound(const Rules& r);
  // A code of the numbering before (GameInfo::recode): the bases 2048 (take
  // with the Bachelor Girl), 4096 (swap) and 8000 (draw ... decline), each
  // seat 128 apart; today's code of the same move, or an unused code.
  static Action recode(Action old, const Rules& r);
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::bachelor_girl
