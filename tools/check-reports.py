#!/usr/bin/env python3
"""Opens NavSim's HTML reports in headless Chromium and checks them as a person would.

For every report it fails on any console error, uncaught exception, failed load or request
that leaves the file (a report must be self-contained), on a dialog (an injected script),
or on a picture that is not drawn at the layout's true proportions or whose view rectangles
differ from the snapshot, or whose SDK views do not show what the trip's payloads say (road
name, speed, time left, prompt text) inside their frames, whose route or vehicle is not in
the viewport, or whose styled app views are not painted as styled (background, corners, border,
font size, alignment, lines). It drives the scrubber with the keyboard (Home, Left/Right for the
previous/next layout change, Shift+Right for one event, f for the first finding, d for the
next difference on a diff page, End) and checks where each key lands, and on a diff page
that the per-view table names each view's other changes as its differences do, then saves
screenshots: the first guidance frame, a wide-mode frame if the trip has one, and the first
difference of a diff.

    tools/check-reports.py                    # runs `navsim demo` and checks its reports, and
                                              # a repeated-id diff page the built tests write
    tools/check-reports.py A.html B.html      # checks these reports
    tools/check-reports.py --self-test        # the readability checks catch made-up problems
    options: --screenshots DIR (default .build/report-check), --navsim PATH (binary),
             --snapshots DB (compare replay pictures with `navsim render`; the demo's
             store is used by default),
             --window WxH (browser window, default 1280x900)

Installs Debian's `chromium` with apt when it is missing. Standard library only: the
DevTools protocol is spoken over a WebSocket written here on a raw socket.
"""

import argparse
import base64
import glob
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import xml.etree.ElementTree as ET

from report_readability import check_readable, self_test

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WIDTH, HEIGHT = 1280, 900  # the browser window; --window changes it


class CheckFailure(Exception):
    """A report failed a check; the message says which and why."""


# MARK: - Chromium


def ensure_chromium():
    """The chromium binary, installed with apt when missing."""
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    print("check-reports: installing chromium with apt", file=sys.stderr)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(
        sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium",
                "fonts-dejavu-core", "fonts-liberation"],
        check=True, env=env, stdout=subprocess.DEVNULL)
    path = shutil.which("chromium")
    if not path:
        raise CheckFailure("chromium is still missing after apt-get install")
    return path


def first_line(path):
    """The first line of the file at `path` once it is whole (its newline written), or None."""
    try:
        with open(path) as f:
            line = f.readline()
    except FileNotFoundError:
        return None
    return line.strip() if line.endswith("\n") else None


class Browser:
    """A headless Chromium with its remote-debugging port open on loopback."""

    def __init__(self, binary):
        self.profile = tempfile.mkdtemp(prefix="navsim-chromium-")
        args = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars",
                "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
                f"--user-data-dir={self.profile}", f"--window-size={WIDTH},{HEIGHT}",
                "about:blank"]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        # The port is the file's first line, whole once its newline is there (Chromium writes
        # the file in place: it can be read half written). The deadlines in this file only
        # end a check that failed: generous, for a loaded machine.
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + 120
        while not (line := first_line(port_file)):
            if self.process.poll() is not None:
                raise CheckFailure("chromium exited: " + self.process.stderr.read().decode()[-2000:])
            if time.monotonic() > deadline:
                raise CheckFailure("chromium did not open its debugging port in 120 s")
            time.sleep(0.05)
        self.port = int(line)

    def page_socket(self):
        """A DevTools connection to the browser's page."""
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/list", timeout=10) as r:
            targets = json.load(r)
        pages = [t for t in targets if t.get("type") == "page"]
        if not pages:
            raise CheckFailure("chromium has no page target")
        return DevTools(pages[0]["webSocketDebuggerUrl"])

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


# MARK: - WebSocket and DevTools protocol


