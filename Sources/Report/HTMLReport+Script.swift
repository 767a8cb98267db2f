// The report page's script, part 1: decoding the embedded data, showing a layout (the SVG
// `SVGRenderer` drew, with the SDK views' content and the map of the event put into its
// slots - `HTMLReport+Screen.swift`), findings over it, the timeline, the scrubber and its
// keys, and the event details. Part 2 (`HTMLReport+DiffScript.swift`) adds what a diff
// page shows. User strings only ever reach the page through `textContent` and
// `setAttribute`, never as markup.

extension HTMLReport {
  static let commonScript = #"""
"use strict";
const NV = (() => {
  const D = JSON.parse(document.getElementById("navsim-data").textContent);
  const S = D.strings, SVGNS = "http://www.w3.org/2000/svg";
  const FONT = 11;
  const $ = (id) => document.getElementById(id);

  function svgEl(name, attrs, parent) {
    const e = document.createElementNS(SVGNS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function htmlEl(name, text, parent, cls) {
    const e = document.createElement(name);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    if (parent) parent.appendChild(e);
    return e;
  }
  const num = (v) => String(Math.round(v * 100) / 100);
  // A point as UIKit prints it (C's %g, six significant digits): 388.667, 20.3333, 375.
  const pt = (v) => String(Number(v.toPrecision(6)));
  const seconds = (ms) => (ms / 1000).toFixed(3) + " s";
  const clock = (ms) => {
    const s = Math.floor(ms / 1000), m = Math.floor(s / 60);
    return m + ":" + String(s % 60).padStart(2, "0");
  };

  // MARK: data
  const layoutCache = new Map();
  function layout(index) {
    if (index < 0) return null;
    if (layoutCache.has(index)) return layoutCache.get(index);
    const L = D.layouts[index];
    const decoded = {
      index, state: S[L[0]], wide: L[1] === 1, W: L[2], H: L[3],
      safe: { top: L[4][0], leading: L[4][1], bottom: L[4][2], trailing: L[4][3] },
      dir: S[L[5]], hash: L[8], markup: L[9],
      nodes: L[6].map((n) => {
        const st = D.styles[n[1]];
        return {
          id: S[n[0]], role: st[0], fill: st[1], stroke: st[2], text: st[3], dashed: st[4] === 1,
          kind: st[5], parent: S[n[2]], x: n[3], y: n[4], w: n[5], h: n[6],
          hidden: n[7] === 1, alpha: n[8], corners: n[9], label: n.length > 10 ? S[n[10]] : null,
        };
      }),
      anims: L[7].map((a) => ({
        views: a[0].map((i) => S[i]), props: a[1].map((i) => S[i]), start: a[2], duration: a[3],
      })),
    };
    layoutCache.set(index, decoded);
    return decoded;
  }
  // An event's payload: [schema, values...] becomes an object again; text stays text.
  function payload(entry) {
    if (!Array.isArray(entry)) return entry;
    const keys = D.payloadSchemas[entry[0]], object = {};
    keys.forEach((key, k) => { object[key] = entry[k + 1]; });
    return object;
  }
  function findingSet(index) {
    if (index < 0) return [];
    return D.findingSets[index].map((f) => ({
      severity: f[0] === 1 ? "error" : "warning", rule: S[f[1]], views: f[2].map((i) => S[i]),
      message: S[f[3]],
    }));
  }

  // MARK: drawing
  function rect(parent, x, y, w, h, attrs) {
    return svgEl("rect", Object.assign({
      x: num(x), y: num(y), width: num(Math.max(0, w)), height: num(Math.max(0, h)),
    }, attrs || {}), parent);
  }
  // SVG text drawn by Swift (a layout, a content element, a route), parsed once each.
  const parsed = new Map();
  function fromMarkup(markup) {
    let holder = parsed.get(markup);
    if (!holder) {
      holder = document.createElementNS(SVGNS, "g");
      holder.innerHTML = markup;
      parsed.set(markup, holder);
    }
    return Array.from(holder.childNodes, (c) => c.cloneNode(true));
  }
  // Fills the pane's slots with what the event shows: `screen` indexes D.screens, `map` is
  // [route, transform, dash, vehicle, manoeuvre] or 0. Slots whose content is unchanged are left alone.
  function paint(pane, screen, map) {
    if (!pane) return;
    const entry = screen >= 0 ? D.screens[screen] : [0, []];
    pane.svg.classList.toggle("nv-night", entry[0] === 1);
    const filled = new Map(entry[1].map((v) => [v[0], v[1]]));
    pane.layout.nodes.forEach((n, k) => {
      const g = pane.nodeGroups[k], slot = g && g.querySelector(":scope > .nv-c-slot");
      if (!slot) return;
      const want = filled.get(k), key = want ? want.join(",") : "";
      if (slot.getAttribute("data-parts") === key) return;
      slot.setAttribute("data-parts", key);
      slot.replaceChildren(...(want || []).flatMap((p) => fromMarkup(D.parts[p])));
      g.classList.toggle("nv-has-content", !!want);
    });
    const view = pane.svg.querySelector(".nv-c-map-view");
    if (!view) return;
    const marks = [[".nv-c-vehicle", 3], [".nv-c-maneuver", 4]].map(([c, k]) => [pane.svg.querySelector(c), k]);
    for (const [mark, k] of marks) {
      if (!mark) continue;
      const want = map ? map[k] : "";
      if (want) { mark.setAttribute("transform", want); mark.removeAttribute("display"); }
      else { mark.removeAttribute("transform"); mark.setAttribute("display", "none"); }
    }
    if (!map) { view.replaceChildren(); view.removeAttribute("transform"); pane.route = -1; return; }
    if (pane.route !== map[0]) { view.replaceChildren(...fromMarkup(D.routes[map[0]])); pane.route = map[0]; }
    view.setAttribute("transform", map[1]);
    const driven = view.querySelector(".nv-c-route-driven");
    if (driven) driven.setAttribute("stroke-dasharray", map[2]);
  }
  // Draws layout L with its findings into a new <svg>; returns it with the nodes' groups.
  function draw(L, findings, showHidden) {
    const svg = fromMarkup(L.markup)[0];
    svg.removeAttribute("width"); svg.removeAttribute("height");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", L.state + " " + num(L.W) + "x" + num(L.H));
    if (showHidden) svg.classList.add("nv-show-hidden");
    const { groups, nodeGroups } = groupsOf(L, svg);
    const overlay = svgEl("g", { class: "nv-overlay" }, svg);
    const spots = placer(L, svg);
    if (findings.length) {
      const fg = svgEl("g", { class: "nv-findings" }, svg);
      findings.forEach((f, i) => {
        const g = svgEl("g", { class: "nv-finding nv-" + f.severity, "data-rule": f.rule }, fg);
        svgEl("title", {}, g).textContent = f.message;
        const frames = f.views.map((v) => L.nodes.find((n) => n.id === v)).filter((n) => n);
        for (const n of frames) rect(g, n.x - 2, n.y - 2, n.w + 4, n.h + 4, { class: "nv-finding-outline" });
        const [ax, ay] = badgeCentre(frames[0], spots);
        svgEl("circle", { class: "nv-badge", cx: num(ax), cy: num(ay), r: "8" }, g);
        svgEl("text", { class: "nv-badge-text", x: num(ax), y: num(ay + 4), "text-anchor": "middle" }, g)
          .textContent = String(i + 1);
      });
    }
    return { svg, groups, nodeGroups, overlay, layout: L, route: -1, spots };
  }
  // Each node's <g>: `nodeGroups[k]` for L.nodes[k], `groups.get(id)[occurrence - 1]` for the
  // n-th node of an id. The camera frames are drawn after the other nodes (SVGRenderer), so
  // a repeated id's groups are taken in that order, not by document order alone.
  function groupsOf(L, svg) {
    const byId = new Map();
    for (const g of svg.querySelectorAll("g.nv-node")) {
      const id = g.getAttribute("data-id");
      if (!byId.has(id)) byId.set(id, []);
      byId.get(id).push(g);
    }
    const camera = (n) => n.kind === "sdk" && n.role === "viewport";
    const nodeGroups = new Array(L.nodes.length).fill(null), next = new Map();
    for (const cameras of [false, true]) {
      L.nodes.forEach((n, k) => {
        if (camera(n) !== cameras) return;
        const taken = next.get(n.id) || 0;
        nodeGroups[k] = (byId.get(n.id) || [])[taken] || null;
        next.set(n.id, taken + 1);
      });
    }
    const groups = new Map();
    L.nodes.forEach((n, k) => {
      if (!groups.has(n.id)) groups.set(n.id, []);
      groups.get(n.id).push(nodeGroups[k]);
    });
    return { groups, nodeGroups };
  }

  // Free places in a drawn layout, as Swift's `LabelPlacer` finds them for `navsim render`:
  // a box is free inside the picture, over no caption or badge placed before and over no
  // shown view (guides and the camera frame take no space). Boxes are [x, y, w, h].
  const ADVANCE = 0.64;
  const textBox = (text, x, y, size, advance) =>
    [x - 1, y - size - 1, Array.from(text).length * size * (advance || ADVANCE) + 2, size * 1.35 + 2];
  const meets = (a, b) => Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]) > 0.5 &&
    Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]) > 0.5;
  function placer(L, svg) {
    const blocks = L.nodes.filter((n) => n.role !== "guide" && n.role !== "viewport" && !n.hidden &&
      n.alpha >= 0.01).map((n) => [n.x, n.y, n.w, n.h]).concat(deviceParts(L));
    const placed = Array.from(svg.querySelectorAll(".nv-label"), (t) =>
      textBox(t.textContent, Number(t.getAttribute("x")), Number(t.getAttribute("y")), FONT));
    const inside = (b) => b[0] >= 0 && b[1] >= 0 && b[0] + b[2] <= L.W && b[1] + b[3] <= L.H;
    const clear = (b) => !placed.some((p) => meets(p, b));
    const free = (b) => inside(b) && clear(b) && !blocks.some((v) => meets(v, b));
    return {
      free, clear, W: L.W, H: L.H,
      take(boxes) { const b = boxes.find(free); if (b) placed.push(b); return b || null; },
      reserve(b) { placed.push(b); },
    };
  }
  // The device's corners and camera island (Swift's `LabelPlacer.deviceParts`).
  function deviceParts(L) {
    const w = L.W, h = L.H, s = L.safe;
    if (Math.max(s.top, s.leading, s.trailing) < 44) return [];
    const r = Math.min(48, w / 4, h / 4);
    const parts = [[0, 0, r, r], [w - r, 0, r, r], [0, h - r, r, r], [w - r, h - r, r, r]];
    parts.push(s.top >= 44 ? [w / 2 - 62, 11, 124, 36] : [s.leading >= 44 ? 11 : w - 47, h / 2 - 62, 36, 124]);
    return parts;
  }
  // A finding's badge beside its view on free map (at a corner, else up or down its sides),
  // else over its view's corner (as Swift's `SVGRenderer.badgeCentre`).
  function badgeCentre(n, spots) {
    // Centres are kept 9 inside the picture, so a view at its edge still has a column.
    const box = (x, y) => {
      const cx = Math.min(Math.max(x, 9), spots.W - 9), cy = Math.min(Math.max(y, 9), spots.H - 9);
      return [cx - 9, cy - 9, 18, 18];
    };
    if (!n) {
      let y = 10;
      while (!spots.free(box(10, y)) && y < 200) y += 18;
      spots.reserve(box(10, y));
      return [10, y];
    }
    const r = n.x + n.w, b = n.y + n.h;
    const outside = [[n.x - 11, n.y + 8], [n.x + 8, n.y - 11], [r + 11, n.y + 8], [r - 8, n.y - 11],
      [n.x + 8, b + 11], [n.x - 11, b - 8], [r + 11, b - 8], [r - 8, b + 11]];
    for (let step = 18; step <= spots.H; step += 18) {
      for (const y of [n.y + 8 - step, n.y + 8 + step]) outside.push([n.x + 8, y], [r - 8, y]);
    }
    const taken = spots.take(outside.map(([x, y]) => box(x, y)));
    if (taken) return [taken[0] + 9, taken[1] + 9];
    for (let dy = 0; dy < Math.max(1, n.h - 8); dy += 18) {
      const own = box(n.x + 8, n.y + 8 + dy);
      if (spots.clear(own)) { spots.reserve(own); return [own[0] + 9, own[1] + 9]; }
    }
    const last = box(n.x + 8, n.y + 8);
    spots.reserve(last);
    return [last[0] + 9, last[1] + 9];
  }
  // A one-line label for view n at the first free place around it (below, above, beside),
  // cut to the picture's width; none when every place is taken (the panel lists it). Bold.
  function labelBeside(parent, spots, n, text, cls, W) {
    const BOLD = 0.72, room = Math.floor((W - 8) / (FONT * BOLD));
    let chars = Array.from(text);
    if (chars.length > room) chars = chars.slice(0, room - 1).concat(["\u2026"]);
    const w = chars.length * FONT * BOLD, r = n.x + n.w, b = n.y + n.h;
    const clamp = (x) => Math.max(2, Math.min(W - w - 4, x));
    const spotsAt = [[n.x + 4, b + 13], [n.x + 4, n.y - 4], [r - w - 4, b + 13], [r - w - 4, n.y - 4],
      [r + 4, n.y + 12], [n.x - w - 4, n.y + 12], [n.x + 4, b + 26], [n.x + 4, n.y - 17]];
    const boxes = spotsAt.map(([x, y]) => textBox(chars.join(""), clamp(x), y, FONT, BOLD));
    const box = spots.take(boxes);
    if (!box) return null;
    const e = svgEl("text", { class: cls, x: num(box[0] + 1), y: num(box[1] + FONT + 1) }, parent);
    e.textContent = chars.join("");
    return e;
  }

