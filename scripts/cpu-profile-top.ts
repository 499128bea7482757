/**
 * `npx tsx scripts/cpu-profile-top.ts <file.cpuprofile> [count]`: the functions with the most self time
 * in a V8 CPU profile (node --cpu-prof; `BENCH_PROFILE={dir} npm run bench:pages` writes one), and
 * the packages (or app files) their time adds up to. No flame graph needed to see where a page goes.
 */
import { readFileSync } from "node:fs";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const [file, countArgument] = process.argv.slice(2);
if (!file) throw new Error("usage: tsx scripts/cpu-profile-top.ts <file.cpuprofile> [count]");
const count = Number(countArgument ?? 40);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  if (!micros) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || "(anonymous)"}  ${shortUrl(url)}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  byPlace.set(place(url, functionName), (byPlace.get(place(url, functionName)) ?? 0) + micros);
}

// Total time: each sample counts once for every distinct function on its stack (callers included).
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
const byFunctionTotal = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const node = nodeById.get(at);
    if (!node) break;
    const { functionName, url, lineNumber } = node.callFrame;
    if (!url) continue;
    seen.add(`${functionName || "(anonymous)"}  ${shortUrl(url)}:${lineNumber + 1}`);
  }
  for (const key of seen) byFunctionTotal.set(key, (byFunctionTotal.get(key) ?? 0) + micros);
}

const percent = (micros: number) => `${((100 * micros) / total).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled\n\nTop self time by function:`);
for (const [key, micros] of top(byFunction, count)) console.log(`${percent(micros)}  ${key}`);
console.log("\nTop total time (self and callees) by function:");
for (const [key, micros] of top(byFunctionTotal, Number(process.env.TOTAL_COUNT ?? count)))
  console.log(`${percent(micros)}  ${key}`);
console.log("\nSelf time by package or file:");
for (const [key, micros] of top(byPlace, 30)) console.log(`${percent(micros)}  ${key}`);

function top(map: Map<string, number>, n: number) {
  return [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) return url.slice(modules + "node_modules/".length);
  return url.replace(/^file:\/\/\/.*?\/(build[^/]*|app|scripts|db)\//, "$1/");
}

/** A package name, an app file, or V8's own entries such as (garbage collector). */
function place(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const parts = url.slice(modules + "node_modules/".length).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith("node:")) return "node: (built-ins)";
  return shortUrl(url);
}
