// What each seat sees of Old Maid, the labels of its moves, and the story of play.
#include <algorithm>
#include <bit>

#include "games/old_maid/state.h"

namespace parlour::old_maid {
namespace {

template <class Cards>
std::string pairs_list(const Cards& cards, std::size_t from = 0) {
  std::string s;
  for (std::size_t i = from; i + 1 < cards.size(); i += 2)
    s += (s.empty() ? "" : ", ") + card_token(cards[i]) + " " + card_token(cards[i + 1]);
  return s;
}

// A picture card's full name, occupation and all ("Rag-and-bone Ron"), for
// the story to add where it names one card or one pair: the token is drawn
// with the first name alone ("Ron"), and seed 002 calls the deck "matching
// cards of various occupations". Empty for other cards and the Old Maid,
// whose token says what she is.
std::string occupation(Card c) {
  return c.is_picture() && !c.is_lone_picture() ? long_name(c) : std::string();
}

// "[[n]] (Rag-and-bone Ron)" for a picture card, else the token.
std::string named(Card c) {
  const std::string o = occupation(c);
  return card_token(c) + (o.empty() ? "" : " (" + o + ")");
}

// Zones go hand, pairs for each seat in turn, then anything set aside.
int hand_zone(Seat s) {
  return 2 * s;
}

}  // namespace

std::string OldMaidState::action_label(Seat, Action a) const {
  const auto m = Move::decode(a, r_.classes());
  if (!m) return "action " + std::to_string(a);
  switch (m->kind) {
    case Move::kOffer:
      return "offer";
    case Move::kShuffle:
      return "shuffle";
    case Move::kLook:
      return "look at the fan";
    case Move::kDraw:
      return "draw " + std::to_string(m->from + 1);
    case Move::kArrange:
      return "move " + std::to_string(m->from + 1) + " to " + std::to_string(m->to + 1);
  }
  return "?";
}

void OldMaidState::fill_view(Seat viewer, View& v) const {
  const bool all = viewer == kEveryone || phase_ == Phase::kOver;
  // Between the hands of a match (and while the loser is cut), the loser's
  // last cards lie shown, as the narration tells them.
  const bool shown_losers =
      (phase_ == Phase::kDeal || phase_ == Phase::kCut || phase_ == Phase::kOver) && dealt_ &&
      last_losers_;
  auto shown = [&](Seat owner) { return shown_losers && (last_losers_ >> owner & 1); };
  auto sees_hand = [&](Seat owner) { return all || viewer == owner || shown(owner); };
  view_base(v, "old-maid", viewer, r_.players);
  v.dealer = dealer_;
  v.hand = hand_, v.hands = r_.hands;
  v.terminal = phase_ == Phase::kOver;
  const bool playing = phase_ == Phase::kOffer || phase_ == Phase::kDraw;
  for (Seat s = 0; s < r_.players; ++s) {
    SeatInfo& si = v.add_seat();
    si.cards = fans_[s].size();
    si.score = score_[s];
    si.out = place_[s] != 0;
    if (r_.penalty == Penalty::kSoot && lost_[s])
      si.counters.push_back({"soot marks", static_cast<double>(lost_[s])});
    if (r_.penalty == Penalty::kRaps && raps_[s])
      si.counters.push_back({"raps", static_cast<double>(raps_[s])});
    if (!v.text()) continue;
    si.name = seat_name(s);
    if (playing && s == offerer_)
      si.status = "offering to " + seat_name(drawer_);
    else if (playing && s == drawer_)
      si.status = "drawing from " + seat_name(offerer_);
    else if (place_[s] != 0 && dealt_ && fans_[s].cards.empty())
      si.status = "safe";
    else if (dealt_ && (last_losers_ >> s & 1) && !playing)
      si.status = std::string(title_name(r_.title));
    if (s == dealer_) si.status += si.status.empty() ? "dealer" : ", dealer";
    if (r_.penalty == Penalty::kSoot && lost_[s])
      si.status += (si.status.empty() ? "" : ", ") + std::to_string(lost_[s]) + " soot mark" +
                   (lost_[s] > 1 ? "s" : "");
    if (r_.penalty == Penalty::kRaps && raps_[s])
      si.status += (si.status.empty() ? "" : ", ") + std::to_string(raps_[s]) + " raps";
  }
  for (Seat s = 0; s < r_.players; ++s) {
    const Fan& f = fans_[s];
    Zone& z = v.add_zone(ZoneKind::kHand, Layout::kFan, s);
    // Each CardView made in its place: one built on the stack a byte at a
    // time and copied in whole waited on those stores (three quarters of
    // this function's time in a VectorEnv step with observations).
    const bool whole = sees_hand(s), up = shown(s), marked = viewer >= 0 && !f.shuffled;
    for (int i = 0; i < f.size(); ++i) {
      const bool sees = whole || (marked && (f.known[i] >> viewer & 1));
      CardView& cv = z.cards.emplace_back();
      if (sees) cv.card = f.cards[i];
      cv.face_up = up;
    }
    if (v.text()) {
      z.name = seat_name(s) + "'s hand";
      if (f.shuffled && !all) z.note = "shuffled face down";
    }
    Zone& p = v.add_zone(ZoneKind::kPairs, Layout::kRow, s);
    if (v.text()) {
      p.name = seat_name(s) + "'s pairs";
      if (!r_.face_up) p.note = "face down";
    }
    const bool sees = r_.face_up || sees_hand(s);
    for (Card c : pairs_[s]) {
      CardView& cv = p.cards.emplace_back();
      if (sees) cv.card = c;
      cv.face_up = r_.face_up;
    }
  }
  if (!aside_.empty()) {
    Zone& z = v.add_zone(ZoneKind::kAside, Layout::kRow, kNobody);
    if (v.text()) z.name = "set aside";
    for (std::size_t i = 0; i < aside_.size(); ++i) {
      const bool up = static_cast<int>(i) < aside_up_;
      CardView& cv = z.cards.emplace_back();
      if (up || all) cv.card = aside_[i];
      cv.face_up = up;
    }
    if (v.text() && static_cast<int>(aside_.size()) > aside_up_)
      z.note = aside_up_ ? "the others face down, unseen" : "face down, unseen";
  }
  if (hands_done_ > 0 && (r_.hands > 1 || r_.scoring != Scoring::kLoser)) {
    v.last_hand.hand = hands_done_;
    if (v.text()) {
      const std::string title(title_name(r_.title));
      v.last_hand.summary =
          last_losers_
              ? seat_names(last_losers_) +
                    (std::popcount(last_losers_) > 1 ? " share the fate of " : " is ") + title + "."
              : "Every card paired off: nobody is " + title + ".";
    }
    for (Seat s = 0; s < r_.players; ++s) {
      v.last_hand.points.push_back(hand_points_[s]);
      v.last_hand.totals.push_back(score_[s]);
    }
  }
  if (v.text() && viewer >= 0 && viewer == v.to_move) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    for (Action a : legal) {
      const Move m = *Move::decode(a, r_.classes());
      std::string key = m.kind == Move::kOffer     ? "o"
                        : m.kind == Move::kShuffle ? "s"
                        : m.kind == Move::kLook    ? "l"
                        : m.kind == Move::kDraw
                            ? std::to_string(m.from + 1)
                            : "m " + std::to_string(m.from + 1) + " " + std::to_string(m.to + 1);
      Choice& c = v.add_choice(a);
      c.label = action_label(viewer, a);
      c.key = std::move(key);
      if (m.kind == Move::kDraw) c.picks = {{hand_zone(offerer_), m.from}};
      if (m.kind == Move::kArrange)
        c.picks = {{hand_zone(offerer_), m.from}}, c.to = {hand_zone(offerer_), m.to};
    }
    const Fan& f = fans_[offerer_];
    if (phase_ == Phase::kOffer) {
      const bool can_move = !f.shuffled && moves_ < f.size() - 1 && f.size() > 1;
      if (f.shuffled) {
        v.prompt = "Your " + cards_text(f.size()) + " are shuffled face down. Offer them to " +
                   seat_name(drawer_) +
                   (looked_ || f.size() < 2 ? "." : ", or look at them again to rearrange them.");
      } else {
        v.prompt = "Offer your " + cards_text(f.size()) + " to " + seat_name(drawer_);
        if (f.size() > 1 && !shuffled_)
          v.prompt += can_move
                          ? ": as they lie, shuffled face down first, or after moving cards about."
                          : ": as they lie, or shuffled face down first.";
        else
          v.prompt += can_move ? ", as they lie or after moving cards about." : ".";
      }
    } else {
      v.prompt = "Pick a card from " + seat_name(offerer_) + "'s hand: " + cards_text(f.size()) +
                 " face down.";
      for (int i = 0; i < f.size(); ++i)
        if (!f.shuffled && (f.known[i] >> viewer & 1))
          v.prompt +=
              " You know card " + std::to_string(i + 1) + " is " + card_token(f.cards[i]) + ".";
    }
  }
  if (v.text() && v.terminal) v.result = outcome().summary;
}

