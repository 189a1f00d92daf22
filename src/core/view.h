// What one seat may see: structured data that the terminal, the browser and
// bots all read, so one UI serves every game. A view holds no hidden card: a
// face-down card it does not know is an empty optional, not a card with a flag.
//
// A zone says what it is (its kind: a hand, the pairs laid down, a trick...)
// and how to draw it (its layout). Renderers draw by layout alone, so a new
// game needs no new rendering code; every kind and layout is named once, in
// view.cc.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/card.h"

namespace parlour {

using Seat = int;
using Action = std::uint32_t;
using SeatMask = std::uint32_t;  // bit s: seat s

inline constexpr int kMaxSeats = 32;
inline constexpr Seat kChance = -1;     // to_move() when chance acts next
inline constexpr Seat kTerminal = -2;   // to_move() when the game is over
inline constexpr Seat kSeveral = -3;    // to_move() when more than one seat may act (see actors())
inline constexpr Seat kSpectator = -1;  // a viewer who sees public information only
inline constexpr Seat kEveryone = -2;   // the omniscient narrator (--auto, replays)
inline constexpr Seat kNobody = -1;     // owner of a table zone
inline constexpr Action kNoAction = 0xFFFFFFFFu;

// How the actions of the seats that may act at once are resolved.
//   kTurn:  one seat acts (the usual turn).
//   kFirst: any of them may act; the first action taken may close the window
//           for the others (a challenge any seat may make, "first to call").
//           Each seat may also let it go (Actors::pass), leaving the window.
//   kAll:   every one of them acts, in any order, none seeing the others'
//           choices until all are in (everyone staking at once).
enum class Resolve : std::uint8_t { kTurn, kFirst, kAll };
std::string_view resolve_name(Resolve r);

// What a zone is.
enum class ZoneKind : std::uint8_t {
  kHand,        // a seat's hand
  kPairs,       // pairs or sets laid down
  kAside,       // set aside, out of play
  kStock,       // cards still to be drawn
  kDiscard,     // a discard pile
  kTable,       // cards laid on the table before a seat
  kTrick,       // the cards of the trick in play
  kFoundation,  // a solitaire's foundation
  kTableau,     // a solitaire's tableau
  kPot,         // chips staked
  ZONE_KIND_NB
};
// How to draw it.
enum class Layout : std::uint8_t {
  kHand,    // spread; another seat's cards as backs
  kFan,     // a hand whose positions matter: a drawer picks a position
  kRow,     // cards laid side by side, face up (pairs, melds)
  kPile,    // stacked: the top card and a count
  kColumn,  // overlapping downwards (a tableau column)
  kGrid,    // rows of `columns` slots, some empty
  kTrick,   // one card per seat, placed by its seat round the middle
  kPot,     // chips, with any cards staked
  LAYOUT_NB
};
std::string_view zone_kind_name(ZoneKind k);
std::string_view layout_name(Layout l);

struct CardView {
  std::optional<Card> card;  // empty: face down and unknown to this viewer
  bool face_up = false;      // lying face up on the table
  Seat seat = kNobody;       // kTrick: the seat that played it
  bool empty = false;        // kGrid: an empty slot, no card at all
  bool operator==(const CardView&) const = default;
};

struct Zone {
  ZoneKind kind = ZoneKind::kHand;
  Layout layout = Layout::kHand;
  Seat owner = kNobody;
  std::string name;             // "Seat 2's hand", "set aside"
  std::vector<CardView> cards;  // in order; position i is cards[i]
  std::string note;             // e.g. "shuffled face down"
  int columns = 0;              // kGrid: slots in a row
  int chips = 0;                // kPot: chips in it
  // Every card of it may be selected, whether or not an action picks it: a
  // meld is chosen by its cards, and a selection that makes none is
  // explained (State::why_not) rather than refused without a word.
  bool pick_any = false;
  bool operator==(const Zone&) const = default;
};

// A card of the view: zones[zone].cards[card].
struct CardRef {
  int zone = -1, card = -1;
  bool operator==(const CardRef&) const = default;
};

struct Choice {
  Action action = 0;
  std::string label;  // for people: "draw 3", "shuffle", "move 2 to 5"
  std::string key;    // what a person types at the terminal: "3", "s", "m 2 5"
  // The cards the action picks, so that a screen can act on a click: one card,
  // or several (select them, then choose). Empty: not tied to cards.
  std::vector<CardRef> picks;
  // A move: picks[0] goes to zones[to.zone] at position to.card (-1: where
  // the game puts it), so that a person can drag it there.
  CardRef to;
  // A click on zones[zone] itself takes it, wherever it lands, even on the
  // empty zone (a click on the stock turns it; on the empty stock, turns the
  // waste over). -1: none. Not with picks.
  int zone = -1;
  bool operator==(const Choice&) const = default;
};

// A public number of a seat: chips, a bid, tricks taken, lives.
struct Counter {
  std::string name;  // "chips", "bid", "tricks", "lives"
  double value = 0;
  bool operator==(const Counter&) const = default;
};

struct SeatInfo {
  std::string name;    // "Seat 0"
  int cards = 0;       // in hand
  double score = 0;    // running score
  bool out = false;    // safe / finished this hand
  std::string status;  // "dealer", "offering", "safe", "Old Maid"...
  std::vector<Counter> counters;
  bool operator==(const SeatInfo&) const = default;
};

// The last hand finished, shown between hands: from the end of a hand until
// the end of the next. hand == 0: no hand has finished yet.
struct HandResult {
  int hand = 0;
  std::string summary;         // "Seat 2 wins the hand." / "Seat 1 is the Old Maid."
  std::vector<double> points;  // what each seat scored in it
  std::vector<double> totals;  // running totals after it
  bool operator==(const HandResult&) const = default;
};

// A score-sheet, as Bridge keeps one: a column for each side, entries above
// the line (honours, chicane, slams, the rubber) and below it (the points
// that count towards game), and a rule drawn under the entry that won a game.
// Built from what each deal scored when it was scored, so that it can be read
// back at any time, as at a real table.
struct SheetEntry {
  std::string what;         // "deal 3: 2 by cards in hearts"
  std::vector<int> points;  // a cell per column; 0: nothing written there
  bool ruled = false;       // below the line: a game was won here, a rule drawn under it
  bool operator==(const SheetEntry&) const = default;
};
struct ScoreSheet {
  // "We", "They" from a seat's side; a spectator's: each side's name. None:
  // the game keeps no sheet.
  std::vector<std::string> columns;
  std::string note;                      // who each column is: "We: you and Seat 2; ..."
  std::vector<SheetEntry> above, below;  // each in the order written
  std::vector<int> games;                // games won, by column
  std::vector<int> totals;               // every point written, by column
  std::string result;                    // at the end: the totals' difference, who won it
  bool empty() const { return columns.empty(); }
  bool operator==(const ScoreSheet&) const = default;
};

// What a view is filled for (State::fill_view). kAll: everything, for people
// and for the bots and screens that read its words. kCards: what an encoder
// reads (rl/encode.h): the zones' cards, the seats' numbers and counters, who
// may act, the hand; its text (names, notes, statuses, the prompt, the
// choices, the result, the summary and the sheet) may be left empty, so that
// a batch of observations is filled again and again with no allocation once
// warm. Every field that is not text is the same in both (a conformance test
// compares them for every game).
enum class Detail : std::uint8_t { kAll, kCards };

// What a view keeps of its last filling for its next, so that a view filled
// again reuses the storage of its seats, zones and choices: not part of what
// it says, so never compared nor copied.
struct ViewSpares {
  std::vector<SeatInfo> seats;
  std::vector<Zone> zones;
  std::vector<Choice> choices;
  std::size_t next_seat = 0, next_zone = 0, next_choice = 0;  // the next to take back
  ViewSpares() = default;
  ViewSpares(const ViewSpares&) {}
  ViewSpares& operator=(const ViewSpares&) { return *this; }
  ViewSpares(ViewSpares&&) = default;
  ViewSpares& operator=(ViewSpares&&) = default;
  bool operator==(const ViewSpares&) const { return true; }
};

struct View {
  Detail detail = Detail::kAll;
  std::string game;
  Seat viewer = kSpectator;
  int players = 0;
  Seat to_move = kTerminal;  // the one seat to move, kChance, kTerminal or kSeveral
  SeatMask actors = 0;       // every seat that may act now
  Resolve resolve = Resolve::kTurn;
  Seat dealer = 0;
  int hand = 1, hands = 1;  // hand number in a match; hands 0: not a fixed number
  // What the game's story calls a hand: "deal" (Polignac), "coup" (Baccara),
  // "round" (Chase the Ace), so that a header and the story say the same word.
  std::string hand_word = "hand";
  std::vector<SeatInfo> seats;
  std::vector<Zone> zones;
  std::string prompt;           // what the viewer is asked, if it may act
  std::vector<Choice> choices;  // legal actions of the viewer, if it may act
  bool list_choices = false;    // few and varied: show each one, not a summary
  bool terminal = false;
  std::string result;  // at the end: who lost, who won, the penalty
  // What a seat's score counts, where "score" would not say (Chase the Ace:
  // "players outlasted"), so that a table of scores is headed truly.
  std::string score_word = "score";
  // How cards are named on this table: "" the usual names; "spanish" the
  // Spanish pack's (core/card.h), for the terminal and the browser to use in
  // the story and on the cards alike.
  std::string card_names;
  HandResult last_hand;
  ScoreSheet sheet;
  ViewSpares spares;
  bool operator==(const View&) const = default;

