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

}  // namespace

std::string OldMaidState::action_label(Action a) const {
  const auto m = Move::decode(a);
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

View OldMaidState::view(Seat viewer) const {
  const bool all = viewer == kEveryone || phase_ == Phase::kOver;
  // Between the hands of a match (and while the loser is cut), the loser's
  // last cards lie shown, as the narration tells them.
  const bool shown_losers =
      (phase_ == Phase::kDeal || phase_ == Phase::kCut) && dealt_ && last_losers_;
  auto shown = [&](Seat owner) { return shown_losers && (last_losers_ >> owner & 1); };
  auto sees_hand = [&](Seat owner) { return all || viewer == owner || shown(owner); };
  View v;
  v.game = "old-maid";
  v.viewer = viewer;
  v.players = r_.players;
  v.to_move = to_move();
  v.dealer = dealer_;
  v.hand = hand_, v.hands = r_.hands;
  v.terminal = phase_ == Phase::kOver;
  const bool playing = phase_ == Phase::kOffer || phase_ == Phase::kDraw;
  for (Seat s = 0; s < r_.players; ++s) {
    SeatInfo si;
    si.name = seat_name(s);
    si.cards = fans_[s].size();
    si.score = score_[s];
    si.out = place_[s] != 0;
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
    v.seats.push_back(std::move(si));
  }
  for (Seat s = 0; s < r_.players; ++s) {
    const Fan& f = fans_[s];
    Zone z{ZoneKind::kHand, s, seat_name(s) + "'s hand", {}, true, ""};
    for (int i = 0; i < f.size(); ++i) {
      CardView cv;
      if (sees_hand(s) || (viewer >= 0 && !f.shuffled && (f.known[i] >> viewer & 1)))
        cv.card = f.cards[i];
      cv.face_up = shown(s);
      z.cards.push_back(cv);
    }
    if (f.shuffled) z.note = "shuffled face down";
    if (all && f.shuffled) z.note.clear();
    v.zones.push_back(std::move(z));
    Zone p{
        ZoneKind::kPairs, s, seat_name(s) + "'s pairs", {}, false, r_.face_up ? "" : "face down"};
    for (Card c : pairs_[s]) {
      CardView cv;
      cv.face_up = r_.face_up;
      if (r_.face_up || sees_hand(s)) cv.card = c;
      p.cards.push_back(cv);
    }
    v.zones.push_back(std::move(p));
  }
  if (!aside_.empty()) {
    Zone z{ZoneKind::kAside, kNobody, "set aside", {}, false, ""};
    for (std::size_t i = 0; i < aside_.size(); ++i) {
      CardView cv;
      cv.face_up = static_cast<int>(i) < aside_up_;
      if (cv.face_up || all) cv.card = aside_[i];
      z.cards.push_back(cv);
    }
    if (static_cast<int>(aside_.size()) > aside_up_)
      z.note = aside_up_ ? "the others face down, unseen" : "face down, unseen";
    v.zones.push_back(std::move(z));
  }
  if (viewer >= 0 && viewer == v.to_move) {
    std::vector<Action> legal;
    legal_actions(legal);
    for (Action a : legal) {
      const Move m = *Move::decode(a);
      std::string key = m.kind == Move::kOffer     ? "o"
                        : m.kind == Move::kShuffle ? "s"
                        : m.kind == Move::kLook    ? "l"
                        : m.kind == Move::kDraw
                            ? std::to_string(m.from + 1)
                            : "m " + std::to_string(m.from + 1) + " " + std::to_string(m.to + 1);
      Choice c{a, action_label(a), key};
      // Zones go hand, pairs for each seat in turn: a seat's hand is zone 2 * seat.
      if (m.kind == Move::kDraw) c.zone = 2 * offerer_, c.card = m.from;
      if (m.kind == Move::kArrange) c.zone = 2 * offerer_, c.card = m.from, c.to = m.to;
      v.choices.push_back(std::move(c));
    }
    const Fan& f = fans_[offerer_];
    if (phase_ == Phase::kOffer) {
      v.prompt = "You offer your " + cards_text(f.size()) + " to " + seat_name(drawer_) + ". ";
      if (f.shuffled)
        v.prompt += "Your fan is shuffled face down. o: offer it" +
                    std::string(looked_ || f.size() < 2 ? "" : ", l: look at it to rearrange");
      else
        v.prompt +=
            "o: offer" +
            std::string(f.size() < 2 ? "" : (shuffled_ ? "" : ", s: shuffle face down")) +
            (moves_ < f.size() - 1 ? ", m A B: move the card at position A to position B" : "");
    } else {
      v.prompt = seat_name(offerer_) + " holds out " + cards_text(f.size()) +
                 " face down. Pick a position, 1 to " + std::to_string(f.size());
      for (int i = 0; i < f.size(); ++i)
        if (!f.shuffled && (f.known[i] >> viewer & 1))
          v.prompt += "; you know " + std::to_string(i + 1) + " is " + card_token(f.cards[i]);
    }
  }
  if (v.terminal) v.result = outcome().summary;
  return v;
}

void OldMaidState::narrate(Seat viewer, std::vector<std::string>& out) const {
  const Event& e = ev_;
  const bool all = viewer == kEveryone;
  auto who = [&](Seat s) { return s == viewer ? std::string("You") : seat_name(s); };
  auto sees = [&](Seat a, Seat b) { return all || viewer == a || viewer == b; };
  switch (e.kind) {
    case Event::kNone:
      return;
    case Event::kDeal: {
      std::string head = "Hand " + std::to_string(e.hand) +
                         (r_.hands > 1 ? " of " + std::to_string(r_.hands) : "") + ": " +
                         seat_name(e.actor) + " deals.";
      if (aside_up_) head += " " + card_token(aside_[0]) + " is set aside.";
      if (const int unseen = static_cast<int>(aside_.size()) - aside_up_; unseen > 0)
        head += unseen == 1 ? " One card is set aside unseen."
                            : " " + std::to_string(unseen) + " cards are set aside unseen.";
      out.push_back(head);
      for (Seat s = 0; s < r_.players; ++s) {
        std::string line = who(s) + (s == viewer ? " lay down " : " lays down ");
        const int n = static_cast<int>(pairs_[s].size() / 2);
        if (n == 0)
          line = who(s) + (s == viewer ? " have" : " has") + " no pairs";
        else if (r_.face_up || sees(s, s))
          line += std::to_string(n) + (n == 1 ? " pair: " : " pairs: ") + pairs_list(pairs_[s]) +
                  (r_.face_up ? "" : " (face down)");
        else
          line += std::to_string(n) + (n == 1 ? " pair" : " pairs") + " face down";
        line += fans_[s].cards.empty()
                    ? (s == viewer ? " and are out, safe." : " and is out, safe.")
                    : ", keeping " + cards_text(fans_[s].size()) +
                          (sees(s, s) ? ": " + token_list(fans_[s].cards) : "") + ".";
        out.push_back(line);
      }
      break;
    }
    case Event::kOffer:
      out.push_back(who(e.actor) + (e.actor == viewer ? " hold out " : " holds out ") +
                    cards_text(e.fan_size) + " face down to " +
                    (e.other == viewer ? "you" : seat_name(e.other)) + ".");
      return;
    case Event::kShuffle:
      out.push_back(who(e.actor) + (e.actor == viewer ? " shuffle" : " shuffles") +
                    " the fan face down.");
      return;
    case Event::kLook:
      out.push_back(who(e.actor) + (e.actor == viewer ? " look" : " looks") +
                    " at the shuffled fan" +
                    (sees(e.actor, e.actor) ? ": " + token_list(fans_[e.actor].cards) : "") + ".");
      return;
    case Event::kArrange:
      out.push_back(who(e.actor) + (e.actor == viewer ? " move " : " moves ") +
                    (sees(e.actor, e.actor) ? card_token(e.card) : "the card") + " from position " +
                    std::to_string(e.from + 1) + " to " + std::to_string(e.to + 1) + ".");
      return;
    case Event::kDrawn: {
      const bool knows = sees(e.actor, e.other);
      std::string line = who(e.actor) + (e.actor == viewer ? " draw " : " draws ") +
                         (knows ? card_token(e.card) + " (card " : "card ") +
                         std::to_string(e.from + 1) + " of " + std::to_string(e.fan_size) +
                         (knows ? ")" : "") + " from " +
                         (e.other == viewer ? "you" : seat_name(e.other));
      if (e.paired) {
        const std::string lays = e.actor == viewer ? " and lay down" : " and lays down";
        const std::string discards = e.actor == viewer ? " and discard" : " and discards";
        if (r_.face_up)
          line += lays + " the pair " + card_token(e.partner) + " " + card_token(e.card);
        else if (sees(e.actor, e.actor))
          line += discards + " the pair " + card_token(e.partner) + " " + card_token(e.card) +
                  " face down";
        else
          line += discards + " a pair face down";
      }
      out.push_back(line + ".");
      if (e.other_out)
        out.push_back(who(e.other) + " gave away the last card and " +
                      (e.other == viewer ? "are" : "is") + " safe.");
      if (e.actor_out)
        out.push_back(who(e.actor) + " paired away the last card and " +
                      (e.actor == viewer ? "are" : "is") + " safe.");
      break;
    }
    case Event::kCut:
      out.push_back(who(e.actor) + (e.actor == viewer ? " cut " : " cuts ") + card_token(e.card) +
                    ": " + std::to_string(e.raps) + " raps on the knuckles.");
      return;
  }
  if (!e.hand_over) return;
  if (!e.losers)
    out.push_back("Every card has paired off: nobody is " + std::string(title_name(r_.title)) +
                  ".");
  for (Seat l = 0; l < r_.players; ++l) {
    if (!(e.losers >> l & 1)) continue;
    std::string line = who(l) + (l == viewer ? " are" : " is") + " left holding " +
                       token_list(fans_[l].cards) + ": " + who(l) +
                       (l == viewer ? " are " : " is ") + std::string(title_name(r_.title)) + "!";
    if (std::popcount(e.losers) > 1) line += " No pair can be made any more.";
    if (r_.penalty == Penalty::kSoot)
      line += " A soot mark on the face (" + std::to_string(lost_[l]) +
              (lost_[l] == 1 ? " mark" : " marks") + " so far).";
    out.push_back(line);
  }
  if (r_.hands > 1 || r_.scoring != Scoring::kLoser) {
    std::string s = "Scores after hand " + std::to_string(e.hand) + ":";
    for (Seat p = 0; p < r_.players; ++p) {
      std::string v = std::to_string(static_cast<long long>(score_[p]));
      s += " " + seat_name(p) + " " + v + (p + 1 < r_.players ? "," : ".");
    }
    out.push_back(s);
  }
}

}  // namespace parlour::old_maid
