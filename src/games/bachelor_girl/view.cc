// What each seat sees of Bachelor Girl, move labels, and the story of play.
#include <algorithm>

#include "games/bachelor_girl/state.h"

namespace parlour::bachelor_girl {
namespace {}  // namespace

std::string BachelorGirlState::action_label(Seat seat, Action a) const {
  const auto m = Move::decode(a, r_);
  if (!m) return "action " + std::to_string(a);
  switch (m->kind) {
    case Move::kLayPair: {
      std::string cards;
      for (Card c : hands_[seat])
        if (!r_.wild(c) && r_.cls(c) == m->cls) cards += " " + card_token(c);
      return "lay the pair" + cards;
    }
    case Move::kLaySingle:
      return "lay " + card_token(m->card);
    case Move::kTake:
      return "take " + card_token(m->card) + " from " + seat_name(m->seat);
    case Move::kTakeWild:
      return "take " + card_token(m->card) + " from " + seat_name(m->seat) +
             " with the Bachelor Girl";
    case Move::kSwap:
      return "put your match of " + card_token(m->card) + " in the Bachelor Girl's place at " +
             seat_name(m->seat) + " and take her";
    case Move::kDraw:
      return "draw";
    case Move::kPass:
      return "pass";
    case Move::kDone:
      return "stop taking";
    case Move::kClaim:
      return "claim both cards";
    case Move::kDecline:
      return "let it go";
  }
  return "?";
}

void BachelorGirlState::fill_view(Seat viewer, View& v) const {
  const bool all = viewer == kEveryone || phase_ == Phase::kOver;
  view_base(v, "bachelor-girl", viewer, r_.players);
  v.dealer = dealer_;
  v.hand = hand_, v.hands = 0;  // a game to a target, not a fixed number of hands
  v.terminal = phase_ == Phase::kOver;
  for (Seat s = 0; s < r_.players; ++s) {
    SeatInfo& si = v.add_seat();
    si.cards = static_cast<int>(hands_[s].size());
    si.score = score_[s];
    if (!v.text()) continue;
    si.name = seat_name(s);
    if (phase_ != Phase::kDeal && phase_ != Phase::kOver && phase_ != Phase::kClaim && s == turn_)
      si.status = "to play";
    if (phase_ == Phase::kClaim && (claim_open_ >> s & 1)) si.status = "may claim";
    if (s == dealer_) si.status += si.status.empty() ? "dealer" : ", dealer";
    // What everyone can infer: the classes it could not match when it had to.
    if (absent_[s] && phase_ != Phase::kOver) {
      std::string none;
      for (int k = 0; k < 32; ++k)
        if (absent_[s] >> k & 1) {
          std::string name = r_.deck == DeckKind::kPicture ? short_name(Card::picture(k))
                                                           : std::string(1, "A23456789TJQK"[k]);
          if (name == "T") name = "10";
          none += (none.empty() ? "" : " ") + name;
        }
      si.status +=
          (si.status.empty() ? "" : ", ") + std::string("held no ") + none +
          (drawn_since_[s] ? " (" + std::to_string(drawn_since_[s]) + " drawn since)" : "");
    }
  }
  for (Seat s = 0; s < r_.players; ++s) {
    Zone& h = v.add_zone(ZoneKind::kHand, Layout::kHand, s);
    if (v.text()) h.name = seat_name(s) + "'s hand";
    for (Card c : hands_[s])
      h.cards.push_back({all || viewer == s ? std::optional<Card>(c) : std::nullopt, false});
    Zone& p = v.add_zone(ZoneKind::kPairs, Layout::kRow, s);
    if (v.text()) p.name = seat_name(s) + "'s pairs";
    for (const LaidPair& lp : fronts_[s].pairs) {
      p.cards.push_back({lp.a, true});
      p.cards.push_back({lp.b, true});
      if (v.text() && lp.wild)
        p.note += (p.note.empty() ? "" : "; ") +
                  std::string("the Bachelor Girl stands for the match of ") + card_token(lp.a);
    }
    Zone& l = v.add_zone(ZoneKind::kTable, Layout::kRow, s);
    if (v.text()) l.name = seat_name(s) + "'s laid cards";
    for (Card c : fronts_[s].singles) l.cards.push_back({c, true});
  }
  Zone& st = v.add_zone(ZoneKind::kStock, Layout::kPile, kNobody);
  if (v.text()) st.name = "stock", st.note = "face down";
  for (Card c : stock_) st.cards.push_back({all ? std::optional<Card>(c) : std::nullopt, false});

  if (hands_done_ > 0) {
    v.last_hand.hand = hands_done_;
    if (v.text())
      v.last_hand.summary = last_winner_ >= 0
                                ? seat_name(last_winner_) + " wins the hand" +
                                      (last_bonus_ ? ", and 10 points for the Bachelor Girl." : ".")
                                : "Nobody could finish the hand.";
    for (Seat s = 0; s < r_.players; ++s) {
      v.last_hand.points.push_back(last_points_[s]);
      v.last_hand.totals.push_back(score_[s]);
    }
  }
  if (v.text() && viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    bool pair = false, take = false, single = false, wild = false, swap = false;
    for (Action a : legal) {
      const Move m = *Move::decode(a, r_);
      std::string key;
      switch (m.kind) {
        case Move::kDraw:
          key = "d";
          break;
        case Move::kPass:
          key = "p";
          break;
        case Move::kDone:
          key = "done";
          break;
        case Move::kClaim:
          key = "c";
          break;
        case Move::kDecline:
          key = "n";
          break;
        default:
          key = std::to_string(v.choices.size() + 1);
      }
      pair |= m.kind == Move::kLayPair, take |= m.kind == Move::kTake,
          single |= m.kind == Move::kLaySingle;
      wild |= m.kind == Move::kTakeWild, swap |= m.kind == Move::kSwap;
      Choice& c = v.add_choice(a);
      c.label = action_label(viewer, a);
      c.key = std::move(key);
      // Zones go hand, pairs, laid cards for each seat in turn (3 per seat).
      auto at = [&](const Cards& cards, Card card, int zone) {
        const auto it = std::find(cards.begin(), cards.end(), card);
        if (it != cards.end()) c.picks = {{zone, static_cast<int>(it - cards.begin())}};
      };
      if (m.kind == Move::kLaySingle) at(hands_[viewer], m.card, 3 * viewer);
      if (m.kind == Move::kLayPair)  // the first two of its class in the hand
        for (int i = 0; i < static_cast<int>(hands_[viewer].size()) && c.picks.size() < 2; ++i)
          if (!r_.wild(hands_[viewer][i]) && r_.cls(hands_[viewer][i]) == m.cls)
            c.picks.push_back({3 * viewer, i});
      if (m.kind == Move::kTake || m.kind == Move::kTakeWild)
        at(fronts_[m.seat].singles, m.card, 3 * m.seat + 2);
    }
    v.list_choices = true;
    switch (phase_) {
      case Phase::kClaim:
        v.prompt =
            seat_name(claim_layer_) + " laid " + card_token(claim_card_) +
            " while its match lies in front of another player. Claim both cards, or let it go.";
        break;
      case Phase::kLaySingle:
        v.prompt = "Lay one more card face up; then you draw from the stock.";
        break;
      case Phase::kTaking:
        v.prompt = "Take more of the laid cards that match yours, or stop taking.";
        break;
      default:
        if (pair)
          v.prompt = swap ? "Your turn: you may take the Bachelor Girl first, then lay a pair from "
                            "your hand."
                          : "Your turn: lay a pair from your hand.";
        else if (take)
          v.prompt = "Your turn: take the laid cards that match yours.";
        else if (wild)
          v.prompt = "Your turn: take a laid card with the Bachelor Girl, or play on.";
        else if (single)
          v.prompt = "Your turn: no pair and nothing to take. Lay a card face up, then draw.";
        else
          v.prompt = "Your turn: no pair and nothing to take.";
        break;
    }
  }
  if (v.text() && v.terminal) v.result = outcome().summary;
}

void BachelorGirlState::tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                             std::vector<std::string>& out) {
  switch (e.kind) {
    case Event::kNone:
      return;
    case Event::kDeal: {
      out.push_back("Hand " + std::to_string(e.hand) + ": " + seat_name(e.actor) + " deals " +
                    cards_text(r.hand_size()) + " each; " + cards_text(e.stock) +
                    " go face down as the stock. The Bachelor Girl is " +
                    (r.deck == DeckKind::kPicture ? std::string("the Old Maid card")
                                                  : "the " + long_name(r.bachelor_girl())) +
                    ".");  // named in words: a rule, not a card seen where it lies
      for (Seat s = 0; s < r.players; ++s)
        if (w.sees(s)) out.push_back(w.says(s, "hold") + ": " + token_list(sc.dealt.of(s)));
      break;
    }
    case Event::kSwap:
      out.push_back(w.says(e.actor, "put") + " " + card_token(e.card2) +
                    " in the Bachelor Girl's place beside " + card_token(e.card) + " in front of " +
                    (e.other == e.actor ? std::string(w.you(e.actor) ? "yourself" : "themselves")
                                        : w.whom(e.other)) +
                    ", and " + w.verb(e.actor, "take") + " her.");
      break;
    case Event::kLayPair:
      out.push_back(w.says(e.actor, "lay") + " the pair " + card_token(e.card) + " " +
                    card_token(e.card2) + ".");
      break;
    case Event::kLaySingle: {
      std::string line = w.says(e.actor, "lay") + " " + card_token(e.card);
      if (e.drew)
        line += " and " + w.verb(e.actor, "draw") + " " +
                (w.sees(e.actor) ? card_token(e.drawn) : "a card") + " from the stock";
      out.push_back(line + ".");
      break;
    }
    case Event::kTake:
      out.push_back(w.says(e.actor, "take") + " " + card_token(e.card) + " from " +
                    w.whom(e.other) + " and " + w.verb(e.actor, "lay") + " it with " +
                    card_token(e.card2) + ".");
      break;
    case Event::kTakeWild:
      out.push_back(w.says(e.actor, "take") + " " + card_token(e.card) + " from " +
                    w.whom(e.other) + " with the Bachelor Girl " + card_token(e.card2) + ".");
      break;
    case Event::kDraw:
      out.push_back(w.who(e.actor) + " " + w.verb(e.actor, "have", "has") +
                    " nothing to lay or take and " + w.verb(e.actor, "draw") + " " +
                    (w.sees(e.actor) ? card_token(e.drawn) : "a card") + " from the stock.");
      break;
    case Event::kPass:
      out.push_back(w.who(e.actor) + " " + w.verb(e.actor, "have", "has") +
                    " nothing to lay or take, and the stock is empty: " + w.verb(e.actor, "pass") +
                    ".");
      break;
    case Event::kDone:
      out.push_back(w.says(e.actor, "stop") + " taking.");
      break;
    case Event::kClaim:
      out.push_back(w.says(e.actor, "notice") + " the error and " + w.verb(e.actor, "take") + " " +
                    card_token(e.card) + " and " + card_token(e.card2) + ".");
      break;
    case Event::kDecline:
      break;
  }
  if (!e.hand_over) return;
  if (e.winner >= 0) {
    std::string line =
        w.says(e.winner, "lay") + " the last card and " + w.verb(e.winner, "win") + " the hand";
    line += e.handed.empty() ? "." : "; the others hand over " + token_list(e.handed) + ".";
    if (e.bonus) line += " The Bachelor Girl is among them: 10 more points.";
    out.push_back(line);
  } else {
    out.push_back(
        "Nobody can lay, take or draw: the hand ends without a winner, and cards in hand score "
        "nothing.");
  }
  std::string s = "Scores after hand " + std::to_string(e.hand) + ":";
  for (Seat p = 0; p < r.players; ++p)
    s += " " + seat_name(p) + " " + std::to_string(sc.scores[p]) + " (+" +
         std::to_string(e.hand_points[p]) + ")" + (p + 1 < r.players ? "," : ".");
  out.push_back(s);
}

}  // namespace parlour::bachelor_girl
