"use strict";
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const frames = data.frames;
  const views = data.views;
  const suits = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const el = (id) => document.getElementById(id);
  const slider = el("slider");
  const seatSelect = el("seat");
  let at = frames.length - 1;

  function make(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function cardNode(text) {
    if (text === null) return make("span", "card empty", "");
    if (text === "?") return make("span", "card back", "");
    const suit = text.slice(-1);
    if (text.length <= 3 && suits[suit]) {
      const node = make("span", "card" + (suit === "H" || suit === "D" ? " red" : ""),
        text.slice(0, -1) + suits[suit]);
      node.dataset.card = text;
      return node;
    }
    const node = make("span", "card" + (text.length > 3 ? " wide" : ""), text);
    node.dataset.card = text;
    return node;
  }

  const perSeat = new Set(["hand", "up", "down", "table", "open", "chariot", "front", "field"]);

  function zoneTitle(name) {
    const parts = name.split(":");
    const seat = Number(parts[1]);
    if (parts[0] === "won" && Number.isInteger(seat) && data.sides[seat] !== undefined) {
      return "won · " + data.sides[seat];
    }
    if (!perSeat.has(parts[0])) return name;
    if (parts.length > 1 && Number.isInteger(seat) && data.players[seat] !== undefined) {
      const rest = parts.slice(2).join(":");
      return parts[0] + " · " + data.players[seat] + (rest ? " · " + rest : "");
    }
    return name;
  }

  function drawZone(zone, seat) {
    const box = make("div", "zone");
    box.dataset.zone = zone.name;
    const parts = zone.name.split(":");
    if (seat !== null && perSeat.has(parts[0]) && parts[1] === String(seat)) box.classList.add("mine");
    box.appendChild(make("h2", "", zoneTitle(zone.name)));
    const cards = make("div", "cards");
    if (zone.slots) {
      zone.slots.forEach((slot) => cards.appendChild(cardNode(slot)));
    } else {
      zone.cards.forEach((c) => cards.appendChild(cardNode(c)));
      const backs = Math.min(zone.hidden, 8);
      for (let i = 0; i < backs; i++) cards.appendChild(cardNode("?"));
      if (zone.hidden > backs) cards.appendChild(make("span", "count", "+" + (zone.hidden - backs)));
      if (!zone.cards.length && !zone.hidden) cards.appendChild(make("span", "count", "—"));
    }
    box.appendChild(cards);
    return box;
  }

  function list(target, entries) {
    const dl = make("dl");
    entries.forEach(([k, v]) => { dl.appendChild(make("dt", "", k)); dl.appendChild(make("dd", "", v)); });
    target.appendChild(dl);
  }

  function text(value) {
    if (value === null || value === undefined) return "—";
    if (Array.isArray(value)) return value.map(text).join(", ");
    if (typeof value === "object") return Object.entries(value).map(([k, v]) => k + ": " + text(v)).join("; ");
    return String(value);
  }

  function draw() {
    const frame = frames[at];
    const chosen = seatSelect.value === "" ? null : Number(seatSelect.value);
    const seat = data.all_seats ? chosen : data.seat;
    const stored = views[data.all_seats ? (chosen === null ? frame.public : frame.seats[chosen]) : frame.view];
    const view = { zones: stored.zones.map((i) => data.zones[i]), info: data.infos[stored.info] };
    const table = el("table");
    table.replaceChildren(...view.zones.map((z) => drawZone(z, seat)));
    table.dataset.seq = String(frame.seq);
    table.dataset.as = data.all_seats ? (seat === null ? "everyone" : data.players[seat]) : data.viewer;
    slider.value = String(at);
    el("position").textContent = "event " + frame.seq + " of " + (frames.length - 1);

    const event = el("event");
    event.replaceChildren();
    event.className = "panel";
    if (frame.event) {
      event.classList.add(frame.event.mark);
      const who = frame.event.actor ? " — " + frame.event.actor : "";
      event.appendChild(make("strong", "", "event " + frame.seq + ": "));
      event.appendChild(make("span", "", frame.event.notation + who));
      if (frame.event.mark !== "move" && frame.event.mark !== "chance") {
        event.appendChild(make("span", "tag", frame.event.mark));
      }
      if (!frame.event.effective) event.appendChild(make("span", "tag", "taken back"));
    } else {
      event.appendChild(make("span", "", "before the first event"));
    }
    el("taken").textContent = frame.taken_by ? "taken by " + frame.taken_by : "";
    el("toact").textContent = frame.to_act.length ? "to act: " + frame.to_act.join(", ") : "";

    const score = el("score");
    score.replaceChildren();
    if (frame.outcome) {
      score.appendChild(make("strong", "", "Game over — winners: " + text(frame.outcome.winners)));
      list(score, Object.entries(frame.outcome.scores).map(([k, v]) => [k, text(v)]));
    } else {
      list(score, Object.entries(view.info).map(([k, v]) => [k, text(v)]));
    }
    document.querySelectorAll("#log li").forEach((li) => {
      li.classList.toggle("current", Number(li.dataset.seq) === frame.seq);
    });
    const current = document.querySelector("#log li.current");
    const log = el("log");
    if (current) log.scrollTop = current.offsetTop - log.clientHeight / 2;  // the log alone scrolls
  }

  function go(to) {
    at = Math.max(0, Math.min(frames.length - 1, to));
    draw();
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
  const log = el("log");
  frames.forEach((frame) => {
    if (!frame.event) return;
    const li = make("li", frame.event.mark, frame.seq + ". " + frame.event.notation + (frame.event.actor ? " — " + frame.event.actor : ""));
    li.dataset.seq = String(frame.seq);
    if (!frame.event.effective) li.classList.add("retracted");
    li.addEventListener("click", () => go(frame.seq));
    log.appendChild(li);
  });
  slider.max = String(frames.length - 1);
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
  draw();
})();