  // Sizes the host's picture to fit the host at true proportions.
  function fit(host) {
    const svg = host.querySelector("svg");
    if (!svg) return;
    const box = svg.viewBox.baseVal, w = host.clientWidth, h = host.clientHeight;
    if (!box || !box.width || !box.height || !w || !h) return;
    const scale = Math.min(w / box.width, h / box.height);
    svg.style.width = Math.floor(box.width * scale) + "px";
    svg.style.height = Math.floor(box.height * scale) + "px";
  }

  // MARK: navigation
  // First index in the sorted array `list` greater than `i` (or -1), and last below `i`.
  function nextIn(list, i) {
    let lo = 0, hi = list.length;
    while (lo < hi) { const m = (lo + hi) >> 1; if (list[m] <= i) lo = m + 1; else hi = m; }
    return lo < list.length ? list[lo] : -1;
  }
  function previousIn(list, i) {
    let lo = 0, hi = list.length;
    while (lo < hi) { const m = (lo + hi) >> 1; if (list[m] < i) lo = m + 1; else hi = m; }
    return lo > 0 ? list[lo - 1] : -1;
  }

  // MARK: timeline
  const ROW = 11, GAP = 3, LABELS = 96;
  function timeline(canvas, rows, t, onPick) {
    const count = t.length, t0 = t[0], t1 = t[count - 1];
    let base = null, width = 0;
    const xOf = (i, w) => {
      const span = w - LABELS - 8;
      const f = t1 > t0 ? (t[i] - t0) / (t1 - t0) : (count > 1 ? i / (count - 1) : 0);
      return LABELS + f * span;
    };
    function paint() {
      const ratio = window.devicePixelRatio || 1;
      width = canvas.clientWidth || 800;
      const height = rows.length * (ROW + GAP) + 16;
      canvas.width = Math.round(width * ratio); canvas.height = Math.round(height * ratio);
      canvas.style.height = height + "px";
      base = document.createElement("canvas");
      base.width = canvas.width; base.height = canvas.height;
      const c = base.getContext("2d");
      c.scale(ratio, ratio);
      c.font = "10px DejaVu Sans, Liberation Sans, Arial, sans-serif";
      rows.forEach((row, r) => {
        const y = r * (ROW + GAP) + 2;
        c.fillStyle = "#f1f3f4"; c.fillRect(LABELS, y, width - LABELS - 8, ROW);
        c.fillStyle = "#3c4043"; c.fillText(row.name, 4, y + ROW - 2);
        c.fillStyle = row.color;
        let lastX = -1;
        for (const i of row.frames) {
          const x = Math.round(xOf(i, width));
          if (x !== lastX) { c.fillRect(x, y, 2, ROW); lastX = x; }
        }
      });
      const y = rows.length * (ROW + GAP) + 12;
      c.fillStyle = "#5f6368";
      c.fillText(clock(0), LABELS, y);
      const end = clock(t1 - t0);
      c.fillText(end, width - 8 - c.measureText(end).width, y);
    }
    function cursor(i) {
      if (!base || canvas.clientWidth !== width) paint();
      const c = canvas.getContext("2d"), ratio = window.devicePixelRatio || 1;
      c.setTransform(1, 0, 0, 1, 0, 0);
      c.clearRect(0, 0, canvas.width, canvas.height);
      c.drawImage(base, 0, 0);
      c.scale(ratio, ratio);
      const x = xOf(i, width);
      c.fillStyle = "#202124"; c.fillRect(x - 1, 0, 2, rows.length * (ROW + GAP));
    }
    canvas.addEventListener("click", (event) => {
      const box = canvas.getBoundingClientRect();
      const f = Math.min(1, Math.max(0, (event.clientX - box.left - LABELS) / (width - LABELS - 8)));
      const target = t0 + f * (t1 - t0);
      let lo = 0, hi = count - 1;
      while (lo < hi) { const m = (lo + hi) >> 1; if (t[m] < target) lo = m + 1; else hi = m; }
      if (lo > 0 && target - t[lo - 1] < t[lo] - target) lo -= 1;
      onPick(t1 > t0 ? lo : Math.round(f * (count - 1)));
    });
    return { paint, cursor };
  }

