// What each seat sees of Chase the Ace, the labels of its moves, and the story of play.
#include <bit>

#include "games/chase_the_ace/state.h"

namespace parlour::chase_the_ace {
namespace {

// "an ace", "a two", "an eight".
std::string a_rank(Rank r) {
  return std::string(r == kAce || r == kEight ? "an " : "a ") + std::string(rank_name(r));
}
// "Ace!", "Two!": what a player passing one says.
std::string shout(Rank r) {
  std::string s(rank_name(r));
  s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s + "!";
}
std::string lives_text(int n) {
  return std::to_string(n) + (n == 1 ? " life" : " lives");
}

}  // namespace

std::string ChaseState::action_label(Seat seat, Action a) const {
  const auto m = decode(a);
  if (!m) return "action " + std::to_string(a);
  switch (*m) {
    case Move::kKeep:
      return held_[seat].card.rank() == kKing ? "keep the King, face up" : "keep your card";
    case Move::kExchange:
      return "ask " + seat_name(left_of(seat)) + " to exchange";
    case Move::kStand:
      return "stand pat";
    case Move::kCut:
      return r_.draw == Draw::kTop ? "reject it and take the top card of the pack"
                                   : "reject it and cut the pack";
  }
  return "?";
}

void ChaseState::fill_view(Seat viewer, View& v) const {
  const bool all = viewer == kEveryone || phase_ == Phase::kOver;
  auto sees = [&](const Held& h) {
    return all || revealed_ || h.face_up || (viewer >= 0 && (h.known >> viewer & 1));
  };
  view_base(v, "chase-the-ace", viewer, r_.players);
  v.dealer = dealer_;
  v.hand = round_, v.hands = 0;  // rounds until one player is left, not a fixed number
  v.hand_word = "round";
  v.score_word = "players outlasted";
  v.terminal = phase_ == Phase::kOver;
  const bool playing = phase_ == Phase::kTurn || phase_ == Phase::kCut;
  for (Seat s = 0; s < r_.players; ++s) {
    SeatInfo& si = v.add_seat();
    si.cards = holds(s) ? 1 : 0;
    // The running score is what the result counts: players outlasted so far.
    for (Seat t = 0; t < r_.players; ++t)
      si.score += out_round_[t] != 0 && (out_round_[s] == 0 || out_round_[t] < out_round_[s]);
    si.out = lives_[s] == 0;
    si.counters.push_back({"lives", static_cast<double>(lives_[s])});
    if (!v.text()) continue;
    si.name = seat_name(s);
    std::string st;
    auto add = [&](const std::string& x) { st += (st.empty() ? "" : ", ") + x; };
    if (s == dealer_ && lives_[s] > 0) add("dealer");
    if (phase_ == Phase::kTurn && s == turn_) add("to play");
    switch (did_[s]) {
      case Did::kNothing:
        break;
      case Did::kKept:
        add("kept");
        break;
      case Did::kExchanged:
        add("exchanged with " + seat_name(left_of(s)));
        break;
      case Did::kRefused:
        add("asked " + seat_name(left_of(s)) + ", who refused");
        break;
      case Did::kStood:
        add("stood pat");
        break;
      case Did::kCut:
        add(r_.draw == Draw::kTop ? "took the top card" : "cut the pack");
        break;
    }
    if (showed_[s]) add("showed a King");
    if (in_round(s) && held_[s].announced != kNoRank)
      add("was passed " + a_rank(held_[s].announced) + " (announced)");
    if (!playing && rounds_done_ > 0 && (last_losers_ >> s & 1))
      add(lives_[s] == 0 ? "lost the last life" : "lost a life");
    if (lives_[s] == 0) add("out");
    si.status = st;
  }
  // Zones: each seat's card (zone s), the pack, and the cards set aside.
  for (Seat s = 0; s < r_.players; ++s) {
    Zone& z = v.add_zone(ZoneKind::kHand, Layout::kHand, s);
    if (v.text()) z.name = seat_name(s) + "'s card";
    if (holds(s)) {
      const Held& h = held_[s];
      CardView& cv = z.cards.emplace_back();
      if (sees(h)) cv.card = h.card;
      cv.face_up = h.face_up || revealed_;
      if (v.text() && h.announced != kNoRank && !cv.card)
        z.note = a_rank(h.announced) + ", announced";
    }
  }
  Zone& pack = v.add_zone(ZoneKind::kStock, Layout::kPile, kNobody);
  if (v.text()) pack.name = "pack", pack.note = "face down";
  for (Card c : pack_) pack.cards.push_back({all ? std::optional<Card>(c) : std::nullopt, false});
  Zone& aside = v.add_zone(ZoneKind::kDiscard, Layout::kRow, kNobody);
  if (v.text()) aside.name = "set aside";
  for (const Held& h : aside_) {
    CardView& cv = aside.cards.emplace_back();
    if (sees(h)) cv.card = h.card;
    cv.face_up = h.face_up || revealed_;
  }

  if (rounds_done_ > 0) {
    v.last_hand.hand = rounds_done_;
    for (Seat s = 0; s < r_.players; ++s) {
      v.last_hand.points.push_back(last_losers_ >> s & 1 ? -1 : 0);
      v.last_hand.totals.push_back(lives_[s]);
    }
  }
  if (rounds_done_ > 0 && v.text()) {
    std::string sum;
    if (last_void_) {
      sum = "Everyone left held the lowest card on the last life: the round does not count.";
    } else if (last_king_lowest_) {
      sum = seat_names(last_losers_) +
            " cut a King, which counts lowest of all, and alone loses a life.";
    } else {
      sum = seat_names(last_losers_) +
            (std::popcount(last_losers_) > 1 ? " tied for the lowest card, "
                                             : " held the lowest card, ") +
            a_rank(last_lowest_) +
            (std::popcount(last_losers_) > 1 ? ", and each lose a life." : ", and loses a life.");
    }
    if (last_out_)
      sum += " " + seat_names(last_out_) +
             (std::popcount(last_out_) > 1 ? " drop out." : " drops out.");
    v.last_hand.summary = sum;
  }

  if (v.text() && viewer >= 0 && viewer == v.to_move) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    const Held& mine = held_[viewer];
    const int pack_zone = r_.players;
    for (Action a : legal) {
      const Move m = *decode(a);
      Choice& c = v.add_choice(a);
      c.label = action_label(viewer, a);
      switch (m) {
        case Move::kKeep:
          c.key = "k";
          break;
        case Move::kExchange:
          // Dragging your card to the neighbour's asks for the exchange.
          c.key = "e", c.picks = {{viewer, 0}}, c.to = {left_of(viewer), -1};
          break;
        case Move::kStand:
          c.key = "s";
          break;
        case Move::kCut:
          c.key = r_.draw == Draw::kTop ? "t" : "c";
          c.picks = {{pack_zone, static_cast<int>(pack_.size()) - 1}};
          break;
      }
    }
    v.list_choices = true;
    const std::string card = card_token(mine.card);
    if (viewer == dealer_) {
      v.prompt = "You deal, and play last: stand pat with your " + card + ", or reject it and " +
                 (r_.draw == Draw::kTop ? "take the top card of the pack."
                                        : "cut the pack for a new card.");
      if (r_.dealer_king == DealerKing::kLowest)
        v.prompt += " A King you cut counts lowest of all.";
      if (r_.dealer_king == DealerKing::kKeepsOwn)
        v.prompt += " If you cut a King, you keep the card you rejected.";
    } else if (mine.card.rank() == kKing) {
      v.prompt = "You hold a King, " + card + ": keep it, turned face up.";
    } else {
      const Seat left = left_of(viewer);
      v.prompt = "Keep your " + card + ", or ask " + seat_name(left) +
                 (left == dealer_ ? " (the dealer)" : "") + " to exchange.";
      if (held_[left].known >> viewer & 1)
        v.prompt += " You know " + seat_name(left) + " holds " + card_token(held_[left].card) + ".";
    }
  }
  if (v.text() && v.terminal) v.result = outcome().summary;
}

