// What one seat may see: structured data that the terminal, the browser and
// bots all read, so one UI serves every game. A view holds no hidden card: a
// face-down card it does not know is an empty optional, not a card with a flag.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/card.h"

namespace parlour {

using Seat = int;
using Action = std::uint32_t;

inline constexpr Seat kChance = -1;     // to_move() when chance acts next
inline constexpr Seat kTerminal = -2;   // to_move() when the game is over
inline constexpr Seat kSpectator = -1;  // a viewer who sees public information only
inline constexpr Seat kEveryone = -2;   // the omniscient narrator (--auto, replays)
inline constexpr Seat kNobody = -1;     // owner of a table zone

struct CardView {
  std::optional<Card> card;  // empty: face down and unknown to this viewer
  bool face_up = false;      // lying face up on the table
  bool operator==(const CardView&) const = default;
};

enum class ZoneKind { kHand, kPairs, kAside, kStock, kDiscard, kTable };
const char* zone_kind_name(ZoneKind k);

struct Zone {
  ZoneKind kind = ZoneKind::kHand;
  Seat owner = kNobody;
  std::string name;             // "Seat 2's hand", "set aside"
  std::vector<CardView> cards;  // in order; for a fan, position i is cards[i]
  bool fan = false;             // positions matter: a drawer picks one
  std::string note;             // e.g. "shuffled face down"
  bool operator==(const Zone&) const = default;
};

struct Choice {
  Action action;
  std::string label;  // "draw 3", "shuffle", "move 2 to 5"
  std::string key;    // what a person types: "3", "s", "m 2 5"
  // The card the action picks, if it picks one, so that a screen can act on a
  // click: zones[zone].cards[card]. For a move within a zone, `to` is the
  // position the card goes to. -1: not tied to a card.
  int zone = -1, card = -1, to = -1;
  bool operator==(const Choice&) const = default;
};

struct SeatInfo {
  std::string name;    // "Seat 0"
  int cards = 0;       // in hand
  double score = 0;    // running score (matches)
  bool out = false;    // safe / finished this hand
  std::string status;  // "dealer", "offering", "safe", "Old Maid"...
  bool operator==(const SeatInfo&) const = default;
};

struct View {
  std::string game;
  Seat viewer = kSpectator;
  int players = 0;
  Seat to_move = kTerminal;
  Seat dealer = 0;
  int hand = 1, hands = 1;  // hand number in a match
  std::vector<SeatInfo> seats;
  std::vector<Zone> zones;
  std::string prompt;           // what the seat to move is asked, if it is the viewer
  std::vector<Choice> choices;  // legal actions, only for the seat to move
  bool list_choices = false;    // few and varied: show each one, not a summary
  bool terminal = false;
  std::string result;  // at the end: who lost, who won, the penalty
  bool operator==(const View&) const = default;
};

}  // namespace parlour

namespace parlour {

// Words for narration, shared by every game.
std::string seat_name(Seat s);                // "Seat 2"
std::string seat_names(std::uint32_t seats);  // "Seat 0 and Seat 2", from a mask
std::string cards_text(int n);                // "1 card", "5 cards"

// Narration and results name cards with tokens, "[[n]]" for the card of index
// n, so each front end draws them its own way (colour, ascii, card images).
std::string card_token(Card c);
// Card tokens separated by spaces.
template <class Cards>
std::string token_list(const Cards& cards);
// Replaces each token by render(card); text that is not a token is kept.
template <class F>
std::string render_tokens(std::string_view text, F render) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (text.compare(i, 2, "[[") == 0) {
      std::size_t end = text.find("]]", i + 2);
      if (end != std::string_view::npos && end - i - 2 <= 3) {
        int v = 0;
        bool digits = end > i + 2;
        for (std::size_t k = i + 2; k < end; ++k) {
          digits &= text[k] >= '0' && text[k] <= '9';
          if (digits) v = v * 10 + (text[k] - '0');
        }
        if (digits && v < 256 && Card::from_index(static_cast<std::uint8_t>(v)).valid()) {
          out += render(Card::from_index(static_cast<std::uint8_t>(v)));
          i = end + 2;
          continue;
        }
      }
    }
    out += text[i++];
  }
  return out;
}

template <class Cards>
std::string token_list(const Cards& cards) {
  std::string s;
  for (Card c : cards) s += (s.empty() ? "" : " ") + card_token(c);
  return s;
}

}  // namespace parlour
