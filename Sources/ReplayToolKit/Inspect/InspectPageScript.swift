/// The inspector page's script, inline: lays out the data of ``InspectPage`` (a timeline by
/// night and device, a table of events), filters it by type, device and night, shows the
/// selected event's step change and cause chain, steps with the arrow keys and follows the
/// link's fragment (`#12`, `#watch-77b1:12`). Every text of the log is set with
/// `textContent`, never parsed as markup. Each line of a change reads as `diff LOG --seq N`
/// prints it: `path: before → after`, `(absent)` for a missing side.
enum InspectPageScript {
    static let source = """
        "use strict";
        (function () {
          const data = JSON.parse(document.getElementById("inspect-data").textContent);
          const events = data.events, steps = data.steps;
          const byKey = new Map(events.map(function (e, i) { return [e.key, i]; }));
          const typeFilter = document.getElementById("filter-type");
          const deviceFilter = document.getElementById("filter-device");
          const nightFilter = document.getElementById("filter-night");
          const timeline = document.getElementById("timeline");
          const rows = document.getElementById("event-rows");
          const detail = document.getElementById("detail");
          const oneColumn = matchMedia("(max-width: 899px)");
          let visible = [];
          let selected = -1;

          function element(tag, className, text) {
            const node = document.createElement(tag);
            if (className) node.className = className;
            if (text !== undefined) node.textContent = text;
            return node;
          }
          function unique(values) { return Array.from(new Set(values)).sort(); }
          function addOptions(select, values) {
            values.forEach(function (value) { const o = element("option", "", value); o.value = value; select.appendChild(o); });
          }
          addOptions(typeFilter, unique(events.map(function (e) { return e.type; })));
          addOptions(deviceFilter, unique(events.map(function (e) { return e.device; })));
          addOptions(nightFilter, data.nights);

          function shown(e) {
            return (!typeFilter.value || e.type === typeFilter.value) && (!deviceFilter.value || e.device === deviceFilter.value)
              && (!nightFilter.value || e.night === nightFilter.value);
          }

          function link(e) {
            const a = element("a", "", e.place);
            a.href = "#" + encodeURIComponent(e.key);
            return a;
          }

          function render() {
            visible = [];
            events.forEach(function (e, i) { if (shown(e)) visible.push(i); });
            document.getElementById("count").textContent = visible.length + " of " + events.length + " events shown";
            timeline.replaceChildren();
            const scale = element("div", "scale");
            scale.appendChild(element("span", "", ""));
            const scaleTrack = element("div", "scale-track");
            [["12:00", 0], ["18:00", 25], ["00:00", 50], ["06:00", 75]].forEach(function (t) {
              const s = element("span", "", t[0]); s.style.left = t[1] + "%"; scaleTrack.appendChild(s);
            });
            scale.appendChild(scaleTrack);
            timeline.appendChild(scale);
            const nights = nightFilter.value ? [nightFilter.value] : data.nights;
            nights.forEach(function (night) {
              const inNight = visible.filter(function (i) { return events[i].night === night; });
              const section = element("section", "night");
              section.appendChild(element("p", "night-label", night + (inNight.length ? "" : " (no event shown)")));
              unique(inNight.map(function (i) { return events[i].device; })).forEach(function (device) {
                const lane = element("div", "lane");
                lane.appendChild(element("span", "lane-label", device));
                const track = element("div", "track");
                [25, 50, 75].forEach(function (p) { const t = element("span", "tick"); t.style.left = p + "%"; track.appendChild(t); });
                inNight.filter(function (i) { return events[i].device === device; }).forEach(function (i) {
                  const e = events[i];
                  const mark = element("button", "mark" + (i === selected ? " current" : ""));
                  mark.type = "button";
                  mark.style.left = (e.minute / 1440 * 100) + "%";
                  mark.title = e.place + ": " + e.type + " at " + e.time;
                  mark.setAttribute("aria-label", mark.title);
                  mark.dataset.index = String(i);
                  mark.addEventListener("click", function () { select(i, true); });
                  track.appendChild(mark);
                });
                lane.appendChild(track);
                section.appendChild(lane);
              });
              timeline.appendChild(section);
            });
            rows.replaceChildren();
            visible.forEach(function (i) {
              const e = events[i];
              const row = element("tr", i === selected ? "current" : "");
              row.dataset.index = String(i);
              row.appendChild(element("td", "", e.night));
              row.appendChild(element("td", "", e.time));
              const place = element("td");
              place.appendChild(link(e));
              row.appendChild(place);
              row.appendChild(element("td", "", e.type));
              row.appendChild(element("td", "", e.device));
              row.addEventListener("click", function (event) { event.preventDefault(); select(i, true); });
              rows.appendChild(row);
            });
          }

          function showDetail(i) {
            detail.replaceChildren();
            if (i < 0) { detail.appendChild(element("p", "hint", "No event selected.")); return; }
            const e = events[i], step = steps[e.step];
            detail.appendChild(element("h2", "", e.place + ": " + e.type));
            const facts = element("dl", "facts");
            [["at", e.at], ["night", e.night], ["device", e.device], ["source", e.source === null ? "none" : e.source], ["id", e.id]].forEach(function (f) {
              facts.appendChild(element("dt", "", f[0])); facts.appendChild(element("dd", "", f[1]));
            });
            facts.appendChild(element("dt", "", "step"));
            facts.appendChild(element("dd", "", step.count > 1 ? step.title + " (this event is one of its " + step.count + ")" : "this event alone"));
            detail.appendChild(facts);
            detail.appendChild(element("h3", "", "Cause chain"));
            if (e.causes.length) {
              const list = element("ol", "causes");
              list.id = "causes";
              e.causes.forEach(function (c) { list.appendChild(element("li", "", c)); });
              detail.appendChild(list);
            } else {
              detail.appendChild(element("p", "hint", "No causedBy: a person or a device did this directly."));
            }
            detail.appendChild(element("h3", "", "What its step changed"));
            if (step.applied < step.count) {
              detail.appendChild(element("p", "hint", (step.applied === 0 ? "Not folded" : (step.count - step.applied) + " of its " + step.count + " events not folded") + ": see the warnings below."));
            }
            detail.appendChild(element("p", "hint", "Compared as of " + step.asOf + ", the step's last instant, over " + step.nights + "."));
            const diff = element("ol", "diff");
            diff.id = "diff";
            step.differences.forEach(function (d) {
              const li = element("li");
              li.appendChild(element("span", "path", d[0]));
              li.appendChild(document.createTextNode(": "));
              li.appendChild(element("span", "before", d[1] === null ? "(absent)" : d[1]));
              li.appendChild(document.createTextNode(" → "));
              li.appendChild(element("span", "after", d[2] === null ? "(absent)" : d[2]));
              diff.appendChild(li);
            });
            detail.appendChild(diff);
            const n = step.differences.length;
            detail.appendChild(element("p", "count", n === 0 ? "It changed nothing that the view shows." : n === 1 ? "1 field changed" : n + " fields changed"));
          }

          function select(i, fromPerson) {
            selected = i;
            document.querySelectorAll(".current").forEach(function (node) { node.classList.remove("current"); });
            document.querySelectorAll('[data-index="' + i + '"]').forEach(function (node) { node.classList.add("current"); });
            showDetail(i);
            if (i >= 0 && fromPerson) {
              const fragment = "#" + encodeURIComponent(events[i].key);
              if (location.hash !== fragment) history.replaceState(null, "", fragment);
            }
            const row = rows.querySelector('tr[data-index="' + i + '"]');
            if (fromPerson && oneColumn.matches) detail.scrollIntoView({ block: "start" });
            else if (row && fromPerson) row.scrollIntoView({ block: "nearest" });
          }

          function step(by) {
            if (!visible.length) return;
            const at = visible.indexOf(selected);
            const next = at < 0 ? (by > 0 ? 0 : visible.length - 1) : Math.min(visible.length - 1, Math.max(0, at + by));
            select(visible[next], true);
          }

          function followFragment() {
            const key = decodeURIComponent(location.hash.slice(1));
            if (byKey.has(key)) select(byKey.get(key), false);
          }

          [typeFilter, deviceFilter, nightFilter].forEach(function (s) {
            s.addEventListener("change", function () { render(); showDetail(selected); });
          });
          document.addEventListener("keydown", function (event) {
            if (event.target instanceof HTMLSelectElement || event.altKey || event.ctrlKey || event.metaKey) return;
            if (event.key === "ArrowDown" || event.key === "ArrowRight") { event.preventDefault(); step(1); }
            else if (event.key === "ArrowUp" || event.key === "ArrowLeft") { event.preventDefault(); step(-1); }
          });
          window.addEventListener("hashchange", followFragment);
          render();
          followFragment();
        })();
        """
}
