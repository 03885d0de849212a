// Golden highs/lows from an independent implementation, @neaps/tide-predictor 0.11.0
// (IHO TWCWG constituents and Annex A nodal corrections), for tests/metocean/test_tide_engine.py.
//
//   mkdir -p /tmp/neaps && (cd /tmp/neaps && npm install @neaps/tide-predictor@0.11.0)
//   tar xJf ../shared/data/tide-stations.tar.xz -C /tmp/stations
//   NEAPS_DIR=/tmp/neaps node scripts/make_tide_golden.mjs /tmp/stations/stations \
//       > tests/data/tide_golden.json
//
// Heights are metres relative to MSL: createTidePredictor() with offset=false (no datum).
// Subordinate stations: the reference's constituents plus the station's `offsets`.
//
// EXCLUDED: neaps 0.11.0 lists "3N2" as another name of MKS2 (2 0 2 0 0 0, 29.066 deg/h).
// In TICON-4, 3N2 is the third-degree lunar N2-like line (2 -1 0 0 0 0, 28.435 deg/h, next
// to N2, like 3L2 next to L2); metocean.tides predicts it there. So the fixture leaves 3N2
// out on both sides (the test drops it too) and compares the engines like for like.
const EXCLUDED = ["3N2"];
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const neapsDir = process.env.NEAPS_DIR || "/tmp/neaps";
const entry = path.join(neapsDir, "node_modules/@neaps/tide-predictor/dist/index.js");
const { createTidePredictor } = await import(pathToFileURL(entry).href);
const neapsVersion = JSON.parse(fs.readFileSync(
  path.join(neapsDir, "node_modules/@neaps/tide-predictor/package.json"), "utf8")).version;

const root = process.argv[2] || "/tmp/stations/stations";
const load = (id) => JSON.parse(fs.readFileSync(path.join(root, id + ".json"), "utf8"));

const STATIONS = [
  ["ticon/keelung-341-twn-uhslc_fd", "Keelung, mixed, small range"],
  ["ticon/kaohsiung-340-twn-uhslc_fd", "Kaohsiung, mixed/diurnal"],
  ["noaa/8443970", "Boston, semidiurnal"],
  ["noaa/9414290", "San Francisco, mixed"],
  ["noaa/8729840", "Pensacola, diurnal"],
  ["ticon/brest-822-fra-uhslc_fd", "Brest, TICON, shallow-water terms"],
  ["ticon/cuxhaven-825-deu-uhslc_fd", "Cuxhaven, TICON, strong overtides"],
  ["ticon/avonmouth-avo-gbr-bodc", "Avonmouth, TICON, large range"],
  ["noaa/9455920", "Anchorage Knik Arm, 120 constituents incl. rare compounds"],
  ["noaa/1611401", "subordinate (ratio offsets)"],
  ["noaa/1613077", "subordinate (fixed offsets)"],
];
const WINDOWS = [
  ["2000-01-01T00:00:00Z", 3],
  ["2015-06-15T00:00:00Z", 3],
  ["2025-03-20T00:00:00Z", 3],
  ["2026-09-01T00:00:00Z", 3],
  ["2035-12-10T00:00:00Z", 3],
];

const cases = [];
for (const [id, note] of STATIONS) {
  const st = load(id);
  const ref = st.type === "subordinate" ? load(st.offsets.reference) : st;
  const used = ref.harmonic_constituents.filter((c) => !EXCLUDED.includes(c.name));
  const excluded = ref.harmonic_constituents.filter((c) => EXCLUDED.includes(c.name)).map((c) => c.name);
  const predictor = createTidePredictor(used, { offset: false });
  for (const [start, days] of WINDOWS) {
    const s = new Date(start);
    const e = new Date(s.getTime() + days * 86400e3);
    const ex = predictor.getExtremesPrediction({
      start: s, end: e, offsets: st.type === "subordinate" ? st.offsets : undefined,
    });
    cases.push({
      station: id, note, excluded, start: s.toISOString(), end: e.toISOString(),
      extremes: ex.map((x) => ({
        time: x.time.toISOString(), level_m: Math.round(x.level * 1e6) / 1e6,
        kind: x.high ? "HIGH" : "LOW",
      })),
    });
  }
}
process.stdout.write(JSON.stringify({
  generator: "scripts/make_tide_golden.mjs", neaps_version: neapsVersion,
  units: "metres relative to MSL; times UTC", cases,
}, null, 1) + "\n");
