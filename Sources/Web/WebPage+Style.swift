extension WebPage {
    /// The page's style: one column on a phone (the ranks as rows, top to bottom), the
    /// ranks as columns beside a node's panel on a wider screen; light or dark as the
    /// system is. Tap targets are at least 40 px high.
    static let style = #"""
        :root {
          --bg: #f6f7f9; --card: #ffffff; --ink: #1d2330; --muted: #5d6677; --line: #d5dae3;
          --on: #1f8f4a; --on-bg: #e2f5e9; --off: #6b7280; --off-bg: #eef0f3;
          --unavailable: #a15c00; --unavailable-bg: #fdf0dc; --number: #1f5fbf; --accent: #1f5fbf;
          --input: #1f5fbf; --signal: #7a3fb8; --output: #c2560c; --cover: #0f7f7a;
          --edge: #9aa3b2; --edge-on: #1f8f4a; --refusal: #b3261e;
          font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
          color-scheme: light dark;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #12151b; --card: #1c212b; --ink: #e6e9ef; --muted: #a0a8b8; --line: #333a48;
            --on: #4cc47a; --on-bg: #173a25; --off: #9aa1ad; --off-bg: #262b35;
            --unavailable: #f0a040; --unavailable-bg: #3a2a12; --number: #7fb0ff; --accent: #7fb0ff;
            --input: #7fb0ff; --signal: #c49cf0; --output: #f39a5b; --cover: #4fd1c5;
            --edge: #5c6577; --edge-on: #4cc47a; --refusal: #ff8a80;
          }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--ink); font-size: 16px; line-height: 1.4; }
        h1 { font-size: 1.25rem; margin: 0; }
        h2 { font-size: 1.05rem; margin: 0 0 .5rem; }
        h3 { font-size: .95rem; margin: 1rem 0 .35rem; color: var(--muted); }
        code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .9em; }
        button, input { font: inherit; }
        button {
          min-height: 40px; min-width: 40px; padding: 0 .8rem; border-radius: 8px; cursor: pointer;
          border: 1px solid var(--line); background: var(--card); color: var(--ink);
        }
        button:hover { border-color: var(--accent); }
        button:focus-visible, input:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
        button:disabled { opacity: .5; cursor: progress; }
        input {
          min-height: 40px; padding: 0 .5rem; border-radius: 8px; border: 1px solid var(--line);
          background: var(--bg); color: var(--ink); min-width: 0;
        }
        [hidden] { display: none !important; }

        .bar {
          display: flex; align-items: center; justify-content: space-between; gap: 1rem;
          padding: .6rem 1rem; background: var(--card); border-bottom: 1px solid var(--line);
          position: sticky; top: 0; z-index: 2;
        }
        .connection { font-size: .9rem; padding: .2rem .6rem; border-radius: 999px; white-space: nowrap; }
        .connection.live { color: var(--on); background: var(--on-bg); }
        .connection.connecting { color: var(--muted); background: var(--off-bg); }
        .connection.disconnected { color: var(--unavailable); background: var(--unavailable-bg); font-weight: 600; }
        .note { color: var(--muted); font-size: .9rem; margin: .2rem 0 .6rem; }
        .failure { margin: 1rem; padding: .8rem 1rem; border-radius: 8px; color: var(--refusal); background: var(--card); }

        .token { max-width: 28rem; margin: 2rem auto; padding: 1.2rem; background: var(--card);
                 border: 1px solid var(--line); border-radius: 12px; }
        .token-row { display: flex; gap: .5rem; }
        .token-row input { flex: 1; }
        .refusal { color: var(--refusal); font-size: .9rem; }

        main { display: grid; gap: 1rem; padding: 1rem; grid-template-columns: minmax(0, 1fr); }
        @media (min-width: 900px) {
          main.with-panel { grid-template-columns: minmax(0, 1fr) 22rem; align-items: start; }
          main > .graph-section, main > .log-section { grid-column: 1; }
          main > .panel { grid-column: 2; grid-row: 1 / span 2; position: sticky; top: 4rem;
                          max-height: calc(100vh - 5rem); overflow: auto; }
        }
        section, .panel { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 1rem; }

        .graph { position: relative; overflow-x: auto; }
        .edges { position: absolute; left: 0; top: 0; pointer-events: none; overflow: visible; }
        .edges path { fill: none; stroke: var(--edge); stroke-width: 1.5; }
        .edges path.on { stroke: var(--edge-on); stroke-width: 2; }
        .edges marker path { fill: var(--edge); stroke: none; }
        .ranks { position: relative; display: flex; flex-direction: column; gap: 2rem; }
        .rank { display: flex; flex-direction: row; flex-wrap: wrap; gap: .75rem; align-items: flex-start; }
        @media (min-width: 700px) {
          .ranks { flex-direction: row; gap: 2.5rem; align-items: flex-start; width: max-content; min-width: 100%; }
          .rank { flex-direction: column; flex-wrap: nowrap; }
        }

        .node {
          width: 10.75rem; max-width: 100%; border: 1px solid var(--line); border-left: 5px solid var(--muted);
          border-radius: 10px; background: var(--card); padding: .1rem;
        }
        @media (max-width: 699px) { .node { width: calc(50% - .4rem); } }
        .node.kind-input { border-left-color: var(--input); }
        .node.kind-signal { border-left-color: var(--signal); }
        .node.kind-output { border-left-color: var(--output); }
        .node.kind-cover { border-left-color: var(--cover); }
        .node.selected { box-shadow: 0 0 0 2px var(--accent); }
        .node-head {
          display: flex; flex-direction: column; align-items: flex-start; gap: .15rem; width: 100%;
          border: 0; background: transparent; padding: .45rem .55rem; text-align: left; min-height: 48px;
        }
        .node-label { font-weight: 600; overflow-wrap: anywhere; }
        .node-type { font-size: .8rem; color: var(--muted); }
        .value { font-variant-numeric: tabular-nums; font-weight: 600; padding: .05rem .5rem; border-radius: 6px; }
        .value.on { color: var(--on); background: var(--on-bg); }
        .value.off { color: var(--off); background: var(--off-bg); }
        .value.unavailable { color: var(--unavailable); background: var(--unavailable-bg); font-style: italic; }
        .value.number, .value.duty { color: var(--number); background: transparent; padding-left: 0; }
        .value.cover { color: var(--cover); }
        .value.flash { animation: flash .6s ease-out; }
        @keyframes flash { from { box-shadow: 0 0 0 3px var(--accent); } to { box-shadow: 0 0 0 0 transparent; } }
        @media (prefers-reduced-motion: reduce) { .value.flash { animation: none; } }
        .mode { font-size: .8rem; color: var(--muted); }
        .stale .value { opacity: .45; }
        .stale .edges { opacity: .5; }

        .controls { display: flex; flex-wrap: wrap; gap: .35rem; padding: 0 .45rem .45rem; }
        .controls button { flex: 1 1 auto; padding: 0 .5rem; }
        .controls form { display: flex; gap: .35rem; width: 100%; }
        .controls input { flex: 1 1 3rem; width: 3rem; }
        .controls form button { flex: 0 0 auto; }
        .answer { width: 100%; font-size: .8rem; margin: 0; }
        .answer.refused { color: var(--refusal); }
        .answer.warned { color: var(--unavailable); }

        .panel-head { display: flex; justify-content: space-between; align-items: center; gap: .5rem; }
        .panel-head h2 { margin: 0; overflow-wrap: anywhere; }
        .close { font-size: 1.4rem; line-height: 1; padding: 0; }
        .panel-value { font-size: 1.2rem; margin: .3rem 0; }
        .why { margin: 0; padding-left: 1.1rem; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .85rem; }
        .why li { margin: .15rem 0; overflow-wrap: anywhere; }
        .changes { margin: 0; padding-left: 0; list-style: none; font-size: .9rem; max-height: 16rem; overflow: auto; }
        .changes li { display: flex; gap: .75rem; padding: .1rem 0; border-bottom: 1px solid var(--line); }
        .changes time, .log time { color: var(--muted); font-variant-numeric: tabular-nums; white-space: nowrap; }
        .curve { width: 100%; height: auto; display: block; }
        .curve polyline { fill: none; stroke: var(--number); stroke-width: 1.5; vector-effect: non-scaling-stroke; }
        .curve line { stroke: var(--line); }
        .curve text { fill: var(--muted); font-size: 11px; font-family: system-ui, sans-serif; }

        .log { margin: 0; padding: 0; list-style: none; max-height: 20rem; overflow: auto;
               font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .82rem; }
        .log li { display: flex; gap: .6rem; padding: .1rem 0; }
        .log .message { overflow-wrap: anywhere; white-space: pre-wrap; }
        .log .level-warning .message { color: var(--unavailable); }
        .log .level-error .message, .log .level-critical .message { color: var(--refusal); font-weight: 600; }
        """#
}