void ChaseState::tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                      std::vector<std::string>& out) {
  switch (e.kind) {
    case Event::kNone:
      return;
    case Event::kDeal: {
      out.push_back("Round " + std::to_string(e.round) + ": " + w.says(e.actor, "deal") +
                    " a card to each of " + std::to_string(std::popcount(e.in_round)) +
                    " players.");
      for (Seat s = 0; s < r.players; ++s)
        if ((e.in_round >> s & 1) && w.sees(s))
          out.push_back(w.who(s) + " " + w.verb(s, "hold", "holds") + " " + card_token(sc.held[s]) +
                        ".");
      return;
    }
    case Event::kKeep:
      if (e.given.rank() == kKing)
        out.push_back(w.says(e.actor, "keep") + " " + card_token(e.given) + " and " +
                      w.verb(e.actor, "turn") + " it face up.");
      else
        out.push_back(w.says(e.actor, "keep") + " " +
                      (w.sees(e.actor) ? card_token(e.given) : "the card") + ".");
      break;
    case Event::kRefused:
      out.push_back(w.says(e.actor, "ask") + " " + w.whom(e.other) + " to exchange; " +
                    w.who(e.other) + " " + w.verb(e.other, "show") + " " + card_token(e.got) +
                    " and " + w.verb(e.other, "refuse") + (r.cuckoo ? ": \"Cuckoo!\"" : "."));
      break;
    case Event::kExchange: {
      if (w.you(e.actor))
        out.push_back("You give " + card_token(e.given) + " to " + seat_name(e.other) +
                      " and get " + card_token(e.got) + ".");
      else if (w.you(e.other))
        out.push_back(seat_name(e.actor) + " asks you to exchange: you give " + card_token(e.got) +
                      " and get " + card_token(e.given) + ".");
      else if (w.viewer() == kEveryone)
        out.push_back(seat_name(e.actor) + " gives " + card_token(e.given) + " to " +
                      seat_name(e.other) + " for " + card_token(e.got) + ".");
      else
        out.push_back(seat_name(e.actor) + " exchanges cards with " + seat_name(e.other) + ".");
      if (e.announced != kNoRank)
        out.push_back(w.says(e.other, "pass") + " " + w.whom(e.actor) + " " + a_rank(e.announced) +
                      " and " + w.verb(e.other, "say", "says") + " so: \"" + shout(e.announced) +
                      "\"");
      break;
    }
    case Event::kStand:
      out.push_back(w.says(e.actor, "stand") + " pat" +
                    (w.sees(e.actor) ? " with " + card_token(e.given) : "") + ".");
      break;
    case Event::kCut: {
      const bool top = r.draw == Draw::kTop, sees = w.sees(e.actor);
      const bool shown = sees || e.king_void;  // a King set aside is shown to all
      std::string line;
      if (e.rejects) {
        line = w.says(e.actor, "set") + " " + (sees ? card_token(e.rejected) : "the card") +
               " aside and " +
               (top ? w.verb(e.actor, "take") + " the top card of the pack"
                    : w.verb(e.actor, "cut") + " the pack");
        if (e.draws && shown) line += ": " + card_token(e.drawn);
      } else {
        line = w.says(e.actor, "cut") + " " + (shown ? card_token(e.drawn) : "a card");
      }
      if (e.king_void)
        line += ", a King, which is set aside; " + w.who(e.actor) + " " + w.verb(e.actor, "keep") +
                " " + (sees ? card_token(e.rejected) : "the card rejected");
      out.push_back(line + ".");
      break;
    }
  }
  if (!e.round_over) return;
  std::string shown = "The cards are revealed:";
  bool first = true;
  for (Seat s = 0; s < r.players; ++s) {
    if (!(e.in_round >> s & 1)) continue;
    shown += std::string(first ? " " : ", ") + w.who(s) + " " + card_token(sc.held[s]);
    first = false;
  }
  out.push_back(shown + ".");
  if (e.void_round) {
    out.push_back(
        "Everyone left holds the lowest card on the last life: the round does not count, "
        "and they deal again.");
  } else if (e.king_lowest) {
    const Seat d = e.actor;  // the round's dealer (the deal has passed on since)
    out.push_back(
        "The King " + w.who(d) + " cut counts lowest of all: " + w.who(d) + " alone " +
        w.verb(d, "lose") +
        (sc.lives[d] ? " a life (" + lives_text(sc.lives[d]) + " left)." : " the last life."));
  } else {
    for (Seat s = 0; s < r.players; ++s)
      if (e.losers >> s & 1)
        out.push_back(
            w.who(s) + " " + w.verb(s, "hold", "holds") + " the lowest card" +
            (std::popcount(e.losers) > 1 ? " (tied)" : "") + " and " + w.verb(s, "lose") +
            (sc.lives[s] ? " a life (" + lives_text(sc.lives[s]) + " left)." : " the last life."));
  }
  for (Seat s = 0; s < r.players; ++s)
    if (e.out >> s & 1)
      out.push_back(w.who(s) + " " + w.verb(s, "have", "has") + " no lives left and " +
                    w.verb(s, "drop") + " out.");
}

}  // namespace parlour::chase_the_ace
