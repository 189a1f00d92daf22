// What the player sees of Monte Carlo, the labels of the moves, and the story.
#include "games/monte_carlo/state.h"

namespace parlour::monte_carlo {

std::string MonteCarloState::action_label(Seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  if (m->close)
    return stock_.empty() ? "close the gaps"
                          : "close the gaps and fill them from the stock (" +
                                std::to_string(stock_.size()) + " left)";
  // The two cards name the pair: no card lies in two places.
  return "discard " + card_token(Card::from_index(at(m->a))) + " and " +
         card_token(Card::from_index(at(m->b)));
}

void MonteCarloState::fill_view(Seat viewer, View& v) const {
  view_base(v, "monte-carlo", viewer, 1);
  v.terminal = over_;
  SeatInfo& si = v.add_seat();
  si.score = discarded_;
  if (v.text()) {
    si.name = seat_name(0);
    si.status = std::to_string(discarded_) + " of 52 discarded";
  }
  // Zone 0: the table, five by five; 1: the stock, face down; 2: the discards.
  Zone& table = grid_zone(v, cells_, kSide, dealt_);
  if (v.text()) table.name = "the table";
  Zone& stock = v.add_zone(ZoneKind::kStock, Layout::kPile, kNobody);
  if (v.text()) stock.name = "stock", stock.note = "face down";
  for (Card c : stock_)
    stock.cards.push_back({viewer == kEveryone ? std::optional<Card>(c) : std::nullopt, false});
  Zone& pile = v.add_zone(ZoneKind::kDiscard, Layout::kPile, kNobody);
  if (v.text()) pile.name = "discards";
  for (Card c : pile_) pile.cards.push_back({c, true});

  if (v.text() && (viewer == 0 || viewer == kEveryone) && dealt_ && !over_) {
    Moves ms;
    moves(ms);
    for (const Move& m : ms) {
      // What a person types: the two cards ("7c 7h"), or "c" to close.
      std::string key = "c";
      if (!m.close)
        key = short_name(Card::from_index(at(m.a)), Charset::kAscii) + " " +
              short_name(Card::from_index(at(m.b)), Charset::kAscii);
      Choice& c = v.add_choice(m.encode());
      c.label = action_label(0, m.encode());
      c.key = std::move(key);
      if (!m.close) c.picks = {{0, m.a}, {0, m.b}};
    }
    v.list_choices = false;  // many: reached by selecting cards, or typed
    v.prompt = ms.size() == 1 && ms[0].close ? "No pair touches: close the gaps."
                                             : "Discard a pair that touches, or close the gaps.";
  }
  if (v.text() && over_) v.result = outcome().summary;
}

void MonteCarloState::tell(const Rules&, const Event& e, const Words&,
                           std::vector<std::string>& out) {
  switch (e.kind) {
    case Event::kNone:
      return;
    case Event::kDeal:
      out.push_back(
          "Twenty-five cards are dealt face up, five by five; the other 27 are the stock.");
      break;
    case Event::kClose:
      out.push_back(
          "You close the gaps, each card moving left and up, and fill the table from the "
          "stock (" +
          std::to_string(e.stock) + " left).");
      break;
    case Event::kPair:
      out.push_back("You discard " + card_token(e.a) + " and " + card_token(e.b) + ".");
      break;
  }
  if (e.over) out.push_back(summary(e.won, e.discarded));
}

}  // namespace parlour::monte_carlo
