"use strict";
// The table drawn from a typed view (rules/tableview.py, as replay.gate.table_data writes
// it): the seats round the table with the viewer at the bottom, the trick with who laid each
// card and the last trick, the piles, the battlefields, the facts. Shared by the HTML replay
// page (inlined) and the phone page of `tablelog serve` (served as /assets/table.js).
const tableview = (function () {
  const suits = { S: "♠", H: "♥", D: "♦", C: "♣" };

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
      node = make("span", "card" + (text.length > 2 ? " wide" : ""), text);  // SwKn, T13
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
    const known = place.known || [];
    if (known.length && (place.laid_by || []).length === known.length) {  // a pile: who laid each
      const from = Math.max(0, known.length - 8);
      if (from) cards.appendChild(make("span", "count", from + " under"));
      for (let i = from; i < known.length; i++) {
        const layer = make("span", "layer");
        layer.appendChild(cardNode(known[i]));
        layer.appendChild(make("span", "by", place.laid_by[i]));
        cards.appendChild(layer);
      }
      return cards;
    }
    known.forEach((c) => cards.appendChild(cardNode(c)));
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
    (seat.facts || []).forEach(([k, v]) => box.appendChild(make("div", "fact", v ? k + ": " + v : k)));
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

  // the whole table into ``target``; ``part`` resolves a stored seat, pile or field (the
  // replay page stores each once, by index; serve sends them whole)
  function drawTable(table, target, part) {
    part = part || ((x) => x);
    const seats = (table.seats || []).map(part);
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
    (table.piles || []).map(part).forEach((p) => {
      if ((p.known || []).length || p.hidden || p.value) piles.appendChild(placeNode(p, 1));
    });
    centre.appendChild(piles);
    if ((table.facts || []).length) {
      centre.appendChild(make("div", "facts", table.facts.map(([k, v]) => k + " " + v).join(" · ")));
    }
    felt.appendChild(centre);
    target.appendChild(felt);
    const fields = (table.fields || []).map(part);
    if (fields.length) target.appendChild(fieldsNode(fields));
    pos.extra.forEach((s) => { const row = make("div", "extra"); row.appendChild(seatNode(s, turn)); target.appendChild(row); });
    return table;
  }

  return { make, pretty, cardNode, cardsNode, placeNode, drawTable };
})();
