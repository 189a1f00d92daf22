// What each seat sees of Bachelor Girl, move labels, and the story of play.
#include <algorithm>

#include "games/bachelor_girl/state.h"

namespace parlour::bachelor_girl {
namespace {}  // namespace

std::string BachelorGirlState::action_label(Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  switch (m->kind) {
    case Move::kLayPair: {
      std::string cards;
      for (Card c : hands_[turn_])
        if (!r_.wild(c) && r_.cls(c) == m->cls) cards += " " + card_token(c);
      return "lay the pair" + cards;
    }
    case Move::kLaySingle:
      return "lay " + card_token(m->card);
    case Move::kTake:
      return "take " + card_token(m->card) + " from Seat " + std::to_string(m->seat);
    case Move::kTakeWild:
      return "take " + card_token(m->card) + " from Seat " + std::to_string(m->seat) +
             " with the Bachelor Girl";
    case Move::kSwap:
      return "put your match of " + card_token(m->card) + " in the Bachelor Girl's place at Seat " +
             std::to_string(m->seat) + " and take her";
    case Move::kDraw:
      return "draw";
    case Move::kPass:
      return "pass";
    case Move::kDone:
      return "done";
    case Move::kClaim:
      return "claim";
    case Move::kDecline:
      return "let it go";
  }
  return "?";
}

View BachelorGirlState::view(Seat viewer) const {
  const bool all = viewer == kEveryone || phase_ == Phase::kOver;
  View v;
  v.game = "bachelor-girl";
  v.viewer = viewer;
  v.players = r_.players;
  v.to_move = to_move();
  v.dealer = dealer_;
  v.hand = hand_, v.hands = 0;  // a game to a target, not a fixed number of hands
  v.terminal = phase_ == Phase::kOver;
  for (Seat s = 0; s < r_.players; ++s) {
    SeatInfo si;
    si.name = seat_name(s);
    si.cards = static_cast<int>(hands_[s].size());
    si.score = score_[s];
    if (phase_ != Phase::kDeal && phase_ != Phase::kOver && s == turn_) si.status = "to play";
    if (phase_ == Phase::kClaim && s == claimant()) si.status = "may claim";
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
    v.seats.push_back(std::move(si));
  }
  for (Seat s = 0; s < r_.players; ++s) {
    Zone h{ZoneKind::kHand, s, seat_name(s) + "'s hand", {}, false, ""};
    for (Card c : hands_[s])
      h.cards.push_back({all || viewer == s ? std::optional<Card>(c) : std::nullopt, false});
    v.zones.push_back(std::move(h));
    Zone p{ZoneKind::kPairs, s, seat_name(s) + "'s pairs", {}, false, ""};
    for (const LaidPair& lp : fronts_[s].pairs) {
      p.cards.push_back({lp.a, true});
      p.cards.push_back({lp.b, true});
      if (lp.wild)
        p.note += (p.note.empty() ? "" : "; ") +
                  std::string("the Bachelor Girl stands for the match of ") + card_token(lp.a);
    }
    v.zones.push_back(std::move(p));
    Zone l{ZoneKind::kTable, s, seat_name(s) + "'s laid cards", {}, false, ""};
    for (Card c : fronts_[s].singles) l.cards.push_back({c, true});
    v.zones.push_back(std::move(l));
  }
  Zone st{ZoneKind::kStock, kNobody, "stock", {}, false, "face down"};
  for (Card c : stock_) st.cards.push_back({all ? std::optional<Card>(c) : std::nullopt, false});
  v.zones.push_back(std::move(st));

  if (viewer >= 0 && viewer == v.to_move) {
    std::vector<Action> legal;
    legal_actions(legal);
    std::vector<std::string> keys;
    for (Action a : legal) {
      const Move m = *Move::decode(a);
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
      Choice c{a, action_label(a), key};
      // Zones go hand, pairs, laid cards for each seat in turn (3 per seat).
      auto at = [&](const std::vector<Card>& cards, Card card, int zone) {
        const auto it = std::find(cards.begin(), cards.end(), card);
        if (it != cards.end()) c.zone = zone, c.card = static_cast<int>(it - cards.begin());
      };
      if (m.kind == Move::kLaySingle) at(hands_[viewer], m.card, 3 * viewer);
      if (m.kind == Move::kTake || m.kind == Move::kTakeWild)
        at(fronts_[m.seat].singles, m.card, 3 * m.seat + 2);
      v.choices.push_back(std::move(c));
    }
    v.list_choices = true;
    switch (phase_) {
      case Phase::kClaim:
        v.prompt =
            seat_name(claim_layer_) + " laid " + card_token(claim_card_) +
            " while its match lies in front of another player. c: claim both cards, n: let it go";
        break;
      case Phase::kLaySingle:
        v.prompt = "Lay one more card face up (then you draw). Choose by number";
        break;
      case Phase::kTaking:
        v.prompt = "Take more cards, or done. Choose by number";
        break;
      default:
        v.prompt = "Your turn. Choose by number";
        break;
    }
  }
  if (v.terminal) v.result = outcome().summary;
  return v;
}

void BachelorGirlState::narrate(Seat viewer, std::vector<std::string>& out) const {
  const Event& e = ev_;
  const bool all = viewer == kEveryone;
  auto who = [&](Seat s) { return s == viewer ? std::string("You") : seat_name(s); };
  auto verb = [&](Seat s, const char* you, const char* other) {
    return std::string(s == viewer ? you : other);
  };
  switch (e.kind) {
    case Event::kNone:
      return;
    case Event::kDeal: {
      out.push_back("Hand " + std::to_string(e.hand) + ": " + seat_name(dealer_) + " deals " +
                    cards_text(r_.hand_size()) + " each; " +
                    cards_text(static_cast<int>(stock_.size())) +
                    " go face down as the stock. The Bachelor Girl is " +
                    (r_.deck == DeckKind::kPicture ? std::string("the Old Maid card")
                                                   : "the " + long_name(r_.bachelor_girl())) +
                    ".");  // named in words: a rule, not a card seen where it lies
      for (Seat s = 0; s < r_.players; ++s)
        if (all || s == viewer)
          out.push_back(who(s) + verb(s, " hold: ", " holds: ") + token_list(hands_[s]));
      break;
    }
    case Event::kSwap:
      out.push_back(who(e.actor) + verb(e.actor, " put ", " puts ") + card_token(e.card2) +
                    " in the Bachelor Girl's place beside " + card_token(e.card) + " in front of " +
                    (e.other == e.actor ? std::string("themselves") : who(e.other)) + ", and " +
                    verb(e.actor, "take", "takes") + " her.");
      break;
    case Event::kLayPair:
      out.push_back(who(e.actor) + verb(e.actor, " lay ", " lays ") + "the pair " +
                    card_token(e.card) + " " + card_token(e.card2) + ".");
      break;
    case Event::kLaySingle: {
      std::string line = who(e.actor) + verb(e.actor, " lay ", " lays ") + card_token(e.card);
      if (e.drew)
        line += " and " + verb(e.actor, "draw ", "draws ") +
                (all || viewer == e.actor ? card_token(e.drawn) : "a card") + " from the stock";
      out.push_back(line + ".");
      break;
    }
    case Event::kTake:
      out.push_back(who(e.actor) + verb(e.actor, " take ", " takes ") + card_token(e.card) +
                    " from " + who(e.other) + " and " + verb(e.actor, "lay", "lays") + " it with " +
                    card_token(e.card2) + ".");
      break;
    case Event::kTakeWild:
      out.push_back(who(e.actor) + verb(e.actor, " take ", " takes ") + card_token(e.card) +
                    " from " + who(e.other) + " with the Bachelor Girl " + card_token(e.card2) +
                    ".");
      break;
    case Event::kDraw:
      out.push_back(who(e.actor) + verb(e.actor, " have", " has") + " nothing to lay or take and " +
                    verb(e.actor, "draw ", "draws ") +
                    (all || viewer == e.actor ? card_token(e.drawn) : "a card") +
                    " from the stock.");
      break;
    case Event::kPass:
      out.push_back(who(e.actor) + verb(e.actor, " have", " has") +
                    " nothing to lay or take, and the stock is empty: " +
                    verb(e.actor, "pass", "passes") + ".");
      break;
    case Event::kDone:
      out.push_back(who(e.actor) + verb(e.actor, " stop", " stops") + " taking.");
      break;
    case Event::kClaim:
      out.push_back(who(e.actor) + verb(e.actor, " notice", " notices") + " the error and " +
                    verb(e.actor, "take ", "takes ") + card_token(e.card) + " and " +
                    card_token(e.card2) + ".");
      break;
    case Event::kDecline:
      break;
  }
  if (!e.hand_over) return;
  if (e.winner >= 0) {
    std::string line = who(e.winner) + verb(e.winner, " lay", " lays") + " the last card and " +
                       verb(e.winner, "win", "wins") + " the hand";
    line += e.handed.empty() ? "." : "; the others hand over " + token_list(e.handed) + ".";
    if (e.bonus) line += " The Bachelor Girl is among them: 10 more points.";
    out.push_back(line);
  } else {
    out.push_back(
        "Nobody can lay, take or draw: the hand ends without a winner, and cards in hand score "
        "nothing.");
  }
  std::string s = "Scores after hand " + std::to_string(e.hand) + ":";
  for (Seat p = 0; p < r_.players; ++p)
    s += " " + seat_name(p) + " " + std::to_string(score_[p]) + " (+" +
         std::to_string(e.hand_points[p]) + ")" + (p + 1 < r_.players ? "," : ".");
  out.push_back(s);
}

}  // namespace parlour::bachelor_girl
