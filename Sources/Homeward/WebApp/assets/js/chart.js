// Bar charts as inline SVG, with a table of the same numbers for screen readers.
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/** A bar chart of `bars` ([{label, value}]) under the visible title `title`. */
export function barChart(bars, title) {
  const width = 320, height = 140, bottom = 18, top = 14;
  const max = Math.max(1, ...bars.map((bar) => bar.value || 0));
  const step = width / Math.max(bars.length, 1);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img", "aria-label": title });
  chart.append(svg("title", {}, title));
  bars.forEach((bar, index) => {
    const barHeight = ((bar.value || 0) / max) * (height - bottom - top);
    const x = index * step + step * 0.15;
    chart.append(svg("rect", { x, y: height - bottom - barHeight, width: step * 0.7, height: barHeight }));
    chart.append(svg("text", { x: x + step * 0.35, y: height - 4, "text-anchor": "middle" }, bar.label));
    chart.append(svg("text", { x: x + step * 0.35, y: height - bottom - barHeight - 3, "text-anchor": "middle" }, String(Math.round(bar.value || 0))));
  });
  const figure = document.createElement("figure");
  figure.className = "chart-figure";
  const caption = document.createElement("figcaption");
  caption.textContent = title;
  // A row of zeros says nothing a sentence would not say better.
  const empty = document.createElement("p");
  empty.className = "muted";
  empty.textContent = "Nothing recorded on these days yet.";
  figure.append(caption, bars.some((bar) => bar.value) ? chart : empty);
  return figure;
}