  // MARK: details
  function fillList(dl, pairs) {
    dl.replaceChildren();
    for (const [k, v] of pairs) { htmlEl("dt", k, dl); htmlEl("dd", v, dl); }
  }
  function fillPayload(table, detail) {
    table.replaceChildren();
    if (detail === null || detail === undefined) return;
    if (typeof detail !== "object") { const tr = htmlEl("tr", null, table); htmlEl("td", detail, tr); return; }
    for (const k of Object.keys(detail).sort()) {
      const v = detail[k], tr = htmlEl("tr", null, table);
      htmlEl("th", k, tr);
      htmlEl("td", typeof v === "object" ? JSON.stringify(v) : v, tr);
    }
  }
  function layoutFacts(L) {
    if (!L) return [["layout", "none stored for this event"]];
    const hidden = L.nodes.filter((n) => n.hidden || n.alpha < 0.01).length;
    const facts = [
      ["state", L.state], ["wide mode", L.wide ? "yes" : "no"], ["map", pt(L.W) + " \u00d7 " + pt(L.H) + " pt"],
      ["safe area", "top " + pt(L.safe.top) + ", leading " + pt(L.safe.leading) + ", bottom " +
        pt(L.safe.bottom) + ", trailing " + pt(L.safe.trailing)],
      ["direction", L.dir], ["views", L.nodes.length + (hidden ? " (" + hidden + " hidden)" : "")],
      ["layout", "#" + L.index + " (" + L.hash + ")"],
    ];
    for (const a of L.anims) {
      facts.push(["animating", a.views.join(", ") + " (" + a.props.join(", ") + ") from " +
        a.start.toFixed(3) + " s for " + a.duration.toFixed(3) + " s"]);
    }
    return facts;
  }
  // Numbered as the badges in the picture (`f.number` when given, else in order).
  function fillFindings(ol, findings) {
    ol.replaceChildren();
    for (const f of findings) {
      const li = htmlEl("li", null, ol, "finding-" + f.severity);
      if (f.number) li.value = f.number;
      htmlEl("strong", "[" + f.severity + "] " + f.rule, li);
      htmlEl("span", ": " + f.message, li);
      if (f.views.length) htmlEl("span", " (" + f.views.join(", ") + ")", li, "views");
    }
  }
  // The views table; hovering a row outlines the view in every drawn pane. A view's flags
  // (hidden, alpha, parent, text) go under its identity, so the table fits its panel.
  function fillViews(table, L, panes) {
    table.replaceChildren();
    if (!L) return;
    const head = htmlEl("tr", null, table);
    for (const h of ["view", "kind", "x", "y", "w", "h"]) htmlEl("th", h, head, h.length === 1 ? "n" : "");
    const seen = new Map();
    for (const n of L.nodes) {
      // The n-th node of its id, outlined as the n-th of that id in each pane.
      const k = seen.get(n.id) || 0;
      seen.set(n.id, k + 1);
      const tr = htmlEl("tr", null, table);
      const id = htmlEl("td", n.id, tr, "id"); htmlEl("td", n.kind, tr, "k");
      for (const v of [n.x, n.y, n.w, n.h]) htmlEl("td", pt(v), tr, "n");
      const flags = [];
      if (n.hidden) flags.push("hidden");
      if (n.alpha < 1) flags.push("alpha " + pt(n.alpha));
      if (n.parent !== "map") flags.push("in " + n.parent);
      if (n.label !== null) flags.push("text \u201c" + n.label + "\u201d");
      if (flags.length) htmlEl("span", flags.join(", "), id, "flags");
      const group = (p) => p && (p.groups.get(n.id) || [])[k];
      tr.addEventListener("mouseenter", () => panes().forEach((p) => group(p) &&
        group(p).classList.add("nv-hover")));
      tr.addEventListener("mouseleave", () => panes().forEach((p) => group(p) &&
        group(p).classList.remove("nv-hover")));
    }
  }

  // MARK: keys
  // Installs the page's keys. `handlers` maps a key name ("ArrowRight", "Shift+ArrowRight",
  // "f"...) to a function; the scrubber's own arrow handling is replaced.
  function keys(handlers) {
    document.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const name = (event.shiftKey && event.key.length > 1 ? "Shift+" : "") + event.key;
      const handler = handlers[name];
      if (!handler) return;
      event.preventDefault();
      handler();
    });
  }

  return {
    D, S, $, svgEl, htmlEl, num, seconds, clock, layout, payload, findingSet, draw, paint, fit, labelBeside, rect, nextIn, previousIn,
    timeline, fillList, fillPayload, layoutFacts, fillFindings, fillViews, keys,
  };
})();
"""#
}
