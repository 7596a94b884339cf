/** The report page's styles: system fonts only (the page loads nothing), light and dark. */
export const pageStyle = `
:root { color-scheme: light dark; --bg: #fbfbfa; --fg: #1d1f21; --muted: #5f6368; --line: #dcdcd8; --head: #f0f0ec;
  --hover: #eef3fb; --bad: #b3261e; --bad-bg: #fbeceb; --good: #1e6b35; --accent: #2457a6; --row: 26px; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #17181a; --fg: #e6e6e3; --muted: #a0a4a8; --line: #34363a; --head: #222427; --hover: #1f2835;
    --bad: #f2867c; --bad-bg: #3a1f1d; --good: #7fd19b; --accent: #8ab4f8; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
header, main { max-width: 1280px; margin: 0 auto; padding: 0 24px; }
header { padding-top: 20px; }
h1 { font-size: 22px; margin: 0 0 2px; }
h2 { font-size: 16px; margin: 28px 0 10px; }
header p, .note { color: var(--muted); margin: 4px 0; }
code, .route, td.num, .facts dd { font-variant-numeric: tabular-nums; }
.route { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 13px; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 18px; margin: 0; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; }
.tools { display: flex; gap: 12px; align-items: center; margin-bottom: 8px; }
#filter { flex: 0 1 420px; font: inherit; padding: 6px 10px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
#shown { color: var(--muted); }
.viewport { max-height: min(70vh, 760px); overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
table.routes { width: 100%; min-width: 1100px; border-collapse: separate; border-spacing: 0; table-layout: fixed; }
table.routes th { position: sticky; top: 0; z-index: 1; background: var(--head); text-align: left; font-weight: 600; border-bottom: 1px solid var(--line); padding: 0; }
table.routes th button { all: unset; box-sizing: border-box; display: block; width: 100%; padding: 6px 8px; cursor: pointer; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
table.routes th button:focus-visible { outline: 2px solid var(--accent); outline-offset: -2px; }
table.routes th[aria-sort="ascending"] button::after { content: " \\25B2"; font-size: 10px; }
table.routes th[aria-sort="descending"] button::after { content: " \\25BC"; font-size: 10px; }
table.routes td { height: var(--row); padding: 0 8px; border-bottom: 1px solid var(--line); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
table.routes tr.row:hover td { background: var(--hover); }
table.routes tr.failed td { background: var(--bad-bg); color: var(--bad); }
table.routes td.num, table.routes th.num button { text-align: right; }
td.problems { color: var(--bad); }
td.added { color: var(--good); }
td.changed { color: var(--accent); }
tr.spacer td { height: auto; padding: 0; border: 0; }
table.plain { border-collapse: collapse; width: 100%; }
.scroll { max-height: 320px; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
.scroll th { position: sticky; top: 0; background: var(--head); }
table.plain th, table.plain td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
#failures td:last-child { color: var(--bad); }
.treemap { display: block; width: 100%; height: auto; border-radius: 6px; }
.treemap rect { stroke: var(--bg); stroke-width: 1; }
.treemap rect.own { fill: var(--head); }
@media (prefers-color-scheme: dark) { .treemap rect.own + text { fill: var(--fg); } }
.treemap text { font-size: 11px; fill: #1d1f21; pointer-events: none; }
details { margin: 6px 0; }
summary { cursor: pointer; }
ul.files { max-height: 320px; overflow: auto; margin: 6px 0; padding-left: 22px; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 13px; }
#warnings li { margin: 4px 0; white-space: pre-wrap; }
#warnings code { font-weight: 600; margin-right: 6px; }
footer { max-width: 1280px; margin: 28px auto; padding: 0 24px; color: var(--muted); }
`;
