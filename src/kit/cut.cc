#include "kit/cut.h"

#include <bit>

namespace parlour::kit {

Cut cut_for_deal(std::span<const Card> deck, SeatMask seats) {
  Cut out;
  SeatMask in = seats;
  std::size_t next = 0;
  for (;;) {
    const std::size_t need = static_cast<std::size_t>(std::popcount(in));
    if (next + need > deck.size()) {
      int suit = SUIT_NB;
      for (std::size_t i = 0; i < out.cards.size(); ++i)
        if ((in >> out.cutter[i] & 1) && out.cards[i].suit() < suit)
          suit = out.cards[i].suit(), out.dealer = out.cutter[i];
      return out;
    }
    int low = 99;
    SeatMask tied = 0;
    for (Seat s = 0; s < kMaxSeats; ++s) {
      if (!(in >> s & 1)) continue;
      const Card c = deck[next++];
      out.cards.push_back(c), out.cutter.push_back(static_cast<std::int8_t>(s));
      const int rank = c.rank();  // the ace is 1: the lowest
      if (rank < low) low = rank, tied = 0;
      if (rank == low) tied |= SeatMask{1} << s;
    }
    out.rounds.push_back(static_cast<std::uint8_t>(out.cards.size()));
    if (std::popcount(tied) == 1) {
      out.dealer = std::countr_zero(tied);
      return out;
    }
    in = tied;
  }
}

void tell_cut(const Cut& cut, const Words& w, std::vector<std::string>& out) {
  std::size_t from = 0;
  for (std::size_t k = 0; k < cut.rounds.size(); ++k) {
    std::string line =
        k == 0 ? "For the first deal each player cuts:" : "A tie for the lowest: they cut again:";
    for (std::size_t i = from; i < cut.rounds[k]; ++i)
      line += std::string(i == from ? " " : ", ") + w.who(cut.cutter[i]) + " " +
              card_token(cut.cards[i]);
    out.push_back(line + ".");
    from = cut.rounds[k];
  }
  out.push_back(w.who(cut.dealer) + " cut the lowest card (the ace is low) and " +
                w.verb(cut.dealer, "deal") + " first.");
}

Zone& cut_zone(View& v, std::span<const Card> cards) {
  Zone& z = v.add_zone(ZoneKind::kTable, Layout::kRow, kNobody);
  for (Card c : cards) z.cards.push_back({c, true});
  if (!v.text()) return z;
  z.name = "cut for the first deal";
  if (!cards.empty()) z.note = "the lowest deals, the ace low";
  return z;
}

}  // namespace parlour::kit