void OldMaidState::tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                        std::vector<std::string>& out) {
  auto sees = [&](Seat a, Seat b) { return w.sees(a) || w.sees(b); };
  switch (e.kind) {
    case Event::kNone:
      return;
    case Event::kDeal: {
      std::string head = "Hand " + std::to_string(e.hand) +
                         (r.hands > 1 ? " of " + std::to_string(r.hands) : "") + ": " +
                         seat_name(e.actor) + " deals.";
      if (sc.aside_up) head += " " + card_token(sc.aside[0]) + " is set aside.";
      if (const int unseen = static_cast<int>(sc.aside.size()) - sc.aside_up; unseen > 0)
        head += unseen == 1 ? " One card is set aside unseen."
                            : " " + std::to_string(unseen) + " cards are set aside unseen.";
      out.push_back(head);
      for (Seat s = 0; s < r.players; ++s) {
        std::string line = w.says(s, "lay") + " down ";
        const int n = static_cast<int>(sc.laid.of(s).size() / 2);
        if (n == 0)
          line = w.who(s) + " " + w.verb(s, "have", "has") + " no pairs";
        else if (r.face_up || w.sees(s))
          line += std::to_string(n) + (n == 1 ? " pair: " : " pairs: ") +
                  pairs_list(sc.laid.of(s)) + (r.face_up ? "" : " (face down)");
        else
          line += std::to_string(n) + (n == 1 ? " pair" : " pairs") + " face down";
        line += sc.kept.of(s).empty()
                    ? " and " + w.verb(s, "are", "is") + " out, safe."
                    : ", keeping " + cards_text(static_cast<int>(sc.kept.of(s).size())) +
                          (w.sees(s) ? ": " + token_list(sc.kept.of(s)) : "") + ".";
        out.push_back(line);
      }
      break;
    }
    case Event::kOffer:
      out.push_back(w.says(e.actor, "hold") + " out " + cards_text(e.fan_size) + " face down to " +
                    w.whom(e.other) + ".");
      return;
    case Event::kShuffle:
      out.push_back(w.says(e.actor, "shuffle") + " the fan face down.");
      return;
    case Event::kLook:
      out.push_back(w.says(e.actor, "look") + " at the shuffled fan" +
                    (w.sees(e.actor) ? ": " + token_list(sc.fan) : "") + ".");
      return;
    case Event::kArrange:
      out.push_back(w.says(e.actor, "move") + " " + (w.sees(e.actor) ? named(e.card) : "the card") +
                    " from position " + std::to_string(e.from + 1) + " to " +
                    std::to_string(e.to + 1) + ".");
      return;
    case Event::kDrawn: {
      const bool knows = sees(e.actor, e.other);
      const std::string who = occupation(e.card);
      std::string line =
          w.says(e.actor, "draw") + " " +
          (knows ? card_token(e.card) + " (" + (who.empty() ? "" : who + ", ") + "card "
                 : "card ") +
          std::to_string(e.from + 1) + " of " + std::to_string(e.fan_size) + (knows ? ")" : "") +
          " from " + w.whom(e.other);
      // The pair is named once, with the character's occupation if the
      // draw did not name it already.
      const std::string pair = card_token(e.partner) + " " + card_token(e.card) +
                               (who.empty() || knows ? "" : " (" + who + ")");
      if (e.paired) {
        if (r.face_up)
          line += " and " + w.verb(e.actor, "lay") + " down the pair " + pair;
        else if (w.sees(e.actor))
          line += " and " + w.verb(e.actor, "discard") + " the pair " + pair + " face down";
        else
          line += " and " + w.verb(e.actor, "discard") + " a pair face down";
      }
      out.push_back(line + ".");
      if (e.other_out)
        out.push_back(w.who(e.other) + " gave away the last card and " +
                      w.verb(e.other, "are", "is") + " safe.");
      if (e.actor_out)
        out.push_back(w.who(e.actor) + " paired away the last card and " +
                      w.verb(e.actor, "are", "is") + " safe.");
      break;
    }
    case Event::kCut:
      out.push_back(w.says(e.actor, "cut") + " " + card_token(e.card) + ": " +
                    std::to_string(e.raps) + " raps on the knuckles.");
      return;
  }
  if (!e.hand_over) return;
  if (!e.losers)
    out.push_back("Every card has paired off: nobody is " + std::string(title_name(r.title)) + ".");
  for (Seat l = 0; l < r.players; ++l) {
    if (!(e.losers >> l & 1)) continue;
    std::string line = w.who(l) + " " + w.verb(l, "are", "is") + " left holding " +
                       token_list(sc.holding.of(l)) + ": " + w.who(l) + " " +
                       w.verb(l, "are", "is") + " " + std::string(title_name(r.title)) + "!";
    if (std::popcount(e.losers) > 1) line += " No pair can be made any more.";
    if (r.penalty == Penalty::kSoot)
      line += " A soot mark on the face (" + std::to_string(sc.marks[l]) +
              (sc.marks[l] == 1 ? " mark" : " marks") + " so far).";
    out.push_back(line);
  }
  if (r.hands > 1 || r.scoring != Scoring::kLoser) {
    std::string s = "Scores after hand " + std::to_string(e.hand) + ":";
    for (Seat p = 0; p < r.players; ++p) {
      std::string v = std::to_string(static_cast<long long>(sc.scores[p]));
      s += " " + seat_name(p) + " " + v + (p + 1 < r.players ? "," : ".");
    }
    out.push_back(s);
  }
}

}  // namespace parlour::old_maid
