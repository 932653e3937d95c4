extension WebPage {
    /// The page's script: plain JavaScript, no framework. It reads the graph once
    /// (`/api/graph`), then follows the event stream (`/api/events`, read with `fetch` so
    /// that it can send the token), reconnecting with a back-off of up to 10 s; a node's
    /// panel reads `/api/why/NAME` and `/api/history/NAME`; the log starts from
    /// `/api/log`. Every name, value and log line is set as text, never as markup.
    static let script = #"""
        "use strict";
        (() => {
          const SVG = document.getElementById("edges").namespaceURI;
          const TOKEN_KEY = "gpioagg.token";
          const LOG_LINES = 200;
          const CHANGES_KEPT = 32;
          const BACKOFF_FIRST = 500, BACKOFF_MOST = 10000;
          // The server sends a keep-alive at least every 30 s: a stream silent for longer
          // than this is taken for dead and opened again.
          const SILENCE_MOST = 75000;
          const $ = (id) => document.getElementById(id);

          class TokenNeeded extends Error {}

          const state = {
            graph: null,
            boxes: new Map(),       // name -> {node, box, value, mode, field}
            values: new Map(),      // name -> the value as /api/status encodes it
            units: {}, precisions: {}, modes: {},
            edges: [],              // {from, path}
            selected: null,         // the name of the node whose panel is open
            history: null,          // the open panel's {name, changes, points}
            generation: 0,          // bumped by each start: older requests' answers are dropped
            panelGeneration: 0,
            stream: null,           // the event stream's AbortController
            retry: null,            // the timer of the next attempt
            backoff: BACKOFF_FIRST,
            clockOffset: 0,         // the daemon's clock minus this browser's, from the events' times
            askedForToken: false,
          };

          // ---- small helpers ----

          function el(tag, className, text) {
            const element = document.createElement(tag);
            if (className) element.className = className;
            if (text !== undefined) element.textContent = text;
            return element;
          }

          function svg(tag, attributes, text) {
            const element = document.createElementNS(SVG, tag);
            for (const [name, value] of Object.entries(attributes || {})) element.setAttribute(name, String(value));
            if (text !== undefined) element.textContent = text;
            return element;
          }

          const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
          const dayAndTime = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

          function timeElement(ms) {
            const time = el("time");
            const date = new Date(ms);
            time.dateTime = date.toISOString();
            time.textContent = (daemonNow() - ms > 20 * 3600 * 1000 ? dayAndTime : timeOfDay).format(date);
            return time;
          }

          function daemonNow() { return Date.now() + state.clockOffset; }

          function heardTime(ms) {
            if (typeof ms === "number" && Number.isFinite(ms)) state.clockOffset = ms - Date.now();
          }

          // ---- the token ----

          function storedToken() {
            try { return sessionStorage.getItem(TOKEN_KEY); } catch { return null; }
          }

          /// fetch() with the token, if there is one; a 401 asks for it and throws TokenNeeded.
          async function api(path, options = {}) {
            const headers = new Headers(options.headers || {});
            const token = storedToken();
            if (token) headers.set("Authorization", "Bearer " + token);
            const response = await fetch(path, { ...options, headers, cache: "no-store" });
            if (response.status === 401) {
              askForToken(Boolean(token));
              throw new TokenNeeded("the token is needed");
            }
            return response;
          }

          function askForToken(refused) {
            if (refused) { try { sessionStorage.removeItem(TOKEN_KEY); } catch {} }
            if (state.askedForToken) return;
            state.askedForToken = true;
            stop();
            $("board").hidden = true;
            $("failure").hidden = true;
            $("token-refused").hidden = !refused;
            $("token-form").hidden = false;
            setConnection("disconnected", "token needed");
            $("token-input").focus();
          }

          $("token-form").addEventListener("submit", (event) => {
            event.preventDefault();
            const token = $("token-input").value.trim();
            if (!token) return;
            try { sessionStorage.setItem(TOKEN_KEY, token); } catch {}
            $("token-input").value = "";
            $("token-form").hidden = true;
            state.askedForToken = false;
            start();
          });

          // ---- the connection ----

          function setConnection(kind, text) {
            const badge = $("connection");
            badge.className = "connection " + kind;
            badge.textContent = text;
            document.body.classList.toggle("stale", kind !== "live");
          }

          function stop() {
            state.generation += 1;
            if (state.stream) state.stream.abort();
            state.stream = null;
            clearTimeout(state.retry);
          }

          /// Reads the graph and the log, then follows the event stream.
          async function start() {
            stop();
            const generation = state.generation;
            setConnection("connecting", "connecting…");
            try {
              const graph = await readJSON(await api("api/graph"));
              if (generation !== state.generation) return;
              showGraph(graph);
              await loadLog(generation);
              if (generation !== state.generation) return;
              follow(generation);
            } catch (error) {
              if (error instanceof TokenNeeded || generation !== state.generation) return;
              showFailure("The board cannot be read: " + error.message);
              retryLater(generation, start);
            }
          }

          function retryLater(generation, again) {
            const seconds = Math.round(state.backoff / 1000);
            setConnection("disconnected", seconds > 0 ? `disconnected: retrying in ${seconds} s` : "disconnected: retrying");
            clearTimeout(state.retry);
            state.retry = setTimeout(() => { if (generation === state.generation) again(); }, state.backoff);
            state.backoff = Math.min(state.backoff * 2, BACKOFF_MOST);
          }

          async function readJSON(response) {
            let body = null;
            try { body = await response.json(); } catch {}
            if (!response.ok) {
              throw new Error((body && body.error) || `${response.status} ${response.statusText}`);
            }
            if (body === null) throw new Error("the answer is not JSON");
            return body;
          }

          function showFailure(text) {
            const failure = $("failure");
            failure.textContent = text;
            failure.hidden = false;
          }

          /// The event stream: a snapshot, then each transaction's changes and each log line.
          async function follow(generation) {
            const controller = new AbortController();
            state.stream = controller;
            let silence = null;
            const heard = () => {
              clearTimeout(silence);
              silence = setTimeout(() => controller.abort(), SILENCE_MOST);
            };
            try {
              const response = await api("api/events", { signal: controller.signal, headers: { Accept: "text/event-stream" } });
              if (!response.ok || !response.body) throw new Error(`${response.status} ${response.statusText}`);
              heard();
              const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
              let buffer = "";
              for (;;) {
                const { value, done } = await reader.read();
                if (done) break;
                heard();
                buffer += value;
                // A lone CR at the end may be the first half of a CRLF.
                const complete = buffer.endsWith("\r") ? buffer.length - 1 : buffer.length;
                const text = buffer.slice(0, complete).replace(/\r\n?/g, "\n");
                buffer = text + buffer.slice(complete);
                let end;
                while ((end = buffer.indexOf("\n\n")) >= 0) {
                  const block = buffer.slice(0, end);
                  buffer = buffer.slice(end + 2);
                  if (generation !== state.generation) return;
                  dispatch(block);
                }
                if (buffer.length > 4 * 1024 * 1024) throw new Error("an event larger than 4 MiB");
              }
            } catch (error) {
              if (error instanceof TokenNeeded) return;
            } finally {
              clearTimeout(silence);
            }
            if (generation !== state.generation) return;
            state.stream = null;
            retryLater(generation, () => start());
          }

          function dispatch(block) {
            let name = "message";
            const data = [];
            for (const line of block.split("\n")) {
              if (line === "" || line.startsWith(":")) continue;
              const colon = line.indexOf(":");
              const field = colon < 0 ? line : line.slice(0, colon);
              let value = colon < 0 ? "" : line.slice(colon + 1);
              if (value.startsWith(" ")) value = value.slice(1);
              if (field === "event") name = value;
              else if (field === "data") data.push(value);
            }
            if (data.length === 0) return;
            let payload;
            try { payload = JSON.parse(data.join("\n")); } catch { return; }
            if (name === "snapshot") {
              applySnapshot(payload);
              state.backoff = BACKOFF_FIRST;
              $("failure").hidden = true;
              setConnection("live", "live");
            } else if (name === "changes") {
              applyChanges(payload);
            } else if (name === "log") {
              heardTime(payload.time);
              appendLog(payload);
            } else if (name === "graph") {
              // A reload: the nodes may have changed; a fresh snapshot follows.
              redrawGraph();
            }
          }

          // ---- values ----

          const SECTIONS = ["inputs", "signals", "outputs", "covers"];

          function applySnapshot(status) {
            state.units = status.units || {};
            state.precisions = status.precision || {};
            state.modes = status.modes || {};
            const seen = new Set();
            for (const section of SECTIONS) {
              for (const [name, value] of Object.entries(status[section] || {})) {
                seen.add(name);
                state.values.set(name, value);
              }
            }
            for (const name of state.boxes.keys()) if (!seen.has(name)) state.values.delete(name);
            const drawn = new Set(state.boxes.keys());
            if (seen.size !== drawn.size || [...seen].some((name) => !drawn.has(name))) redrawGraph();
            for (const name of state.boxes.keys()) showValue(name, false);
            colourEdges();
          }

          function applyChanges(event) {
            heardTime(event.time);
            let unknown = false;
            for (const change of event.changes || []) {
              if (!state.boxes.has(change.node)) { unknown = true; continue; }
              state.values.set(change.node, change.value);
              // A momentary's activation (a click, a press) is an instant: it only flashes.
              showValue(change.node, true);
              if (change.node === state.selected) panelHeard(event.time, change.activated === true ? "activated" : change.value);
            }
            colourEdges();
            if (unknown) redrawGraph();
            if (state.selected) refreshWhySoon();
          }

          function nodeOf(name) { const box = state.boxes.get(name); return box ? box.node : null; }

          function precisionOf(node) {
            if (node.precision !== null && node.precision !== undefined) return node.precision;
            const places = state.precisions[node.name];
            return typeof places === "number" ? places : 2;
          }

          function unitOf(node) {
            return node.unit || state.units[node.name] || (node.form === "duty" ? "%" : "");
          }

          /// A value as the page shows it, with the class that colours it.
          function describe(node, value) {
            if (value === undefined) return { text: "…", kind: "" };
            if (value === "activated") return { text: "activated", kind: "on" };
            if (value === null) return { text: "unavailable", kind: "unavailable" };
            if (typeof value === "boolean") return { text: value ? "on" : "off", kind: value ? "on" : "off" };
            if (typeof value === "number") {
              const unit = unitOf(node);
              return { text: value.toFixed(precisionOf(node)) + (unit ? " " + unit : ""), kind: node.form === "duty" ? "duty" : "number" };
            }
            if (typeof value === "object" && typeof value.state === "string") {
              const position = typeof value.position === "number" ? ` ${Math.round(value.position)} %` : "";
              return { text: value.state + position, kind: "cover" };
            }
            return { text: String(value), kind: "" };
          }

          function showValue(name, flash) {
            const box = state.boxes.get(name);
            if (!box) return;
            const shown = describe(box.node, state.values.get(name));
            box.value.textContent = shown.text;
            box.value.className = "value " + shown.kind;
            box.box.dataset.value = shown.text;
            if (flash) {
              box.value.classList.remove("flash");
              void box.value.offsetWidth;
              box.value.classList.add("flash");
            }
            const mode = state.modes[name];
            box.mode.hidden = !mode;
            box.mode.textContent = mode ? "override: " + mode : "";
            const value = state.values.get(name);
            if (box.field && document.activeElement !== box.field && typeof value === "number") box.field.value = String(value);
            if (name === state.selected) showPanelValue();
          }

          // ---- the graph ----

          async function redrawGraph() {
            const generation = state.generation;
            try {
              const graph = await readJSON(await api("api/graph"));
              if (generation === state.generation) showGraph(graph);
            } catch {}
          }

          function showGraph(graph) {
            state.graph = graph;
            const ranks = $("ranks");
            ranks.replaceChildren();
            state.boxes.clear();
            const columns = [];
            for (const node of graph.nodes || []) {
              const rank = Number.isInteger(node.rank) && node.rank >= 0 ? node.rank : 0;
              while (columns.length <= rank) columns.push([]);
              columns[rank].push(node);
            }
            columns.forEach((nodes, rank) => {
              const column = el("div", "rank");
              column.dataset.rank = String(rank);
              for (const node of nodes) column.append(nodeBox(node, graph.controls === true));
              ranks.append(column);
            });
            if (columns.length === 0) ranks.append(el("p", "note", "The config has no nodes."));
            $("controls-note").textContent = graph.controls === true
              ? "Controls are on: the buttons set nodes as gpioagg set does."
              : "Controls are off (web: controls: false): this page shows, and changes nothing.";
            $("failure").hidden = true;
            $("board").hidden = false;
            for (const name of state.boxes.keys()) showValue(name, false);
            if (state.selected && !state.boxes.has(state.selected)) closePanel();
            else if (state.selected) state.boxes.get(state.selected).box.classList.add("selected");
            requestAnimationFrame(drawEdges);
          }

          function nodeBox(node, controls) {
            const box = el("div", "node kind-" + node.kind);
            box.dataset.node = node.name;
            const head = el("button", "node-head");
            head.type = "button";
            const label = node.label || node.name;
            head.append(el("span", "node-label", label));
            head.append(el("span", "node-type", label === node.name ? node.type : `${node.name} · ${node.type}`));
            const value = el("span", "value", "…");
            const mode = el("span", "mode");
            mode.hidden = true;
            head.append(value, mode);
            head.addEventListener("click", () => openPanel(node.name));
            box.append(head);
            const entry = { node, box, value, mode, field: null };
            if (controls && ((node.set && node.set.length > 0) || node.number)) box.append(controlsFor(node, entry));
            state.boxes.set(node.name, entry);
            resized.observe(box);
            return box;
          }

          function drawEdges() {
            const canvas = $("edges");
            const ranks = $("ranks");
            const origin = ranks.getBoundingClientRect();
            canvas.setAttribute("width", String(ranks.scrollWidth));
            canvas.setAttribute("height", String(ranks.scrollHeight));
            const marker = svg("marker", { id: "arrow", viewBox: "0 0 8 8", refX: 7, refY: 4, markerWidth: 7, markerHeight: 7, orient: "auto" });
            marker.append(svg("path", { d: "M0,0 L8,4 L0,8 z" }));
            const defs = svg("defs");
            defs.append(marker);
            canvas.replaceChildren(defs);
            state.edges = [];
            const across = getComputedStyle(ranks).flexDirection === "row";
            for (const { node } of state.boxes.values()) {
              const to = state.boxes.get(node.name).box.getBoundingClientRect();
              for (const operand of node.operands || []) {
                const source = state.boxes.get(operand);
                if (!source) continue;
                const from = source.box.getBoundingClientRect();
                let d;
                if (across) {
                  const x1 = from.right - origin.left, y1 = from.top + from.height / 2 - origin.top;
                  const x2 = to.left - origin.left - 2, y2 = to.top + to.height / 2 - origin.top;
                  const bend = Math.max(20, (x2 - x1) / 2);
                  d = `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`;
                } else {
                  const x1 = from.left + from.width / 2 - origin.left, y1 = from.bottom - origin.top;
                  const x2 = to.left + to.width / 2 - origin.left, y2 = to.top - origin.top - 2;
                  const bend = Math.max(14, (y2 - y1) / 2);
                  d = `M${x1},${y1} C${x1},${y1 + bend} ${x2},${y2 - bend} ${x2},${y2}`;
                }
                const path = svg("path", { d, "marker-end": "url(#arrow)" });
                canvas.append(path);
                state.edges.push({ from: operand, path });
              }
            }
            colourEdges();
          }

          function colourEdges() {
            for (const edge of state.edges) edge.path.classList.toggle("on", state.values.get(edge.from) === true);
          }

          // Edges follow the boxes: a value, an answer or the window's width may move them.
          let edgesPending = false;
          const resized = new ResizeObserver(() => {
            if (edgesPending) return;
            edgesPending = true;
            requestAnimationFrame(() => { edgesPending = false; drawEdges(); });
          });
          resized.observe($("ranks"));

          // ---- controls ----

          function controlsFor(node, entry) {
            const controls = el("div", "controls");
            const answer = el("p", "answer");
            answer.setAttribute("role", "status");
            const buttons = [];
            for (const word of node.set || []) {
              const button = el("button", "", word);
              button.type = "button";
              button.dataset.word = word;
              button.addEventListener("click", () => send(node, word, buttons, answer));
              buttons.push(button);
              controls.append(button);
            }
            if (node.number) {
              const form = el("form");
              // The daemon checks the range, and its refusal says what it takes.
              form.noValidate = true;
              const field = el("input");
              field.type = "number";
              field.inputMode = "decimal";
              field.name = "value";
              field.setAttribute("aria-label", `A value for ${node.label || node.name}`);
              const range = node.number;
              if (typeof range.min === "number") field.min = String(range.min);
              if (typeof range.max === "number") field.max = String(range.max);
              field.step = typeof range.step === "number" ? String(range.step) : "any";
              const set = el("button", "", "set");
              set.type = "submit";
              buttons.push(set);
              form.append(field, set);
              form.addEventListener("submit", (event) => {
                event.preventDefault();
                const number = field.valueAsNumber;
                if (!Number.isFinite(number)) {
                  showAnswer(answer, "refused", "write a number" + rangeText(range));
                  return;
                }
                send(node, number, buttons, answer);
              });
              entry.field = field;
              controls.append(form);
            }
            controls.append(answer);
            return controls;
          }

          function rangeText(range) {
            const min = typeof range.min === "number", max = typeof range.max === "number";
            if (min && max) return ` from ${range.min} to ${range.max}`;
            if (min) return ` of at least ${range.min}`;
            if (max) return ` of at most ${range.max}`;
            return "";
          }

          function showAnswer(answer, kind, text) {
            answer.className = "answer " + kind;
            answer.textContent = text;
          }

          async function send(node, value, buttons, answer) {
            for (const button of buttons) button.disabled = true;
            showAnswer(answer, "", "");
            try {
              const response = await api("api/set", {
                method: "POST",
                headers: { "Content-Type": "application/json" },
                body: JSON.stringify({ node: node.name, value }),
              });
              let reply = null;
              try { reply = await response.json(); } catch {}
              if (response.ok && reply && reply.ok) {
                if (reply.warning) showAnswer(answer, "warned", reply.warning);
                if ((node.set || []).includes("auto")) refreshStatus();
              } else {
                showAnswer(answer, "refused", (reply && reply.error) || `refused: ${response.status} ${response.statusText}`);
              }
            } catch (error) {
              if (!(error instanceof TokenNeeded)) showAnswer(answer, "refused", "not sent: the board cannot be reached");
            } finally {
              for (const button of buttons) button.disabled = false;
            }
          }

          /// The modes of outputs with override: are in the status, not in the changes.
          async function refreshStatus() {
            try { applySnapshot(await readJSON(await api("api/status"))); } catch {}
          }

          // ---- a node's panel ----

          function openPanel(name) {
            const node = nodeOf(name);
            if (!node) return;
            for (const { box } of state.boxes.values()) box.classList.remove("selected");
            state.boxes.get(name).box.classList.add("selected");
            state.selected = name;
            state.history = null;
            const generation = ++state.panelGeneration;
            $("panel-title").textContent = node.label || node.name;
            const operands = (node.operands || []).length ? ` · reads ${node.operands.join(", ")}` : "";
            $("panel-kind").textContent = `${node.kind} ${node.name} · ${node.type}${operands}`;
            $("panel-declared").textContent = node.declared ? "declared at " + node.declared : "";
            $("panel-why").replaceChildren(el("li", "", "…"));
            $("panel-changes").replaceChildren();
            $("panel-curve").replaceChildren();
            $("panel-curve-section").hidden = true;
            showPanelValue();
            $("panel").hidden = false;
            $("board").classList.add("with-panel");
            if (getComputedStyle($("panel")).position !== "sticky") $("panel").scrollIntoView({ block: "start" });
            loadWhy(name, generation);
            loadHistory(name, generation);
          }

          function closePanel() {
            state.selected = null;
            state.history = null;
            state.panelGeneration += 1;
            for (const { box } of state.boxes.values()) box.classList.remove("selected");
            $("panel").hidden = true;
            $("board").classList.remove("with-panel");
          }

          $("panel-close").addEventListener("click", closePanel);
          document.addEventListener("keydown", (event) => { if (event.key === "Escape" && state.selected) closePanel(); });

          function showPanelValue() {
            const node = nodeOf(state.selected);
            if (!node) return;
            const shown = describe(node, state.values.get(node.name));
            const value = el("span", "value " + shown.kind, shown.text);
            $("panel-value").replaceChildren(value);
          }

          async function loadWhy(name, generation) {
            let lines;
            try {
              const reply = await readJSON(await api("api/why/" + encodeURIComponent(name)));
              lines = Array.isArray(reply.why) ? reply.why : [];
            } catch (error) {
              if (error instanceof TokenNeeded) return;
              lines = ["cannot say why: " + error.message];
            }
            if (generation !== state.panelGeneration) return;
            $("panel-why").replaceChildren(...lines.map((line) => el("li", "", String(line))));
          }

          let whyTimer = null;
          function refreshWhySoon() {
            if (whyTimer) return;
            whyTimer = setTimeout(() => {
              whyTimer = null;
              if (state.selected) loadWhy(state.selected, state.panelGeneration);
            }, 300);
          }

          async function loadHistory(name, generation) {
            let history;
            try {
              history = await readJSON(await api("api/history/" + encodeURIComponent(name)));
            } catch (error) {
              if (error instanceof TokenNeeded || generation !== state.panelGeneration) return;
              $("panel-changes").replaceChildren(el("li", "", "no history: " + error.message));
              return;
            }
            if (generation !== state.panelGeneration) return;
            state.history = {
              name,
              changes: Array.isArray(history.changes) ? history.changes : [],
              points: Array.isArray(history.points) ? history.points : null,
            };
            showHistory();
          }

          /// A change of the open node, heard on the stream: its list and curve go on.
          function panelHeard(time, value) {
            const history = state.history;
            if (!history || typeof time !== "number") return;
            history.changes.push([time, value]);
            if (history.changes.length > CHANGES_KEPT) history.changes.splice(0, history.changes.length - CHANGES_KEPT);
            if (history.points) history.points.push([time, value]);
            showHistory();
          }

          function showHistory() {
            const history = state.history;
            const node = nodeOf(history.name);
            if (!node) return;
            const list = $("panel-changes");
            const items = history.changes.slice().reverse().map(([time, value]) => {
              const item = el("li");
              item.append(timeElement(time), el("span", "", describe(node, value).text));
              return item;
            });
            if (items.length === 0) items.push(el("li", "note", "no change since the daemon started"));
            list.replaceChildren(...items);
            const numeric = node.form === "number" || node.form === "duty";
            $("panel-curve-section").hidden = !(numeric && history.points);
            if (numeric && history.points) drawCurve(node, history.points);
          }

          function drawCurve(node, points) {
            const canvas = $("panel-curve");
            canvas.replaceChildren();
            const seconds = typeof state.graph.history_seconds === "number" ? state.graph.history_seconds : 86400;
            const end = Math.max(daemonNow(), ...points.map((point) => point[0]));
            const numbers = points.filter(([, value]) => typeof value === "number");
            $("panel-curve-title").textContent = "Over time";
            if (numbers.length === 0) {
              canvas.append(svg("text", { x: 160, y: 75, "text-anchor": "middle" }, "no numbers yet"));
              return;
            }
            const start = Math.max(points[0][0], end - seconds * 1000);
            let low = Math.min(...numbers.map(([, value]) => value));
            let high = Math.max(...numbers.map(([, value]) => value));
            const shownLow = low, shownHigh = high;
            if (low === high) { low -= 1; high += 1; }
            const left = 4, right = 316, top = 18, bottom = 122;
            const x = (time) => left + (right - left) * (end === start ? 1 : (time - start) / (end - start));
            const y = (value) => bottom - (bottom - top) * (value - low) / (high - low);
            canvas.append(svg("line", { x1: left, y1: top, x2: right, y2: top }));
            canvas.append(svg("line", { x1: left, y1: bottom, x2: right, y2: bottom }));
            // A value holds until the next one: steps, broken where it was unavailable.
            let segment = [];
            const flush = () => {
              if (segment.length > 0) canvas.append(svg("polyline", { points: segment.join(" ") }));
              segment = [];
            };
            let previous = null;
            for (const [time, value] of points) {
              if (time < start) { previous = typeof value === "number" ? value : null; continue; }
              if (previous !== null && segment.length === 0) segment.push(`${x(start)},${y(previous)}`);
              if (typeof value !== "number") { if (previous !== null) segment.push(`${x(time)},${y(previous)}`); flush(); previous = null; continue; }
              if (previous !== null) segment.push(`${x(time)},${y(previous)}`);
              segment.push(`${x(time)},${y(value)}`);
              previous = value;
            }
            if (previous !== null) segment.push(`${x(end)},${y(previous)}`);
            flush();
            const format = (value) => describe(node, value).text;
            canvas.append(svg("text", { x: left, y: top - 5 }, "max " + format(shownHigh)));
            canvas.append(svg("text", { x: left, y: bottom + 14 }, "min " + format(shownLow)));
            canvas.append(svg("text", { x: left, y: 156 }, timeElement(start).textContent));
            canvas.append(svg("text", { x: right, y: 156, "text-anchor": "end" }, "now"));
          }

          // ---- the log ----

          async function loadLog(generation) {
            let reply;
            try {
              reply = await readJSON(await api("api/log"));
            } catch (error) {
              if (error instanceof TokenNeeded) throw error;
              return;
            }
            if (generation !== state.generation) return;
            $("log").replaceChildren();
            for (const line of Array.isArray(reply.lines) ? reply.lines : []) appendLog(line);
          }

          function appendLog(line) {
            const log = $("log");
            const following = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
            const level = typeof line.level === "string" ? line.level : "info";
            const item = el("li", "level-" + level.replace(/[^a-z]/g, ""));
            if (typeof line.time === "number") item.append(timeElement(line.time));
            item.append(el("span", "message", String(line.message ?? "")));
            log.append(item);
            while (log.childElementCount > LOG_LINES) log.firstElementChild.remove();
            if (following) log.scrollTop = log.scrollHeight;
          }

          document.title = "gpioagg · " + location.host;
          start();
        })();
        """#
}
