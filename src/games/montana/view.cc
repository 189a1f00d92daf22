// What the player sees of Montana, the labels of the moves, and the story.
#include <array>

#include "games/montana/state.h"

namespace parlour::montana {
namespace {

// Blue Moon's aces take the first column of what is shown.
int shown_column(const Rules& r, int cell) {
  return cell % kColumns + (r.aces == Aces::kLeft ? 1 : 0);
}

std::string cell_name(const Rules& r, int cell) {
  return "row " + std::to_string(cell / kColumns + 1) + ", column " +
         std::to_string(shown_column(r, cell) + 1);
}

}  // namespace

std::string MontanaState::action_label(Seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  if (m->redeal)
    return "gather, shuffle and redeal (" + std::to_string(redeals_left() - 1) + " left after)";
  const Card c = Card::from_index(grid_[static_cast<std::size_t>(m->from)]);
  const bool first = m->to % kColumns == 0;
  if (first && r_.aces == Aces::kRemoved)
    return card_token(c) + " to the start of row " + std::to_string(m->to / kColumns + 1);
  const Card left = first ? Card::standard(kAce, Suit(m->to / kColumns))
                          : Card::from_index(grid_[static_cast<std::size_t>(m->to - 1)]);
  return card_token(c) + " after " + card_token(left) + " (" + cell_name(r_, m->to) + ")";
}

void MontanaState::fill_view(Seat viewer, View& v) const {
  view_base(v, "montana", viewer, 1);
  v.terminal = over_;
  SeatInfo& si = v.add_seat();
  si.score = placed();
  if (v.text()) {
    si.name = seat_name(0);
    si.status = std::to_string(placed()) + " of 48 in sequence; " + std::to_string(redeals_left()) +
                (redeals_left() == 1 ? " redeal left" : " redeals left");
  }
  // Zone 0: the four rows; zone 1: the aces, set aside. Under Blue Moon the
  // aces stand in the rows' first column instead, and there is no zone 1.
  const bool left = r_.aces == Aces::kLeft;
  const int width = kColumns + (left ? 1 : 0);
  // The slots as shown, on the stack: a view is filled at every step.
  constexpr std::size_t kMostSlots = kRows * (kColumns + 1);
  std::array<std::uint8_t, kMostSlots> slots{};
  std::size_t n = 0;
  for (int r = 0; r < kRows; ++r) {
    if (left) slots[n++] = Card::standard(kAce, Suit(r)).index();
    for (int c = 0; c < kColumns; ++c)
      slots[n++] = grid_[static_cast<std::size_t>(r * kColumns + c)];
  }
  auto shown = [&](int cell) { return cell / kColumns * width + shown_column(r_, cell); };
  Zone& grid = grid_zone(v, std::span(slots.data(), n), width, dealt_);
  if (v.text()) {
    grid.name = "the rows";
    grid.note =
        std::to_string(redeals_left()) + (redeals_left() == 1 ? " redeal left" : " redeals left");
  }
  if (!left) {
    Zone& aces = v.add_zone(ZoneKind::kAside, Layout::kRow, kNobody);
    if (v.text()) aces.name = "aces, set aside";
    if (dealt_)
      for (int s = 0; s < 4; ++s) aces.cards.push_back({Card::standard(kAce, Suit(s)), true});
  }

  if (v.text() && (viewer == 0 || viewer == kEveryone)) {
    if (!over_ && dealt_) {
      std::vector<Action> legal;
      legal_actions(0, legal);
      std::array<int, kCells> targets{};  // by the cell a card lies in
      for (Action a : legal)
        if (const Move m = *Move::decode(a); !m.redeal) ++targets[static_cast<std::size_t>(m.from)];
      for (Action a : legal) {
        const Move m = *Move::decode(a);
        // What a person types: the card ("jc"), and the row where a Two has
        // several starts to go to ("2c 3").
        std::string key = "r";
        if (!m.redeal) {
          key = short_name(Card::from_index(grid_[static_cast<std::size_t>(m.from)]),
                           Charset::kAscii);
          if (targets[static_cast<std::size_t>(m.from)] > 1)
            key += " " + std::to_string(m.to / kColumns + 1);
        }
        Choice& c = v.add_choice(a);
        c.label = action_label(0, a);
        c.key = std::move(key);
        if (!m.redeal) {
          c.picks = {{0, shown(m.from)}};
          c.to = {0, shown(m.to)};
        }
      }
      v.list_choices = true;
      v.prompt = legal.size() == 1 && Move::decode(legal[0])->redeal
                     ? "No card can move: gather the cards out of sequence and redeal."
                 : r_.aces == Aces::kLeft
                     ? "Move a card into a gap: the card one higher, of the same suit, than "
                       "the card on the gap's left (after an ace, the Two of its suit)."
                     : "Move a card into a gap: the card one higher, of the same suit, than "
                       "the card on the gap's left; a Two to the start of a row.";
    }
  }
  if (v.text() && over_) v.result = outcome().summary;
}

void MontanaState::tell(const Rules& r, const Event& e, const Words&,
                        std::vector<std::string>& out) {
  switch (e.kind) {
    case Event::kNone:
      return;
    case Event::kDeal:
      out.push_back(r.aces == Aces::kLeft
                        ? "The 52 cards are dealt face up in four rows of thirteen, and the aces "
                          "moved to the rows' left, clubs, diamonds, hearts, spades: four gaps."
                        : "The 52 cards are dealt face up in four rows of thirteen, and the aces "
                          "removed: four gaps.");
      break;
    case Event::kRedeal:
      out.push_back("The cards out of sequence are gathered" +
                    std::string(r.gaps == Gaps::kShuffledIn ? " with the aces" : "") +
                    ", shuffled and dealt again: redeal " + std::to_string(e.redeal) + " of " +
                    std::to_string(r.redeals) + ".");
      break;
    case Event::kMove:
      out.push_back("You move " + card_token(e.card) + " from " + cell_name(r, e.from) + " to " +
                    cell_name(r, e.to) + ".");
      break;
  }
  if (e.over) out.push_back(summary(e.won, e.placed, e.redeals));
}

}  // namespace parlour::montana