class WebSocket:
    """A minimal RFC 6455 client: text frames out (masked), frames in, ping answered."""

    def __init__(self, url):
        match = re.match(r"ws://([^/:]+):(\d+)(/.*)", url)
        if not match:
            raise CheckFailure(f"unexpected DevTools URL {url}")
        host, port, path = match.group(1), int(match.group(2)), match.group(3)
        self.sock = socket.create_connection((host, port), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                   "Sec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise CheckFailure("DevTools closed the WebSocket handshake")
            head += chunk
        head, self.buffer = head.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise CheckFailure("DevTools refused the WebSocket: " + head.decode(errors="replace"))

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(max(65536, count - len(self.buffer)))
            if not chunk:
                raise CheckFailure("DevTools closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def send(self, text):
        payload = text.encode()
        header = bytearray([0x81])
        if len(payload) < 126:
            header.append(0x80 | len(payload))
        elif len(payload) < 65536:
            header.append(0x80 | 126)
            header += struct.pack(">H", len(payload))
        else:
            header.append(0x80 | 127)
            header += struct.pack(">Q", len(payload))
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(bytes(header) + mask + masked)

    def receive(self):
        """The next whole text message."""
        parts = []
        while True:
            first, second = self._read(2)
            opcode, length = first & 0x0F, second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            mask = self._read(4) if second & 0x80 else None
            data = self._read(length)
            if mask:
                data = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
            if opcode == 0x8:
                raise CheckFailure("DevTools closed the WebSocket")
            if opcode == 0x9:
                self.sock.sendall(bytes([0x8A, 0x80 | len(data)]) + b"\0\0\0\0" + data)
                continue
            if opcode in (0x1, 0x0):
                parts.append(data)
                if first & 0x80:
                    return b"".join(parts).decode()


class DevTools:
    """Commands to one page, and the events it sent meanwhile."""

    def __init__(self, url):
        self.ws = WebSocket(url)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        ident = self.next_id
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.receive())
            if message.get("id") == ident:
                if "error" in message:
                    raise CheckFailure(f"{method}: {message['error'].get('message')}")
                return message.get("result", {})
            if "method" in message:
                self.on_event(message)

    def on_event(self, message):
        self.events.append(message)
        if message["method"] == "Page.javascriptDialogOpening":
            # Answer from a fresh message id without waiting: the page is blocked until then.
            self.next_id += 1
            self.ws.send(json.dumps({"id": self.next_id, "method": "Page.handleJavaScriptDialog",
                                     "params": {"accept": False}}))

    def wait_for(self, method, timeout=120):
        deadline = time.monotonic() + timeout
        self.ws.sock.settimeout(timeout)
        while time.monotonic() < deadline:
            if any(e["method"] == method for e in self.events):
                return
            message = json.loads(self.ws.receive())
            if "method" in message:
                self.on_event(message)
        raise CheckFailure(f"no {method} within {timeout} s")

    def close(self):
        self.ws.sock.close()

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise CheckFailure(f"evaluating {expression[:60]}...: "
                               + json.dumps(result["exceptionDetails"])[:500])
        return result["result"].get("value")

    KEYS = {"ArrowRight": 39, "ArrowLeft": 37, "Home": 36, "End": 35}

    def press(self, key, shift=False):
        code = self.KEYS.get(key) or ord(key.upper())
        event = {"key": key, "code": key if key in self.KEYS else "Key" + key.upper(),
                 "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code,
                 "modifiers": 8 if shift else 0}
        if key not in self.KEYS:
            event["text"] = key
        self.call("Input.dispatchKeyEvent", type="keyDown", **event)
        self.call("Input.dispatchKeyEvent", type="keyUp", **event)

    def problems(self):
        """Console errors, exceptions, failed or external loads, dialogs seen so far."""
        found = []
        for e in self.events:
            method, params = e["method"], e.get("params", {})
            if method == "Runtime.exceptionThrown":
                details = params.get("exceptionDetails", {})
                text = details.get("exception", {}).get("description") or details.get("text")
                found.append(f"uncaught exception: {text}")
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                args = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
                found.append(f"console.{params['type']}: {args}")
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                entry = params["entry"]
                found.append(f"log error ({entry.get('source')}): {entry.get('text')} {entry.get('url', '')}")
            elif method == "Network.loadingFailed":
                found.append(f"failed load: {params.get('errorText')} ({params.get('type')})")
            elif method == "Network.requestWillBeSent":
                url = params.get("request", {}).get("url", "")
                if not url.startswith(("file:", "data:", "about:", "blob:")):
                    found.append(f"request leaves the file: {url}")
            elif method == "Page.javascriptDialogOpening":
                found.append(f"a dialog opened: {params.get('message')!r} (injected script?)")
        return found


# MARK: - Checking one report


def check_report(browser, path, shots, render=None):
    """Opens one report, checks it, saves its screenshots; returns the screenshot paths."""
    page = browser.page_socket()
    for domain in ("Runtime", "Log", "Network", "Page"):
        page.call(domain + ".enable")
    page.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT,
              deviceScaleFactor=1, mobile=False)
    url = "file://" + os.path.abspath(path)
    started = time.monotonic()
    page.call("Page.navigate", url=url)
    page.wait_for("Page.loadEventFired")
    deadline = time.monotonic() + 120
    while page.evaluate("document.body && document.body.dataset.ready") != "1":
        if time.monotonic() > deadline:
            raise CheckFailure(f"{path}: the page never became ready; " + "; ".join(page.problems()))
        time.sleep(0.05)
    ready = time.monotonic() - started
    info = page.evaluate("""(() => ({
        page: NV.D.page, count: NV.D.frames.seq.length, seq: NV.D.frames.seq,
        changes: NV.D.nav.changes, findings: NV.D.nav.findings,
        differences: NV.D.nav.differences || [], layouts: NV.D.layouts.length,
        scripts: document.querySelectorAll("script").length,
        wide: NV.D.layouts.map((l) => l[1] === 1),
        guiding: NV.D.layouts.map((l) => NV.S[l[0]] === "activeGuidance"),
        withFindings: NV.D.page === "diff"
          ? NV.D.frames.findings[0].map((a, i) => a >= 0 || NV.D.frames.findings[1][i] >= 0)
          : NV.D.frames.findings.map((f) => f >= 0),
        label: NV.D.run ? NV.D.run.label : null,
        layoutOf: NV.D.page === "diff" ? NV.D.frames.layout[1] : NV.D.frames.layout }))()""")
    if info["scripts"] != 2:
        raise CheckFailure(f"{path}: {info['scripts']} script elements, the page has 2 (injection?)")
    if info["count"] == 0:
        raise CheckFailure(f"{path}: the report has no events")
    index = lambda: int(page.evaluate("document.body.dataset.index"))

    def expect_key(key, want, shift=False):
        page.press(key, shift)
        got = index()
        if got != want:
            name = ("Shift+" if shift else "") + key
            raise CheckFailure(f"{path}: {name} went to event {got + 1}, expected {want + 1}")

    # The keyboard drives the scrubber.
    count, changes = info["count"], info["changes"]
    expect_key("Home", 0)
    visited = [c for c in changes if c > 0][:3]
    for step in visited:
        expect_key("ArrowRight", step)
    if len(visited) >= 2:
        expect_key("ArrowLeft", visited[-2])
    here = index()
    expect_key("ArrowRight", min(here + 1, count - 1), shift=True)
    if info["findings"]:
        expect_key("f", info["findings"][0])
    if info["page"] == "diff":
        check_other_kinds(page, path)
    if info["page"] == "diff" and info["differences"]:
        expect_key("Home", 0)
        expect_key("d", next((d for d in info["differences"] if d > 0), 0))
    expect_key("End", count - 1)
    if int(page.evaluate("Number(document.getElementById('scrubber').value)")) != count - 1:
        raise CheckFailure(f"{path}: the scrubber does not follow the keys")

    # Every layout the trip shows reads cleanly: at each layout change, finding and difference
    # (the first few of each), no two texts overlap and no panel overflows.
    def goto(frame):
        page.evaluate(f"document.getElementById('scrubber').value = {frame};"
                      "document.getElementById('scrubber').dispatchEvent(new Event('input'))")

    measured = 0
    for frame in sorted(set([0] + changes + info["findings"][:20] + info["differences"][:20])):
        goto(frame)
        measured += check_readable(page, f"{path}: event {frame + 1}", CheckFailure)
    if measured == 0:
        raise CheckFailure(f"{path}: no text measured in any picture")

    base = os.path.splitext(os.path.basename(path))[0]
    saved = []
    labelled = []

    def shoot(frame, label):
        goto(frame)
        labelled.append(check_picture(page, path, frame, render, info))
        data = page.call("Page.captureScreenshot", format="png")["data"]
        target = os.path.join(shots, f"{base}-{label}.png")
        with open(target, "wb") as f:
            f.write(base64.b64decode(data))
        saved.append(target)

    if info["page"] == "diff":
        # A telling difference: during guidance, with a finding when there is one.
        differing = info["differences"] or [0]
        guiding = [i for i in differing if info["layoutOf"][i] >= 0 and info["guiding"][info["layoutOf"][i]]]
        flagged = [i for i in guiding if info["withFindings"][i]]
        shoot((flagged or guiding or differing)[0], "difference")
    else:
        portrait = [i for i in changes if not info["wide"][info["layoutOf"][i]]] or [0]
        # A frame well into the trip: the first layout change after a tenth of it.
        tenth = next((i for i in portrait if i >= count // 10), portrait[-1])
        shoot(info["findings"][0] if info["findings"] else tenth, "portrait")
        wide = [i for i in changes if info["layoutOf"][i] >= 0 and info["wide"][info["layoutOf"][i]]]
        if wide:
            shoot(wide[0], "wide")
    if (info["label"] or "").startswith("screen:") and not any(labelled):
        raise CheckFailure(f"{path}: a screen's report shows no label text in its pictures")
    problems = page.problems()
    page.close()
    if problems:
        raise CheckFailure(f"{path}:\n  " + "\n  ".join(problems))
    print(f"ok {path}: {count} events, {info['layouts']} layouts, ready in {ready:.2f} s; "
          f"{measured} texts apart; "
          f"screenshots {', '.join(os.path.relpath(s) for s in saved)}")
    return saved


def check_picture(page, path, frame, render, info):
    """The drawn picture keeps the layout's proportions and every view's frame; with a
    snapshot store, a replay's picture agrees with `navsim render` of the same event."""
    drawn = page.evaluate("""(() => Array.from(document.querySelectorAll(".svg-host > svg")).map((svg) => {
        const box = svg.viewBox.baseVal, rect = svg.getBoundingClientRect();
        const nodes = {};
        for (const g of svg.querySelectorAll("g.nv-node")) {
          const s = g.querySelector(".nv-shape");
          const b = s.getBBox();
          (nodes[g.dataset.id] = nodes[g.dataset.id] || []).push([b.x, b.y, b.width, b.height]);
        }
        return { viewBox: [box.width, box.height], size: [rect.width, rect.height], nodes };
      }))()""")
    expected = page.evaluate(f"""(() => {{
        const side = NV.D.page === "diff" ? [0, 1] : [null];
        return side.map((s) => {{
          const L = NV.layout(s === null ? NV.D.frames.layout[{frame}] : NV.D.frames.layout[s][{frame}]);
          const nodes = {{}};
          for (const n of L ? L.nodes : []) (nodes[n.id] = nodes[n.id] || []).push([n.x, n.y, n.w, n.h]);
          return L ? {{ W: L.W, H: L.H, nodes }} : null;
        }}).filter((x) => x);
      }})()""")
    if len(drawn) != len(expected) or not drawn:
        raise CheckFailure(f"{path}: event {frame + 1}: {len(drawn)} pictures drawn, {len(expected)} expected")
    for picture, layout in zip(drawn, expected):
        width, height = picture["size"]
        if width < 100 or height < 100:
            raise CheckFailure(f"{path}: event {frame + 1}: picture is {width:.0f}x{height:.0f} px")
        if abs(width / height - layout["W"] / layout["H"]) > 0.02 * layout["W"] / layout["H"]:
            raise CheckFailure(f"{path}: event {frame + 1}: picture {width:.0f}x{height:.0f} px is "
                               f"not at the layout's proportions {layout['W']}x{layout['H']}")
        # A repeated id's nodes in any order: the camera frames are drawn after the others.
        for ident, rects in layout["nodes"].items():
            got = sorted(picture["nodes"].get(ident) or [])
            if len(got) != len(rects) or not all(
                    same_rect(a, b) for a, b in zip(got, sorted(rects))):
                raise CheckFailure(f"{path}: event {frame + 1}: view {ident!r} drawn at {got}, "
                                   f"snapshot frames {rects}")
    check_readable(page, f"{path}: event {frame + 1}", CheckFailure)
    if info["page"] == "diff":
        check_changed_outlines(page, path, frame)
    check_hover(page, path, frame)
    labelled = check_label_texts(page, path, frame)
    check_screen_content(page, path, frame)
    check_app_styles(page, path, frame)
    if render and info["page"] == "replay":
        seq = info["seq"][frame]
        svg = render(info["label"], seq)
        rendered = {}
        for g in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}g"):
            ident = g.get("data-id")
            shape = next((c for c in g if c.get("class") == "nv-shape"), None)
            if ident is not None and shape is not None and shape.tag.endswith("rect"):
                rendered[ident] = [float(shape.get(k)) for k in ("x", "y", "width", "height")]
        last = drawn[-1]["nodes"]
        for ident, rect in rendered.items():
            if ident not in last or not any(same_rect(r, rect) for r in last[ident]):
                raise CheckFailure(f"{path}: seq {seq}: view {ident!r} is {last.get(ident)} in the "
                                   f"page but {rect} in `navsim render`")
    return labelled


def check_other_kinds(page, path):
    """A diff page's per-view table gives each view's other changes (hidden, alpha, parent,
    z-order, corners, kind, state) as the text report does: the events, then the kinds in the
    order first seen, `2 (z-order, state)`, counted here from the page's own differences."""
    got = page.evaluate("""(() => {
        const S = NV.S, d = NV.D.diff, views = new Map();
        const skip = ["appeared", "disappeared", "moved", "resized", "text"];
        d.frames.forEach((frame, k) => {
          const counted = new Set();
          for (const c of d.signatures[d.signature[k]][1]) {
            const name = S[c.length > 5 ? c[6] : c[0]];
            let kind = S[c[1]].slice(name.length + 1).split(" ")[0];
            if (kind === "shown") kind = "hidden";
            if (skip.includes(kind)) continue;
            const v = views.get(name) || { events: 0, kinds: [] };
            if (!counted.has(name)) { v.events += 1; counted.add(name); }
            if (!v.kinds.includes(kind)) v.kinds.push(kind);
            views.set(name, v);
          }
        });
        const expected = {};
        for (const [name, v] of views) expected[name] = v.events + " (" + v.kinds.join(", ") + ")";
        const rows = [...document.querySelectorAll("#view-summary tbody tr")]
          .map((tr) => [tr.cells[0].textContent, tr.cells[7].textContent]);
        return { rows, expected };
      })()""")
    for name, cell in got["rows"]:
        want = got["expected"].get(name, "0")
        if cell != want:
            raise CheckFailure(f"{path}: the per-view table gives {name!r} other changes "
                               f"{cell!r}, its differences {want!r}")


def same_rect(a, b):
    return all(abs(x - y) <= 0.01 for x, y in zip(a, b))


def check_changed_outlines(page, path, frame):
    """On a diff page each outlined (`.nv-changed`) view is the node the change names, the
    n-th of a repeated id by layout order: a frame change's rectangle is its `from` in A and
    its `to` in B, and every outline in a picture is one of the changed nodes of that side."""
    panes = page.evaluate("""(() => {
        const F = NV.D.frames, i = Number(document.body.dataset.index);
        const k = NV.D.diff.frames.indexOf(i);
        if (k < 0) return null;
        const views = NV.D.diff.signatures[NV.D.diff.signature[k]][1].map((c) => ({
          view: NV.D.strings[c[0]], from: c[3], to: c[4], occurrence: c.length > 5 ? c[5] : 1 }));
        return [0, 1].map((side) => {
          const L = NV.layout(F.layout[side][i]), host = document.getElementById("screen-" + side);
          const outlined = Array.from(host.querySelectorAll("g.nv-node.nv-changed")).map((g) => {
            const b = g.querySelector(".nv-shape").getBBox();
            return { id: g.dataset.id, rect: [b.x, b.y, b.width, b.height] };
          });
          const nodes = L ? L.nodes.map((n) => ({ id: n.id, rect: [n.x, n.y, n.w, n.h] })) : [];
          return { views, outlined, nodes };
        });
      })()""")
    if panes is None:
        return
    for side, pane in enumerate(panes):
        # The changed nodes of this side, by id and occurrence in layout order.
        seen, frames = {}, {}
        for node in pane["nodes"]:
            seen[node["id"]] = seen.get(node["id"], 0) + 1
            frames[(node["id"], seen[node["id"]])] = node["rect"]
        changed = {(c["view"], c["occurrence"]) for c in pane["views"]}
        allowed = [frames[key] for key in sorted(changed) if key in frames]
        for outline in pane["outlined"]:
            if not any(key[0] == outline["id"] and key in frames and
                       same_rect(frames[key], outline["rect"]) for key in changed):
                raise CheckFailure(f"{path}: event {frame + 1}: {'AB'[side]} outlines "
                                   f"{outline['id']!r} at {outline['rect']}, no changed node "
                                   f"of that id is there")
        if len(pane["outlined"]) != len(allowed):
            raise CheckFailure(f"{path}: event {frame + 1}: {'AB'[side]} outlines "
                               f"{len(pane['outlined'])} views, {len(allowed)} changed")
        for c in pane["views"]:
            want = c["from"] if side == 0 else c["to"]
            if not (c["from"] and c["to"]):
                continue
            if not any(o["id"] == c["view"] and same_rect(o["rect"], want) for o in pane["outlined"]):
                raise CheckFailure(f"{path}: event {frame + 1}: {'AB'[side]} does not outline "
                                   f"{c['view']!r} (occurrence {c['occurrence']}) at {want}")


def check_hover(page, path, frame):
    """Hovering a row of the views table outlines that node in every picture: the n-th node
    of a repeated id, by layout order, not the last of its id."""
    wrong = page.evaluate("""(() => {
        const F = NV.D.frames, i = Number(document.body.dataset.index);
        const diff = NV.D.page === "diff";
        const sides = diff ? [0, 1] : [null];
        const layouts = sides.map((s) => NV.layout(s === null ? F.layout[i] : F.layout[s][i]));
        const hosts = Array.from(document.querySelectorAll(".svg-host"));
        const shown = diff ? (layouts[1] || layouts[0]) : layouts[0];
        const rows = Array.from(document.querySelectorAll("#views tr")).slice(1);
        if (!shown || rows.length !== shown.nodes.length) return shown ? "rows " + rows.length : null;
        const seen = new Map();
        for (let r = 0; r < rows.length; r++) {
          const n = shown.nodes[r], k = (seen.get(n.id) || 0) + 1;
          seen.set(n.id, k);
          rows[r].dispatchEvent(new MouseEvent("mouseenter"));
          for (let s = 0; s < hosts.length; s++) {
            const L = layouts[s];
            const same = L ? L.nodes.filter((m) => m.id === n.id)[k - 1] : null;
            const lit = hosts[s] ? Array.from(hosts[s].querySelectorAll("g.nv-node.nv-hover")) : [];
            const boxes = lit.map((g) => { const b = g.querySelector(".nv-shape").getBBox();
              return [b.x, b.y, b.width, b.height]; });
            const want = same ? [[same.x, same.y, same.w, same.h]] : [];
            const ok = boxes.length === want.length && boxes.every((b, j) =>
              b.every((v, d) => Math.abs(v - want[j][d]) <= 0.01));
            if (!ok) {
              rows[r].dispatchEvent(new MouseEvent("mouseleave"));
              return "row " + (r + 1) + " (" + n.id + " #" + k + ") lights " + JSON.stringify(boxes) +
                " in picture " + (s + 1) + ", want " + JSON.stringify(want);
            }
          }
          rows[r].dispatchEvent(new MouseEvent("mouseleave"));
        }
        return null;
      })()""")
    if wrong:
        raise CheckFailure(f"{path}: event {frame + 1}: hovering the views table: {wrong}")


def check_screen_content(page, path, frame):
    """The SDK's views show what the trip's payloads say at the event, inside their frames:
    the turn card the road name, the speed widget the speed, the ETA card the time left, a
    prompt its text; no drawn text runs outside its view; the route is drawn in the
    viewport's map frame, at the viewport's frame."""
    panes = page.evaluate("""(() => {
        const F = NV.D.frames, i = Number(document.body.dataset.index), facts = {};
        for (let j = 0; j <= i; j++) {
          const kind = NV.S[F.event[j]], p = NV.payload(F.detail[j]);
          if (!p || typeof p !== "object") continue;
          if (kind === "progress") {
            if (p.roadName !== undefined) facts.road = p.roadName;
            if (p.timeRemaining !== undefined) facts.time = p.timeRemaining;
          } else if (kind === "speed") { facts.speed = p.speed; }
          else if (kind === "promptReady") { facts.prompt = p.text; }
          else if (kind === "promptDismissed") { delete facts.prompt; }
        }
        return Array.from(document.querySelectorAll(".svg-host > svg")).map((svg, side) => {
          const L = NV.layout(NV.D.page === "diff" ? F.layout[side][i] : F.layout[i]);
          if (!L) return null;
          const views = L.nodes.filter((n) => n.kind === "sdk").map((n) => {
            const g = Array.from(svg.querySelectorAll("g.nv-node")).find((e) => e.dataset.id === n.id);
            const texts = g ? Array.from(g.querySelectorAll(".nv-c-slot text")).map((t) => {
              const b = t.getBBox();
              return [t.textContent, b.x, b.y, b.width, b.height];
            }) : [];
            return { id: n.id, role: n.role, frame: [n.x, n.y, n.w, n.h],
                     shown: !n.hidden && n.alpha >= 0.01, content: !!(g && g.classList.contains("nv-has-content")),
                     texts };
          });
          const map = svg.querySelector("svg.nv-c-map"), route = map && map.querySelector(".nv-c-route");
          // Points along the route, on screen, against the map frame's rectangle on screen
          // (the outer picture's transform of its x, y, width, height): inside when any is.
          let inside = null;
          if (route) {
            const m = route.getScreenCTM(), outer = svg.getScreenCTM(), length = route.getTotalLength();
            const corner = (x, y) => new DOMPoint(x, y).matrixTransform(outer);
            const [x, y, w, h] = ["x", "y", "width", "height"].map((k) => Number(map.getAttribute(k)));
            const a = corner(x, y), b = corner(x + w, y + h);
            inside = false;
            for (let k = 0; k <= 200 && !inside; k++) {
              const p = route.getPointAtLength(length * k / 200).matrixTransform(m);
              inside = p.x >= a.x && p.x <= b.x && p.y >= a.y && p.y <= b.y;
            }
          }
          // The vehicle's arrow and the next manoeuvre's point, where the camera put them (a
          // hidden mark is null).
          const mark = (c) => {
            const e = map && map.querySelector(c);
            if (!e || e.getAttribute("display") === "none") return null;
            const b = e.getBoundingClientRect(), outer = svg.getScreenCTM();
            const [x, y, w, h] = ["x", "y", "width", "height"].map((k) => Number(map.getAttribute(k)));
            const a = new DOMPoint(x, y).matrixTransform(outer), z = new DOMPoint(x + w, y + h).matrixTransform(outer);
            const cx = b.x + b.width / 2, cy = b.y + b.height / 2;
            return { inside: cx >= a.x && cx <= z.x && cy >= a.y && cy <= z.y, finite: isFinite(cx) && isFinite(cy) };
          };
          const vehicle = mark(".nv-c-vehicle"), maneuver = mark(".nv-c-maneuver");
          const frame = map ? ["x", "y", "width", "height"].map((k) => Number(map.getAttribute(k))) : null;
          const viewport = L.nodes.find((n) => n.role === "viewport" && !n.hidden && n.alpha >= 0.01);
          return { views, facts, inside, vehicle, maneuver, mapFrame: frame,
                   viewport: viewport ? [viewport.x, viewport.y, viewport.w, viewport.h] : null,
                   routes: NV.D.routes.length };
        }).filter((x) => x);
      })()""")
    where = f"{path}: event {frame + 1}"

    def shows(texts, want):
        # Whole, or cut with an ellipsis to the view's width.
        joined = " ".join(t[0] for t in texts)
        return want in joined or any(t[0].endswith("\u2026") and want.startswith(t[0][:-1]) for t in texts)

    for pane in panes:
        facts = pane["facts"]
        for view in pane["views"]:
            x, y, w, h = view["frame"]
            for text, tx, ty, tw, th in view["texts"]:
                if tx < x - 1 or tx + tw > x + w + 1:
                    raise CheckFailure(f"{where}: {view['id']}'s text {text!r} runs outside its view "
                                       f"({tx:.1f}..{tx + tw:.1f} in {x}..{x + w})")
            roomy = view["shown"] and w >= 60 and h >= 40
            wants = {"turnCard": facts.get("road"),
                     "speedWidget": None if facts.get("speed") is None else str(round(facts["speed"] * 3.6)),
                     "etaCard": "min" if facts.get("time") is not None else None,
                     "prompt": (facts.get("prompt") or "").split(" ")[0] or None}.get(view["role"])
            if not wants or not roomy:
                continue
            if view["role"] == "speedWidget" and not view["texts"]:
                raise CheckFailure(f"{where}: the speed widget shows no speed ({wants} km/h)")
            if view["role"] != "speedWidget" and not view["content"]:
                raise CheckFailure(f"{where}: {view['id']} shows its name, not {wants!r}")
            if not shows(view["texts"], wants):
                raise CheckFailure(f"{where}: {view['id']} shows {[t[0] for t in view['texts']]}, "
                                   f"expected {wants!r}")
        if pane["viewport"] and pane["routes"] and facts.get("road") is not None:
            if pane["mapFrame"] is None or any(abs(a - b) > 0.01 for a, b in zip(pane["mapFrame"], pane["viewport"])):
                raise CheckFailure(f"{where}: the map is drawn at {pane['mapFrame']}, the viewport is "
                                   f"{pane['viewport']}")
            if not pane["inside"]:
                raise CheckFailure(f"{where}: the route is not drawn inside the viewport")
            # The vehicle is where the camera puts it: inside the viewport unless the user
            # panned it away; the demo's photographed events follow the vehicle.
            if pane["vehicle"] is None or not pane["vehicle"]["inside"]:
                raise CheckFailure(f"{where}: the vehicle is not drawn inside the viewport "
                                   f"({pane['vehicle']})")
            if pane["maneuver"] is not None and not pane["maneuver"]["finite"]:
                raise CheckFailure(f"{where}: the next manoeuvre's point has no position")


def check_app_styles(page, path, frame):
    """App views with a recorded style (`data-style`) are painted as set: background colour,
    corner radius, border width; a label's text at its font size and alignment, no more lines
    than set, inside its frame."""
    views = page.evaluate("""(() => Array.from(document.querySelectorAll(".svg-host > svg g.nv-styled")).map((g) => {
        const shape = g.querySelector(".nv-shape"), css = getComputedStyle(shape), b = shape.getBBox();
        return { id: g.dataset.id, style: g.dataset.style, fill: css.fill,
                 rx: shape.getAttribute("rx") || shape.getAttribute("data-radius"),
                 stroke: css.strokeWidth, frame: [b.x, b.y, b.width, b.height],
                 texts: Array.from(g.querySelectorAll(".nv-app-text")).map((t) => {
                   const box = t.getBBox(), c = getComputedStyle(t);
                   return [t.textContent, box.x, box.width, c.fontSize, t.getAttribute("text-anchor") || "start"];
                 }) };
      }))()""")
    where = f"{path}: event {frame + 1}"
    for view in views:
        style = dict(part.split("=", 1) if "=" in part else (part, "") for part in view["style"].split())
        if "bg" in style:
            want = "rgb({}, {}, {})".format(*(int(style["bg"][i:i + 2], 16) for i in (1, 3, 5)))
            if not view["fill"].startswith(want[:-1]):
                raise CheckFailure(f"{where}: {view['id']} is filled {view['fill']}, styled {style['bg']}")
        x, y, w, h = view["frame"]
        if "r" in style and abs(float(view["rx"] or 0) - min(float(style["r"]), w / 2, h / 2)) > 0.01:
            raise CheckFailure(f"{where}: {view['id']} has corner radius {view['rx']}, styled {style['r']}")
        if "bw" in style and abs(float(view["stroke"].rstrip("px")) - float(style["bw"])) > 0.01:
            raise CheckFailure(f"{where}: {view['id']} has a {view['stroke']} border, styled {style['bw']}")
        anchor = {"center": "middle", "right": "end"}.get(style.get("align"), None)
        lines = int(style.get("lines", "0"))
        if lines and len(view["texts"]) > lines:
            raise CheckFailure(f"{where}: {view['id']} shows {len(view['texts'])} lines, styled {lines}")
        for text, tx, tw, size, drawn_anchor in view["texts"]:
            if "font" in style and abs(float(size.rstrip("px")) - float(style["font"])) > 0.01:
                raise CheckFailure(f"{where}: {view['id']}'s text is {size}, styled font {style['font']}")
            if anchor and drawn_anchor != anchor:
                raise CheckFailure(f"{where}: {view['id']}'s text is anchored {drawn_anchor}, styled "
                                   f"align={style['align']}")
            if tx < x - 1 or tx + tw > x + w + 1:
                raise CheckFailure(f"{where}: {view['id']}'s text {text!r} runs outside its view")


def check_label_texts(page, path, frame):
    """An app label or button (a screen replay's `text=`) is drawn with the text it shows,
    whole or cut short with an ellipsis, in every picture of the event."""
    pairs = page.evaluate("""(() => Array.from(document.querySelectorAll(".svg-host > svg")).flatMap((svg, side) => {
        const L = NV.D.page === "diff" ? NV.layout(NV.D.frames.layout[side][Number(document.body.dataset.index)])
          : NV.layout(NV.D.frames.layout[Number(document.body.dataset.index)]);
        if (!L) return [];
        return L.nodes.filter((n) => n.label).map((n) => {
          const g = Array.from(svg.querySelectorAll("g.nv-node")).find((e) => e.dataset.id === n.id);
          // A styled label's lines (.nv-app-text), or the wireframe's one line (.nv-label).
          const lines = g ? Array.from(g.querySelectorAll(".nv-app-text, .nv-label"), (t) => t.textContent) : [];
          return [n.id, n.label, lines.length ? lines.join(" ") : null, g ? g.querySelector("title").textContent : null];
        });
      }))()""")
    for ident, label, drawn, tip in pairs:
        flat = " ".join(label.split())  # wrapped lines join with one space
        if drawn is not None and drawn != flat and not (drawn.endswith("\u2026") and flat.startswith(drawn[:-1])):
            raise CheckFailure(f"{path}: event {frame + 1}: label {ident!r} shows {label!r} but is drawn as {drawn!r}")
        if tip is None or f"text \u201c{label}\u201d" not in tip:
            raise CheckFailure(f"{path}: event {frame + 1}: label {ident!r}'s tooltip {tip!r} lacks its text")
    return len(pairs)


# MARK: - Finding the reports


def navsim_binary(explicit):
    if explicit:
        return explicit
    # The newest build: a stale release binary must not stand in for today's code.
    built = [os.path.join(ROOT, ".build", config, "navsim") for config in ("release", "debug")]
    built = [b for b in built if os.access(b, os.X_OK)]
    if built:
        return max(built, key=os.path.getmtime)
    subprocess.run(["swift", "build", "--product", "navsim"], cwd=ROOT, check=True)
    return os.path.join(ROOT, ".build", "debug", "navsim")


def demo_reports(navsim, out):
    """Runs `navsim demo --out OUT`; returns the HTML reports it wrote and its stores."""
    result = subprocess.run([navsim, "demo", "--out", out], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        raise CheckFailure(f"navsim demo failed ({result.returncode}):\n{result.stderr[-3000:]}")
    reports = sorted(set(os.path.abspath(p) for p in glob.glob(os.path.join(out, "**", "*.html"), recursive=True)))
    if not reports:
        raise CheckFailure(f"navsim demo wrote no HTML report into {out}:\n{result.stdout[-2000:]}")
    for report in reports:
        if os.path.basename(report) not in result.stdout and report not in result.stdout:
            raise CheckFailure(f"navsim demo did not print the path of {report}")
    return reports


def repeated_id_page(out):
    """The diff page of two layouts with repeated ids (two `badge`s; an SDK camera frame and
    an app view both named `viewport`) that ReportRepeatedIDTests writes: the built tests
    run with NAVSIM_SAMPLE_REPORTS."""
    env = dict(os.environ, NAVSIM_SAMPLE_REPORTS=out)
    result = subprocess.run(["swift", "test", "--skip-build", "--filter", "ReportRepeatedIDTests"],
                            cwd=ROOT, capture_output=True, text=True, env=env)
    page = os.path.join(out, "diff-repeated-id.html")
    if result.returncode != 0 or not os.path.exists(page):
        raise CheckFailure("ReportRepeatedIDTests wrote no diff-repeated-id.html (build the "
                           f"tests first: swift build --build-tests):\n{result.stdout[-2000:]}")
    return page


def main():
    global WIDTH, HEIGHT
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reports", nargs="*", help="HTML reports (default: run navsim demo)")
    parser.add_argument("--screenshots", default=os.path.join(ROOT, ".build", "report-check"))
    parser.add_argument("--navsim", help="the navsim binary (default: .build/{release,debug})")
    parser.add_argument("--snapshots", help="the snapshot store the replay reports came from: "
                        "their pictures are compared with `navsim render` (automatic for the demo)")
    parser.add_argument("--window", default=f"{WIDTH}x{HEIGHT}", help="browser window, WxH")
    parser.add_argument("--self-test", action="store_true",
                        help="check the readability checks on hand-made pages, then stop")
    args = parser.parse_args()
    WIDTH, HEIGHT = (int(v) for v in args.window.split("x"))
    os.makedirs(args.screenshots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="navsim-report-check-")
    browser = None
    try:
        if args.self_test:
            browser = Browser(ensure_chromium())
            cases = self_test(browser.page_socket, CheckFailure)
            print(f"self-test: the readability checks caught all {cases - 1} problems, passed the clean page")
            return 0
        reports, store = args.reports, args.snapshots
        if not reports:
            reports = demo_reports(navsim_binary(args.navsim), os.path.join(work, "demo"))
            reports.append(repeated_id_page(os.path.join(work, "sample")))
            store = os.path.join(work, "demo", "snapshots.sqlite")
        render = None
        if store:
            navsim = navsim_binary(args.navsim)

            def render(label, seq):
                out = os.path.join(work, f"render-{seq}.svg")
                result = subprocess.run([navsim, "render", store, label, "--seq", str(seq),
                                         "--svg", out], capture_output=True, text=True)
                if result.returncode != 0:
                    raise CheckFailure(f"navsim render {label} --seq {seq}: {result.stderr.strip()}")
                with open(out) as f:
                    return f.read()
        browser = Browser(ensure_chromium())
        for report in reports:
            check_report(browser, report, args.screenshots, render)
        print(f"{len(reports)} passed, 0 failed")
        return 0
    except CheckFailure as failure:
        print(f"check-reports: {failure}", file=sys.stderr)
        return 1
    finally:
        if browser:
            browser.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
