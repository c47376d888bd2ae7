"use strict";
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const main = data.frames;
  const lines = data.variations || [];  // the game's variations (forks), each with its own frames
  let frames = main;
  let line = null;  // the variation being followed, or null on the game's own line
  const views = data.views;
  const parts = data.parts || [];
  const suits = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const el = (id) => document.getElementById(id);
  const slider = el("slider");
  const seatSelect = el("seat");
  let at = frames.length - 1;
  const items = [];  // the move list's entries by event number
  let marked = null;

  function make(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // 10H → 10♥ in a line of notation; tarot cards (SwKn, T13) stay as they are
  function pretty(text) {
    return text.replace(/(^|[\s,:(=+])(10|[2-9JQKA])([SHDC])(?=$|[\s,):])/g, (m, pre, rank, suit) => pre + rank + suits[suit]);
  }

  function cardNode(text) {
    if (text === null || text === undefined) return make("span", "card empty", "");
    if (text === "?") return make("span", "card back", "");
    const suit = text.slice(-1);
    let node;
    if (text.length <= 3 && suits[suit]) {
      node = make("span", "card" + (suit === "H" || suit === "D" ? " red" : ""), text.slice(0, -1) + suits[suit]);
    } else {
      node = make("span", "card" + (text.length > 3 ? " wide" : ""), text);
    }
    node.dataset.card = text;
    return node;
  }

  function cardsNode(place, most) {
    const cards = make("div", "cards");
    if (place.slots) {
      place.slots.forEach((slot) => cards.appendChild(cardNode(slot)));
      return cards;
    }
    if (place.stack) {
      const count = (place.known || []).length + (place.hidden || 0);
      if (count) cards.appendChild(cardNode("?"));
      cards.appendChild(make("span", "count", count ? count + " card" + (count > 1 ? "s" : "") : "—"));
      return cards;
    }
    (place.known || []).forEach((c) => cards.appendChild(cardNode(c)));
    const hidden = place.hidden || 0;
    const backs = Math.min(hidden, most === undefined ? 10 : most);
    for (let i = 0; i < backs; i++) cards.appendChild(cardNode("?"));
    if (hidden > backs) cards.appendChild(make("span", "count", "+" + (hidden - backs)));
    if (!(place.known || []).length && !hidden) cards.appendChild(make("span", "count", "—"));
    return cards;
  }

  function placeNode(place, most) {
    const box = make("div", "place");
    box.dataset.place = place.label;
    const label = place.label + (place.value ? " = " + place.value : "") + (place.owner ? " · " + place.owner + "'s" : "");
    box.appendChild(make("span", "label", label));
    box.appendChild(cardsNode(place, most));
    return box;
  }

  function seatNode(seat, turn) {
    const box = make("div", "seat" + (seat.own ? " mine" : "") + (turn.includes(seat.name) ? " acts" : ""));
    box.dataset.seat = seat.name;
    const head = make("div", "name", seat.name + (seat.own ? " (you)" : ""));
    if (turn.includes(seat.name)) head.appendChild(make("span", "tag", "to act"));
    box.appendChild(head);
    (seat.places || []).forEach((p, i) => {
      if (i === 0 || (p.known || []).length || p.hidden || p.slots) box.appendChild(placeNode(p));
    });
    (seat.facts || []).forEach(([k, v]) => box.appendChild(make("div", "fact", k + ": " + v)));
    return box;
  }

  // the seats round the table: the viewer (or the first seat) at the bottom, the others in
  // seat order round the table: left, across, right when seats are numbered clockwise
  function arrange(seats, clockwise) {
    const players = seats.filter((s) => s.seat !== undefined && s.seat !== null);
    const start = Math.max(0, players.findIndex((s) => s.own));
    const ring = players.slice(start).concat(players.slice(0, start));
    const others = ring.slice(1);
    const side = others.length === 2 ? 1 : Math.floor(others.length / 3);
    let left = others.slice(0, side);
    let right = side ? others.slice(others.length - side) : [];
    const top = (side ? others.slice(side, others.length - side) : others).slice().reverse();
    if (!clockwise) [left, right] = [right.slice().reverse(), left.slice().reverse()];
    else left = left.slice().reverse();
    const where = {};
    [["bottom", ring.slice(0, 1)], ["left", left], ["top", top], ["right", right]].forEach(([pos, group]) => group.forEach((s) => { where[s.name] = pos; }));
    return { bottom: ring.slice(0, 1), left, top, right, extra: seats.filter((s) => s.seat === undefined || s.seat === null), where };
  }

  function trickNode(trick, where, cls, title) {
    const box = make("div", cls);
    if (title) box.appendChild(make("div", "label", title));
    const grid = make("div", "compass");
    (trick.cards || []).forEach((laid) => {
      const spot = make("div", "laid " + (where[laid.by] || "top"));
      spot.appendChild(cardNode(laid.card));
      spot.appendChild(make("span", "by", laid.by));
      grid.appendChild(spot);
    });
    box.appendChild(grid);
    return box;
  }

  function fieldsNode(fields) {
    const box = make("div", "fields");
    fields.forEach((field) => {
      const f = make("div", "field");
      f.dataset.house = field.house;
      f.appendChild(make("div", "house", field.house));
      (field.slots || []).forEach((slot) => {
        const row = make("div", "slot " + (slot.status || "open") + ((field.leading || []).includes(slot.player) ? " leading" : ""));
        row.dataset.player = slot.player;
        row.appendChild(make("span", "who", slot.player));
        row.appendChild(cardsNode({ known: slot.known, hidden: slot.hidden || 0 }));
        const what = slot.rank || (slot.status === "forfeit" ? "forfeited" : "");
        if (what) row.appendChild(make("span", "rank", what));
        f.appendChild(row);
      });
      box.appendChild(f);
    });
    return box;
  }

  function drawTable(table, target) {
    const seats = (table.seats || []).map((i) => parts[i]);
    const turn = table.turn || [];
    const pos = arrange(seats, table.clockwise !== false);
    const felt = make("div", "felt");
    ["top", "left", "right", "bottom"].forEach((name) => {
      const area = make("div", "area " + name);
      pos[name].forEach((s) => area.appendChild(seatNode(s, turn)));
      felt.appendChild(area);
    });
    const centre = make("div", "area centre");
    centre.id = "centre";
    const tricks = make("div", "tricks");
    if (table.trick) tricks.appendChild(trickNode(table.trick, pos.where, "trick", "trick"));
    if (table.last_trick) tricks.appendChild(trickNode(table.last_trick, pos.where, "lasttrick", "last trick, to " + table.last_trick.winner));
    if (tricks.childNodes.length) centre.appendChild(tricks);
    const piles = make("div", "piles");
    (table.piles || []).map((i) => parts[i]).forEach((p) => {
      if ((p.known || []).length || p.hidden || p.value) piles.appendChild(placeNode(p, 1));
    });
    centre.appendChild(piles);
    if ((table.facts || []).length) {
      centre.appendChild(make("div", "facts", table.facts.map(([k, v]) => k + " " + v).join(" · ")));
    }
    felt.appendChild(centre);
    target.appendChild(felt);
    const fields = (table.fields || []).map((i) => parts[i]);
    if (fields.length) target.appendChild(fieldsNode(fields));
    pos.extra.forEach((s) => { const row = make("div", "extra"); row.appendChild(seatNode(s, turn)); target.appendChild(row); });
    return table;
  }

  // a stored view (frames.py's _Store): its seats and centre by index, rebuilt as a table
  function tableOf(stored) {
    const centre = parts[stored.c];
    const table = Object.assign({}, centre, { seats: stored.s });
    delete table.refs;
    Object.entries(centre.refs || {}).forEach(([key, i]) => { table[key] = parts[i]; });
    return table;
  }

  function draw() {
    const frame = frames[at];
    const chosen = seatSelect.value === "" ? null : Number(seatSelect.value);
    const seat = data.all_seats ? chosen : data.seat;
    const stored = views[data.all_seats ? (chosen === null ? frame.public : frame.seats[chosen]) : frame.view];
    const target = el("table");
    target.replaceChildren();
    const table = drawTable(tableOf(stored), target);
    target.dataset.seq = String(frame.seq);
    target.dataset.as = data.all_seats ? (seat === null ? "everyone" : data.players[seat]) : data.viewer;
    slider.value = String(at);
    el("position").textContent = "event " + frame.seq + " of " + (frames.length - 1);

    const event = el("event");
    event.replaceChildren();
    event.className = "panel";
    if (frame.event) {
      event.classList.add(frame.event.mark);
      event.appendChild(make("strong", "", "event " + frame.seq + ": "));
      event.appendChild(make("span", "notation", pretty(frame.event.notation)));
      if (frame.event.actor) event.appendChild(make("span", "actor", " · " + frame.event.actor));
      if (frame.event.mark !== "move" && frame.event.mark !== "chance") event.appendChild(make("span", "tag", frame.event.mark));
      if (!frame.event.effective) event.appendChild(make("span", "tag", "taken back"));
    } else {
      event.appendChild(make("span", "", "before the first event"));
    }
    el("taken").textContent = frame.taken_by ? "taken by " + frame.taken_by : "";
    el("toact").textContent = frame.to_act.length ? "to act: " + frame.to_act.join(", ") : "";
    const score = el("score");
    score.replaceChildren();
    if (frame.outcome) {
      score.appendChild(make("strong", "", "Game over — won by " + frame.outcome.winners.join(" & ")));
      const dl = make("dl");
      Object.entries(frame.outcome.scores).forEach(([k, v]) => { dl.appendChild(make("dt", "", k)); dl.appendChild(make("dd", "", String(v))); });
      score.appendChild(dl);
    } else if (table && (table.scores || []).length) {
      const dl = make("dl");
      table.scores.forEach(([k, v]) => { dl.appendChild(make("dt", "", k)); dl.appendChild(make("dd", "", v)); });
      score.appendChild(dl);
    }
    if (marked) marked.classList.remove("current");
    marked = items[frame.seq] || null;
    if (marked) {
      marked.classList.add("current");
      const log = el("log");
      log.scrollTop = marked.offsetTop - log.clientHeight / 2;  // the log alone scrolls
    }
  }

  function hashOf(n) { return "#" + (line ? "v" + line.game + ":" : "") + n; }

  function go(to) {
    at = Math.max(0, Math.min(frames.length - 1, to));
    draw();
    if (location.hash !== hashOf(at)) history.replaceState(null, "", hashOf(at));
  }

  // follow a variation from the event it branches at (null: back to the game's own line)
  function follow(variation, to) {
    line = variation;
    frames = variation ? main.slice(0, variation.at + 1).concat(variation.frames) : main;
    buildLog();
    const banner = el("line");
    banner.replaceChildren();
    banner.hidden = !variation;
    if (variation) {
      banner.appendChild(make("span", "", "Variation: game " + variation.game + ", from event " + variation.at + " of game " + data.game + " "));
      const back = make("button", "", "back to game " + data.game);
      back.addEventListener("click", () => follow(null, variation.at));
      banner.appendChild(back);
    }
    go(to);
  }

  function offer(log, variation) {  // the move list's link into a variation
    const first = variation.frames[0];
    const li = make("li", "branch");
    li.appendChild(make("span", "seq", "↳"));
    li.appendChild(make("span", "notation", " variation, game " + variation.game + ": " + pretty(first.event.notation)));
    if (first.event.actor) li.appendChild(make("span", "actor", " · " + first.event.actor));
    const end = variation.frames[variation.frames.length - 1];
    if (end.outcome) li.appendChild(make("span", "tag", "won by " + end.outcome.winners.join(" & ")));
    li.dataset.variation = String(variation.game);
    li.addEventListener("click", () => follow(variation, variation.at + 1));
    log.appendChild(li);
  }

  el("title").textContent = "Game " + data.game + " · " + data.title;
  el("subtitle").textContent = data.players.join(", ") + (data.seeded ? " · dealt by the seeded dealer" : " · a physical game") + " · head " + data.head;
  if (data.all_seats) {
    data.players.forEach((name, i) => {
      const option = make("option", "", name);
      option.value = String(i);
      seatSelect.appendChild(option);
    });
  } else {
    seatSelect.closest("label").replaceWith(make("span", "as", "as " + data.viewer + " sees it"));
  }
  function buildLog() {
    const log = el("log");
    log.replaceChildren();
    items.length = 0;
    marked = null;
    const offered = line ? [] : lines;
    offered.filter((v) => v.at === 0).forEach((v) => offer(log, v));
    frames.forEach((frame) => {
      if (!frame.event) return;
      const li = make("li", frame.event.mark);
      li.appendChild(make("span", "seq", frame.seq + "."));
      li.appendChild(make("span", "notation", " " + pretty(frame.event.notation)));
      if (frame.event.actor) li.appendChild(make("span", "actor", " · " + frame.event.actor));
      li.dataset.seq = String(frame.seq);
      if (!frame.event.effective) li.classList.add("retracted");
      if (line && frame.seq > line.at) li.classList.add("inline");
      li.addEventListener("click", () => go(frame.seq));
      items[frame.seq] = li;
      log.appendChild(li);
      offered.filter((v) => v.at === frame.seq).forEach((v) => offer(log, v));
    });
    slider.max = String(frames.length - 1);
  }
  buildLog();
  slider.addEventListener("input", () => go(Number(slider.value)));
  seatSelect.addEventListener("change", draw);
  el("first").addEventListener("click", () => go(0));
  el("prev").addEventListener("click", () => go(at - 1));
  el("next").addEventListener("click", () => go(at + 1));
  el("last").addEventListener("click", () => go(frames.length - 1));
  document.addEventListener("keydown", (e) => {
    if (e.target === seatSelect) return;
    if (e.key === "ArrowLeft") { go(at - 1); e.preventDefault(); }
    else if (e.key === "ArrowRight") { go(at + 1); e.preventDefault(); }
    else if (e.key === "Home") { go(0); e.preventDefault(); }
    else if (e.key === "End") { go(frames.length - 1); e.preventDefault(); }
  });
  let touch = null;  // a swipe across the table steps, like the arrows
  el("table").addEventListener("touchstart", (e) => { touch = e.changedTouches[0].clientX; }, { passive: true });
  el("table").addEventListener("touchend", (e) => {
    if (touch === null) return;
    const dx = e.changedTouches[0].clientX - touch;
    touch = null;
    if (Math.abs(dx) > 40) go(at + (dx < 0 ? 1 : -1));
  });
  // #12: event 12 of the game; #v9:14: event 14 of its variation game 9
  function fromHash() {
    const m = /^#(?:v(\d+):)?(\d+)$/.exec(location.hash);
    if (!m) return null;
    const variation = m[1] === undefined ? null : lines.find((v) => v.game === Number(m[1]));
    return variation === undefined ? null : { variation, n: Number(m[2]) };
  }
  function fromLink() {
    const to = fromHash();
    if (to === null) return false;
    if (to.variation !== line) follow(to.variation, to.n);
    else if (to.n !== at) go(to.n);
    return true;
  }
  window.addEventListener("hashchange", fromLink);
  if (!fromLink()) draw();
})();
