// What the player sees of Klondike, the labels of the moves, and the story.
#include "games/klondike/state.h"

namespace parlour::klondike {
namespace {

// Zones: the stock (0), the waste, the four foundations, the seven columns.
constexpr int kWasteZone = 1, kFoundationZone = 2, kColumnZone = 6;

std::string place_name(int place) {
  if (place == kWaste) return "the waste";
  if (place >= kFoundation0) return "its foundation";
  return "column " + std::to_string(place - kColumn0 + 1);
}

}  // namespace

std::string KlondikeState::action_label(Seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  if (m->kind == Move::kTurn)
    return stock_.size() == 1 || r_.draw == 1
               ? "turn a card from the stock"
               : "turn " + std::to_string(std::min<int>(r_.draw, static_cast<int>(stock_.size()))) +
                     " cards from the stock";
  if (m->kind == Move::kRecycle) return "turn the waste over to be the stock";
  Card c;
  if (m->from == kWaste)
    c = waste_.back();
  else if (m->from >= kFoundation0)
    c = top_of(m->from);
  else {
    const Pile& p = columns_[static_cast<std::size_t>(m->from - kColumn0)];
    c = p[p.size() - static_cast<std::size_t>(m->count)];
  }
  std::string what = card_token(c);
  if (m->count > 1)
    what += " and the " + std::to_string(m->count - 1) + (m->count == 2 ? " card" : " cards") +
            " on it";
  return what + " from " + place_name(m->from) + " to " +
         (m->to >= kFoundation0 ? std::string("its foundation") : place_name(m->to));
}

void KlondikeState::fill_view(Seat viewer, View& v) const {
  view_base(v, "klondike", viewer, 1);
  v.terminal = over_;
  const bool all = viewer == kEveryone || r_.thoughtful || over_;
  SeatInfo& si = v.add_seat();
  si.score = r_.scoring == Scoring::kNone ? on_foundations() : score_;
  if (v.text()) {
    si.name = seat_name(0);
    si.status = std::to_string(on_foundations()) + " of 52 on the foundations";
    if (r_.redeals != kUnlimited)
      si.status += "; " + std::to_string(r_.redeals - recycles_) + " redeals left";
  }
  Zone& stock = v.add_zone(ZoneKind::kStock, Layout::kPile, kNobody);
  for (Card c : stock_) stock.cards.push_back({all ? std::optional<Card>(c) : std::nullopt, false});
  if (v.text()) {
    stock.name = "stock";
    stock.note = r_.redeals == kUnlimited
                     ? "turn " + std::to_string(r_.draw) + " at a time"
                     : std::to_string(r_.redeals - recycles_) + " redeals left";
  }
  Zone& waste = v.add_zone(ZoneKind::kDiscard, Layout::kPile, kNobody);
  for (Card c : waste_) waste.cards.push_back({c, true});
  if (v.text()) waste.name = "waste";
  // Turned three at a time, the waste lies fanned: the two cards under the
  // top are in sight too (only the top may be played).
  if (v.text() && r_.draw > 1 && waste_.size() > 1) {
    waste.note = "under it:";
    for (std::size_t k = 2;
         k <= std::min<std::size_t>(static_cast<std::size_t>(r_.draw), waste_.size()); ++k)
      waste.note += " " + card_token(waste_[waste_.size() - k]);
  }
  for (int s = 0; s < 4; ++s) {
    // Each foundation is its suit's: named by it ("hearts"), so that even
    // an empty one says what goes there.
    Zone& f = v.add_zone(ZoneKind::kFoundation, Layout::kPile, kNobody);
    if (v.text()) f.name = suit_name(Suit(s));
    for (int r = 1; r <= found_[static_cast<std::size_t>(s)]; ++r)
      f.cards.push_back({Card::standard(Rank(r), Suit(s)), true});
  }
  for (int c = 0; c < kColumns; ++c) {
    Zone& z = v.add_zone(ZoneKind::kTableau, Layout::kColumn, kNobody);
    if (v.text()) z.name = "column " + std::to_string(c + 1);
    const Pile& p = columns_[static_cast<std::size_t>(c)];
    for (int k = 0; k < static_cast<int>(p.size()); ++k) {
      const bool up = k >= down_[static_cast<std::size_t>(c)];
      z.cards.push_back(
          {up || all ? std::optional<Card>(p[static_cast<std::size_t>(k)]) : std::nullopt, up});
    }
  }
  if (v.text() && (viewer == 0 || viewer == kEveryone) && dealt_ && !over_) {
    Moves ms;
    moves(ms);
    for (const Move& m : ms) {
      Choice& ch = v.add_choice(m.encode());
      ch.label = action_label(0, m.encode());
      if (m.kind == Move::kTurn) {
        ch.key = "t", ch.zone = 0;  // a click on the stock turns it
      } else if (m.kind == Move::kRecycle) {
        ch.key = "r", ch.zone = 0;  // and on the empty stock turns the waste over
      } else {
        // The card moved ("7h"), and where: a column's number, or "f".
        int zone = kWasteZone, pos = static_cast<int>(waste_.size()) - 1;
        Card c = waste_.empty() ? Card() : waste_.back();
        if (m.from >= kFoundation0) {
          zone = kFoundationZone + (m.from - kFoundation0),
          pos = found_[static_cast<std::size_t>(m.from - kFoundation0)] - 1;
          c = top_of(m.from);
        } else if (m.from != kWaste) {
          const Pile& p = columns_[static_cast<std::size_t>(m.from - kColumn0)];
          zone = kColumnZone + (m.from - kColumn0), pos = static_cast<int>(p.size()) - m.count;
          c = p[static_cast<std::size_t>(pos)];
        }
        ch.key = short_name(c, Charset::kAscii) + " " +
                 (m.to >= kFoundation0 ? std::string("f") : std::to_string(m.to - kColumn0 + 1));
        ch.picks = {{zone, pos}};
        ch.to = {m.to >= kFoundation0 ? kFoundationZone + static_cast<int>(c.suit())
                                      : kColumnZone + (m.to - kColumn0),
                 -1};
      }
    }
    v.list_choices = false;  // many: reached by selecting cards, or typed
    v.prompt =
        "Build down in alternating colours, a King into an empty column, the foundations up "
        "from the Ace in suit; or turn the stock.";
  }
  if (v.text() && over_) v.result = outcome().summary;
}

void KlondikeState::tell(const Rules& r, const Event& e, const Words&,
                         std::vector<std::string>& out) {
  std::size_t moved = 0;  // into e.moved
  for (const Told& st : e.steps) switch (st.kind) {
      case Told::kDeal:
        out.push_back(
            "The cards are dealt: seven columns of one to seven cards, the top of each face up; "
            "24 cards in the stock.");
        break;
      case Told::kTurn:
        out.push_back("You turn " + std::to_string(st.count) +
                      (st.count == 1 ? " card" : " cards") +
                      " from the stock: " + card_token(st.card) + " on top.");
        break;
      case Told::kRecycle:
        out.push_back("You turn the waste over: it is the stock again.");
        break;
      case Told::kMove: {
        const std::span<const Card> cards(e.moved.data() + moved, st.count);
        moved += st.count;
        out.push_back(
            "You move " + (st.count == 1 ? card_token(cards[0]) : token_list(cards)) +
            (st.to < 0 ? " to its foundation." : " to column " + std::to_string(st.to + 1) + "."));
        break;
      }
      case Told::kTurnUp:
        out.push_back("Column " + std::to_string(st.to + 1) + " turns up " + card_token(st.card) +
                      ".");
        break;
    }
  if (e.over) out.push_back(outcome_of(r, e.ending).summary);
}

}  // namespace parlour::klondike
