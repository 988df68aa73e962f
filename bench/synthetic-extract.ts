/**
 * A synthetic OpenStreetMap extract for the import benchmark: a street grid of `nodes` nodes
 * (ways of 10 nodes each), with one basketball court per 1,000 nodes, a tenth of them
 * multipolygons and half of the rest ways, all inside a box around Denver. Written as OSM XML
 * (streamed, so millions of elements take no memory), then made into .osm.pbf with osmium.
 */
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";

export type SyntheticExtract = { xml: string; pbf: string; elements: number; courts: number };

const SOUTH = 39.5;
const WEST = -105.2;
const SPAN = 0.6;

export async function writeSyntheticExtract(
  base: string,
  nodes: number,
): Promise<SyntheticExtract> {
  const xml = `${base}.osm`;
  const pbf = `${base}.osm.pbf`;
  const out = fs.createWriteStream(xml);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  const side = Math.ceil(Math.sqrt(nodes));
  const step = SPAN / side;
  await write('<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="bench">\n');
  await write(
    `<bounds minlat="${SOUTH}" minlon="${WEST}" maxlat="${SOUTH + SPAN}" maxlon="${WEST + SPAN}"/>\n`,
  );
  let chunk = "";
  const courtEvery = 1_000;
  for (let i = 0; i < nodes; i++) {
    const lat = (SOUTH + Math.floor(i / side) * step).toFixed(7);
    const lon = (WEST + (i % side) * step).toFixed(7);
    const court = i % courtEvery === 500 && (i / courtEvery) % 20 < 9;
    chunk += court
      ? `<node id="${i + 1}" version="1" lat="${lat}" lon="${lon}"><tag k="leisure" v="pitch"/><tag k="sport" v="basketball"/><tag k="name" v="Node Court ${i + 1}"/></node>\n`
      : `<node id="${i + 1}" version="1" lat="${lat}" lon="${lon}"/>\n`;
    if (chunk.length > 1 << 16) {
      await write(chunk);
      chunk = "";
    }
  }
  let courts =
    Math.floor(nodes / courtEvery / 20) * 9 + Math.min(9, Math.floor((nodes / courtEvery) % 20));
  const ways = Math.floor(nodes / 10);
  for (let w = 0; w < ways; w++) {
    const refs = Array.from({ length: 10 }, (_, k) => `<nd ref="${w * 10 + k + 1}"/>`).join("");
    const court = w % 100 === 50;
    const tags = court
      ? '<tag k="leisure" v="pitch"/><tag k="sport" v="basketball"/>'
      : '<tag k="highway" v="residential"/>';
    if (court) courts += 1;
    chunk += `<way id="${w + 1}" version="1">${refs}${tags}</way>\n`;
    if (chunk.length > 1 << 16) {
      await write(chunk);
      chunk = "";
    }
  }
  const relations = Math.floor(ways / 1_000);
  for (let r = 0; r < relations; r++) {
    chunk += `<relation id="${r + 1}" version="1"><member type="way" ref="${r * 1_000 + 7}" role="outer"/><tag k="type" v="multipolygon"/><tag k="leisure" v="pitch"/><tag k="sport" v="basketball"/><tag k="lit" v="yes"/></relation>\n`;
    courts += 1;
  }
  await write(`${chunk}</osm>\n`);
  out.end();
  await once(out, "finish");
  const made = spawnSync("osmium", ["cat", "--overwrite", "--no-progress", xml, "-o", pbf], {
    stdio: "inherit",
  });
  if (made.status !== 0)
    throw new Error("osmium could not make the .osm.pbf (is osmium-tool installed?)");
  return { xml, pbf, elements: nodes + ways + relations, courts };
}