  // Whether to write the text (Detail above).
  bool text() const { return detail == Detail::kAll; }
  // Empties the view for filling again, keeping `detail` and the storage of
  // its seats, zones and choices for the add_ calls below.
  void clear();
  // The next seat, zone or choice, at its defaults (a zone of the kind,
  // layout and owner given), made from the storage of one of the last
  // filling where there is one. A reference valid until the next add_ call
  // of the same kind.
  SeatInfo& add_seat();
  Zone& add_zone(ZoneKind kind, Layout layout, Seat owner);
  Choice& add_choice(Action action);
};

}  // namespace parlour

namespace parlour {

// A solitaire's grid (Layout::kGrid) from its slots, each a card's index or
// kEmptySlot, every card face up; before the deal (`dealt` false) the slots
// are drawn as nothing yet. Added to `v` as its next zone, unnamed.
inline constexpr std::uint8_t kEmptySlot = 0xff;
Zone& grid_zone(View& v, std::span<const std::uint8_t> slots, int columns, bool dealt);

// Words for narration, shared by every game.
std::string seat_name(Seat s);                // "Seat 2"
std::string seat_names(std::uint32_t seats);  // "Seat 0 and Seat 2", from a mask
std::string cards_text(int n);                // "1 card", "5 cards"
std::string counters_text(int n);             // "1 counter", "-1 counter", "5 counters"
std::string ordinal(int n);                   // "1st", "22nd", "13th"
// Words::whom() at the head of a clause: "you and Seat 2" -> "You and Seat 2".
std::string opening(std::string words);

// Narration as one viewer reads it: "You draw" for the viewer, "Seat 2
// draws" for the others. Verbs are given in the form "you" takes.
class Words {
 public:
  explicit Words(Seat viewer) : viewer_(viewer) {}
  Seat viewer() const { return viewer_; }
  bool you(Seat s) const { return s == viewer_; }
  bool sees(Seat s) const { return viewer_ == kEveryone || viewer_ == s; }
  std::string who(Seat s) const;    // "You" or "Seat 2"
  std::string whom(Seat s) const;   // "you" or "Seat 2"
  std::string whose(Seat s) const;  // "your" or "Seat 2's"
  // Several, from a mask, in seat order: "Seat 0, you and Seat 3".
  std::string whom(std::uint32_t seats) const;
  // "draw" for the viewer, "draws" for the others ("pass" -> "passes",
  // "carry" -> "carries"); irregular verbs take both forms.
  std::string verb(Seat s, std::string_view you_form) const;
  std::string verb(Seat s, std::string_view you_form, std::string_view other_form) const;
  // who(s) + " " + verb(s, v): "You draw", "Seat 2 draws".
  std::string says(Seat s, std::string_view you_form) const;

 private:
  Seat viewer_;
};

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
