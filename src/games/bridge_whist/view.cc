// What each seat sees of Bridge-Whist, the labels of its moves, and the story.
#include <algorithm>
#include <bit>

#include "games/bridge_whist/state.h"

namespace parlour::bridge_whist {
namespace {

// Zones, in order: each seat's hand (zone s), the trick, each side's tricks
// taken this deal, and the cards cut for the first deal.
constexpr int kTrickZone = kPlayers;

std::string strain_name(int strain) {
  return strain == kNoTrumps ? "no trumps" : std::string(suit_name(Suit(strain)));
}

// A side as the viewer reads it: "you and Seat 2", "Seat 1 and Seat 3".
std::string side_words(const Words& w, int side, bool start) {
  const Seat a = side, b = side + 2;
  if (w.you(a) || w.you(b)) {
    const Seat other = w.you(a) ? b : a;
    return std::string(start ? "You" : "you") + " and " + seat_name(other);
  }
  return side_name(side);
}

std::string value_words(int strain, int doubles) {
  const int v = trick_value(strain) << doubles;
  return std::to_string(v) + " a trick";
}

std::string times_words(int doubles) {
  return doubles == 0   ? ""
         : doubles == 1 ? ", doubled"
                        : ", doubled " + std::to_string(doubles) + " times";
}

}  // namespace

// B1: "The total is written on the score-sheet". The sheet is written from
// each deal's score as it was scored (history_), never worked back from the
// totals; a score set by a test without deals is carried in on one line.
ScoreSheet BridgeWhistState::sheet(Seat viewer) const {
  ScoreSheet sh;
  // Column 0 is the viewer's side; a spectator's is seats 0 and 2.
  const int mine = viewer >= 0 && viewer < kPlayers ? side_of(viewer) : 0;
  const auto col = [&](int side) { return side == mine ? 0 : 1; };
  if (viewer >= 0 && viewer < kPlayers) {
    sh.columns = {"We", "They"};
    sh.note =
        "We: you and " + seat_name(partner_of(viewer)) + "; They: " + side_name(1 - mine) + ".";
  } else {
    sh.columns = {"N-S", "E-W"};
    sh.note = "N-S: " + side_name(0) + "; E-W: " + side_name(1) + ".";
  }
  const auto entry = [&](std::string what, int side, int points) {
    SheetEntry e{std::move(what), {0, 0}, false};
    e.points[static_cast<std::size_t>(col(side))] = points;
    return e;
  };
  std::array<int, 2> above_sum{}, below_sum{};
  for (const SheetDeal& d : history_) {
    const std::string deal = "deal " + std::to_string(d.deal) + ": ";
    SheetEntry b = entry(deal + std::to_string(d.odd) + " by cards in " + strain_name(d.strain) +
                             times_words(d.doubles),
                         d.odd_side, d.below);
    b.ruled = d.game_side >= 0;
    if (b.ruled) b.what += "; game";
    sh.below.push_back(std::move(b));
    below_sum[static_cast<std::size_t>(d.odd_side)] += d.below;
    if (d.honours_side >= 0)
      sh.above.push_back(
          entry(deal + std::string(honours_words(d.honours)), d.honours_side, d.honours_points));
    for (int side = 0; side < 2; ++side) {
      const int c = d.chicane[static_cast<std::size_t>(side)];
      if (c == 0) continue;
      const std::string what =
          deal + (d.void_hands[static_cast<std::size_t>(side)] == 2 ? "double chicane" : "chicane");
      // American laws (S4): taken from the adversaries' honours, written as
      // a deduction in their column.
      sh.above.push_back(
          d.chicane_taken[static_cast<std::size_t>(side)]
              ? entry(deal + "less the adversaries' " +
                          (d.void_hands[static_cast<std::size_t>(side)] == 2 ? "double chicane"
                                                                             : "chicane"),
                      1 - side, -c)
              : entry(what, side, c));
    }
    if (d.slam_side >= 0)
      sh.above.push_back(
          entry(deal + (d.slam == 40 ? "grand slam" : "little slam"), d.slam_side, d.slam));
    for (int side = 0; side < 2; ++side)
      above_sum[static_cast<std::size_t>(side)] += d.above[static_cast<std::size_t>(side)];
    if (d.rubber_side >= 0) {
      sh.above.push_back(entry("rubber", d.rubber_side, 100));
      above_sum[static_cast<std::size_t>(d.rubber_side)] += 100;
    }
  }
  // Points set without a deal (tests' positions): carried in, so that the
  // sheet's columns add up to the score.
  for (int side = 0; side < 2; ++side) {
    if (const int b = below(side) - below_sum[static_cast<std::size_t>(side)]; b)
      sh.below.insert(sh.below.begin(), entry("brought forward", side, b));
    if (const int a = above(side) - above_sum[static_cast<std::size_t>(side)]; a)
      sh.above.insert(sh.above.begin(), entry("brought forward", side, a));
  }
  sh.games = {games(mine), games(1 - mine)};
  sh.totals = {total(mine), total(1 - mine)};
  if (r_.scope == Scope::kDeal) sh.games.clear();
  if (phase_ == Phase::kOver) {
    const int diff = sh.totals[0] - sh.totals[1];
    const std::string& a = sh.columns[diff > 0 ? 0 : 1];
    const std::string points = std::to_string(diff > 0 ? diff : -diff) + " points";
    if (diff == 0) {
      sh.result = "The totals are level: nobody wins anything.";
    } else if (r_.scope == Scope::kRubber && games_[0] != games_[1]) {
      const int w = col(games_[0] > games_[1] ? 0 : 1);
      const std::string& rw = sh.columns[static_cast<std::size_t>(w)];
      sh.result = (diff > 0) == (w == 0) ? rw + " win the rubber and " + points + "."
                                         : rw + " win the rubber, but " + a +
                                               " are ahead on the totals and win " + points + ".";
    } else {
      sh.result = a + " are ahead on the totals and win " + points + ".";
    }
  }
  return sh;
}

std::string BridgeWhistState::action_label(Seat seat, Action a) const {
  const auto m = Move::decode(a);
  if (!m) return "action " + std::to_string(a);
  switch (m->kind) {
    case Move::kMake:
      return m->strain == kNoTrumps ? "no trumps" : "make " + strain_name(m->strain) + " trumps";
    case Move::kPass:
      return "pass the make to your partner";
    case Move::kDouble:
      if (doubles_ == 0) return second_ask_ ? "\"I double\"" : "double";
      return "go over: double to " + value_words(strain_, doubles_ + 1);
    case Move::kContent:
      if (doubles_ == 0) return second_ask_ ? "\"Yes\": partner leads" : "\"May I lead?\"";
      return "\"Satisfied\"";
    case Move::kPlay:
      break;
  }
  const Seat p = player();
  return std::string(trick_.empty() ? "lead " : "play ") + card_token(m->card) +
         (p != seat ? " from dummy" : "");
}

void BridgeWhistState::fill_view(Seat viewer, View& v) const {
  const bool over = phase_ == Phase::kOver;
  const bool all = over || viewer == kEveryone;
  view_base(v, "bridge-whist", viewer, kPlayers);
  v.dealer = dealer_;
  v.hand = deals_ + (phase_ == Phase::kDeal || over ? 0 : 1);
  if (v.hand < 1) v.hand = 1;
  v.hands = 0;
  v.hand_word = "deal";
  v.score_word = "points";
  v.terminal = over;
  const bool made = phase_ == Phase::kDouble || phase_ == Phase::kPlay;
  for (Seat s = 0; s < kPlayers; ++s) {
    SeatInfo& si = v.add_seat();
    si.cards = static_cast<int>(hand(s).size());
    const int side = side_of(s);
    si.score = total(side);
    if (r_.scope == Scope::kRubber) {
      si.counters.push_back({"games", static_cast<double>(games(side))});
      si.counters.push_back({"below", static_cast<double>(below_game(side))});
      si.counters.push_back({"above", static_cast<double>(above(side))});
    }
    if (phase_ == Phase::kPlay)
      si.counters.push_back({"tricks", static_cast<double>(tricks(side))});
    if (!v.text()) continue;
    si.name = seat_name(s);
    std::string st;
    auto add = [&](const std::string& x) { st += (st.empty() ? "" : ", ") + x; };
    if (phase_ != Phase::kCut && s == dealer_) add("dealer");
    if (made && s == dummy()) add("dummy");
    if (made && s == maker_) add("made " + strain_name(strain_));
    if ((phase_ == Phase::kMake || phase_ == Phase::kPassed) && s == turn_) add("to make");
    if (phase_ == Phase::kDouble && s == turn_) add("may double");
    if (phase_ == Phase::kPlay && s == player()) add(trick_.empty() ? "to lead" : "to play");
    si.status = st;
  }
  for (Seat s = 0; s < kPlayers; ++s) {
    // Dummy's hand lies face up for all from the opening lead, never before.
    const bool open = dummy_shown_ && s == dummy();
    Zone& z = v.add_zone(ZoneKind::kHand, open ? Layout::kRow : Layout::kHand, s);
    for (Card c : hand(s))
      z.cards.push_back({all || open || viewer == s ? std::optional<Card>(c) : std::nullopt, open});
    if (!v.text()) continue;
    z.name = seat_name(s) + "'s hand";
    if (open) z.note = "dummy: " + seat_name(dealer_) + " plays these cards";
  }
  Zone& t = v.add_zone(ZoneKind::kTrick, Layout::kTrick, kNobody);
  if (v.text()) t.name = "trick";
  if (!trick_.empty()) {
    for (int i = 0; i < trick_.count(); ++i)
      t.cards.push_back({trick_.card(i), true, trick_.seat(i, kPlayers)});
  } else if (last_winner_ >= 0) {
    for (int i = 0; i < last_trick_.count(); ++i)
      t.cards.push_back({last_trick_.card(i), true, last_trick_.seat(i, kPlayers)});
    if (v.text()) t.note = seat_name(last_winner_) + " took the last trick";
  }
  if (v.text() && made)
    t.note +=
        std::string(t.note.empty() ? "" : "; ") + strain_name(strain_) + ", " +
        value_words(strain_, doubles_) +
        (doubles_ ? " (doubled " + std::to_string(doubles_) + (doubles_ == 1 ? " time)" : " times)")
                  : "");
  for (int side = 0; side < 2; ++side) {
    // Tricks taken lie face down, but every card in them was seen played.
    Zone& w = v.add_zone(ZoneKind::kTable, Layout::kPile, side);
    for (Card c : won_[static_cast<std::size_t>(side)]) w.cards.push_back({c, false});
    if (!v.text()) continue;
    w.name = side_name(side) + "'s tricks";
    if (tricks(side) > 0)
      w.note = std::to_string(tricks(side)) + (tricks(side) == 1 ? " trick" : " tricks");
  }
  kit::cut_zone(v, std::span<const Card>(cut_.data(), cut_.size()));

  if (deals_ > 0) {
    const DealScore& d = last_;
    v.last_hand.hand = d.deal;
    for (Seat s = 0; s < kPlayers; ++s) {
      const int side = side_of(s);
      const int pts = d.above[static_cast<std::size_t>(side)] + (side == d.odd_side ? d.below : 0) +
                      (side == d.rubber_side ? 100 : 0);
      v.last_hand.points.push_back(pts);
      v.last_hand.totals.push_back(d.totals[static_cast<std::size_t>(side)]);
    }
  }
  if (deals_ > 0 && v.text()) {
    const DealScore& d = last_;
    std::string sum = side_name(d.odd_side) + " made " + std::to_string(d.odd) + " by cards in " +
                      strain_name(d.strain) + ": " + std::to_string(d.below) + " below the line";
    if (d.honours_side >= 0)
      sum += "; " + side_name(d.honours_side) + ": " + std::string(honours_words(d.honours)) +
             ", " + std::to_string(d.honours_points);
    for (int side = 0; side < 2; ++side)
      if (d.chicane[static_cast<std::size_t>(side)])
        sum += "; " + side_name(side) + ": chicane, " +
               std::to_string(d.chicane[static_cast<std::size_t>(side)]) +
               (d.chicane_taken[static_cast<std::size_t>(side)]
                    ? " taken from the adversaries' honours"
                    : "");
    if (d.slam_side >= 0)
      sum += "; " + side_name(d.slam_side) + ": " +
             (d.slam == 40 ? "grand slam, 40" : "little slam, 20");
    if (d.game_side >= 0) sum += "; " + side_name(d.game_side) + " won a game";
    if (d.rubber_side >= 0) sum += "; and the rubber, 100";
    v.last_hand.summary = sum + ".";
  }

  if (v.text() && viewer >= 0 && actors().has(viewer)) {
    std::vector<Action> legal;
    legal_actions(viewer, legal);
    const Seat p = player();
    const Hand& from = hand(p);
    // Whole words: `s` shows the score-sheet at the terminal.
    const std::array<const char*, kStrains> keys = {"clubs", "diamonds", "hearts", "spades", "nt"};
    for (Action a : legal) {
      const Move m = *Move::decode(a);
      Choice& c = v.add_choice(a);
      c.label = action_label(viewer, a);
      if (m.kind == Move::kMake) {
        c.key = keys[static_cast<std::size_t>(m.strain)];
      } else if (m.kind == Move::kPass) {
        c.key = "p";
      } else if (m.kind == Move::kDouble) {
        c.key = "x";
      } else if (m.kind == Move::kContent) {
        c.key = "y";
      } else {
        const int pos =
            static_cast<int>(std::find(from.begin(), from.end(), m.card) - from.begin());
        c.key = std::to_string(pos + 1);
        c.picks = {{p, pos}};
        c.to = {kTrickZone, -1};
      }
    }
    const std::string need_words =
        r_.scope == Scope::kRubber
            ? " Your side needs " + std::to_string(needs(side_of(viewer))) + " for game."
            : "";
    switch (phase_) {
      case Phase::kMake:
        v.list_choices = true;
        v.prompt =
            "Make the trump suit, or no trumps, or pass the make to your partner." + need_words;
        break;
      case Phase::kPassed:
        v.list_choices = true;
        v.prompt =
            "Your partner passed the make to you: name the trump suit, or no trumps." + need_words;
        break;
      case Phase::kDouble:
        v.list_choices = true;
        v.prompt =
            doubles_ == 0
                ? std::string(second_ask_
                                  ? "Your partner asks \"May I lead?\": answer \"Yes\" or double "
                                  : "You may double ") +
                      strain_name(strain_) + " (" + value_words(strain_, 0) + ")."
                : "Doubled to " + value_words(strain_, doubles_) +
                      ": go over, or say you are satisfied.";
        break;
      case Phase::kPlay: {
        const std::string whose = p == viewer ? "" : " from dummy";
        v.prompt = (trick_.empty() ? "Lead" + whose + "."
                                   : "Play" + whose + ": follow " +
                                         std::string(suit_name(trick_.led())) + " if you can.") +
                   " " + strain_name(strain_) + (strain_ == kNoTrumps ? "" : " are trumps") + ".";
        break;
      }
      default:
        break;
    }
  }
  if (!v.text()) return;  // what is left is words: the result and the score-sheet
  if (over) v.result = outcome().summary;
  v.sheet = sheet(viewer);
}

void BridgeWhistState::tell(const Rules& r, const Event& e, const Scene& sc, const Words& w,
                            std::vector<std::string>& out) {
  switch (e.kind) {
    case Event::kNone:
      return;
    case Event::kCut:
      kit::tell_cut(sc.cut, w, out);
      return;
    case Event::kDeal:
      out.push_back("Deal " + std::to_string(e.deal) + ": " + w.says(e.actor, "deal") +
                    " thirteen cards each; no card is turned up.");
      tell_own_hand(w, sc.dealt, out);
      return;
    case Event::kPass:
      out.push_back(w.says(e.actor, "pass") + " the make to " + w.whom(partner_of(e.actor)) + ".");
      return;
    case Event::kMake:
      out.push_back(e.strain == kNoTrumps ? w.says(e.actor, "make") + " it no trumps (" +
                                                value_words(e.strain, 0) + ")."
                                          : w.says(e.actor, "make") + " " + strain_name(e.strain) +
                                                " trumps (" + value_words(e.strain, 0) + ").");
      return;
    case Event::kContent:
      if (e.doubles == 0)
        out.push_back(e.first_ask
                          ? w.who(e.actor) + " " + w.verb(e.actor, "ask") + " \"May I lead?\""
                          : w.who(e.actor) + " " + w.verb(e.actor, "answer") +
                                " \"Yes\": no double.");
      else
        out.push_back(w.who(e.actor) + " " + w.verb(e.actor, "are", "is") + " satisfied.");
      return;
    case Event::kDouble:
      out.push_back(e.doubles == 1 ? w.who(e.actor) + " " + w.verb(e.actor, "double") + ": " +
                                         value_words(e.strain, 1) + "."
                                   : w.who(e.actor) + " " + w.verb(e.actor, "go", "goes") +
                                         " over: " + value_words(e.strain, e.doubles) + ".");
      return;
    case Event::kPlay: {
      const bool dummy = e.player != e.actor;
      out.push_back(w.says(e.actor, e.lead ? "lead" : "play") + " " + card_token(e.card) +
                    (dummy ? " from dummy." : "."));
      if (e.opening)
        out.push_back(w.who(sc.dummy_seat) + " " + w.verb(sc.dummy_seat, "lay", "lays") +
                      " down the dummy hand: " + token_list(sc.dummy) + ".");
      if (e.trick_done)
        out.push_back(w.who(e.winner) + " " + w.verb(e.winner, "win") + " the trick.");
      if (!e.deal_done) return;
      const DealScore& d = sc.score;
      out.push_back("Deal " + std::to_string(d.deal) + ": " + side_words(w, d.odd_side, true) +
                    " take " + std::to_string(d.tricks[static_cast<std::size_t>(d.odd_side)]) +
                    " tricks, " + std::to_string(d.odd) + " by cards in " + strain_name(d.strain) +
                    (d.doubles ? " doubled " + std::to_string(d.doubles) +
                                     (d.doubles == 1 ? " time" : " times")
                               : "") +
                    ": " + std::to_string(d.below) + " below the line.");
      if (d.honours_side >= 0)
        out.push_back("Honours: " + side_words(w, d.honours_side, false) + ", " +
                      std::string(honours_words(d.honours)) + ", " +
                      std::to_string(d.honours_points) + ".");
      for (int side = 0; side < 2; ++side)
        if (const int c = d.chicane[static_cast<std::size_t>(side)]; c)
          out.push_back("Chicane: " + side_words(w, side, false) +
                        (d.void_hands[static_cast<std::size_t>(side)] == 2
                             ? " held no trump in either hand, "
                             : " held no trump in one hand, ") +
                        std::to_string(c) +
                        (d.chicane_taken[static_cast<std::size_t>(side)]
                             ? ", taken from the adversaries' honours."
                             : "."));
      if (d.slam_side >= 0)
        out.push_back((d.slam == 40 ? "Grand slam: " : "Little slam: ") +
                      side_words(w, d.slam_side, false) + ", " + std::to_string(d.slam) + ".");
      if (d.game_side >= 0)
        out.push_back(side_words(w, d.game_side, true) +
                      " win a game, and a line is drawn under it. Games: " +
                      side_words(w, 0, false) + " " + std::to_string(d.games[0]) + ", " +
                      side_words(w, 1, false) + " " + std::to_string(d.games[1]) + ".");
      if (d.rubber_side >= 0)
        out.push_back(side_words(w, d.rubber_side, true) + " win the rubber and add 100.");
      if (r.scope == Scope::kRubber)
        out.push_back("Totals: " + side_words(w, 0, false) + " " + std::to_string(d.totals[0]) +
                      ", " + side_words(w, 1, false) + " " + std::to_string(d.totals[1]) + ".");
      if (e.over) out.push_back(outcome_of(r, sc.score.games, sc.score.totals).summary);
      return;
    }
  }
}

}  // namespace parlour::bridge_whist
